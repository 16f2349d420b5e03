// Issue 23, a guest's depot: metal we store is kept in the depot of a customer account, so a purchase into the
// deposit needs one. A guest's deposit order is refused with deposit_requires_account (the service enforces
// it, whatever the page offers) and nothing changes; the methods list shows the deposit to a guest as not
// available with that reason; the guest who signs in keeps the cart and orders into their own depot.
import t from 'tap';
import type { Order, ShippingMethodsResponse } from '../../src/contracts/order.ts';
import { orderReasonOrder } from '../../src/commerce/orders/create.ts';
import { depositRefusal } from '../../src/contracts/checkout-rules.ts';
import en from '../../locales/en.json' with { type: 'json' };
import de from '../../locales/de.json' with { type: 'json' };
import { commerceHarness, login, proof } from '../commerce/helpers.ts';
import { customer, guest, openShop, placeOrder, readyCart } from './helpers.ts';

const h = await commerceHarness(t);
const BAR = 'AU-BAR-HERAEUS-100G';

t.test('a guest\'s deposit order is refused with deposit_requires_account and changes nothing', async (t) => {
  const { api } = await openShop(h, t);
  const g = await guest(api);
  const cart = await readyCart(g, { lines: [{ sku: BAR, quantity: 1 }], shippingMethodId: 'deposit' });
  t.equal(cart.shippingInfo?.key, 'deposit', 'the cart may carry the method (spec 4 recreates a deposit cart)');

  const methods = (await g.call('GET', `/orders/shipping-methods?cartId=${cart.id}&languageTag=en`)).json() as ShippingMethodsResponse;
  t.match(methods.methods.find((m) => m.key === 'deposit'), { available: false, reason: 'deposit_requires_account' }, 'the checkout is told why');
  t.match(methods.methods.find((m) => m.key === 'shipping'), { available: true }, 'the other ways stay open');

  const refused = await placeOrder(g, cart.id);
  t.equal(refused.statusCode, 409);
  t.match(refused.json(), { code: 'deposit_requires_account', details: { reasons: ['deposit_requires_account'] } });
  t.match(refused.json().message, /sign in or register/);
  const still = await g.call('GET', `/carts/${cart.id}`);
  t.equal(still.statusCode, 200, 'the cart is still there');
  t.equal(still.json().lineItems.length, 1, 'as it was');
  const [{ n }] = await h.db.query<{ n: number }>('select count(*)::int as n from orders where customer_id = $1', [g.ownerId]);
  t.equal(n, 0, 'no order');

  // the same guest may still have it shipped
  const shipped = await placeOrder(g, (await readyCart(g, { lines: [{ sku: BAR, quantity: 1 }] })).id);
  t.equal(shipped.statusCode, 201, 'a guest buys with delivery as before');
});

t.test('a customer with an account orders into the depot; a guest who signs in brings the cart and orders', async (t) => {
  const { api } = await openShop(h, t);
  const c = await customer(api);
  const own = await placeOrder(c, (await readyCart(c, { lines: [{ sku: BAR, quantity: 1 }], shippingMethodId: 'deposit' })).id);
  t.equal(own.statusCode, 201, 'an account holder buys into the depot');
  t.equal((own.json() as Order).shippingInfo.key, 'deposit');

  const g = await guest(api);
  const cart = await readyCart(g, { lines: [{ sku: BAR, quantity: 2 }], shippingMethodId: 'deposit' });
  t.equal((await placeOrder(g, cart.id)).statusCode, 409);
  const account = await customer(api);
  const session = await login(api, { email: account.email, password: account.password, store: 'ch' }, { anonymousId: g.ownerId }, proof(g.token));
  const after = { ...account, token: session.accessToken, call: (m: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, headers?: Record<string, string>) => api.call(m, url, { store: 'ch', token: session.accessToken, body, headers }) };
  const carts = (await after.call('GET', '/carts')).json().results as { id: string; transactionType: string; shippingInfo: { key: string } | null; lineItems: { quantity: number }[] }[];
  const buy = carts.find((x) => x.transactionType === 'buy')!;
  t.equal(buy.shippingInfo?.key, 'deposit', 'the cart came along with its method');
  const placed = await placeOrder(after, buy.id);
  t.equal(placed.statusCode, 201, 'signed in, the same cart is ordered');
  t.equal((placed.json() as Order).shippingInfo.key, 'deposit', 'into the depot of the account');
});

t.test('one rule for page and service: only the deposit, only without an account; customers read why in both languages', async (t) => {
  const code = 'deposit_requires_account';
  t.equal(depositRefusal('deposit', false), code);
  t.equal(depositRefusal('deposit', true), null);
  t.equal(depositRefusal('shipping', false), null);
  t.equal(depositRefusal('depositSell', false), null, 'a sale from the deposit has its own rules');
  t.ok(orderReasonOrder.indexOf(code) === orderReasonOrder.indexOf('deposit_invalid_items') + 1, 'reported after the deposit\'s item rules');
  t.match((en as { form: { error: Record<string, string> } }).form.error[code], /account/);
  t.match((de as { form: { error: Record<string, string> } }).form.error[code], /Kundenkonto/);
});
