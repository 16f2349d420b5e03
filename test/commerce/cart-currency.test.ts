// Spec 1 "A user can switch to USD", in commerce: a cart of a European store may be kept in the store's
// currency or in USD, and switching it (PUT /carts/{id} currency, or adding pieces in the other currency)
// re-prices every line at once from the current set; a coupon with no amount in the new currency is removed
// and the cart says so; any other currency is refused with 400 currency_not_allowed and nothing changes.
import t from 'tap';
import type { Cart, CartChangeResponse } from '../../src/contracts/cart.ts';
import { commerceHarness } from './helpers.ts';
import { guest, ok, openShop, type Shopper } from '../orders/helpers.ts';

const h = await commerceHarness(t);
const KRUG = 'AU-KRUG-1OZ';

async function add(s: Shopper, body: Record<string, unknown>): Promise<CartChangeResponse> {
  const res = await s.call('POST', '/carts/lines', { transactionType: 'buy', ...body });
  if (res.statusCode !== 200) throw new Error(`add line: ${res.statusCode} ${res.body}`);
  return res.json() as CartChangeResponse;
}

/** The Krugerrand's price in the current set's list of a country and currency (what the price pages show). */
async function listPrice(country: string, currency: string): Promise<number> {
  const [row] = await h.db.query<{ prices: { type: string; centAmount: number; minQuantity: number }[] }>(
    `select l.prices from price_list_items l join price_sets s on s.id = l.price_set_id
     where l.sku = $1 and l.country = $2 and l.currency = $3 order by s.created_at desc limit 1`, [KRUG, country, currency],
  ).catch(() => [] as never[]);
  return row ? row.prices.find((p) => p.type === 'buy' && p.minQuantity <= 1)!.centAmount : NaN;
}

t.test('switching a cart to USD re-prices its lines in USD; back to CHF restores the francs', async (t) => {
  const { api } = await openShop(h, t);
  const g = await guest(api);
  const chf = (await add(g, { sku: KRUG, quantity: 2 })).cart;
  t.equal(chf.currency, 'CHF');
  const usd = await ok(g.call('PUT', `/carts/${chf.id}`, { currency: 'USD' }));
  t.equal(usd.currency, 'USD');
  t.equal(usd.id, chf.id, 'the same cart, not a new one');
  t.equal(usd.lineItems[0].quantity, 2, 'the goods stay');
  t.equal(usd.lineItems[0].totalPrice?.currencyCode, 'USD');
  t.equal(usd.totalPrice?.currencyCode, 'USD');
  t.not(usd.lineItems[0].price?.centAmount, chf.lineItems[0].price?.centAmount, 'a dollar price, not the franc amount relabelled');
  const [row] = await h.db.query<{ currency: string }>('select currency from carts where id = $1', [chf.id]);
  t.equal(row.currency, 'USD', 'stored: an order is placed in it');
  const back = await ok(g.call('PUT', `/carts/${chf.id}`, { currency: 'CHF' }));
  t.equal(back.lineItems[0].price?.centAmount, chf.lineItems[0].price?.centAmount, 'the franc price again');
  const expected = await listPrice('CH', 'USD');
  if (!Number.isNaN(expected)) t.equal(usd.lineItems[0].price?.centAmount, expected, 'the price list of CH in USD');
});

t.test('another currency is refused and changes nothing', async (t) => {
  const { api } = await openShop(h, t);
  const g = await guest(api);
  const { cart } = await add(g, { sku: KRUG, quantity: 1 });
  const eur = await g.call('PUT', `/carts/${cart.id}`, { currency: 'EUR' });
  t.equal(eur.statusCode, 400);
  t.equal(eur.json().code, 'currency_not_allowed', 'the Swiss store sells in CHF or USD');
  const gbp = await g.call('PUT', `/carts/${cart.id}`, { currency: 'GBP' });
  t.equal(gbp.statusCode, 400, 'not a currency of the shop at all');
  const now = (await g.call('GET', `/carts/${cart.id}`)).json() as Cart;
  t.equal(now.currency, 'CHF');
  t.equal(now.version, cart.version, 'nothing written');
  t.equal((await g.call('POST', '/carts/lines', { transactionType: 'buy', sku: KRUG, quantity: 1, currency: 'EUR' })).json().code, 'currency_not_allowed');
});

t.test('adding pieces in the other currency puts the cart in it (the shopper saw those prices)', async (t) => {
  const { api } = await openShop(h, t);
  const g = await guest(api, 'de');
  const first = (await add(g, { sku: KRUG, quantity: 1, currency: 'EUR' })).cart;
  t.equal(first.currency, 'EUR');
  const second = (await add(g, { sku: KRUG, quantity: 1, currency: 'USD' })).cart;
  t.equal(second.id, first.id);
  t.equal(second.currency, 'USD');
  t.same(second.lineItems.map((l) => [l.quantity, l.totalPrice?.currencyCode]), [[2, 'USD']]);
  const third = (await add(g, { sku: KRUG, quantity: 1 })).cart;
  t.equal(third.currency, 'USD', 'an add without a currency leaves the cart as it is');
});

t.test('a coupon without an amount in the new currency is removed, and the cart says so', async (t) => {
  const { api } = await openShop(h, t);
  await h.db.query(
    `insert into discount_codes (id, code, kind, amounts, min_order, transaction_type, store_keys)
     values ('6f1c2d0e-0a51-4c1e-9d1a-5a0b7c1e0999', 'NURFRANKEN', 'fixed-amount', '{"CHF": 1000}', '{"CHF": 1}', 'buy', '{ch}') on conflict do nothing`,
  );
  t.teardown(async () => {
    await h.db.query(`update carts set discount_code_id = null where discount_code_id = '6f1c2d0e-0a51-4c1e-9d1a-5a0b7c1e0999'`);
    await h.db.query(`delete from discount_codes where code = 'NURFRANKEN'`);
  });
  const g = await guest(api);
  const { cart } = await add(g, { sku: KRUG, quantity: 1 });
  const withCode = await ok(g.call('PUT', `/admin/carts/${cart.id}/coupon`, { code: 'NURFRANKEN' }));
  t.equal(withCode.discount?.code, 'NURFRANKEN');
  const usd = await ok(g.call('PUT', `/carts/${cart.id}`, { currency: 'USD' }));
  t.equal(usd.discount, null, 'a franc amount does not apply to a dollar cart');
  t.match(usd.notifications, [{ code: 'coupon_not_applicable' }]);
  const kept = await ok(g.call('PUT', `/admin/carts/${cart.id}/coupon`, { code: 'WILLKOMMEN25' }));
  const chf = await ok(g.call('PUT', `/carts/${cart.id}`, { currency: 'CHF' }));
  t.equal(chf.discount?.code, kept.discount?.code, 'a code with an amount in both currencies stays');
});
