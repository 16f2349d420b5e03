// Page weight benchmark (issue 16, goal 5): JavaScript over the wire (brotli) per page.
//   - from the built manifest: esbuild's metafile of the production bundle, every page module's total
//     (entry, its static imports, the page's chunk and its static imports) at the size of the .br copy the
//     server sends (scripts/bundle-weights.ts);
//   - from a real page load: Chromium (375x812, a phone) loads each page type of the shop started as
//     `npm start` would and sums the encoded bytes of every script response until the page has hydrated
//     and the network is idle (lazy chunks included; a chart further down loads when scrolled to);
//   - the signed-in account area (account-pages.ts): each account page of a customer with an unpaid
//     order and an open limit order, counted the same way;
//   - the baseline, built in the same run: the framework's floor, react + react-dom + react-router alone
//     (hydrateRoot and a browser router), minified and brotli-compressed the same way.
// Goals: <= 120 kB on home, shop and product; <= 150 kB on every page.
// Usage: npm run bench:weight [-- --port 7500]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { startShopProcess } from '../shop-process.ts';
import { launchBenchBrowser, scriptBytes } from '../browser.ts';
import { bundleWeights } from '../../../scripts/bundle-weights.ts';
import { startSmtpSink } from '../../commerce/smtp-sink.ts';
import { accountPageWeights } from './account-pages.ts';
import { brotliOptions, buildClient } from '../../../src/build.ts';
import { minifyCode } from '../../../src/build-minify.ts';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i].replace(/^--/, ''), process.argv[i + 1]);
const PORT = Number(args.get('port') ?? 3720);
const root = fileURLToPath(new URL('../../../', import.meta.url));

/** Page types a visitor loads first, on the Swiss store; guarded pages as a guest meet (login, redirect). */
export const PAGES: { name: string; path: string; goal: number }[] = [
  { name: 'home', path: '/', goal: 120 },
  { name: 'home (en)', path: '/en', goal: 120 },
  { name: 'shop', path: '/shop', goal: 120 },
  { name: 'product', path: '/produkt/kruegerrand-1-unze-gold', goal: 120 },
  { name: 'search', path: '/suche?q=gold', goal: 150 },
  { name: 'CMS page', path: '/datenschutz', goal: 150 },
  { name: 'blog', path: '/blog', goal: 150 },
  { name: 'blog article', path: '/blog/erste-unze-gold', goal: 150 },
  { name: 'sell to us', path: '/ankauf', goal: 150 },
  { name: 'scrap metals', path: '/shop/altgold-ankauf', goal: 150 },
  { name: 'contact', path: '/kontakt', goal: 150 },
  { name: 'login', path: '/login', goal: 150 },
  { name: 'register', path: '/registrierung', goal: 150 },
  { name: 'cart (guest)', path: '/warenkorb', goal: 150 },
  { name: 'account (guest: login)', path: '/kundenkonto', goal: 150 },
  { name: 'encyclopedia', path: '/wissen/enzyklopaedie', goal: 150 },
  { name: '404', path: '/gibt-es-nicht', goal: 150 },
];

/** react + react-dom + react-router alone, built and compressed like the shop's bundle. */
async function frameworkFloor(): Promise<number> {
  const dir = mkdtempSync(`${tmpdir()}/weight-floor-`);
  try {
    // inside the project so that the packages resolve from its node_modules
    const src = `${root}test/bench/weight/.floor-entry.tsx`;
    writeFileSync(src, [
      "import { hydrateRoot } from 'react-dom/client';",
      "import { createBrowserRouter } from 'react-router';",
      "import { RouterProvider } from 'react-router/dom';",
      "const router = createBrowserRouter([{ path: '/', element: <p>floor</p> }]);",
      "hydrateRoot(document.getElementById('root') as HTMLElement, <RouterProvider router={router} />);",
    ].join('\n'));
    try {
      const out = await esbuild.build({
        entryPoints: [src], bundle: true, minify: true, format: 'esm', jsx: 'automatic', write: false, outdir: dir,
        target: ['chrome110', 'firefox110', 'safari16'], define: { 'process.env.NODE_ENV': '"production"' }, logLevel: 'error',
      });
      const js = out.outputFiles.find((f) => f.path.endsWith('.js'));
      if (!js) throw new Error('floor bundle missing');
      // minified again by terser, as the shop's production bundle is (src/build-minify.ts)
      const code = Buffer.from((await minifyCode(js.text, null)).code);
      return brotliCompressSync(code, brotliOptions(code.length)).length;
    } finally {
      rmSync(src, { force: true });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;

const floor = await frameworkFloor();
const { metafile } = await buildClient({ production: true });
const built = bundleWeights(metafile, root);
console.log(`baseline: react + react-dom + react-router alone ${kb(floor)} (brotli)\n`);
console.log('From the built manifest (entry + page chunk, static imports):');
for (const p of built.pages) console.log(`  ${p.page.padEnd(32)} ${kb(p.total).padStart(9)}  ${(p.total / floor).toFixed(2)} x floor  ${p.total <= 150_000 ? 'ok' : 'OVER 150 kB'}`);

// the account pages' customer confirms the activation mail, caught here
const smtp = await startSmtpSink();
const shop = await startShopProcess(PORT, { env: { SMTP_URL: smtp.url } });
const browser = await launchBenchBrowser();
let failed = 0;
try {
  console.log('\nA real page load (scripts until network idle, encoded bytes):');
  for (const page of PAGES) {
    const { bytes, files } = await scriptBytes(browser, `http://ch.localhost:${PORT}${page.path}`);
    const ok = bytes <= page.goal * 1000;
    if (!ok) failed++;
    console.log(`  ${page.name.padEnd(24)} ${page.path.padEnd(34)} ${kb(bytes).padStart(9)}  (${files} files)  ${(bytes / floor).toFixed(2)} x floor  goal <= ${page.goal} kB ${ok ? 'ok' : 'NOT MET'}`);
  }
  console.log('\nThe signed-in account area, a real page load (scripts until network idle, encoded bytes):');
  await accountPageWeights(browser, `http://ch.localhost:${PORT}`, smtp, (p) => {
    const ok = p.bytes <= 150_000;
    if (!ok) failed++;
    console.log(`  ${p.name.padEnd(24)} ${p.path.replace(/[0-9a-f-]{36}$/, ':id').padEnd(34)} ${kb(p.bytes).padStart(9)}  (${p.files} files)  ${(p.bytes / floor).toFixed(2)} x floor  goal <= 150 kB ${ok ? 'ok' : 'NOT MET'}`);
  });
} finally {
  await browser.close();
  await shop.stop();
  await smtp.close();
}
console.log(failed ? `\n${failed} page(s) over their goal` : '\nevery page within its goal');
