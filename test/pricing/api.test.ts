import t from 'tap';
import fc from 'fast-check';
import Compile from 'typebox/compile';
import {
  MetalPricesResponse, PricingHealth, ProductPricesResponse, SnapshotsResponse,
} from '../../src/contracts/prices.ts';
import { createSimulatedFeed } from '../../src/pricing/feed/simulated.ts';
import { perOunce } from '../../src/pricing/feed/types.ts';
import { fixtureProducts, fixtureSkus, T0 } from './fixtures.ts';
import { pricingApp } from './helpers.ts';

const isMetals = Compile(MetalPricesResponse);
const isProducts = Compile(ProductPricesResponse);
const isSnapshots = Compile(SnapshotsResponse);
const isHealth = Compile(PricingHealth);

t.test('GET /health reports the cycle for operators', async (t) => {
  const app = await pricingApp(t);
  const res = await app.inject('/health');
  t.equal(res.statusCode, 200);
  const body = res.json();
  t.ok(isHealth.Check(body), 'matches the contract');
  t.match(body, { status: 'ok', service: 'pricing', feed: 'simulated', subscribers: 0, recalculating: false, products: fixtureProducts.length, lastError: null });
  t.equal(body.lastRecalculatedAt, new Date(T0).toISOString(), 'a ready service has recalculated once');
});

t.test('GET /api/prices/metals', async (t) => {
  const app = await pricingApp(t);
  const res = await app.inject('/api/prices/metals');
  t.equal(res.statusCode, 200);
  const body = res.json();
  t.ok(isMetals.Check(body), 'matches the contract');
  t.equal(res.headers['cache-control'], 'no-store');
  t.same(body.metals.map((m: { name: string }) => m.name), ['gold', 'silver', 'platinum', 'palladium']);
  const gold = body.metals[0];
  const q = createSimulatedFeed({ seed: 20261122, clock: () => T0 }).at(T0);
  t.equal(gold.prices.find((p: { currency: string; type: string }) => p.currency === 'CHF' && p.type === 'ask').centAmount, Math.round(perOunce(q, 'gold', 'CHF', 'ask') * 100), 'the feed quote in cents per ounce');
  t.ok(gold.change && Number.isInteger(gold.change.EUR), 'the header gets the day change from the year of history');
  t.equal(gold.lastRecalculatedAt, body.lastRecalculatedAt);
  t.equal(body.serverTimestamp, new Date(T0).toISOString());
});

t.test('GET /api/prices/products', async (t) => {
  const app = await pricingApp(t);

  t.test('answers the asked skus for the store country and currency, and leaves unknown ones out', async (t) => {
    const res = await app.inject({ url: '/api/prices/products', query: { country: 'CH', currency: 'CHF', skus: 'GOLD-BAR-1KG, NOPE,SILVER-BAR-1KG,GOLD-BAR-1KG' } });
    t.equal(res.statusCode, 200);
    const body = res.json();
    t.ok(isProducts.Check(body), 'matches the contract');
    t.same(body.products.map((p: { sku: string }) => p.sku), ['GOLD-BAR-1KG', 'SILVER-BAR-1KG']);
    const types = body.products[1].prices.map((p: { type: string; minQuantity: number }) => `${p.type}@${p.minQuantity}`);
    t.same(types, ['buy@1', 'buy@5', 'buy-card@1', 'buy-card@5', 'buy-dutyfree@1', 'buy-dutyfree@5', 'sell@1']);
  });

  t.test('answers every product when skus is omitted (the price hub fetches all once per cycle)', async (t) => {
    const res = await app.inject({ url: '/api/prices/products', query: { country: 'DE', currency: 'EUR' } });
    t.equal(res.statusCode, 200);
    t.match(res.headers['content-type'], /application\/json/);
    const body = res.json();
    t.ok(isProducts.Check(body));
    t.same(body.products.map((p: { sku: string }) => p.sku), fixtureSkus);
    const again = await app.inject({ url: '/api/prices/products', query: { country: 'DE', currency: 'EUR' } });
    t.equal(again.body, res.body, 'the same answer until the next recalculation');
  });

  t.test('gives a German customer VAT-inclusive silver and a Swiss one the Swiss rate', async (t) => {
    const de = (await app.inject({ url: '/api/prices/products', query: { country: 'DE', currency: 'EUR', skus: 'SILVER-BAR-1KG' } })).json();
    const at = (await app.inject({ url: '/api/prices/products', query: { country: 'AT', currency: 'EUR', skus: 'SILVER-BAR-1KG' } })).json();
    const buy = (b: { products: { prices: { type: string; centAmount: number }[] }[] }) => b.products[0].prices.find((p) => p.type === 'buy')!.centAmount;
    const net = (b: { products: { prices: { type: string; centAmount: number }[] }[] }) => b.products[0].prices.find((p) => p.type === 'buy-dutyfree')!.centAmount;
    t.ok(Math.abs(buy(de) - net(de) * 1.19) <= 1, 'DE 19 %');
    t.ok(Math.abs(buy(at) - net(at) * 1.2) <= 1, 'AT 20 %');
  });

  t.test('allows at most 200 skus', async (t) => {
    const skus = Array.from({ length: 201 }, (_, i) => `SKU-${i}`).join(',');
    const res = await app.inject({ url: '/api/prices/products', query: { country: 'CH', currency: 'CHF', skus } });
    t.equal(res.statusCode, 400);
    t.match(res.json(), { statusCode: 400, code: 'too_many_skus', message: /At most 200 skus/ });
    const ok = await app.inject({ url: '/api/prices/products', query: { country: 'CH', currency: 'CHF', skus: Array.from({ length: 200 }, (_, i) => `SKU-${i}`).join(',') } });
    t.equal(ok.statusCode, 200);
    t.same(ok.json().products, []);
  });

  t.test('answers 400 with a clear message for a wrong or missing country or currency', async (t) => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ country: 'FR', currency: 'EUR' }, /country must be one of AT, CH, DE, LI, US/],
      [{ country: 'ch', currency: 'CHF' }, /country must be one of/],
      [{ country: 'CH', currency: 'GBP' }, /currency must be one of EUR, CHF, USD/],
      [{ currency: 'CHF' }, /country is required/],
      [{ country: 'CH' }, /currency is required/],
    ];
    for (const [query, message] of cases) {
      const res = await app.inject({ url: '/api/prices/products', query });
      t.equal(res.statusCode, 400, JSON.stringify(query));
      t.match(res.json(), { statusCode: 400, code: 'invalid_query', message }, JSON.stringify(query));
    }
    const twice = await app.inject('/api/prices/products?country=CH&currency=CHF&skus=A&skus=B');
    t.match(twice.json(), { statusCode: 400, code: 'invalid_query', message: /skus must be one comma-separated list/ });
  });
});

t.test('GET /prices/metals/snapshots', async (t) => {
  const app = await pricingApp(t);

  t.test('gives a week hourly and six months or a year daily, per troy ounce', async (t) => {
    const expected = { '1w': [168, 169], '6m': [183, 184], '1y': [365, 366] } as const;
    for (const range of ['1w', '6m', '1y'] as const) {
      const res = await app.inject({ url: '/prices/metals/snapshots', query: { metal: 'gold', currency: 'EUR', range } });
      t.equal(res.statusCode, 200, range);
      const body = res.json();
      t.ok(isSnapshots.Check(body), `${range} matches the contract`);
      t.ok(body.points.length >= expected[range][0] && body.points.length <= expected[range][1], `${range}: ${body.points.length} points`);
      t.equal(body.type, 'ask');
      t.equal(body.points[body.points.length - 1].t, T0, 'ends at the last recalculation');
    }
  });

  t.test('ends with the metal price the header shows', async (t) => {
    const metals = (await app.inject('/api/prices/metals')).json();
    const silverBidUsd = metals.metals[1].prices.find((p: { currency: string; type: string }) => p.currency === 'USD' && p.type === 'bid').centAmount;
    const chart = (await app.inject({ url: '/prices/metals/snapshots', query: { metal: 'silver', currency: 'USD', range: '1w', type: 'bid' } })).json();
    t.equal(chart.points[chart.points.length - 1].centAmount, silverBidUsd);
  });

  t.test('answers 400 for an unknown range or metal', async (t) => {
    for (const [query, message] of [
      [{ metal: 'gold', currency: 'EUR', range: '2y' }, /range must be one of 1w, 6m, 1y/],
      [{ metal: 'copper', currency: 'EUR', range: '1w' }, /metal must be one of gold, silver, platinum, palladium/],
      [{ metal: 'gold', currency: 'EUR', range: '1w', type: 'mid' }, /type must be bid or ask/],
      [{ metal: 'gold', currency: 'EUR' }, /range is required/],
    ] as const) {
      const res = await app.inject({ url: '/prices/metals/snapshots', query });
      t.equal(res.statusCode, 400);
      t.match(res.json(), { code: 'invalid_query', message });
    }
  });
});

t.test('before the first good recalculation, prices answer 503 with Retry-After, not stale or empty data', async (t) => {
  const app = await pricingApp(t, { loadProducts: async () => { throw Object.assign(new Error('commerce down'), { code: 'products_unreachable' }); }, recalcRetryMs: 60_000 });
  for (const url of ['/api/prices/metals', '/api/prices/products?country=CH&currency=CHF']) {
    const res = await app.inject(url);
    t.equal(res.statusCode, 503, url);
    t.equal(res.json().code, 'prices_not_ready');
    t.equal(res.headers['retry-after'], '5');
  }
  t.match((await app.inject('/health')).json(), { status: 'starting', lastError: 'products_unreachable', lastRecalculatedAt: null });
  t.equal((await app.inject({ url: '/prices/metals/snapshots', query: { metal: 'gold', currency: 'CHF', range: '1w' } })).statusCode, 200, 'charts still have their history');
});

t.test('a failed recalculation keeps the last good prices', async (t) => {
  let now = T0;
  let fail = false;
  const app = await pricingApp(t, {
    clock: () => now,
    loadProducts: async () => {
      if (fail) throw Object.assign(new Error('The commerce service answered HTTP 500'), { code: 'products_http_status' });
      return structuredClone(fixtureProducts);
    },
    recalcRetryMs: 60_000,
  });
  const before = (await app.inject('/api/prices/products?country=CH&currency=CHF')).body;
  fail = true;
  now += 180_000;
  const res = await app.inject({ method: 'POST', url: '/admin/recalculate' });
  t.equal(res.statusCode, 503);
  t.match(res.json(), { code: 'recalculation_failed', message: /products_http_status/ });
  const after = await app.inject('/api/prices/products?country=CH&currency=CHF');
  t.equal(after.statusCode, 200);
  t.equal(after.body, before, 'same prices, same lastRecalculatedAt');
  t.match((await app.inject('/health')).json(), { status: 'degraded', lastError: 'products_http_status', lastRecalculatedAt: new Date(T0).toISOString() });
  fail = false;
  const again = await app.inject({ method: 'POST', url: '/admin/recalculate' });
  t.same(again.json(), { lastRecalculatedAt: new Date(T0 + 180_000).toISOString() }, 'the next good cycle replaces them');
  t.match((await app.inject('/health')).json(), { status: 'ok', lastError: null });
});

t.test('a product with broken attributes is left out; the rest of the catalogue is priced', async (t) => {
  const app = await pricingApp(t, {
    loadProducts: async () => [...structuredClone(fixtureProducts), { sku: 'BROKEN', metal: 'gold' } as never],
  });
  const body = (await app.inject('/api/prices/products?country=US&currency=USD&skus=BROKEN,GOLD-BAR-1KG')).json();
  t.same(body.products.map((p: { sku: string }) => p.sku), ['GOLD-BAR-1KG']);
});

t.test('no malformed query makes a price route answer 5xx', async (t) => {
  const app = await pricingApp(t);
  const value = fc.oneof(
    fc.constantFrom('CH', 'ch', 'EUR', 'USD', 'gold', '1w', '6m', '1y', 'bid', 'ask', '', ',', ',,,', '%', '%00', '__proto__', 'constructor', 'GOLD-BAR-1KG'),
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 20 }),
    fc.array(fc.constantFrom('A', 'B', 'GOLD-BAR-1KG'), { maxLength: 300 }).map((a) => a.join(',')),
  );
  const key = fc.constantFrom('country', 'currency', 'skus', 'metal', 'range', 'type', '__proto__', 'x', 'skus[]', 'country[a]');
  const path = fc.constantFrom('/api/prices/products', '/prices/metals/snapshots', '/api/prices/metals', '/health');
  await fc.assert(fc.asyncProperty(path, fc.array(fc.tuple(key, value), { maxLength: 6 }), async (p, pairs) => {
    const qs = pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
    const res = await app.inject(`${p}?${qs}`);
    if (res.statusCode >= 500) throw new Error(`${p}?${qs} answered ${res.statusCode} ${res.body}`);
    if (res.statusCode >= 400) {
      const body = res.json();
      if (typeof body.code !== 'string' || typeof body.message !== 'string') throw new Error(`no stable error body: ${res.body}`);
    }
  }), { numRuns: 400 });
  const raw = await app.inject('/api/prices/products?country=%E0%A4%A&currency=%');
  t.equal(raw.statusCode, 400, 'broken percent-encoding too');
  t.pass('400 or 200, never 5xx');
});
