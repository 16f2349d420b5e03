// Issue 14, "the order placed is the order reviewed": POST /orders takes the cart version the customer
// reviewed (If-Match: "<version>" and/or cartVersion in the body) and refuses any other with 409
// cart_version_conflict and details.currentVersion, changing nothing; a request without a version places
// the cart as it is (outside tools). A signed-in customer's order and its confirmation go to the account's
// e-mail address, not to one the cart was given as a guest.
import t from 'tap';
import type { Cart } from '../../src/contracts/cart.ts';
import type { Order } from '../../src/contracts/order.ts';
import { commerceHarness, lastMessageTo, login, messageCount, proof } from '../commerce/helpers.ts';
import { customer, guest, newKey, ok, placeOrder, readyCart } from './helpers.ts';
import { openShop } from './helpers.ts';

const h = await commerceHarness(t);

async function orderCount(): Promise<number> {
  const [{ n }] = await h.db.query<{ n: number }>('select count(*)::int as n from orders');
  return n;
}

t.test('a stale If-Match is refused with 409 cart_version_conflict and the current version; nothing is ordered', async (t) => {
  const { api } = await openShop(h, t);
  const c = await customer(api);
  const reviewed = await readyCart(c);
  // a second tab raises the quantity after the review
  const changed = await ok(c.call('PUT', `/carts/${reviewed.id}/line-items`, { sku: 'AU-KRUG-1OZ', quantity: 7 }));
  t.ok(changed.version > reviewed.version);
  const res = await c.call('POST', '/orders', { cartId: reviewed.id }, { 'idempotency-key': newKey(), 'if-match': `"${reviewed.version}"` });
  t.equal(res.statusCode, 409, res.body);
  t.match(res.json(), { code: 'cart_version_conflict', details: { currentVersion: changed.version } });
  t.equal(await orderCount(), 0, 'no order for the changed cart');
  const cart = (await c.call('GET', `/carts/${reviewed.id}`)).json() as Cart;
  t.equal(cart.version, changed.version, 'the cart is untouched (still active, same version)');

  // reviewed again: the current version (also as a weak tag) places it
  const placed = await c.call('POST', '/orders', { cartId: reviewed.id }, { 'idempotency-key': newKey(), 'if-match': `W/"${changed.version}"` });
  t.equal(placed.statusCode, 201, placed.body.slice(0, 300));
  t.equal((placed.json() as Order).lineItems[0].quantity, 7);
});

t.test('a stale cartVersion in the body is refused the same way; the current one places the order', async (t) => {
  const { api } = await openShop(h, t);
  const c = await customer(api);
  const reviewed = await readyCart(c);
  // another street in a second tab
  const changed = await ok(c.call('PUT', `/carts/${reviewed.id}/addresses`, { shippingAddress: { ...reviewed.shippingAddress, streetName: 'Seestrasse' } }));
  const stale = await placeOrder(c, reviewed.id, newKey(), { cartVersion: reviewed.version });
  t.equal(stale.statusCode, 409, stale.body);
  t.match(stale.json(), { code: 'cart_version_conflict', details: { currentVersion: changed.version } });
  t.equal(await orderCount(), 0);

  // header and body that disagree: one of them is not what is current
  const mixed = await c.call('POST', '/orders', { cartId: reviewed.id, cartVersion: changed.version }, { 'idempotency-key': newKey(), 'if-match': `"${reviewed.version}"` });
  t.equal(mixed.statusCode, 409);
  t.equal(mixed.json().code, 'cart_version_conflict');
  t.equal(await orderCount(), 0);

  const placed = await c.call('POST', '/orders', { cartId: reviewed.id, cartVersion: changed.version }, { 'idempotency-key': newKey(), 'if-match': `"${changed.version}"` });
  t.equal(placed.statusCode, 201, placed.body.slice(0, 300));
  t.equal((placed.json() as Order).shippingAddress.streetName, 'Seestrasse');
});

t.test('a version out of range or unreadable is a 400 (body) or a stale belief (header), never an order', async (t) => {
  const { api } = await openShop(h, t);
  const c = await customer(api);
  const cart = await readyCart(c);
  for (const v of [0, -1, 1.5, 2147483648, 'drei', null]) {
    const res = await placeOrder(c, cart.id, newKey(), { cartVersion: v });
    t.equal(res.statusCode, 400, `cartVersion ${JSON.stringify(v)}: ${res.body.slice(0, 200)}`);
    t.equal(res.json().code, 'validation_failed');
  }
  for (const header of ['"abc"', `"${cart.version}", "${cart.version + 1}"`, `"${cart.version + 1}"`]) {
    const res = await c.call('POST', '/orders', { cartId: cart.id }, { 'idempotency-key': newKey(), 'if-match': header });
    t.equal(res.statusCode, 409, `If-Match ${header}`);
    t.match(res.json(), { code: 'cart_version_conflict', details: { currentVersion: cart.version } });
  }
  t.equal(await orderCount(), 0);
});

t.test('without a version (outside tools) the cart is ordered as it is, as before', async (t) => {
  const { api } = await openShop(h, t);
  const c = await customer(api);
  const cart = await readyCart(c);
  await ok(c.call('PUT', `/carts/${cart.id}/line-items`, { sku: 'AU-KRUG-1OZ', quantity: 2 }));
  const res = await placeOrder(c, cart.id);
  t.equal(res.statusCode, 201, res.body.slice(0, 300));
  t.equal((res.json() as Order).lineItems[0].quantity, 2);
});

t.test('a replayed request (same key, same version) answers its order although the cart has moved on; another version under the key is 422', async (t) => {
  const { api } = await openShop(h, t);
  const c = await customer(api);
  const cart = await readyCart(c);
  const key = newKey();
  const first = await placeOrder(c, cart.id, key, { cartVersion: cart.version });
  t.equal(first.statusCode, 201, first.body.slice(0, 300));
  const again = await placeOrder(c, cart.id, key, { cartVersion: cart.version });
  t.equal(again.statusCode, 201, again.body.slice(0, 300));
  t.equal(again.headers['idempotent-replayed'], 'true');
  t.equal(again.json().id, first.json().id);
  const other = await placeOrder(c, cart.id, key, { cartVersion: cart.version + 1 });
  t.equal(other.statusCode, 422);
  t.equal(other.json().code, 'idempotency_key_reused');
  t.equal(await orderCount(), 1);
});

t.test('a guest who typed address A and signed in as B: the cart names B and the order and its mail go to B', async (t) => {
  const { api } = await openShop(h, t);
  const b = await customer(api);
  const g = await guest(api);
  const typed = `gast.${Math.random().toString(36).slice(2)}@example.ch`;
  const guestCart = await readyCart(g, { email: typed });
  t.equal(guestCart.customerEmail, typed);
  const session = await login(api, { email: b.email, password: b.password, store: 'ch' }, { anonymousId: g.ownerId }, proof(g.token));
  const cart = ((await api.call('GET', '/carts', { token: session.accessToken })).json().results as Cart[])[0];
  t.equal(cart.id, guestCart.id, 'the guest\'s cart moved into the account');
  t.equal(cart.customerEmail, b.email, 'the cart names the account\'s address (what the review shows)');
  const res = await api.call('POST', '/orders', { token: session.accessToken, body: { cartId: cart.id, cartVersion: cart.version }, headers: { 'idempotency-key': newKey() } });
  t.equal(res.statusCode, 201, res.body.slice(0, 300));
  const order = res.json() as Order;
  t.equal(order.customerEmail, b.email);
  t.match((await lastMessageTo(h.db, b.email))?.subject, order.orderNumber, 'the confirmation goes to the account');
  t.equal(await messageCount(h.db, typed), 0, 'nothing goes to the address typed as a guest');
});

t.test('a signed-in customer whose cart carries another e-mail: the order and its confirmation go to the account\'s address', async (t) => {
  const { api } = await openShop(h, t);
  const c = await customer(api);
  const other = `anders.${Math.random().toString(36).slice(2)}@example.ch`;
  const cart = await readyCart(c, { email: other });
  // a cart stored before this rule (or written by another path) may still carry another address
  await h.db.query('update carts set customer_email = $2 where id = $1', [cart.id, other]);
  const res = await placeOrder(c, cart.id);
  t.equal(res.statusCode, 201, res.body.slice(0, 300));
  t.equal((res.json() as Order).customerEmail, c.email);
  t.ok(await lastMessageTo(h.db, c.email));
  t.equal(await messageCount(h.db, other), 0);
});

t.test('an order racing a change of the cart: either the reviewed cart is ordered (and the change finds it ordered) or the order is refused, never the changed cart', async (t) => {
  const { api } = await openShop(h, t);
  const c = await customer(api);
  const outcomes = new Set<string>();
  for (let round = 0; round < 8; round++) {
    const reviewed = await readyCart(c);
    const [write, order] = await Promise.all([
      c.call('PUT', `/carts/${reviewed.id}/line-items`, { sku: 'AU-KRUG-1OZ', quantity: 7 }),
      placeOrder(c, reviewed.id, newKey(), { cartVersion: reviewed.version }),
    ]);
    if (order.statusCode === 201) {
      t.equal((order.json() as Order).lineItems[0].quantity, 1, 'the order is the reviewed cart');
      t.equal(write.statusCode, 404, 'the change came too late: the cart is ordered');
      outcomes.add('ordered');
    } else {
      t.equal(order.statusCode, 409);
      t.equal(order.json().code, 'cart_version_conflict');
      t.equal(write.statusCode, 200, 'the change won: nothing was ordered');
      outcomes.add('refused');
      await placeOrder(c, reviewed.id); // clean up: the next round starts a new cart
    }
  }
  t.comment(`outcomes: ${[...outcomes].join(', ')}`);
});
