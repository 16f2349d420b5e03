// The production bundle's last pass (issue 27, "Phones get less JavaScript"): every JavaScript file esbuild
// wrote (after src/build-merge.ts made the entry one file) is minified again by terser, its source map chained
// to esbuild's, so the map still leads back to the sources.
//
// Why terser after esbuild: esbuild minifies fast but names less tightly. Measured on the merged entry
// (447,042 bytes, 123,793 brotli, the shop at session 16): terser 5.51 with the options below made it 438,905
// bytes and 118,478 brotli (-5.3 kB on every page's first load); renaming alone gave 4.5 kB of that. Its
// unsafe options (unsafe, unsafe_arrows, pure_getters) gained 0.7 kB more and are not used: they assume
// things of the code (no getters with effects, no `new` on a function expression) that nobody checks here.
// swc's minifier, tried the same way, gave 118,300 bytes brotli in 0.3 s against terser's 3 s: terser is
// kept for being plain JavaScript (no native binary per platform) and for the smaller result; it runs in the
// production build only (npm start, the benches, the page-weight test), never in the tests' development build.
//
// Safe for our chunks: they are ES modules (module: true), so only names that are not exported are renamed,
// and the names the chunks import from the entry (src/build-merge.ts's short exports) stay as they are.
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { Metafile } from 'esbuild';
import { minify, type MinifyOptions } from 'terser';

export const terserOptions: MinifyOptions = {
  module: true,
  ecma: 2020,
  compress: { passes: 2 },
  mangle: true,
  // the licence pointer esbuild writes (/*! For license information ... */) stays; other comments go
  format: { comments: /^!/ },
};

const SOURCE_MAP_LINE = /\n?\/\/# sourceMappingURL=[^\n]*\n?$/;

/** Minifies the code of one file; answers the code (with `mapUrl` as its source map comment, when given) and
 * the chained map. */
export async function minifyCode(code: string, map: string | null, mapUrl?: string): Promise<{ code: string; map: string }> {
  const out = await minify(code.replace(SOURCE_MAP_LINE, '\n'), {
    ...terserOptions,
    sourceMap: { content: map ?? undefined, url: mapUrl },
  });
  if (typeof out.code !== 'string' || typeof out.map !== 'string') throw new Error('terser returned no code');
  return { code: `${out.code}\n`, map: out.map };
}

/** Minifies every .js file of the metafile on disk (with its .map beside it), and updates the files' byte counts. */
export async function minifyOutputs(metafile: Metafile, root: string): Promise<void> {
  for (const [path, output] of Object.entries(metafile.outputs)) {
    if (!path.endsWith('.js')) continue;
    const file = `${root}${path}`;
    let map: string | null = null;
    try {
      map = readFileSync(`${file}.map`, 'utf8');
    } catch {
      map = null;
    }
    const out = await minifyCode(readFileSync(file, 'utf8'), map, `${basename(file)}.map`);
    writeFileSync(file, out.code);
    writeFileSync(`${file}.map`, out.map);
    output.bytes = Buffer.byteLength(out.code);
    const mapOutput = metafile.outputs[`${path}.map`];
    if (mapOutput) mapOutput.bytes = Buffer.byteLength(out.map);
  }
}
