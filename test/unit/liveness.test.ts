// Liveness and readiness as an operator meets them: GET /health/live answers 200 { status: 'ok' } on the
// storefront and every service while the process works, also when what stands behind it is down; GET
// /health (readiness) says what is down. The container health check uses the storefront's liveness.
import t from 'tap';
import { testCompanyFacts } from '../company-facts.ts';
import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { buildCommerceApp } from '../../src/commerce/app.ts';
import { openTestDb } from '../../src/commerce/db/testing.ts';
import { loadConfig } from '../../src/config.ts';
import { buildContentApp } from '../../src/content/app.ts';
import { loggerOptions } from '../../src/lib/service.ts';
import { buildPricingApp } from '../../src/pricing/app.ts';
import { buildStorefrontApp } from '../../src/storefront/app.ts';

const DOWN = 'http://127.0.0.1:9';

t.test('the storefront is live while commerce, prices and the CMS are all unreachable', async (t) => {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const { app } = await buildStorefrontApp({
    config,
    upstreams: { commerce: DOWN, prices: DOWN, cms: `${DOWN}/v2` },
    logger: false,
    priceHub: { reconnectDelayMs: 60_000 },
    assets: { buildId: 'test', entry: '/build/entry.js', css: [], preload: [] },
  });
  t.teardown(() => app.close());
  const ready = await app.inject({ url: '/health', headers: { host: 'ch.localhost' } });
  t.equal(ready.statusCode, 503, 'not ready');
  t.match(ready.json(), { status: 'starting', reason: 'prices_not_ready', upstreams: { commerce: { state: 'down' }, prices: { state: 'down' }, cms: { state: 'down' } } });
  const live = await app.inject({ url: '/health/live', headers: { host: 'ch.localhost' } });
  t.equal(live.statusCode, 200, 'but alive');
  t.same(live.json(), { status: 'ok' });
  t.equal(live.headers['cache-control'], 'no-store');
});

t.test('the commerce service is live while its database is gone, and /health says so', async (t) => {
  const testDb = await openTestDb();
  const app = await buildCommerceApp({ companyFacts: testCompanyFacts(), db: testDb.db, config: { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }) }, logger: false });
  t.teardown(() => app.close());
  t.equal((await app.inject('/health')).statusCode, 200);
  await testDb.close();
  const ready = await app.inject('/health');
  t.equal(ready.statusCode, 503);
  t.equal(ready.json().code, 'db_unavailable');
  const live = await app.inject('/health/live');
  t.equal(live.statusCode, 200, 'no x-store-key needed');
  t.same(live.json(), { status: 'ok' });
});

t.test('the price service is live while the catalogue cannot be read', async (t) => {
  const app = await buildPricingApp({
    loadProducts: () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'catalogue_unreachable' })),
    logger: false,
    recalcRetryMs: 60_000,
  });
  t.teardown(() => app.close());
  await app.ready();
  t.match((await app.inject('/health')).json(), { status: 'starting', lastError: 'catalogue_unreachable' });
  t.same((await app.inject('/health/live')).json(), { status: 'ok' });
});

t.test('the content service is live; liveness and readiness probes are logged at debug, other requests at info', async (t) => {
  const lines: string[] = [];
  const stream = new Writable({ write(chunk, _e, cb) { lines.push(String(chunk)); cb(); } });
  const app = buildContentApp({
    publicToken: 'public-token', previewToken: 'preview-token',
    logger: { ...(loggerOptions('info', 'content') as object), stream },
  });
  t.teardown(() => app.close());
  const live = await app.inject('/health/live');
  t.equal(live.statusCode, 200);
  t.same(live.json(), { status: 'ok' });
  t.equal((await app.inject('/health')).statusCode, 200);
  await app.inject('/v2/cdn/stories?token=public-token&starts_with=ch/');
  const routes = lines.map((l) => JSON.parse(l) as { route?: string; msg: string }).filter((l) => l.msg === 'request').map((l) => l.route);
  t.same(routes, ['/v2/cdn/stories'], 'one JSON line for the story list, none at info for /health or /health/live (issue 16)');
});

t.test('the container health check asks the storefront\'s liveness', async (t) => {
  const dockerfile = readFileSync(new URL('../../Dockerfile', import.meta.url), 'utf8');
  const check = /HEALTHCHECK[^\n]*\\\n\s*CMD ([^\n]+)/.exec(dockerfile)?.[1] ?? '';
  t.match(check, /\/health\/live/);
  t.notMatch(check, /\/health['"]/, 'not the readiness answer: a down upstream must not restart the shop');
});
