// The design card's client/ (issue 24): the browser runtime lives in client/ and reaches the views through
// the port (views/lib/browser-port.ts), so the server never loads it. Proven on the import graph esbuild
// builds for the server's entries (the same options as src/build-server.ts, nothing written) and, so the
// check cannot pass by seeing nothing, on the browser's entry, which holds all of it.
import t from 'tap';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { serverEntries } from '../../src/build-server.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The browser runtime the server must not load: SWR, the price socket, tracking (data layer, analytics,
 * the consent tool), the stores and the entry. */
const BROWSER_ONLY_PACKAGES = /^swr(\/|$)/;
const BROWSER_ONLY_MODULES = /(^client\/)|price-socket|data-layer|analytics|consent-tool|cart-store|build-poll/;

async function graph(entryPoints: string[], platform: 'node' | 'browser') {
  const result = await esbuild.build({
    entryPoints: entryPoints.map((e) => resolve(root, e)),
    bundle: true,
    platform,
    format: 'esm',
    packages: platform === 'node' ? 'external' : undefined,
    splitting: platform === 'browser',
    jsx: 'automatic',
    outdir: resolve(root, 'dist-graph-check'),
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const inputs = Object.entries(result.metafile.inputs);
  // a package's files are named by their real path (node_modules may be a link to another checkout)
  const packageOf = (path: string) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path)?.[1];
  const modules = inputs.map(([path]) => path).filter((p) => !packageOf(p));
  const packages = new Set<string>();
  for (const [path, input] of inputs) {
    const pkg = packageOf(path);
    if (pkg) packages.add(pkg);
    for (const i of input.imports) if (i.external) packages.add(i.path);
  }
  return { modules, packages: [...packages] };
}

t.test('the server bundle loads no SWR, no price socket and no tracking code', async (t) => {
  const server = await graph(Object.values(serverEntries), 'node');
  t.ok(server.modules.includes('views/server.tsx'), 'the storefront renders the views');
  t.ok(server.modules.includes('views/lib/inert-browser.ts'), 'with the inert browser port');
  t.same(server.modules.filter((m) => BROWSER_ONLY_MODULES.test(m)), [], 'no module of the browser runtime');
  t.same(server.packages.filter((p) => BROWSER_ONLY_PACKAGES.test(p)), [], 'SWR is not imported');
});

t.test('the browser bundle holds them (the check above sees what it looks for)', async (t) => {
  const browser = await graph(['client/entry.tsx'], 'browser');
  for (const m of ['client/state/price-socket.ts', 'client/state/data-layer.ts', 'client/state/analytics.ts', 'client/browser.ts']) {
    t.ok(browser.modules.includes(m), m);
  }
  t.ok(browser.modules.some((m) => m.startsWith('views/')), 'and the views');
  t.ok(browser.packages.includes('swr'), 'and SWR');
});
