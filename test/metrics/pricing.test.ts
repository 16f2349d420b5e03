// Issue 27, what operators watch: the price service's GET /metrics. Prometheus' text for the internal network
// only (loopback or the admin token; 404 for anyone else, a request a proxy passed on included), with the
// series the README's alerts need: the age of the announced price set moving with the service's clock, each
// recalculation's duration and failures, whether this instance is the elected leader, and the hubs connected.
import t from 'tap';
import { WebSocket } from 'ws';
import type { Leadership } from '../../src/pricing/leadership.ts';
import { pricingApp } from '../pricing/helpers.ts';
import { T0 } from '../pricing/fixtures.ts';
import { startPricing } from '../price-hub/helpers.ts';
import { hasMetric, seriesValue } from './helpers.ts';

const ADMIN_TOKEN = 'pricing-metrics-token-0123456789';
const part = { part: 'prices' };

async function scrape(app: { inject: Awaited<ReturnType<typeof pricingApp>>['inject'] }): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/metrics' });
  if (res.statusCode !== 200) throw new Error(`metrics: ${res.statusCode} ${res.body}`);
  return res.body;
}

t.test('the scrape is there for the internal network only: loopback or the admin token, 404 for anyone else', async (t) => {
  const app = await pricingApp(t, { autoStart: false, adminToken: ADMIN_TOKEN });
  const local = await app.inject({ method: 'GET', url: '/metrics' });
  t.equal(local.statusCode, 200);
  t.match(local.headers['content-type'], /^text\/plain; version=0\.0\.4/);
  for (const name of ['pricing_price_set_age_seconds', 'pricing_leader', 'pricing_connected_hubs', 'pricing_recalculation_duration_seconds', 'pricing_recalculation_failures_total', 'http_requests_total']) {
    t.ok(hasMetric(local.body, name), name);
  }
  const outside = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7' });
  t.equal(outside.statusCode, 404, 'from outside it does not exist');
  t.equal(outside.json().code, 'not_found');
  t.notMatch(outside.body, /pricing_/);
  const proxied = await app.inject({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.7' } });
  t.equal(proxied.statusCode, 404, 'what a proxy on this machine passes on is not this machine\'s');
  const wrong = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7', headers: { authorization: 'Bearer wrong-token-0123456789abcdef' } });
  t.equal(wrong.statusCode, 404);
  const scraper = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.0.0.9', headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
  t.equal(scraper.statusCode, 200, 'a scraper on another machine of the network with the admin token');
});

t.test('the price set\'s age grows with the service\'s clock, so "older than 2 periods" can fire', async (t) => {
  let now = T0;
  const app = await pricingApp(t, { autoStart: false, clock: () => now });
  t.equal(seriesValue(await scrape(app), 'pricing_price_set_age_seconds', part), Infinity, 'no set yet: infinitely old, the alert fires');
  const first = await app.pricing.recalculator.recalculateNow();
  t.ok(first.ok);
  t.equal(seriesValue(await scrape(app), 'pricing_price_set_age_seconds', part), 0);
  now += 400_000;
  t.equal(seriesValue(await scrape(app), 'pricing_price_set_age_seconds', part), 400, '400 s later: beyond 2 periods of 180 s');
  await app.pricing.recalculator.recalculateNow();
  t.equal(seriesValue(await scrape(app), 'pricing_price_set_age_seconds', part), 0, 'a new set resets it');
  const text = await scrape(app);
  t.equal(seriesValue(text, 'pricing_recalculation_duration_seconds_count', { ...part, outcome: 'ok' }), 2, 'both cycles timed');
  t.equal(seriesValue(text, 'pricing_recalculation_failures_total', part), 0);
});

t.test('a failing recalculation is counted, and the age keeps growing from the last good set', async (t) => {
  let now = T0;
  let failing = false;
  const { fixtureProducts } = await import('../pricing/fixtures.ts');
  const app = await pricingApp(t, {
    autoStart: false,
    clock: () => now,
    recalcRetryMs: 3_600_000,
    loadProducts: async () => {
      if (failing) throw new Error('catalogue unreachable');
      return structuredClone(fixtureProducts);
    },
  });
  await app.pricing.recalculator.recalculateNow();
  failing = true;
  now += 200_000;
  const outcome = await app.pricing.recalculator.recalculateNow();
  t.notOk(outcome.ok);
  now += 200_000;
  const text = await scrape(app);
  t.equal(seriesValue(text, 'pricing_recalculation_failures_total', part), 1);
  t.equal(seriesValue(text, 'pricing_recalculation_duration_seconds_count', { ...part, outcome: 'failed' }), 1);
  t.equal(seriesValue(text, 'pricing_price_set_age_seconds', part), 400, 'the last good prices, 400 s old');
});

t.test('whether this instance is the elected leader follows the election', async (t) => {
  let active = false;
  let tell: (a: boolean) => void = () => {};
  const leadership: Leadership = { start: (onChange) => { tell = onChange; }, active: () => active, close: async () => {} };
  const app = await pricingApp(t, { leadership });
  await app.ready();
  t.equal(seriesValue(await scrape(app), 'pricing_leader', part), 0, 'standby');
  active = true;
  tell(true);
  t.equal(seriesValue(await scrape(app), 'pricing_leader', part), 1, 'elected');
});

t.test('connected hubs count the sockets on /ws', async (t) => {
  const pricing = await startPricing();
  t.teardown(() => pricing.close());
  t.equal(seriesValue(await scrape(pricing.app), 'pricing_connected_hubs', part), 0);
  const ws = new WebSocket(`ws://127.0.0.1:${pricing.port}/ws`);
  await new Promise((resolve, reject) => { ws.once('open', resolve); ws.once('error', reject); });
  t.equal(seriesValue(await scrape(pricing.app), 'pricing_connected_hubs', part), 1, 'one hub connected');
  ws.close();
  await new Promise((r) => ws.once('close', r));
  for (let i = 0; i < 50 && seriesValue(await scrape(pricing.app), 'pricing_connected_hubs', part) !== 0; i++) await new Promise((r) => setTimeout(r, 20));
  t.equal(seriesValue(await scrape(pricing.app), 'pricing_connected_hubs', part), 0, 'gone when it left');
});
