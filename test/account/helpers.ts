// The account features' harness: the carts-and-orders harness (real price sets through PUT /admin/prices)
// plus signed-in customers with a default address, price sets with a chosen buy price for one product,
// the service's jobs (run them, or wait for the run a hand-over triggered), and the admin availability call.
import type { Test } from 'tap';
import type { LightMyRequestResponse } from 'fastify';
import type { LimitOrder } from '../../src/contracts/limit-order.ts';
import type { PriceSet } from '../../src/contracts/price-set.ts';
import type { Db } from '../../src/commerce/db/index.ts';
import { lastMessageTo, swissAddress, type Api, type Harness } from '../commerce/helpers.ts';
import { addressOf, customer, handOver, priceSetAt, pricesNow, teardownData, type Shopper } from '../orders/helpers.ts';

export type Customer = Shopper & { email: string; password: string };

/** A signed-in customer whose first address is the default shipping and billing address. */
export async function customerWithAddress(api: Api, store: Shopper['store'] = 'ch'): Promise<Customer> {
  const c = await customer(api, store);
  const res = await c.call('PUT', `/customers/${c.ownerId}/address`, { address: store === 'ch' ? swissAddress() : addressOf[store] });
  if (res.statusCode !== 200) throw new Error(`address: ${res.statusCode} ${res.body}`);
  return c;
}

/** The service's scheduled work by name (limit-order-execution, limit-order-expiry, data-retention). */
export function job(api: Api, name: string) {
  const j = api.app.commerce.jobs.get(name);
  if (!j) throw new Error(`no job ${name}`);
  return j;
}

/** Waits until the executions the hand-overs triggered have run (every instance given). */
export async function executionsDone(...apis: Api[]): Promise<void> {
  for (const api of apis) await job(api, 'limit-order-execution').idle();
}

let setCounter = 0;

/**
 * The set the price service would hand over one second later, with the price per piece of `sku` of the
 * given type set to `cents` in every list and tier (the test decides the price, not the random walk).
 */
export async function setWithPrice(api: Api, sku: string, type: 'buy' | 'sell', cents: number): Promise<PriceSet> {
  api.clock.advance(1);
  const set = structuredClone(await priceSetAt(api.db, api.clock().getTime()));
  set.id = `${set.id}-t${++setCounter}`;
  for (const list of set.lists) {
    for (const p of list.products) {
      if (p.sku !== sku) continue;
      for (const price of p.prices) if (price.type === type) price.centAmount = cents;
    }
  }
  return set;
}

export const setWithBuyPrice = (api: Api, sku: string, cents: number) => setWithPrice(api, sku, 'buy', cents);

/** Hands over a set with that price and waits for the limit-order run it triggers. */
export async function priceComes(api: Api, sku: string, cents: number): Promise<PriceSet> {
  const set = await setWithBuyPrice(api, sku, cents);
  await handOver(api, set);
  await executionsDone(api);
  return set;
}

/** An expiry n days from the api's now. */
export function inDays(api: Api, days: number): string {
  return new Date(api.clock().getTime() + days * 86_400_000).toISOString();
}

export async function giveLimitOrder(c: Shopper, body: Record<string, unknown>): Promise<LimitOrder> {
  const res = await c.call('POST', '/limit-orders', body);
  if (res.statusCode !== 201) throw new Error(`limit order: ${res.statusCode} ${res.body}`);
  return res.json() as LimitOrder;
}

export async function limitOrderOf(c: Shopper, id: string): Promise<LimitOrder> {
  return (await c.call('GET', `/limit-orders/${id}`)).json() as LimitOrder;
}

/** The admin call (from loopback) that changes a product's availability or publication. */
export function setAvailability(api: Api, sku: string, body: { availability?: string; published?: boolean }): Promise<LightMyRequestResponse> {
  return api.call('PUT', `/admin/products/${sku}/availability`, { store: null, body });
}

/** Restores the availability and publication of products a test changes, as they were before it. */
export async function restoreProducts(t: Test, db: Db, skus: string[]): Promise<void> {
  const before = await db.query<{ sku: string; availability: string; published: boolean; badges: string[]; data: unknown }>(
    'select sku, availability, published, badges, data from products where sku = any(string_to_array($1, \',\'))',
    [skus.join(',')],
  );
  t.teardown(async () => {
    for (const p of before) {
      await db.query(
        `update products set availability = $2, published = $3, badges = string_to_array($4, ','), data = $5::jsonb where sku = $1`,
        [p.sku, p.availability, p.published, p.badges.join(','), JSON.stringify(p.data)],
      );
    }
  });
}

/** A test's service on the file's database, prices of its clock's now, and its data cleaned afterwards. */
export async function openAccountShop(h: Harness, t: Test, opts: Parameters<Harness['api']>[1] = {}): Promise<{ api: Api; set: PriceSet }> {
  const api = await h.api(t, opts);
  await teardownData(t, h.db);
  t.teardown(async () => {
    await h.db.query('delete from limit_orders');
  });
  const set = await pricesNow(api);
  return { api, set };
}

export async function mailCount(db: Db, to: string, subject: RegExp): Promise<number> {
  const rows = await db.query<{ subject: string | null }>('select subject from outbox where "to" = $1', [to]);
  return rows.filter((r) => subject.test(r.subject ?? '')).length;
}

export { lastMessageTo };
