// SSR benchmark (issue: foundation). In one run, against the whole shop started as `npm start` would
// (separate process, NODE_ENV=production, embedded services):
//   - pages per second and p99 time to first byte for `/` and a CMS page (/datenschutz), streamed;
//   - a static file served by the same server (the baseline for "what this server can do at all");
//   - the same pages rendered in this process with renderToString after the same loaders (the baseline
//     for "what React costs", without HTTP or streaming).
// It prints a table and the ratios. Usage: npm run bench:ssr [-- --seconds 10 --connections 16]
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, request } from 'undici';

// React picks its development or production build when first imported: everything that imports React
// is loaded below, after NODE_ENV is set, so the in-process baseline runs the same build as the server.
process.env.NODE_ENV = 'production';
const { renderToString } = await import('react-dom/server');
const { createElement } = await import('react');
const { createStaticRouter, StaticRouterProvider } = await import('react-router');
const { loadConfig } = await import('../../../src/config.ts');
const { buildClient } = await import('../../../src/build.ts');
const { createRenderer, query } = await import('../../../src/storefront/render/ssr.tsx');
const { Cms } = await import('../../../src/storefront/cms/reader.ts');
const { CommerceHttp } = await import('../../../src/storefront/commerce-client/http.ts');
const { catalogueClient } = await import('../../../src/storefront/commerce-client/catalogue.ts');
const { BootContext } = await import('../../../views/lib/boot.ts');
const { NonceContext } = await import('../../../views/lib/nonce.ts');

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i].replace(/^--/, ''), process.argv[i + 1]);
const SECONDS = Number(args.get('seconds') ?? 8);
const CONNECTIONS = Number(args.get('connections') ?? 16);
const PORT = Number(args.get('port') ?? 3700);

interface Figures {
  name: string;
  pagesPerSec: number;
  p50: number;
  p99: number;
  /** TTFB for HTTP, render time for in-process */
  kind: 'ttfb' | 'render';
  bytes: number;
}

function pct(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** closed-loop load: CONNECTIONS concurrent clients for SECONDS; records time to first byte */
async function load(name: string, path: string, host = 'ch.localhost'): Promise<Figures> {
  const agent = new Agent({ connections: CONNECTIONS, pipelining: 1 });
  const ttfb: number[] = [];
  let bytes = 0;
  let errors = 0;
  const warmEnd = performance.now() + 1000;
  const end = warmEnd + SECONDS * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        try {
          const res = await request(`http://127.0.0.1:${PORT}${path}`, { dispatcher: agent, headers: { host: `${host}:${PORT}`, 'accept-encoding': 'identity' } });
          const t1 = performance.now();
          let n = 0;
          for await (const chunk of res.body) n += chunk.length;
          if (res.statusCode !== 200) errors++;
          if (t0 >= warmEnd) {
            ttfb.push(t1 - t0);
            bytes = n;
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
  return { name, pagesPerSec: done / SECONDS, p50: pct(ttfb, 50), p99: pct(ttfb, 99), kind: 'ttfb', bytes };
}

async function inProcess(name: string, path: string, cmsUrl: string, commerceUrl: string): Promise<Figures> {
  const config = loadConfig({ NODE_ENV: 'production' });
  const renderer = createRenderer();
  const cms = new Cms({ endpoint: cmsUrl, token: config.CMS_TOKEN, cacheTtlMs: config.CMS_CACHE_TTL_S * 1000 });
  const commerce = new CommerceHttp({ baseUrl: commerceUrl });
  const boot = { store: 'ch' as const, buildId: 'bench', canonicalOrigin: `http://ch.localhost:${PORT}`, session: { level: 'guest' as const }, storeOrigins: { at: '', ch: '', de: '', li: '', us: '' } };
  const url = new URL(`http://ch.localhost:${PORT}${path}`);
  const lctx = { store: 'ch' as const, lang: 'de' as const, locale: 'de-CH' as const, cms: cms.reader('ch', 'de'), catalogue: catalogueClient(commerce, 'ch', 'de'), session: boot.session };
  const once = async () => {
    const ctx = await query(renderer, url, lctx, new AbortController().signal);
    if (ctx instanceof Response) throw new Error('unexpected redirect');
    // renderToString cannot wait for Suspense: settle deferred values first, as a bot render would
    for (const data of Object.values(ctx.loaderData)) {
      if (data && typeof data === 'object') for (const [k, v] of Object.entries(data)) if (v instanceof Promise) (data as Record<string, unknown>)[k] = await v;
    }
    const router = createStaticRouter(renderer.handler.dataRoutes, ctx);
    return renderToString(createElement(BootContext.Provider, { value: boot }, createElement(NonceContext.Provider, { value: 'n' }, createElement(StaticRouterProvider, { router, context: ctx, hydrate: false }))));
  };
  await once();
  const times: number[] = [];
  let bytes = 0;
  const warmEnd = performance.now() + 1000;
  const end = warmEnd + SECONDS * 1000;
  let n = 0;
  while (performance.now() < end) {
    const t0 = performance.now();
    const html = await once();
    if (t0 >= warmEnd) {
      times.push(performance.now() - t0);
      bytes = html.length;
      n++;
    }
  }
  await commerce.close();
  times.sort((a, b) => a - b);
  return { name, pagesPerSec: n / SECONDS, p50: pct(times, 50), p99: pct(times, 99), kind: 'render', bytes };
}

async function waitFor(url: string, ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      const res = await request(url);
      await res.body.dump();
      if (res.statusCode === 200) return;
    } catch {
      /* not yet */
    }
    await sleep(200);
  }
  throw new Error(`${url} did not come up`);
}

async function main() {
  await buildClient({ production: true });
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: { ...process.env, PORT: String(PORT), NODE_ENV: 'production', LOG_LEVEL: 'warn', DATABASE_URL: 'memory' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitFor(`http://127.0.0.1:${PORT}/builds/latest.json`, 60_000);
    const cmsUrl = `http://127.0.0.1:${PORT + 3}/v2`;
    const commerceUrl = `http://127.0.0.1:${PORT + 1}`;
    const results: Figures[] = [];
    results.push(await load('static file (/favicon.svg)', '/favicon.svg'));
    results.push(await load('SSR stream /', '/'));
    results.push(await load('SSR stream CMS page /datenschutz', '/datenschutz'));
    results.push(await inProcess('renderToString /', '/', cmsUrl, commerceUrl));
    results.push(await inProcess('renderToString /datenschutz', '/datenschutz', cmsUrl, commerceUrl));

    console.log(`\nSSR benchmark: ${SECONDS} s per case after 1 s warm-up, ${CONNECTIONS} connections, node ${process.version}, NODE_ENV=production\n`);
    console.log('case'.padEnd(38) + 'pages/s'.padStart(10) + 'p50 ms'.padStart(10) + 'p99 ms'.padStart(10) + '  measured'.padEnd(14) + 'bytes'.padStart(9));
    for (const r of results) {
      console.log(r.name.padEnd(38) + r.pagesPerSec.toFixed(0).padStart(10) + r.p50.toFixed(2).padStart(10) + r.p99.toFixed(2).padStart(10) + `  ${r.kind}`.padEnd(14) + String(r.bytes).padStart(9));
    }
    const [stat, home, cmsPage, rtsHome, rtsCms] = results;
    console.log('\nratios');
    console.log(`  SSR / vs static file, pages/s:            ${(home.pagesPerSec / stat.pagesPerSec).toFixed(3)}`);
    console.log(`  SSR CMS page vs static file, pages/s:     ${(cmsPage.pagesPerSec / stat.pagesPerSec).toFixed(3)}`);
    console.log(`  SSR / over HTTP vs renderToString, pages/s:        ${(home.pagesPerSec / rtsHome.pagesPerSec).toFixed(3)}`);
    console.log(`  SSR CMS over HTTP vs renderToString, pages/s:      ${(cmsPage.pagesPerSec / rtsCms.pagesPerSec).toFixed(3)}`);
    console.log(`  p99 TTFB / vs static file p99:            ${(home.p99 / stat.p99).toFixed(2)}x`);
    console.log(`  p99 TTFB CMS page vs static file p99:     ${(cmsPage.p99 / stat.p99).toFixed(2)}x`);
    console.log(`  p99 TTFB / vs renderToString p99 render:  ${(home.p99 / rtsHome.p99).toFixed(2)}x`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
