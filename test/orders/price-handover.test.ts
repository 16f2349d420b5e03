// The price hand-over between two real services over HTTP: the price service reads the catalogue from
// commerce, prices it, hands the set to commerce and only then announces RecalculationProcessFinished on its
// WebSocket; commerce prices carts from that set and refuses an order whose line prices are not the current
// set's ('not equal'). A set commerce cannot take is never announced: the announcement names the set commerce
// holds until a retry delivers the new one.
import t, { type Test } from 'tap';
import { testCompanyFacts } from '../company-facts.ts';
import { createServer } from 'node:http';
import { gunzipSync, gzipSync } from 'node:zlib';
import { once } from 'node:events';
import WebSocket from 'ws';
import { buildCommerceApp } from '../../src/commerce/app.ts';
import type { PriceSocketMessage } from '../../src/contracts/prices.ts';
import { buildPricingApp } from '../../src/pricing/app.ts';
import { compactPriceSetFromBook, createPriceHandOver, priceSetFromBook, type PriceHandOver } from '../../src/pricing/price-handover.ts';
import { createHttpProductSource } from '../../src/pricing/product-source.ts';
import { pricingAttributes } from '../../src/commerce/catalogue/queries.ts';
import { buildPriceBook, usableProducts } from '../../src/pricing/engine/price-book.ts';
import { createSimulatedFeed } from '../../src/pricing/feed/simulated.ts';
import { commerceHarness, testClock, testConfig, type Api } from '../commerce/helpers.ts';
import { priceList, savePriceSet } from '../../src/commerce/prices/store.ts';
import { T0 } from '../pricing/fixtures.ts';
import { customer, newKey, ok, placeOrder, priceSetAt, readyCart, teardownData } from './helpers.ts';

const h = await commerceHarness(t);

/** A commerce service on a real port (the price service reaches it over HTTP like in production). */
async function commerceService(tt: Test) {
  const clock = testClock(T0);
  const app = await buildCommerceApp({ companyFacts: testCompanyFacts(), db: h.db, config: testConfig({ ADMIN_TOKEN: 'a'.repeat(32) }), logger: false, clock });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  tt.teardown(() => app.close());
  await teardownData(tt, h.db);
  const api: Api = {
    app, db: h.db, clock,
    call: (method, path, o = {}) => app.inject({
      method, url: path, payload: o.body as object | undefined,
      headers: { ...(o.store !== null ? { 'x-store-key': o.store ?? 'ch' } : {}), ...(o.token ? { authorization: `Bearer ${o.token}` } : {}), ...(o.headers ?? {}) },
    }),
  };
  return { app, url, api, clock };
}

/** A price service on the commerce catalogue, driven by hand (no schedule), clock under the test's control. */
async function priceService(tt: Test, commerceUrl: string, handOver: (h: PriceHandOver) => PriceHandOver = (x) => x) {
  let now = T0;
  const source = createHttpProductSource({ baseUrl: commerceUrl });
  const real = createPriceHandOver({ baseUrl: commerceUrl });
  const target = handOver(real);
  const app = await buildPricingApp({
    loadProducts: source.load, clock: () => now, seed: 20261122, logger: false, autoStart: false, recalcRetryMs: 20,
    // what src/pricing/main.ts sends: the compact form
    handOver: (book, products, validUntilMs) => target.send(compactPriceSetFromBook(book, products, validUntilMs)),
  });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  tt.teardown(async () => {
    await app.close();
    await source.close();
    await real.close();
  });
  return { app, base, setNow: (ms: number) => { now = ms; } };
}

async function subscribe(tt: Test, base: string, onMessage: (m: PriceSocketMessage) => Promise<void> | void) {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/ws`);
  const finished: PriceSocketMessage[] = [];
  ws.on('message', (data) => {
    const m = JSON.parse(String(data)) as PriceSocketMessage;
    void Promise.resolve(onMessage(m)).then(() => {
      if (m.type === 'RecalculationProcessFinished') finished.push(m);
    });
  });
  tt.teardown(() => ws.terminate());
  await once(ws, 'open');
  return {
    finished,
    async untilFinished(n: number) {
      // bounded by message count, not by speed: each recalculation ends with one Finished
      for (let i = 0; i < 500 && finished.length < n; i++) await new Promise((r) => setTimeout(r, 10));
      if (finished.length < n) throw new Error(`only ${finished.length} of ${n} Finished messages`);
      return finished[n - 1] as Extract<PriceSocketMessage, { type: 'RecalculationProcessFinished' }>;
    },
  };
}

t.test('commerce holds each new price set before the price service announces RecalculationProcessFinished', async (t) => {
  const commerce = await commerceService(t);
  const events: string[] = [];
  const prices = await priceService(t, commerce.url, (real) => ({
    ...real,
    async send(set) {
      events.push('hand-over started');
      await real.send(set);
      events.push(`commerce holds ${set.lastRecalculatedAt}`);
    },
  }));
  const seenByCommerce: (string | null)[] = [];
  const socket = await subscribe(t, prices.base, async (m) => {
    if (m.type !== 'RecalculationProcessFinished') return;
    events.push(`announced ${m.lastRecalculatedAt}`);
    // what commerce holds at the moment a storefront hears the announcement
    seenByCommerce.push((await commerce.api.call('GET', '/admin/prices', { store: null })).json().lastRecalculatedAt);
  });
  for (const [i, at] of [T0, T0 + 180_000].entries()) {
    prices.setNow(at);
    await prices.app.pricing.recalculator.recalculateNow();
    const finished = await socket.untilFinished(i + 1);
    t.equal(finished.lastRecalculatedAt, new Date(at).toISOString());
    t.equal(seenByCommerce[i], finished.lastRecalculatedAt, 'commerce already prices from the announced set');
  }
  t.same(events, [
    'hand-over started', `commerce holds ${new Date(T0).toISOString()}`, `announced ${new Date(T0).toISOString()}`,
    'hand-over started', `commerce holds ${new Date(T0 + 180_000).toISOString()}`, `announced ${new Date(T0 + 180_000).toISOString()}`,
  ]);
  const current = (await commerce.api.call('GET', '/admin/prices', { store: null })).json();
  t.equal(current.validUntil, new Date(T0 + 360_000).toISOString(), 'valid one interval (spec 9: 180 s)');
  const lists = await h.db.query<{ n: number }>('select count(*)::int as n from price_set_lists where set_id = $1', [current.id]);
  t.equal(lists[0].n, 15, 'every store country (5) in every currency (3)');
});

t.test('an order priced from the previous set is refused "not equal" once the new set is announced', async (t) => {
  const commerce = await commerceService(t);
  const prices = await priceService(t, commerce.url);
  const socket = await subscribe(t, prices.base, () => {});
  await prices.app.pricing.recalculator.recalculateNow();
  await socket.untilFinished(1);
  const c = await customer(commerce.api);
  const cart = await readyCart(c);
  prices.setNow(T0 + 180_000);
  commerce.clock.set(T0 + 181_000);
  await prices.app.pricing.recalculator.recalculateNow();
  await socket.untilFinished(2);
  const refused = await placeOrder(c, cart.id);
  t.equal(refused.statusCode, 409);
  t.equal(refused.json().code, 'price_not_equal');
  t.match(refused.json().message, 'not equal');
  await ok(c.call('POST', `/carts/${cart.id}/recalculate`));
  const placed = await placeOrder(c, cart.id, newKey());
  t.equal(placed.statusCode, 201);
  t.equal(placed.json().priceSetId, (await commerce.api.call('GET', '/admin/prices', { store: null })).json().id);
});

t.test('a set commerce cannot take is not announced; it is once a retry delivers it', async (t) => {
  const commerce = await commerceService(t);
  const dead = createPriceHandOver({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 1000 });
  t.teardown(() => dead.close());
  // commerce is unreachable for the first attempt and back for the next
  let attempts = 0;
  const prices = await priceService(t, commerce.url, (real) => ({ ...real, send: (set) => (++attempts === 1 ? dead.send(set) : real.send(set)) }));
  const socket = await subscribe(t, prices.base, () => {});
  const outcome = await prices.app.pricing.recalculator.recalculateNow();
  t.equal(outcome.ok, false, 'the caller learns commerce did not take the set');
  t.equal(prices.app.pricing.recalculator.book(), null, 'no confirmed prices yet: nothing to announce or answer');
  t.equal((await prices.app.inject('/api/prices/metals')).statusCode, 503);
  // the background retry delivers the same set (bounded wait: each try is one HTTP call)
  let id: string | null = null;
  for (let i = 0; i < 300 && !id; i++) {
    await new Promise((r) => setTimeout(r, 10));
    id = (await commerce.api.call('GET', '/admin/prices', { store: null })).json().id;
  }
  t.match(id, /^ps-\d+-[0-9a-f]{8}$/, 'the retry handed the set over');
  t.equal(attempts, 2);
  t.equal((await socket.untilFinished(1)).lastRecalculatedAt, new Date(T0).toISOString(), 'and only then it is announced');
});

t.test('PUT /admin/prices: loopback or the admin token, gzip or plain JSON, an older set never replaces a newer one', async (t) => {
  const commerce = await commerceService(t);
  const set = await priceSetAt(h.db, T0 + 60_000);
  const put = (payload: string | Buffer, headers: Record<string, string> = {}, remoteAddress?: string) =>
    commerce.app.inject({ method: 'PUT', url: '/admin/prices', payload, headers: { 'content-type': 'application/json', ...headers }, ...(remoteAddress ? { remoteAddress } : {}) });
  const json = JSON.stringify(set);
  const stranger = await put(json, {}, '203.0.113.7');
  t.equal(stranger.statusCode, 403);
  t.equal(stranger.json().code, 'forbidden');
  const withToken = await put(json, { authorization: `Bearer ${'a'.repeat(32)}` }, '203.0.113.7');
  t.same(withToken.json(), { id: set.id, lastRecalculatedAt: set.lastRecalculatedAt, current: true });
  t.same((await put(gzipSync(json), { 'content-encoding': 'gzip' })).json().current, true, 'the same set again: nothing changes');
  const older = await priceSetAt(h.db, T0);
  t.same((await put(JSON.stringify(older))).json(), { id: older.id, lastRecalculatedAt: older.lastRecalculatedAt, current: false }, 'a late, older set is ignored');
  t.equal((await commerce.api.call('GET', '/admin/prices', { store: null })).json().id, set.id);
  t.equal((await put(json, { 'content-encoding': 'br' })).statusCode, 415);
  t.equal((await put(Buffer.from('not gzip'), { 'content-encoding': 'gzip' })).statusCode, 400);
  const bad = await put(JSON.stringify({ ...set, lists: [{ country: 'FR', currency: 'EUR', products: [] }] }));
  t.equal(bad.statusCode, 400);
  t.equal(bad.json().code, 'validation_failed');
  const bomb = gzipSync(Buffer.alloc(40 * 1024 * 1024, 32));
  t.equal((await put(bomb, { 'content-encoding': 'gzip' })).statusCode, 413, 'the limit counts the decompressed body');
});

t.test('a set is stored compact and read back price for price; lists stored before the compact form still read', async (t) => {
  await teardownData(t, h.db);
  const set = await priceSetAt(h.db, T0 + 120_000);
  await savePriceSet(h.db, set, new Date(T0 + 121_000));
  for (const list of set.lists) {
    const back = await priceList(h.db, set.id, list.country, list.currency);
    t.same(back, Object.fromEntries(list.products.map((p) => [p.sku, p.prices])), `${list.country}:${list.currency}`);
  }
  const stored = await h.db.query<{ bytes: number }>(`select sum(length(prices::text))::int as bytes from price_set_lists where set_id = $1`, [set.id]);
  t.ok(stored[0].bytes < JSON.stringify(set.lists).length / 2, 'less than half the bytes of the handed-over lists');
  // a list in the earlier form (sku -> price objects), e.g. the current set of a shop just upgraded
  const earlier = { ...set, id: 'ps-earlier-form', lastRecalculatedAt: new Date(T0 + 180_000).toISOString() };
  await savePriceSet(h.db, earlier, new Date(T0 + 181_000));
  const ch = set.lists.find((l) => l.country === 'CH' && l.currency === 'CHF')!;
  const objects = Object.fromEntries(ch.products.map((p) => [p.sku, p.prices]));
  await h.db.query(`update price_set_lists set prices = $1::json where set_id = $2 and country = 'CH' and currency = 'CHF'`, [JSON.stringify(objects), earlier.id]);
  t.same(await priceList(h.db, earlier.id, 'CH', 'CHF'), objects);
});

t.test('the hand-over sends the lists in the compact form commerce stores; commerce stores the same prices as from the long form', async (t) => {
  const commerce = await commerceService(t);
  const at = T0 + 240_000;
  const feed = createSimulatedFeed({ seed: 20261122, clock: () => at });
  const { products } = usableProducts(await pricingAttributes(h.db));
  const book = buildPriceBook(products, await feed.quote(), null, new Date(at).toISOString());
  const long = priceSetFromBook(book, products, at + 180_000);
  // the body as it goes over the wire, caught by a stand-in for commerce
  const bodies: Buffer[] = [];
  const catcher = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      bodies.push(gunzipSync(Buffer.concat(chunks)));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  catcher.listen(0, '127.0.0.1');
  await once(catcher, 'listening');
  t.teardown(() => catcher.close());
  const sender = createPriceHandOver({ baseUrl: `http://127.0.0.1:${(catcher.address() as { port: number }).port}` });
  t.teardown(() => sender.close());
  await sender.send(compactPriceSetFromBook(book, products, at + 180_000));
  const wire = JSON.parse(String(bodies[0])) as { lists: Record<string, unknown>[] };
  t.equal(wire.lists.length, 15);
  t.ok(wire.lists.every((l) => !('products' in l) && (l.prices as { v: number }).v === 2), 'every list compact: no price objects');
  t.ok(bodies[0].length < JSON.stringify(long).length / 2, `${bodies[0].length} bytes instead of ${JSON.stringify(long).length}`);

  // commerce stores from the wire exactly the prices it stores from the long form
  const put = (payload: string | Buffer) => commerce.app.inject({ method: 'PUT', url: '/admin/prices', payload, headers: { 'content-type': 'application/json' } });
  t.equal((await put(bodies[0])).statusCode, 200);
  const fromLong = { ...long, id: `${long.id}-long`, lastRecalculatedAt: new Date(at + 1).toISOString() };
  t.equal((await put(JSON.stringify(fromLong))).statusCode, 200);
  for (const list of long.lists) {
    const compact = await priceList(h.db, long.id, list.country, list.currency);
    t.same(compact, Object.fromEntries(list.products.map((p) => [p.sku, p.prices])), `${list.country}:${list.currency} as the book priced it`);
    t.same(await priceList(h.db, fromLong.id, list.country, list.currency), compact);
  }
  const taxed = long.lists.flatMap((l) => l.products.flatMap((p) => p.prices)).filter((p) => p.taxCentAmount !== undefined);
  t.ok(taxed.length > 0, 'the VAT each price includes travels too');
  // the compact form is checked like the long one: a price with a negative amount is refused
  const bad = JSON.parse(String(bodies[0])) as { id: string; lists: { prices: { p: Record<string, unknown[][]> } }[] };
  const sku = Object.keys(bad.lists[0].prices.p)[0];
  bad.lists[0].prices.p[sku][0][1] = -5;
  bad.id = 'ps-bad';
  const refused = await put(JSON.stringify(bad));
  t.equal(refused.statusCode, 400);
  t.equal(refused.json().code, 'validation_failed');
  // and its values in their places: a minimum quantity where the type belongs is refused too
  const swapped = JSON.parse(String(bodies[0])) as typeof bad;
  const row = swapped.lists[0].prices.p[sku][0];
  [row[0], row[2]] = [row[2], row[0]];
  swapped.id = 'ps-swapped';
  const misplaced = await put(JSON.stringify(swapped));
  t.equal(misplaced.statusCode, 400);
  t.equal(misplaced.json().code, 'validation_failed');
  t.equal(misplaced.json().details.fields[0].field, `lists/0/prices/p/${sku}/0`);
  t.notOk((await commerce.api.call('GET', '/admin/prices', { store: null })).json().id?.startsWith('ps-swapped'), 'nothing stored');
});
