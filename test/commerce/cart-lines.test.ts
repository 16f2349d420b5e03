// Issue 16, carts in commerce: add to cart is one call (POST /carts/lines: the cart created on demand, the pieces
// added to what it holds in one transaction, the limits checked there), the delivery mode switch is one call
// (PUT /carts/{id}/mode), and a new price set costs no cart write: a read prices the cart from the current set
// and stores nothing, the cart takes the prices with the customer's next change.
import t from 'tap';
import type { Cart, CartChangeResponse } from '../../src/contracts/cart.ts';
import { commerceHarness } from './helpers.ts';
import { createCart, guest, handOver, ok, openShop, priceSetAt, type Shopper } from '../orders/helpers.ts';

const h = await commerceHarness(t);

const KRUG = 'AU-KRUG-1OZ';
const BAR = 'AU-BAR-HERAEUS-1KG-CAST';

async function add(s: Shopper, body: Record<string, unknown>): Promise<CartChangeResponse> {
  const res = await s.call('POST', '/carts/lines', { transactionType: 'buy', ...body });
  if (res.statusCode !== 200) throw new Error(`add line: ${res.statusCode} ${res.body}`);
  return res.json() as CartChangeResponse;
}

/** The cart as stored (what an order is checked against), not as an answer shows it. */
async function stored(id: string) {
  const [row] = await h.db.query<{ version: number; updated_at: Date; price_set_id: string | null; line_items: { sku: string; quantity: number; price: { centAmount: number } | null }[] }>(
    'select version, updated_at, price_set_id, line_items from carts where id = $1', [id],
  );
  return row;
}

t.test('add line creates the cart on demand and adds to what it holds', async (t) => {
  const { api } = await openShop(h, t);
  const g = await guest(api);
  const first = await add(g, { sku: KRUG, quantity: 2 });
  t.equal(first.recreated, false);
  t.match(first.cart, { transactionType: 'buy', country: 'CH', currency: 'CHF', lineItems: [{ sku: KRUG, quantity: 2 }], itemCount: 2 });
  const second = await add(g, { sku: KRUG, quantity: 3 });
  t.equal(second.cart.id, first.cart.id, 'the same active cart');
  t.equal(second.cart.lineItems[0].quantity, 5, 'added to the held 2');
  t.equal(second.cart.version, first.cart.version + 1);
  const list = (await g.call('GET', '/carts')).json() as { results: Cart[] };
  t.equal(list.results.length, 1, 'one cart of the type');
});

t.test('two tabs adding at once both count: no lost update, also when neither had a cart yet', async (t) => {
  const { api } = await openShop(h, t);
  const g = await guest(api);
  const [a, b] = await Promise.all([add(g, { sku: KRUG, quantity: 2 }), add(g, { sku: KRUG, quantity: 3 })]);
  t.equal(a.cart.id, b.cart.id, 'one cart created');
  const [c, d, e] = await Promise.all([add(g, { sku: KRUG, quantity: 1 }), add(g, { sku: KRUG, quantity: 1 }), add(g, { sku: 'AG-PHIL-1OZ', quantity: 4 })]);
  t.same([c, d, e].map((r) => r.cart.id), [a.cart.id, a.cart.id, a.cart.id]);
  const cart = (await g.call('GET', `/carts/${a.cart.id}`)).json() as Cart;
  t.same(cart.lineItems.map((l) => [l.sku, l.quantity]), [[KRUG, 7], ['AG-PHIL-1OZ', 4]], '2 + 3 + 1 + 1 Krugerrands, 4 Philharmoniker');
});

t.test('limits stay the stable codes and a refused add changes nothing', async (t) => {
  const { api } = await openShop(h, t);
  const g = await guest(api);
  const { cart } = await add(g, { sku: 'ACC-CAPSULES-37MM-10', quantity: 9_999 });
  const line = await g.call('POST', '/carts/lines', { transactionType: 'buy', sku: 'ACC-CAPSULES-37MM-10', quantity: 2 });
  t.equal(line.statusCode, 409);
  t.equal(line.json().code, 'line_quantity_exceeded', 'at most 10,000 pieces a line, counted on the sum');
  const body = await g.call('POST', '/carts/lines', { transactionType: 'buy', sku: KRUG, quantity: 10_001 });
  t.equal(body.statusCode, 400, 'more than 10,000 in one add is bad input');
  t.equal(body.json().code, 'validation_failed');
  await add(g, { sku: BAR, quantity: 3 });
  const over = await g.call('POST', '/carts/lines', { transactionType: 'buy', sku: BAR, quantity: 3 });
  t.equal(over.statusCode, 409);
  t.equal(over.json().code, 'cart_limit_exceeded', 'spec 9: six kilo bars pass 500,000');
  const now = (await g.call('GET', `/carts/${cart.id}`)).json() as Cart;
  t.same(now.lineItems.map((l) => [l.sku, l.quantity]), [['ACC-CAPSULES-37MM-10', 9_999], [BAR, 3]], 'nothing changed');
  t.equal((await g.call('POST', '/carts/lines', { transactionType: 'buy', sku: 'AU-EAGLE-1-10OZ', quantity: 1 })).json().code, 'product_out_of_stock');
  t.equal((await g.call('POST', '/carts/lines', { transactionType: 'buy', sku: 'NO-SUCH-SKU', quantity: 1 })).json().code, 'product_not_found');
  t.equal((await g.call('POST', '/carts/lines', { transactionType: 'buy', sku: KRUG, quantity: 1, country: 'DE' })).json().code, 'country_not_allowed');
  t.equal((await api.call('POST', '/carts/lines', { body: { transactionType: 'buy', sku: KRUG, quantity: 1 } })).json().code, 'token_required');
});

t.test('the deposit mode in the same call: goods of the other mode start a new cart, an empty cart just changes its method', async (t) => {
  const { api } = await openShop(h, t);
  const g = await guest(api);
  const delivered = await add(g, { sku: KRUG, quantity: 1 });
  const deposit = await add(g, { sku: KRUG, quantity: 2, deposit: true });
  t.equal(deposit.recreated, true, 'spec 4: deleted and created anew');
  t.not(deposit.cart.id, delivered.cart.id);
  t.match(deposit.cart, { shippingInfo: { key: 'deposit' }, lineItems: [{ sku: KRUG, quantity: 2 }] });
  t.equal((await g.call('GET', `/carts/${delivered.cart.id}`)).statusCode, 404, 'the old cart is gone');
  const more = await add(g, { sku: KRUG, quantity: 1, deposit: true });
  t.equal(more.recreated, false, 'the same mode keeps the cart');
  t.equal(more.cart.lineItems[0].quantity, 3);
  // a refused add leaves the cart in its mode: the recreation is rolled back with it
  const refused = await g.call('POST', '/carts/lines', { transactionType: 'buy', sku: 'NO-SUCH-SKU', quantity: 1, deposit: false });
  t.equal(refused.json().code, 'product_not_found');
  t.equal((await g.call('GET', `/carts/${more.cart.id}`)).json().lineItems[0].quantity, 3, 'the deposit cart is untouched');

  const sell = await createCart(g, 'sell');
  const res = await g.call('PUT', `/carts/${sell.id}/mode`, { deposit: true });
  t.equal(res.statusCode, 200);
  const empty = res.json() as CartChangeResponse;
  t.match(empty, { recreated: false, cart: { id: sell.id, shippingInfo: { key: 'depositSell' } } });
  const same = (await g.call('PUT', `/carts/${sell.id}/mode`, { deposit: true })).json() as CartChangeResponse;
  t.equal(same.cart.version, empty.cart.version, 'nothing to change: no write');
  const back = await g.call('PUT', `/carts/${deposit.cart.id}/mode`, { deposit: false });
  t.match(back.json(), { recreated: true, cart: { shippingInfo: null, lineItems: [] } }, 'goods of the deposit mode: started anew in one call');
  t.equal((await g.call('PUT', `/carts/${sell.id}/mode`, { deposit: false }, { 'if-match': '"1"' })).json().code, 'cart_version_conflict');
});

t.test('a price tick causes no cart write; the cart still shows the new prices when read, and takes them with the next write', async (t) => {
  const { api, set } = await openShop(h, t);
  const g = await guest(api);
  const { cart } = await add(g, { sku: KRUG, quantity: 1 });
  const before = await stored(cart.id);
  t.equal(before.price_set_id, set.id);

  api.clock.advance(180);
  const next = await priceSetAt(h.db, api.clock().getTime());
  await handOver(api, next);
  const newPrice = next.lists.find((l) => l.country === 'CH' && l.currency === 'CHF')!.products.find((p) => p.sku === KRUG)!.prices.find((p) => p.type === 'buy' && p.minQuantity === 1)!.centAmount;
  t.not(newPrice, cart.lineItems[0].price?.centAmount, 'gold moved in three minutes');

  const list = (await g.call('GET', '/carts')).json() as { results: Cart[] };
  const read = (await g.call('GET', `/carts/${cart.id}`)).json() as Cart;
  for (const c of [list.results[0], read]) {
    t.equal(c.lineItems[0].price?.centAmount, newPrice, 'the read shows the new price');
    t.equal(c.totalPrice?.centAmount, newPrice);
    t.equal(c.priceSetId, next.id);
    t.equal(c.pricesValidUntil, next.validUntil);
    t.equal(c.heldPriceSetId, set.id, 'and says the cart still holds the old set');
    t.equal(c.version, cart.version, 'the same version');
  }
  const after = await stored(cart.id);
  t.equal(after.version, before.version, 'no write: the stored version did not move');
  t.equal(after.updated_at.getTime(), before.updated_at.getTime());
  t.equal(after.price_set_id, set.id);
  t.same(after.line_items.map((l) => l.price?.centAmount), before.line_items.map((l) => l.price?.centAmount), 'the stored prices are the old ones');

  const held = (await g.call('GET', `/carts/${cart.id}?prices=held`)).json() as Cart;
  t.equal(held.lineItems[0].price?.centAmount, cart.lineItems[0].price?.centAmount, 'prices=held: what the cart holds (the cart page\'s price lock)');
  t.equal(held.pricesValidUntil, null, 'which are not the current set\'s');
  t.equal(held.heldPriceSetId, held.priceSetId);

  // the customer acts: the next write takes the current prices
  const more = await add(g, { sku: KRUG, quantity: 1 });
  t.equal(more.cart.heldPriceSetId, next.id);
  t.equal(more.cart.priceSetId, next.id);
  t.equal((await stored(cart.id)).price_set_id, next.id);
});

t.test('a read leaves out what the shop cannot sell any more, with its notice, and stores nothing', async (t) => {
  const { api } = await openShop(h, t);
  const g = await guest(api);
  const { cart } = await add(g, { sku: 'AU-PHIL-1OZ', quantity: 1 });
  await add(g, { sku: KRUG, quantity: 1 });
  await h.db.query(`update products set data = jsonb_set(data, '{availability}', '"soldOut"') where sku = 'AU-PHIL-1OZ'`);
  t.teardown(() => h.db.query(`update products set data = jsonb_set(data, '{availability}', '"available"') where sku = 'AU-PHIL-1OZ'`));
  const version = (await stored(cart.id)).version;
  const read = (await g.call('GET', `/carts/${cart.id}`)).json() as Cart;
  t.same(read.lineItems.map((l) => l.sku), [KRUG]);
  t.same(read.notifications.map((n) => [n.code, n.sku]), [['product_out_of_stock', 'AU-PHIL-1OZ']]);
  t.equal((await stored(cart.id)).version, version, 'no write');
  t.equal((await stored(cart.id)).line_items.length, 2);
  const taken = await ok(g.call('POST', `/carts/${cart.id}/recalculate`));
  t.same(taken.lineItems.map((l) => l.sku), [KRUG], 'the next write stores it');
});
