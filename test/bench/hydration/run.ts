// Hydration data benchmark (issue 27: the data a page carries for hydration at most half of the document).
// Against the whole shop started as `npm start` would (production build, separate process, NODE_ENV=
// production), each page is fetched as a first visit asks for it (Accept-Encoding: br), decompressed, and
// its inline data counted (test/bench/hydration/share.ts: boot facts, router loader data, streamed values and
// the page's strings, not the entry's start code): document bytes, data bytes, their share against the goal
// 0.5, and the brotli bytes over the wire. The same-run baseline: the share the page would have with its
// strings chosen as before issue 27's change (every namespace it uses shipped whole, plus form, validation
// and error), computed from the same document.
// Usage: npm run bench:hydration [-- --port 41020]
import { loadavg } from 'node:os';
import zlib from 'node:zlib';
import { request } from 'undici';
import { startShopProcess } from '../shop-process.ts';
import { HYDRATION_PAGES, HYDRATION_SHARE_GOAL, hydrationShare } from './share.ts';
import { serverOnlyNamespaces } from '../../../locales/namespaces.ts';
import de from '../../../locales/de.json' with { type: 'json' };
import en from '../../../locales/en.json' with { type: 'json' };

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i].replace(/^--/, ''), process.argv[i + 1]);
const PORT = Number(args.get('port') ?? 41020);
const HOST = `ch.localhost:${PORT}`;

/** The strings script's size had the page shipped whole namespaces (the selection before issue 27). */
function wholeNamespacesBytes(html: string): number | null {
  const m = /window\.__strings=(.*?)<\/script>/.exec(html);
  if (!m) return null;
  const shipped = JSON.parse(m[1].replace(/\\u003c/g, '<')) as { lang: 'de' | 'en'; table: Record<string, unknown> };
  const full = (shipped.lang === 'de' ? de : en) as Record<string, unknown>;
  const table: Record<string, unknown> = {};
  for (const ns of new Set([...Object.keys(shipped.table), 'form', 'validation', 'error'])) if (!serverOnlyNamespaces.includes(ns)) table[ns] = full[ns];
  return Buffer.byteLength(`window.__strings=${JSON.stringify({ lang: shipped.lang, table }).replace(/</g, '\\u003c')}`);
}

async function fetchPage(path: string): Promise<{ status: number; html: string; brotli: number }> {
  const res = await request(`http://127.0.0.1:${PORT}${path}`, { headers: { host: HOST, 'accept-encoding': 'br' } });
  const raw = Buffer.from(await res.body.arrayBuffer());
  const html = res.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(raw).toString() : raw.toString();
  return { status: res.statusCode, html, brotli: raw.length };
}

const pad = (v: string | number, n: number) => String(v).padStart(n);

async function main() {
  const shop = await startShopProcess(PORT);
  const load: number[] = [];
  try {
    console.log(`\nHydration data per page: CH store, production build, node ${process.version}, goal <= ${HYDRATION_SHARE_GOAL}\n`);
    console.log('page'.padEnd(11) + pad('status', 7) + pad('document', 10) + pad('data', 8) + pad('strings', 9) + pad('loaders', 9) + pad('share', 7) + '  goal   ' + pad('br bytes', 9) + pad('before*', 9));
    let met = 0;
    for (const page of HYDRATION_PAGES) {
      const { status, html, brotli } = await fetchPage(page.path);
      load.push(loadavg()[0]);
      const s = hydrationShare(html);
      const whole = wholeNamespacesBytes(html);
      const before = whole === null ? NaN : (s.data - s.strings + whole) / (s.document - s.strings + whole);
      const ok = s.share <= HYDRATION_SHARE_GOAL;
      if (ok) met++;
      console.log(page.name.padEnd(11) + pad(status, 7) + pad(s.document, 10) + pad(s.data, 8) + pad(s.strings, 9) + pad(s.loaderData, 9) + pad(s.share.toFixed(3), 7) + `  ${ok ? 'met    ' : 'NOT MET'}` + pad(brotli, 9) + pad(before.toFixed(3), 9));
    }
    console.log(`\n${met} of ${HYDRATION_PAGES.length} pages meet the goal; load average ${load.map((l) => l.toFixed(2)).join(' ')}`);
    console.log('* before: the same document with its strings chosen as before issue 27 (whole namespaces, plus form, validation and error), computed in this run');
  } finally {
    await shop.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
