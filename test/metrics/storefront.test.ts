// Issue 27, what operators watch: the storefront's GET /metrics. Prometheus' text for the internal network
// only (loopback or the admin token; 404 for anyone else, a request a proxy passed on included); requests per
// route pattern (a page's screen) and status, never the raw URL; the open browser price sockets; the last
// fan-out; the age of the price set the process holds, on the storefront's clock; the page cache's hits and
// misses; and every worker's own numbers on its own port (STOREFRONT_METRICS_PORT + worker).
import t, { type Test } from 'tap';
import type { AddressInfo } from 'node:net';
import { Registry } from 'prom-client';
import { loadConfig } from '../../src/config.ts';
import { buildStorefrontApp, type Storefront } from '../../src/storefront/app.ts';
import { serveWorkerMetrics } from '../../src/storefront/main.ts';
import { storefrontGauges } from '../../src/storefront/metrics.ts';
import { PageCache } from '../../src/storefront/render/page-cache.ts';
import { browserSocket, eventually, startPricing } from '../price-hub/helpers.ts';
import { hasMetric, seriesValue } from './helpers.ts';
import { freePortBlock } from '../free-ports.ts';

const ADMIN_TOKEN = 'storefront-metrics-token-0123456789';
// ports of this part's tests (41100-41119)
// free ports below the kernel's ephemeral range (test/free-ports.ts says why); the test uses +5 to +7
const METRICS_PORT = await freePortBlock(8);

interface Running extends Storefront {
  port: number;
}

/** The real storefront on a free port (upstreams: the given price service; commerce and CMS absent). */
async function storefront(t: Test, pricesUrl: string, opts: { clock?: () => number; worker?: number; env?: Record<string, string> } = {}): Promise<Running> {
  const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', RATE_LIMITS: 'off', OVERLOAD_EVENT_LOOP_DELAY_MS: '0', ADMIN_TOKEN, ...opts.env });
  const sf = await buildStorefrontApp({
    config,
    upstreams: { commerce: 'http://127.0.0.1:9', prices: pricesUrl, cms: 'http://127.0.0.1:9/v2' },
    logger: false,
    clock: opts.clock,
    worker: opts.worker ?? 0,
    assets: { buildId: 'test', entry: '/build/entry.js', css: [], preload: [] },
  });
  t.teardown(() => sf.app.close());
  await sf.app.listen({ host: '127.0.0.1', port: 0 });
  return { ...sf, port: (sf.app.server.address() as AddressInfo).port };
}

async function scrape(sf: Running): Promise<string> {
  const res = await sf.app.inject({ method: 'GET', url: '/metrics' });
  if (res.statusCode !== 200) throw new Error(`metrics: ${res.statusCode} ${res.body}`);
  return res.body;
}

const own = { part: 'storefront', worker: '0' };

t.test('the scrape is there for the internal network only: loopback or the admin token, 404 for anyone else', async (t) => {
  const pricing = await startPricing();
  t.teardown(() => pricing.close());
  const sf = await storefront(t, pricing.url);
  const local = await sf.app.inject({ method: 'GET', url: '/metrics' });
  t.equal(local.statusCode, 200);
  t.match(local.headers['content-type'], /^text\/plain; version=0\.0\.4/);
  for (const name of ['http_requests_total', 'http_request_duration_seconds', 'storefront_price_sockets', 'storefront_price_set_age_seconds', 'storefront_price_fanout_last_duration_seconds', 'storefront_page_cache_requests_total']) {
    t.ok(hasMetric(local.body, name), name);
  }
  const outside = await sf.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7' });
  t.equal(outside.statusCode, 404, 'from outside it does not exist');
  t.notMatch(outside.body, /storefront_/);
  const proxied = await sf.app.inject({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.7' } });
  t.equal(proxied.statusCode, 404, 'what a reverse proxy on this machine passes on is not this machine\'s');
  const wrong = await sf.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7', headers: { authorization: 'Bearer wrong-token-0123456789abcdef' } });
  t.equal(wrong.statusCode, 404);
  const scraper = await sf.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.0.0.9', headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
  t.equal(scraper.statusCode, 200, 'a scraper on another machine of the network with the admin token');
});

t.test('requests are counted per route pattern (a page by its screen) and status, never per raw URL', async (t) => {
  const pricing = await startPricing();
  t.teardown(() => pricing.close());
  const sf = await storefront(t, pricing.url);
  await sf.app.inject({ method: 'GET', url: '/health/live' });
  await sf.app.inject({ method: 'GET', url: '/health/live' });
  const page = await sf.app.inject({ method: 'GET', url: '/en/shop/goldbarren-4711-max.mustermann@example.com', headers: { host: 'ch.localhost' } });
  const text = await scrape(sf);
  t.equal(seriesValue(text, 'http_requests_total', { ...own, route: '/health/live', method: 'GET', status: '200' }), 2);
  t.equal(seriesValue(text, 'http_request_duration_seconds_count', { ...own, route: '/health/live', method: 'GET', status: '200' }), 2);
  const pageSeries = [...text.matchAll(/^http_requests_total\{[^}]*route="(screen:[^"]+|\/\*)"[^}]*status="(\d+)"[^}]*\} 1$/gm)];
  t.equal(pageSeries.length, 1, 'the page is one series');
  t.equal(pageSeries[0]?.[2], String(page.statusCode), 'under its status');
  const labels = [...text.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]).join('\n');
  t.notMatch(labels, /4711|mustermann|example\.com/, 'no raw URL, no personal data in a label');
});

t.test('open browser sockets count a connected WebSocket, and a fan-out of new prices is timed', async (t) => {
  const pricing = await startPricing();
  t.teardown(() => pricing.close());
  const sf = await storefront(t, pricing.url);
  t.equal(seriesValue(await scrape(sf), 'storefront_price_sockets', own), 0);
  // (the hub's first prices can take seconds on a loaded machine; a browser hears them on connecting)
  await eventually(t, 'the hub holds prices', () => sf.priceHub.phase() === 'ready', 60_000);
  const browser = await browserSocket(sf.port, { host: 'ch.localhost' });
  t.teardown(() => browser.close());
  await browser.next('RecalculationProcessFinished', 30_000);
  t.equal(seriesValue(await scrape(sf), 'storefront_price_sockets', own), 1, 'one browser connected');
  t.equal(seriesValue(await scrape(sf), 'storefront_price_fanout_last_sockets', own), 0, 'no fan-out yet (the greeting is none)');
  t.equal((await fetch(`${pricing.url}/admin/recalculate`, { method: 'POST' })).status, 200);
  await browser.next('RecalculationProcessFinished', 30_000);
  await eventually(t, 'the fan-out recorded', async () => seriesValue(await scrape(sf), 'storefront_price_fanout_last_sockets', own) === 1, 30_000);
  const fanOut = seriesValue(await scrape(sf), 'storefront_price_fanout_last_duration_seconds', own)!;
  t.ok(Number.isFinite(fanOut) && fanOut >= 0, `the last fan-out took ${fanOut} s`);
  browser.close();
  await eventually(t, 'the socket gone', async () => seriesValue(await scrape(sf), 'storefront_price_sockets', own) === 0);
});

t.test('the price set\'s age grows with the storefront\'s clock, so "older than 2 periods" can fire', async (t) => {
  const pricing = await startPricing();
  t.teardown(() => pricing.close());
  // the storefront's clock, set against the set's own time (the price service's real one: expired prices are refused)
  const calculatedAt = Date.parse(pricing.app.pricing.recalculator.book()!.lastRecalculatedAt);
  let now = calculatedAt + 10_000;
  const sf = await storefront(t, pricing.url, { clock: () => now });
  t.equal(seriesValue(await scrape(sf), 'storefront_price_set_age_seconds', own), Infinity, 'before its first prices: infinitely old');
  await eventually(t, 'the hub holds prices', () => sf.priceHub.phase() === 'ready', 60_000);
  t.equal(seriesValue(await scrape(sf), 'storefront_price_set_age_seconds', own), 10);
  now = calculatedAt + 400_000;
  t.equal(seriesValue(await scrape(sf), 'storefront_price_set_age_seconds', own), 400, '400 s later: beyond 2 periods of 180 s');
});

t.test('the page cache\'s hits and misses are its own counts', async (t) => {
  const cache = new PageCache({ ttlMs: 60_000, canonicalQuery: (q) => q.toString() });
  const registry = new Registry();
  storefrontGauges(registry, { hub: { health: () => ({ sockets: 0, lastRecalculatedAt: null, lastFanOut: null }) as never }, pageCache: cache });
  const count = async (result: string) => seriesValue(await registry.metrics(), 'storefront_page_cache_requests_total', { result });
  t.equal(cache.get('/en', null), null);
  await cache.set('/en', '<!doctype html><html><body>home</body></html>');
  t.ok(cache.get('/en', null));
  t.ok(cache.get('/en', 'br'));
  t.equal(await count('miss'), 1);
  t.equal(await count('hit'), 2);
  t.equal(await count('hit'), 2, 'read twice, counted once');
});

t.test('a worker\'s metrics port closes with the worker', async (t) => {
  const hooks: (() => Promise<void>)[] = [];
  const app = { addHook: (_name: string, fn: () => Promise<void>) => hooks.push(fn) } as never;
  const config = loadConfig({ NODE_ENV: 'test', HOST: '127.0.0.1', STOREFRONT_METRICS_PORT: String(METRICS_PORT + 5) });
  const { createStorefrontMetrics } = await import('../../src/storefront/metrics.ts');
  await serveWorkerMetrics(app, createStorefrontMetrics(2), config, 2);
  const res = await fetch(`http://127.0.0.1:${METRICS_PORT + 7}/metrics`);
  t.match(await res.text(), /part="storefront",worker="2"/, 'worker 2 on its own port');
  for (const close of hooks) await close();
  await t.rejects(fetch(`http://127.0.0.1:${METRICS_PORT + 7}/metrics`), 'closed with its worker');
});
