// The whole way over real HTTP: the price service recalculates and hands its set to a listening commerce
// service (PUT /admin/prices), commerce executes the limit orders the new prices reach; the customer gives
// and reads limit orders over HTTP too.
import t from 'tap';
import { testCompanyFacts } from '../company-facts.ts';
import { buildCommerceApp } from '../../src/commerce/app.ts';
import type { LimitOrder } from '../../src/contracts/limit-order.ts';
import { buildPricingApp } from '../../src/pricing/app.ts';
import { createPriceHandOver, priceSetFromBook } from '../../src/pricing/price-handover.ts';
import { createHttpProductSource } from '../../src/pricing/product-source.ts';
import { commerceHarness, login, registerVerified, swissAddress, testClock, testConfig, type Api } from '../commerce/helpers.ts';
import { T0 } from '../pricing/fixtures.ts';
import { teardownData } from '../orders/helpers.ts';

const h = await commerceHarness(t);

t.test('a set the price service hands over executes the limit orders its prices reach, and only those', async (t) => {
  const clock = testClock(T0);
  const commerce = await buildCommerceApp({ companyFacts: testCompanyFacts(), db: h.db, config: testConfig(), logger: false, clock });
  const base = await commerce.listen({ host: '127.0.0.1', port: 0 });
  t.teardown(() => commerce.close());
  await teardownData(t, h.db);
  t.teardown(() => h.db.query('delete from limit_orders'));

  let now = T0;
  const source = createHttpProductSource({ baseUrl: base });
  const handOver = createPriceHandOver({ baseUrl: base });
  const prices = await buildPricingApp({
    loadProducts: source.load, clock: () => now, seed: 20261122, logger: false, autoStart: false, recalcRetryMs: 20,
    handOver: (book, products, validUntilMs) => handOver.send(priceSetFromBook(book, products, validUntilMs)),
  });
  t.teardown(async () => {
    await prices.close();
    await source.close();
    await handOver.close();
  });
  await prices.pricing.recalculator.recalculateNow();

  // the customer over HTTP
  const api: Api = { app: commerce, db: h.db, clock, call: (method, url, o = {}) => commerce.inject({ method, url, payload: o.body as object, headers: { 'x-store-key': 'ch', ...(o.token ? { authorization: `Bearer ${o.token}` } : {}) } }) };
  const account = await registerVerified(api);
  const { accessToken } = await login(api, account);
  const http = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method, headers: { 'x-store-key': 'ch', authorization: `Bearer ${accessToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, json: (await res.json()) as LimitOrder & { code?: string } };
  };
  t.equal((await http('PUT', `/customers/${account.id}/address`, { address: swissAddress() })).status, 200);
  const expiresAt = new Date(T0 + 7 * 86400_000).toISOString();
  const probe = await http('POST', '/limit-orders', { sku: 'AU-KRUG-1OZ', quantity: 1, targetCentAmount: 1, expiresAt });
  t.equal(probe.status, 201);
  const current = probe.json.currentCentAmount!;
  t.ok(current > 0, 'the current price of the set the price service handed over');
  // far above the current price: the next set reaches it; far below: no set of this test does
  const reached = (await http('POST', '/limit-orders', { sku: 'AU-KRUG-1OZ', quantity: 1, targetCentAmount: current + 50_000, expiresAt })).json;

  now = T0 + 180_000;
  clock.set(T0 + 181_000);
  await prices.pricing.recalculator.recalculateNow();
  await commerce.commerce.jobs.get('limit-order-execution')!.idle();

  const executed = (await http('GET', `/limit-orders/${reached.id}`)).json;
  t.equal(executed.status, 'executed', 'the hand-over executed it');
  t.ok(executed.executedCentAmount! <= reached.targetCentAmount, 'at the limit price or better');
  const order = (await http('GET', `/orders/${executed.orderId}`)).json as unknown as { orderNumber: string; priceSetId: string };
  t.equal(order.orderNumber, executed.orderNumber);
  t.equal(order.priceSetId, (await api.call('GET', '/admin/prices', { store: null })).json().id, 'priced from the new set');
  t.equal((await http('GET', `/limit-orders/${probe.json.id}`)).json.status, 'active', 'a target the prices did not reach waits');
});
