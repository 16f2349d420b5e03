// Builds the server for production (issue 16: production runs JavaScript, no tsx at run time): esbuild
// bundles each process's entry (the supervisor, every part, the piscina workers, the operators' script)
// into dist/ as ES modules for Node, dependencies left in node_modules (packages external), JSX automatic.
// locales/*.json are imported, so they are bundled.
//
// Files the code finds next to itself at run time (`new URL('../x/', import.meta.url)`: migrations, the
// content service's stories, public/, the piscina workers) would point elsewhere from dist/, so the
// plugin below rewrites each such URL to the same target seen from dist/ (a worker's .ts to its built .js).
import { mkdirSync, rmSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { writeDbTemplate } from './commerce/db/template.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
export const distDir = resolve(root, 'dist');

/** dist/<name>.js from each source entry. Every entry sits directly in dist/ (one depth for the rewrite).
 * Not src/main.ts (the single-process shop of development and tests): a bundle makes every module's
 * isEntry(import.meta.url) true, and it embeds the parts' main modules. */
export const serverEntries: Record<string, string> = {
  supervisor: 'src/supervisor.ts',
  storefront: 'src/storefront/main.ts',
  commerce: 'src/commerce/main.ts',
  prices: 'src/pricing/main.ts',
  content: 'src/content/main.ts',
  backoffice: 'src/backoffice/main.ts',
  'ops-create-admin': 'scripts/ops-create-admin.ts',
  'workers/price-payload': 'workers/price-payload.ts',
  'workers/downsample': 'workers/downsample.ts',
};

const builtOf = new Map(Object.entries(serverEntries).map(([out, src]) => [resolve(root, src), resolve(distDir, `${out}.js`)]));

/** `new URL('<relative>', import.meta.url)` in a source file, rewritten to the same target from dist/. */
const relocate: esbuild.Plugin = {
  name: 'relocate-import-meta-urls',
  setup(build) {
    build.onLoad({ filter: /\.(ts|tsx)$/ }, (args) => {
      if (args.path.includes('node_modules')) return undefined;
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const contents = source.replace(/new URL\((['"])(\.{1,2}\/[^'"]*)\1, import\.meta\.url\)/g, (_m, _q: string, rel: string) => {
        const target = resolve(dirname(args.path), rel);
        const built = builtOf.get(target);
        let to = relative(distDir, built ?? target);
        if (rel.endsWith('/')) to += '/';
        return `new URL(${JSON.stringify(to.startsWith('.') ? to : `./${to}`)}, import.meta.url)`;
      });
      return { contents, loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts' };
    });
  },
};

/** NODE_ENV stays a run-time setting (the configuration reads it): one build serves every mode. */
export async function buildServer(): Promise<void> {
  const started = performance.now();
  rmSync(distDir, { recursive: true, force: true });
  mkdirSync(distDir, { recursive: true });
  const entryPoints = Object.entries(serverEntries).map(([out, src]) => ({ out, in: resolve(root, src) }));
  const result = await esbuild.build({
    entryPoints,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    packages: 'external',
    jsx: 'automatic',
    outdir: distDir,
    sourcemap: 'linked',
    // names stay readable in stack traces and logs; bundling alone takes the module loading cost away
    minify: false,
    metafile: true,
    logLevel: 'warning',
    plugins: [relocate],
  });
  // the commerce database's first start (src/commerce/db/template.ts)
  await writeDbTemplate(resolve(distDir, 'commerce-template.tar.gz'));
  const bytes = Object.entries(result.metafile.outputs).filter(([p]) => p.endsWith('.js')).reduce((n, [, o]) => n + o.bytes, 0);
  console.log(`server bundle: ${entryPoints.length} entries and the commerce database template in dist/, ${(bytes / 1024).toFixed(0)} KiB, ${Math.round(performance.now() - started)} ms`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  buildServer().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
