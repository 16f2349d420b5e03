// Issue 24, "the storefront asks, commerce decides": reading a cart in another language or currency is a read
// in commerce. GET /carts and GET /carts/{id} answer the cart in the currency and language asked for and store
// nothing (version and updated_at stay, another reader still sees the cart as stored); the cart takes the
// customer's language and currency with the customer's next write.
import t from 'tap';
import type { Cart, CartChangeResponse } from '../../src/contracts/cart.ts';
import { commerceHarness } from './helpers.ts';
import { guest, ok, openShop, type Shopper } from '../orders/helpers.ts';

const h = await commerceHarness(t);
const KRUG = 'AU-KRUG-1OZ';

async function add(s: Shopper, quantity = 1): Promise<Cart> {
  const res = await s.call('POST', '/carts/lines?languageTag=de-CH', { transactionType: 'buy', sku: KRUG, quantity });
  if (res.statusCode !== 200) throw new Error(`add line: ${res.statusCode} ${res.body}`);
  return (res.json() as CartChangeResponse).cart;
}

async function stored(id: string) {
  const [row] = await h.db.query<{ version: number; updated_at: Date; locale: string; currency: string }>(
    'select version, updated_at, locale, currency from carts where id = $1', [id],
  );
  return { version: row.version, updatedAt: row.updated_at.toISOString(), locale: row.locale, currency: row.currency };
}

t.test('a cart read in English and in USD is answered so and stores nothing', async (t) => {
  const { api } = await openShop(h, t);
  const g = await guest(api);
  const cart = await add(g, 2);
  const before = await stored(cart.id);
  t.same([before.locale, before.currency], ['de-CH', 'CHF']);
  api.clock.advance(60);

  const list = await g.call('GET', '/carts?languageTag=en-GB&currency=USD');
  t.equal(list.statusCode, 200);
  const [read] = (list.json() as { results: Cart[] }).results;
  t.equal(read.currency, 'USD', 'priced in the currency asked for');
  t.equal(read.lineItems[0].totalPrice?.currencyCode, 'USD');
  t.not(read.lineItems[0].price?.centAmount, cart.lineItems[0].price?.centAmount, 'a dollar price, not the franc amount relabelled');
  t.match(read.lineItems[0].name, /^Krugerrand .* Gold$/, 'the English name (Krügerrand in German)');
  const one = await g.call('GET', `/carts/${cart.id}?languageTag=en-GB&currency=USD&prices=held`);
  t.equal(one.statusCode, 200);
  t.equal((one.json() as Cart).currency, 'USD');
  t.equal(one.headers.etag, `"${cart.version}"`, 'the ETag is the stored version');

  t.same(await stored(cart.id), before, 'version, updated_at, locale and currency as they were: a read writes nothing');
  const other = await ok(g.call('GET', `/carts/${cart.id}?languageTag=de-CH`));
  t.equal(other.currency, 'CHF', 'a second tab reading in the store\'s currency sees the francs');
  t.equal(other.locale, 'de-CH', 'and the cart\'s own language');
  t.equal(other.version, cart.version);
});

t.test('the cart takes the customer\'s language and currency with the customer\'s next write', async (t) => {
  const { api } = await openShop(h, t);
  const g = await guest(api);
  const cart = await add(g, 1);
  api.clock.advance(60);
  const changed = await ok(g.call('PUT', `/carts/${cart.id}/line-items?languageTag=en-GB&currency=USD`, { sku: KRUG, quantity: 3 }));
  t.equal(changed.currency, 'USD');
  t.equal(changed.locale, 'en-GB');
  t.equal(changed.version, cart.version + 1, 'one write, one version');
  const row = await stored(cart.id);
  t.same([row.locale, row.currency, row.version], ['en-GB', 'USD', cart.version + 1], 'stored: an order is placed in it');
  t.equal(row.updatedAt, api.clock().toISOString());
  const bare = await ok(g.call('PUT', `/carts/${cart.id}/line-items?languageTag=de`, { sku: KRUG, quantity: 4 }));
  t.equal(bare.locale, 'en-GB', 'a bare language names no store locale: the cart keeps its own');
});

t.test('a read in a currency the store does not sell in is refused and changes nothing', async (t) => {
  const { api } = await openShop(h, t);
  const g = await guest(api);
  const cart = await add(g, 1);
  const before = await stored(cart.id);
  const eur = await g.call('GET', '/carts?currency=EUR');
  t.equal(eur.statusCode, 400);
  t.equal(eur.json().code, 'currency_not_allowed', 'the Swiss store sells in CHF or USD');
  const gbp = await g.call('GET', `/carts/${cart.id}?currency=GBP`);
  t.equal(gbp.statusCode, 400);
  t.equal(gbp.json().code, 'validation_failed');
  t.same(await stored(cart.id), before);
});
