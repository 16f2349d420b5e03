// Builds the browser bundle with esbuild: ES modules, code-split per page, content-hashed names (served
// as immutable), source maps, and a manifest the server reads (public/build/manifest.json).
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';
import * as esbuild from 'esbuild';
import { fileURLToPath } from 'node:url';
import { basename } from 'node:path';
import { buildServer } from './build-server.ts';
import { mergeEntryClosure } from './build-merge.ts';
import { minifyOutputs } from './build-minify.ts';
import { serverOnlyNamespaces } from '../locales/namespaces.ts';
import { writeRasterImages } from './raster-images.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = `${root}public/build`;

/** The browser gets one language's strings, never both locale files: src/i18n.ts's tables module
 * (locales/tables.ts) is client/state/strings.ts in the bundle, which loads a language's table as a chunk of
 * its own, without the namespaces only the server uses (mails, back office). */
const browserStrings: esbuild.Plugin = {
  name: 'browser-strings',
  setup(b) {
    b.onResolve({ filter: /\/locales\/tables\.ts$/ }, () => ({ path: `${root}client/state/strings.ts` }));
    b.onLoad({ filter: /\/locales\/(en|de)\.json$/ }, (args) => {
      const table = JSON.parse(readFileSync(args.path, 'utf8')) as Record<string, unknown>;
      for (const ns of serverOnlyNamespaces) delete table[ns];
      return { contents: JSON.stringify(table), loader: 'json' };
    });
  },
};

/** esbuild's options for the browser bundle (the page-weight test builds with them in memory). */
export function clientBuildOptions(production: boolean, out = outdir) {
  return {
    entryPoints: { entry: `${root}client/entry.tsx` },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['chrome110', 'firefox110', 'safari16'],
    outdir: out,
    entryNames: '[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    assetNames: 'assets/[name]-[hash]',
    sourcemap: 'linked',
    minify: production,
    metafile: true,
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') },
    logLevel: 'warning',
    legalComments: 'linked',
    plugins: [browserStrings],
  } satisfies esbuild.BuildOptions;
}

/** The pre-compressed .br copies: brotli's best quality with the file's size as hint. Decision: quality 11
 * (10 before) costs a few seconds a build once and saves about 1.5 % of every page's JavaScript (issue 27);
 * the weight bench's framework floor and the page-weight test compress with the same options. */
export function brotliOptions(size: number) {
  return { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: size, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } };
}

/** esbuild's build into out, then the entry and the chunks it imports as one file (src/build-merge.ts),
 * and in production terser over every file (src/build-minify.ts); answers the metafile of the files written. The page-weight test builds with it too. */
export async function bundleClient(production: boolean, out = outdir): Promise<esbuild.Metafile> {
  const options = clientBuildOptions(production, out);
  const result = await esbuild.build(options);
  const metafile = await mergeEntryClosure({ root, metafile: result.metafile, production, target: options.target });
  if (production) await minifyOutputs(metafile, root);
  return metafile;
}

export async function buildClient(opts: { production?: boolean } = {}) {
  const production = opts.production ?? process.env.NODE_ENV === 'production';
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  const metafile = await bundleClient(production);
  const outputs = Object.entries(metafile.outputs);
  const entry = outputs.find(([p, o]) => p.endsWith('.js') && o.entryPoint?.endsWith('client/entry.tsx'));
  if (!entry) throw new Error('entry output missing');
  const [entryPath, entryMeta] = entry;
  const toUrl = (p: string) => '/' + p.slice(p.indexOf('public/') + 'public/'.length);
  const css = entryMeta.cssBundle ? [toUrl(entryMeta.cssBundle)] : [];
  const preload = entryMeta.imports.filter((i) => i.kind === 'import-statement').map((i) => toUrl(i.path));
  const hash = createHash('sha256');
  for (const [p] of outputs) if (!p.endsWith('.map')) hash.update(readFileSync(`${root}${p}`));
  const buildId = hash.digest('hex').slice(0, 12);
  // Pre-compressed copies: @fastify/static serves them to browsers that accept br or gzip.
  for (const [p] of outputs) {
    if (!/\.(js|css)$/.test(p)) continue;
    const file = `${root}${p}`;
    const buf = readFileSync(file);
    writeFileSync(`${file}.br`, brotliCompressSync(buf, brotliOptions(buf.length)));
    writeFileSync(`${file}.gz`, gzipSync(buf, { level: 9 }));
  }
  const manifest = { buildId, entry: toUrl(entryPath), css, preload };
  writeFileSync(`${outdir}/manifest.json`, JSON.stringify(manifest, null, 2));
  const bytes = outputs.filter(([p]) => !p.endsWith('.map')).reduce((n, [, o]) => n + o.bytes, 0);
  console.log(`client bundle ${buildId}: ${basename(entryPath)}, ${outputs.length} files, ${(bytes / 1024).toFixed(0)} KiB`);
  // PNG copies of the SVG product images and the PNG icons (src/raster-images.ts); unchanged images are kept
  const rasters = writeRasterImages();
  if (rasters.products) console.log(`raster images: ${rasters.products} product PNGs written`);
  return { ...manifest, metafile };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  buildClient().then(() => buildServer()).catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
