// SSR benchmark. In one run, against the whole shop started as `npm start` would (separate process,
// NODE_ENV=production, embedded services):
//   - served pages per second and p99 time to first byte of each page over HTTP as a browser asks for it
//     (Accept-Encoding: br, gzip), CONNECTIONS at a time: for guests (first visits: rendered once, then from
//     the page cache) and rendered and streamed for each request (a visitor with a session, on an address
//     the page cache does not keep);
//   - a static file served by the same server at the same concurrency (the baseline for "what this server
//     can do at all", and for the TTFB ratio);
//   - the same pages rendered in this process, one after another, with renderToPipeableStream (the API the
//     server uses, after the same loaders, into a sink that keeps nothing) and renderToString: the baseline
//     for "what React and the loaders cost", without HTTP;
//   - the hydration payload of each page (boot data, router data, streamed values) beside its HTML.
// It prints a table and the ratios with their goals:
//   served pages/s >= 0.7 x in-process renderToPipeableStream; payload <= 0.5 x HTML; p99 TTFB <= 3 x static.
// Usage: npm run bench:ssr [-- --seconds 8 --connections 16 --port 3700]
import { Writable } from 'node:stream';
import zlib from 'node:zlib';
import { Agent, request } from 'undici';
import { startShopProcess } from '../shop-process.ts';
import { hydrationShare } from '../hydration/share.ts';

// React picks its development or production build when first imported: everything that imports React is
// loaded below, after NODE_ENV is set, so the in-process baseline runs the same build as the server.
process.env.NODE_ENV = 'production';
const { renderToString, renderToPipeableStream } = await import('react-dom/server');
const { createElement } = await import('react');
const { createStaticRouter } = await import('react-router');
const { loadConfig } = await import('../../../src/config.ts');
const { createRenderer, query } = await import('../../../src/storefront/render/ssr.tsx');
const { Cms } = await import('../../../src/storefront/cms/reader.ts');
const { CommerceHttp } = await import('../../../src/storefront/commerce-client/http.ts');
const { catalogueClient } = await import('../../../src/storefront/commerce-client/catalogue.ts');
const { ServerApp } = await import('../../../views/server.tsx');

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i].replace(/^--/, ''), process.argv[i + 1]);
const SECONDS = Number(args.get('seconds') ?? 8);
const CONNECTIONS = Number(args.get('connections') ?? 16);
const PORT = Number(args.get('port') ?? 3700);

/** An anonymous session's cookies (well-formed; pages without commerce calls never present the token).
 * Public pages of a session come from the page cache too (issue 16); the per-request render is measured
 * with a parameter the pages do not know (RENDER_QUERY), which the page cache never keeps. */
const SESSION_COOKIES = 'ctToken=bench-anonymous-token-000000; ctRefreshToken=bench-anonymous-refresh-0000; ctTokenLevel=Anonymous; ctUserId=0f8fad5b-d9cb-469f-a165-70867728950e; ctTokenExpiresAt=2099-01-01T00:00:00.000Z';
const RENDER_QUERY = '?bench=render';

/** The pages measured: a name, the path on the Swiss store (German). */
export const PAGES: { name: string; path: string }[] = [
  { name: 'home /', path: '/' },
  { name: 'CMS page /datenschutz', path: '/datenschutz' },
  { name: 'shop listing /shop', path: '/shop' },
  { name: 'product /produkt/kruegerrand-1-unze-gold', path: '/produkt/kruegerrand-1-unze-gold' },
  { name: 'blog article /blog/erste-unze-gold', path: '/blog/erste-unze-gold' },
];

interface Figures {
  name: string;
  pagesPerSec: number;
  p50: number;
  p99: number;
  /** TTFB for HTTP, whole render for in-process */
  kind: 'ttfb' | 'render';
}

function pct(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Closed-loop load: CONNECTIONS concurrent clients for SECONDS after a second of warm-up; time to first byte. */
async function load(name: string, path: string, extraHeaders: Record<string, string> = {}, host = 'ch.localhost'): Promise<Figures> {
  const agent = new Agent({ connections: CONNECTIONS, pipelining: 1 });
  const ttfb: number[] = [];
  let errors = 0;
  const warmEnd = performance.now() + 1000;
  const end = warmEnd + SECONDS * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        try {
          const res = await request(`http://127.0.0.1:${PORT}${path}`, { dispatcher: agent, headers: { host: `${host}:${PORT}`, 'accept-encoding': 'br, gzip', ...extraHeaders } });
          const t1 = performance.now();
          await res.body.dump({ limit: Infinity });
          if (res.statusCode !== 200) errors++;
          if (t0 >= warmEnd) {
            ttfb.push(t1 - t0);
            done++;
          }
        } catch {
          errors++;
        }
      }
    }),
  );
  await agent.close();
  if (errors) console.warn(`${name}: ${errors} errors`);
  ttfb.sort((a, b) => a - b);
  return { name, pagesPerSec: done / SECONDS, p50: pct(ttfb, 50), p99: pct(ttfb, 99), kind: 'ttfb' };
}

/** Runs `once` back to back for SECONDS after a second of warm-up. */
async function repeat(name: string, once: () => Promise<unknown>): Promise<Figures> {
  await once();
  const times: number[] = [];
  const warmEnd = performance.now() + 1000;
  const end = warmEnd + SECONDS * 1000;
  while (performance.now() < end) {
    const t0 = performance.now();
    await once();
    if (t0 >= warmEnd) times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { name, pagesPerSec: times.length / SECONDS, p50: pct(times, 50), p99: pct(times, 99), kind: 'render' };
}

function inProcess(path: string, cmsUrl: string, commerceUrl: string) {
  const config = loadConfig({ NODE_ENV: 'production' });
  const renderer = createRenderer();
  const cms = new Cms({ endpoint: cmsUrl, token: config.CMS_TOKEN, cacheTtlMs: config.CMS_CACHE_TTL_S * 1000 });
  const commerce = new CommerceHttp({ baseUrl: commerceUrl });
  const boot = { store: 'ch' as const, buildId: 'bench', canonicalOrigin: `http://ch.localhost:${PORT}`, session: { level: 'guest' as const }, storeOrigins: { at: '', ch: '', de: '', li: '', us: '' } };
  const url = new URL(`http://ch.localhost:${PORT}${path}`);
  const loaderCtx = { store: 'ch' as const, lang: 'de' as const, locale: 'de-CH' as const, cms: cms.reader('ch', 'de'), catalogue: catalogueClient(commerce, 'ch', 'de'), session: boot.session };
  const loaders = async () => {
    const ctx = await query(renderer, url, loaderCtx, new AbortController().signal);
    if (ctx instanceof Response) throw new Error('unexpected redirect');
    return ctx;
  };
  const app = (ctx: Awaited<ReturnType<typeof loaders>>) => createElement(ServerApp, { boot, nonce: 'n', router: createStaticRouter(renderer.handlers.de.dataRoutes, ctx), context: ctx });
  return {
    /** the server's API: loaders, then renderToPipeableStream into a sink, until the stream ends */
    pipeable: async () => {
      const ctx = await loaders();
      await new Promise<void>((resolve, reject) => {
        const sink = new Writable({ write: (_c, _e, cb) => cb() });
        sink.on('finish', resolve);
        const { pipe } = renderToPipeableStream(app(ctx), { nonce: 'n', onShellReady: () => pipe(sink), onShellError: reject });
      });
    },
    /** renderToString cannot wait for Suspense: deferred values are settled first, as a bot render would */
    string: async () => {
      const ctx = await loaders();
      for (const data of Object.values(ctx.loaderData)) {
        if (data && typeof data === 'object') for (const [k, v] of Object.entries(data)) if (v instanceof Promise) (data as Record<string, unknown>)[k] = await v;
      }
      return renderToString(app(ctx));
    },
    close: () => commerce.close(),
  };
}

/** HTML size and hydration payload (the JSON the page's inline scripts carry) of one served page. */
async function payload(path: string): Promise<{ html: number; payload: number; compressed: number }> {
  const res = await request(`http://127.0.0.1:${PORT}${path}`, { headers: { host: `ch.localhost:${PORT}`, 'accept-encoding': 'br' } });
  const raw = Buffer.from(await res.body.arrayBuffer());
  const html = zlib.brotliDecompressSync(raw).toString();
  // the data the scripts hand to the browser: boot facts, router data, streamed values and the page's strings
  // (issue 27: the strings were left out here), counted as npm run bench:hydration counts them
  const share = hydrationShare(html);
  return { html: share.document, payload: share.data, compressed: raw.length };
}

const fmt = (n: number, d = 0) => n.toFixed(d);
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT MET');

async function main() {
  const shop = await startShopProcess(PORT);
  try {
    const cmsUrl = `http://127.0.0.1:${PORT + 3}/v2`;
    const commerceUrl = `http://127.0.0.1:${PORT + 1}`;
    const stat = await load('static file (/favicon.svg)', '/favicon.svg');
    const rows: { page: (typeof PAGES)[number]; served: Figures; rendered: Figures; pipeable: Figures; string: Figures; size: Awaited<ReturnType<typeof payload>> }[] = [];
    for (const page of PAGES) {
      // a first visit (a guest: the page cache serves it after the first render) ...
      const served = await load(`served ${page.name} (guest)`, page.path);
      // ... and a visitor with a session, whose page is rendered for them on every request
      const rendered = await load(`served ${page.name} (session: rendered)`, page.path + RENDER_QUERY, { cookie: SESSION_COOKIES });
      const local = inProcess(page.path, cmsUrl, commerceUrl);
      const pipeable = await repeat(`renderToPipeableStream ${page.name}`, local.pipeable);
      const string = await repeat(`renderToString ${page.name}`, local.string);
      await local.close();
      rows.push({ page, served, rendered, pipeable, string, size: await payload(page.path) });
    }

    console.log(`\nSSR benchmark: ${SECONDS} s per case after 1 s warm-up, ${CONNECTIONS} connections, node ${process.version}, NODE_ENV=production\n`);
    console.log('case'.padEnd(46) + 'pages/s'.padStart(9) + 'p50 ms'.padStart(9) + 'p99 ms'.padStart(9) + '  measured');
    const line = (f: Figures) => console.log(f.name.padEnd(46) + fmt(f.pagesPerSec).padStart(9) + fmt(f.p50, 2).padStart(9) + fmt(f.p99, 2).padStart(9) + `  ${f.kind === 'ttfb' ? 'TTFB' : 'whole render'}`);
    line(stat);
    for (const r of rows) [r.served, r.rendered, r.pipeable, r.string].forEach(line);

    console.log('\npage'.padEnd(32) + 'HTML bytes'.padStart(12) + 'payload'.padStart(10) + 'br bytes'.padStart(10));
    for (const r of rows) console.log(r.page.name.padEnd(31) + String(r.size.html).padStart(12) + String(r.size.payload).padStart(10) + String(r.size.compressed).padStart(10));

    console.log('\nratios (goal)');
    for (const r of rows) {
      const served = r.served.pagesPerSec / r.pipeable.pagesPerSec;
      const size = r.size.payload / r.size.html;
      const ttfb = r.served.p99 / stat.p99;
      console.log(`  ${r.page.name}`);
      console.log(`    served pages/s / in-process renderToPipeableStream:  ${fmt(served, 2)}  (>= 0.70: ${verdict(served >= 0.7)})`);
      console.log(`    hydration payload / HTML:                             ${fmt(size, 2)}  (<= 0.50: ${verdict(size <= 0.5)})`);
      console.log(`    p99 TTFB / static file p99:                           ${fmt(ttfb, 2)}x (<= 3x: ${verdict(ttfb <= 3)})`);
      console.log(`    served pages/s / static file:                         ${fmt(r.served.pagesPerSec / stat.pagesPerSec, 2)}`);
      console.log(`    rendered per visitor (session) / in-process pipeable: ${fmt(r.rendered.pagesPerSec / r.pipeable.pagesPerSec, 2)}  (no goal: HTTP, compression and the load generator share 2 cores)`);
      console.log(`    p99 TTFB rendered per visitor / static file p99:      ${fmt(r.rendered.p99 / stat.p99, 2)}x`);
    }
  } finally {
    await shop.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
