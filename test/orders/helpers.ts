// The carts-and-orders harness: the commerce harness (a migrated, seeded database per file, an app per test
// with its own clock) plus real price sets. A set is what the price service would hand over at a moment:
// the real engine prices the seeded catalogue from the simulated feed's quote at that time, and the set
// goes in through PUT /admin/prices like the price service sends it.
import { gzipSync } from 'node:zlib';
import type { Test } from 'tap';
import type { LightMyRequestResponse } from 'fastify';
import type { Cart } from '../../src/contracts/cart.ts';
import type { PriceSet } from '../../src/contracts/price-set.ts';
import { pricingAttributes } from '../../src/commerce/catalogue/queries.ts';
import type { Db } from '../../src/commerce/db/index.ts';
import { buildPriceBook, usableProducts } from '../../src/pricing/engine/price-book.ts';
import { createSimulatedFeed } from '../../src/pricing/feed/simulated.ts';
import { priceSetFromBook } from '../../src/pricing/price-handover.ts';
import type { StoreKey } from '../../src/stores.ts';
import { anonymous, login, registerVerified, swissAddress, T0, type Api, type Harness } from '../commerce/helpers.ts';

export { T0 };

/** The set the price service would hand over after a recalculation ending at `at` (valid 180 s). */
export async function priceSetAt(db: Db, at: number, opts: { validS?: number } = {}): Promise<PriceSet> {
  const feed = createSimulatedFeed({ seed: 20261122, clock: () => at });
  const { products } = usableProducts(await pricingAttributes(db));
  const book = buildPriceBook(products, await feed.quote(), null, new Date(at).toISOString());
  return priceSetFromBook(book, products, at + (opts.validS ?? 180) * 1000);
}

/** Hands a set to the service the way the price service does (gzip); fails the test on anything but 200. */
export async function handOver(api: Api, set: PriceSet): Promise<void> {
  const res = await api.app.inject({
    method: 'PUT', url: '/admin/prices', payload: gzipSync(JSON.stringify(set)),
    headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
  });
  if (res.statusCode !== 200 || res.json().current !== true) throw new Error(`hand-over failed: ${res.statusCode} ${res.body}`);
}

/** Hands over the set of the api clock's now: prices for carts. */
export async function pricesNow(api: Api): Promise<PriceSet> {
  const set = await priceSetAt(api.db, api.clock().getTime());
  await handOver(api, set);
  return set;
}

export interface Shopper {
  token: string;
  ownerId: string;
  store: StoreKey;
  call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
}

function shopper(api: Api, token: string, ownerId: string, store: StoreKey): Shopper {
  return {
    token, ownerId, store,
    call: (method, url, body, headers) => api.call(method, url, { store, token, body, headers }),
  };
}

/** A guest with an anonymous token (spec 4: guests get one before creating a cart). */
export async function guest(api: Api, store: StoreKey = 'ch'): Promise<Shopper> {
  const t = await anonymous(api, store);
  return shopper(api, t.accessToken, t.ownerId, store);
}

/** A registered, verified, signed-in customer. */
export async function customer(api: Api, store: StoreKey = 'ch', body: Record<string, unknown> = {}): Promise<Shopper & { email: string; password: string }> {
  const account = await registerVerified(api, { store, body, email: `kunde.${Math.random().toString(36).slice(2)}@example.${store === 'us' ? 'com' : store}` });
  const session = await login(api, account);
  return { ...shopper(api, session.accessToken, account.id, store), email: account.email, password: account.password };
}

const storeCountry: Record<StoreKey, { country: string; currency: string }> = {
  at: { country: 'AT', currency: 'EUR' }, ch: { country: 'CH', currency: 'CHF' }, de: { country: 'DE', currency: 'EUR' },
  li: { country: 'LI', currency: 'CHF' }, us: { country: 'US', currency: 'USD' },
};

export async function createCart(s: Shopper, transactionType: 'buy' | 'sell' = 'buy', extra: Record<string, unknown> = {}): Promise<Cart> {
  const res = await s.call('POST', '/carts', { transactionType, orderType: 'order', ...storeCountry[s.store], ...extra });
  if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`create cart: ${res.statusCode} ${res.body}`);
  return res.json() as Cart;
}

/** A cart write that must succeed; answers the cart. */
export async function ok(res: Promise<LightMyRequestResponse> | LightMyRequestResponse): Promise<Cart> {
  const r = await res;
  if (r.statusCode !== 200 && r.statusCode !== 201) throw new Error(`expected success: ${r.statusCode} ${r.body}`);
  return r.json() as Cart;
}

export const addressOf: Record<StoreKey, Record<string, unknown>> = {
  ch: swissAddress(),
  li: swissAddress({ zipCode: '9490', city: 'Vaduz', country: 'LI', phone: '+423 239 63 00' }),
  at: { firstName: 'Anna', lastName: 'Muster', streetName: 'Graben', streetNumber: '1', zipCode: '1010', city: 'Wien', country: 'AT', phone: '+43 1 53114 0' },
  de: { firstName: 'Anna', lastName: 'Muster', streetName: 'Marienplatz', streetNumber: '8', zipCode: '80331', city: 'München', country: 'DE', phone: '+49 89 2330 0' },
  us: { firstName: 'Anna', lastName: 'Muster', streetName: 'Fifth Avenue', streetNumber: '350', zipCode: '10118', city: 'New York', state: 'NY', country: 'US', phone: '+1 212 736 3100' },
};

/**
 * A cart ready to order: a Krugerrand 1 oz (buy) with addresses, e-mail, standard shipping, bank transfer;
 * each part can be overridden or left out.
 */
export async function readyCart(s: Shopper, opts: {
  type?: 'buy' | 'sell'; lines?: { sku: string; quantity: number }[]; shippingMethodId?: string | null; paymentMethod?: string | null;
  pickupStore?: string; email?: string | null; addresses?: boolean;
} = {}): Promise<Cart> {
  const type = opts.type ?? 'buy';
  let cart = await createCart(s, type);
  for (const l of opts.lines ?? [{ sku: 'AU-KRUG-1OZ', quantity: 1 }]) cart = await ok(s.call('PUT', `/carts/${cart.id}/line-items`, l));
  if (opts.addresses !== false) {
    const body: Record<string, unknown> = { shippingAddress: addressOf[s.store], billingAddress: addressOf[s.store] };
    if (opts.email !== null) body.email = opts.email ?? 'anna.muster@example.ch';
    cart = await ok(s.call('PUT', `/carts/${cart.id}/addresses`, body));
  }
  const settings: Record<string, unknown> = {};
  const method = opts.shippingMethodId === undefined ? (type === 'buy' ? 'shipping' : 'shippingSell') : opts.shippingMethodId;
  if (method !== null) settings.shippingMethodId = method;
  const payment = opts.paymentMethod === undefined ? 'bank-transfer' : opts.paymentMethod;
  if (payment !== null) settings.paymentMethod = payment;
  if (opts.pickupStore) settings.pickupStore = opts.pickupStore;
  if (Object.keys(settings).length > 0) cart = await ok(s.call('PUT', `/carts/${cart.id}`, settings));
  return cart;
}

let keyCounter = 0;
export function newKey(): string {
  return `order-${process.pid}-${++keyCounter}-${Math.random().toString(36).slice(2)}`;
}

export function placeOrder(s: Shopper, cartId: string, key = newKey(), body: Record<string, unknown> = {}, query = '') {
  return s.call('POST', `/orders${query}`, { cartId, ...body }, { 'idempotency-key': key });
}

/** A test's service on the file's database with prices of its clock's now; its data is cleaned afterwards. */
export async function openShop(h: Harness, t: Test): Promise<{ api: Api; set: PriceSet }> {
  const api = await h.api(t);
  await teardownData(t, h.db);
  const set = await pricesNow(api);
  return { api, set };
}

/** Cleans a test's orders, carts and price sets from the shared file database (tests stay independent). */
export async function teardownData(t: Test, db: Db): Promise<void> {
  t.teardown(async () => {
    await db.query('delete from order_requests');
    await db.query('delete from orders');
    await db.query('delete from carts');
    await db.query('delete from current_price_set');
    await db.query('delete from price_sets');
  });
}
