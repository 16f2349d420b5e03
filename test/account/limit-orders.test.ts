// Limit orders (spec 3, 4, 5, 7; issue 10): giving one with the spec 5 rules, execution exactly once when a
// price set reaches the target (also with two sets close together), at the limit price or better, through
// the order code of POST /orders; expiry on time; failure with a reason for a sold-out or unpublished
// product and without a default address; the mails; changing and deleting; another customer's answers 404.
import t from 'tap';
import type { LimitOrder } from '../../src/contracts/limit-order.ts';
import type { Order } from '../../src/contracts/order.ts';
import { gzipSync } from 'node:zlib';
import { commerceHarness, lastMessageTo, PASSWORD, swissAddress } from '../commerce/helpers.ts';
import { customer } from '../orders/helpers.ts';
import {
  customerWithAddress, executionsDone, giveLimitOrder, inDays, job, limitOrderOf, mailCount, openAccountShop, priceComes, restoreProducts,
  setAvailability, setWithBuyPrice,
} from './helpers.ts';

const h = await commerceHarness(t);
const SKU = 'AU-KRUG-1OZ';

async function ordersOf(db: typeof h.db, customerId: string) {
  return db.query<{ id: string; order_number: string; limit_order_id: string | null; total_gross_cents: number }>(
    'select id, order_number, limit_order_id, total_gross_cents from orders where customer_id = $1', [customerId],
  );
}

t.test('a signed-in customer gives a limit order: 201 with its number, target, the current price, expiry and status active', async (t) => {
  const { api } = await openAccountShop(h, t);
  const c = await customerWithAddress(api);
  const expiresAt = inDays(api, 30);
  const res = await c.call('POST', '/limit-orders', { sku: SKU, quantity: 2, targetCentAmount: 150_000, expiresAt });
  t.equal(res.statusCode, 201, res.body);
  const lo = res.json() as LimitOrder;
  t.match(lo, {
    sku: SKU, quantity: 2, targetCentAmount: 150_000, expiresAt, status: 'active', type: 'buy', currency: 'CHF', expiresInDays: 30,
    name: 'Krügerrand 1 Unze Gold', published: true, notice: null, orderNumber: null, failureReason: null,
  });
  t.match(lo.number, /^CH-L-\d{4}-\d{6}$/);
  t.type(lo.currentCentAmount, 'number');
  t.ok(lo.currentCentAmount! > 150_000, 'the current buy price per piece');
  t.same(await limitOrderOf(c, lo.id), lo, 'GET /limit-orders/{id} answers the same');
  const list = (await c.call('GET', '/limit-orders')).json();
  t.equal(list.total, 1);
  t.equal(list.results[0].id, lo.id);
  const en = (await c.call('GET', `/limit-orders/${lo.id}?languageTag=en`)).json() as LimitOrder;
  t.equal(en.name, 'Krugerrand 1 oz Gold', 'names in the requested language');
});

t.test('spec 5 rules: expiry required and in the future, price at most 500,000, a product that can be bought', async (t) => {
  const { api } = await openAccountShop(h, t);
  const c = await customerWithAddress(api);
  const field = async (body: Record<string, unknown>) => {
    const res = await c.call('POST', '/limit-orders', { sku: SKU, quantity: 1, targetCentAmount: 100_000, expiresAt: inDays(api, 10), ...body });
    t.equal(res.statusCode, 400, res.body);
    return res.json().details.fields[0];
  };
  t.match(await field({ expiresAt: new Date(api.clock().getTime() - 1000).toISOString() }), { field: 'expiresAt', code: 'date_in_past', message: 'This date must be in the future.' });
  t.match(await field({ expiresAt: api.clock().toISOString() }), { code: 'date_in_past' }, 'now is not the future');
  t.match(await field({ expiresAt: inDays(api, 400) }), { field: 'expiresAt', code: 'date_too_far' });
  t.match(await field({ expiresAt: 'tomorrow' }), { field: 'expiresAt', code: 'invalid_value' });
  t.match(await field({ expiresAt: inDays(api, 3).slice(0, 16) }), { code: 'invalid_value' }, 'a time without its offset is no moment');
  t.equal((await c.call('POST', '/limit-orders', { sku: SKU, quantity: 1, targetCentAmount: 100_000, expiresAt: '2026-11-30T18:00+01:00' })).statusCode, 201, 'an offset is fine');
  t.match(await field({ targetCentAmount: 50_000_001 }), { field: 'targetCentAmount', code: 'limit_price_too_high' });
  t.match(await field({ expiresAt: undefined }), { field: 'expiresAt', code: 'required' });
  t.equal((await c.call('POST', '/limit-orders', { sku: SKU, quantity: 1, targetCentAmount: 50_000_000, expiresAt: inDays(api, 1) })).statusCode, 201, '500,000.00 is allowed');
  const code = async (body: Record<string, unknown>) => (await c.call('POST', '/limit-orders', { quantity: 1, targetCentAmount: 100_000, expiresAt: inDays(api, 10), ...body })).json().code;
  t.equal(await code({ sku: 'NO-SUCH-SKU' }), 'product_not_found');
  t.equal(await code({ sku: SKU, quantity: 2, targetCentAmount: 30_000_000 }), 'cart_limit_exceeded', 'the order it becomes stays within the cart maximum');
  const dutyFree = (await h.db.query<{ sku: string }>('select sku from products where duty_free limit 1'))[0].sku;
  t.equal(await code({ sku: dutyFree }), 'duty_free_via_support');
  const guest = await api.call('POST', '/limit-orders', { body: { sku: SKU, quantity: 1, targetCentAmount: 1, expiresAt: inDays(api, 1) } });
  t.equal(guest.statusCode, 401, 'a token is needed');
  t.equal((await h.db.query('select id from limit_orders where customer_id = $1', [c.ownerId])).length, 2, 'refused ones left nothing behind');
});

t.test('a price set at or below the target executes the limit order once: one order at that price, executed with the order number, one mail', async (t) => {
  const { api } = await openAccountShop(h, t);
  const c = await customerWithAddress(api);
  const lo = await giveLimitOrder(c, { sku: SKU, quantity: 2, targetCentAmount: 180_000, expiresAt: inDays(api, 7) });

  await priceComes(api, SKU, 180_001);
  t.equal((await limitOrderOf(c, lo.id)).status, 'active', 'one cent above the target: nothing happens');
  t.equal((await ordersOf(h.db, c.ownerId)).length, 0);

  await priceComes(api, SKU, 179_500);
  const done = await limitOrderOf(c, lo.id);
  t.match(done, { status: 'executed', executedCentAmount: 179_500 }, 'executed at the new price: the limit price or better');
  const orders = await ordersOf(h.db, c.ownerId);
  t.equal(orders.length, 1, 'exactly one order');
  t.equal(done.orderNumber, orders[0].order_number, 'with the order\'s number');
  t.equal(done.orderId, orders[0].id);
  t.equal(orders[0].limit_order_id, lo.id);
  const order = (await c.call('GET', `/orders/${orders[0].id}`)).json() as Order;
  t.match(order, {
    type: 'buy', paymentMethod: 'bank-transfer', orderState: 'Open', shippingInfo: { key: 'shipping' },
    lineItems: [{ sku: SKU, quantity: 2, price: { centAmount: 179_500 } }],
    shippingAddress: { streetName: 'Bahnhofstrasse', zipCode: '8001' }, billingAddress: { lastName: 'Muster' }, customerEmail: c.email,
  }, 'the customer\'s default addresses, bank transfer');
  t.ok(order.paymentInstructions?.iban, 'with the bank details to pay to');
  const mail = await lastMessageTo(h.db, c.email);
  t.match(mail?.subject, `Ihre Limit-Order ${lo.number} wurde ausgeführt – Bestellung ${done.orderNumber}`);
  t.match(mail?.text, /Limit CHF.*1.800\.00 pro Stück\) wurde zu CHF.*1.795\.00 pro Stück ausgeführt/);
  t.match(mail?.text, 'IBAN', 'the order confirmation with the bank details');
  t.notMatch(mail?.text, 'ß', 'Swiss German');
  t.equal(await mailCount(h.db, c.email, /Limit-Order/), 1, 'one mail');
  t.same((await c.call('GET', '/carts')).json().results, [], 'the customer\'s carts are untouched: the limit order had its own');

  await priceComes(api, SKU, 170_000);
  await job(api, 'limit-order-expiry').run();
  t.equal((await ordersOf(h.db, c.ownerId)).length, 1, 'a later, lower set does not execute it again');
  t.equal(await mailCount(h.db, c.email, /Limit-Order/), 1);
  t.equal((await c.call('PUT', `/limit-orders/${lo.id}`, { targetCentAmount: 200_000 })).json().code, 'limit_order_not_editable');
  t.equal((await c.call('DELETE', `/limit-orders/${lo.id}`)).json().code, 'limit_order_not_editable');
});

t.test('two price sets arriving close together execute a limit order once', async (t) => {
  const { api } = await openAccountShop(h, t);
  const customers = await Promise.all([1, 2, 3].map(() => customerWithAddress(api)));
  const los = await Promise.all(customers.map((c) => giveLimitOrder(c, { sku: SKU, quantity: 1, targetCentAmount: 190_000, expiresAt: inDays(api, 7) })));
  const first = await setWithBuyPrice(api, SKU, 185_000);
  const second = await setWithBuyPrice(api, SKU, 184_000);
  const put = (set: unknown) => api.app.inject({
    method: 'PUT', url: '/admin/prices', payload: gzipSync(JSON.stringify(set)), headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
  });
  const answers = await Promise.all([put(first), put(second), put(second)]);
  t.same(answers.map((a) => a.statusCode), [200, 200, 200]);
  // and the jobs run side by side as well: every run guards each limit order
  await Promise.all([job(api, 'limit-order-execution').run(), job(api, 'limit-order-execution').run(), executionsDone(api)]);
  for (const [i, c] of customers.entries()) {
    t.equal((await ordersOf(h.db, c.ownerId)).length, 1, `customer ${i + 1}: one order`);
    t.equal((await limitOrderOf(c, los[i].id)).status, 'executed');
    t.equal(await mailCount(h.db, c.email, /Limit-Order/), 1, `customer ${i + 1}: one mail`);
  }
});

t.test('a limit order expires on time: inactive with a mail, and it never executes afterwards', async (t) => {
  const { api } = await openAccountShop(h, t);
  const c = await customerWithAddress(api);
  const lo = await giveLimitOrder(c, { sku: SKU, quantity: 1, targetCentAmount: 150_000, expiresAt: new Date(api.clock().getTime() + 600_000).toISOString() });
  api.clock.advance(599);
  await job(api, 'limit-order-expiry').run();
  t.equal((await limitOrderOf(c, lo.id)).status, 'active', 'a second before its expiry it is active');
  api.clock.advance(1);
  t.equal((await limitOrderOf(c, lo.id)).status, 'inactive', 'at its expiry it answers inactive');
  const report = await job(api, 'limit-order-expiry').run() as { expired: string[] };
  t.same(report.expired, [lo.id], 'the timer job writes it');
  t.match(await lastMessageTo(h.db, c.email), { subject: `Ihre Limit-Order ${lo.number} ist abgelaufen` });
  t.equal((await h.db.query<{ status: string }>('select status from limit_orders where id = $1', [lo.id]))[0].status, 'inactive');

  await priceComes(api, SKU, 100_000);
  t.equal((await ordersOf(h.db, c.ownerId)).length, 0, 'a price below the target later does not execute an expired limit order');
  await job(api, 'limit-order-expiry').run();
  t.equal(await mailCount(h.db, c.email, /abgelaufen/), 1, 'one expiry mail');

  const revived = await c.call('PUT', `/limit-orders/${lo.id}`, { expiresAt: inDays(api, 2) });
  t.equal(revived.json().status, 'active', 'a new expiry makes it active again');
  await priceComes(api, SKU, 100_000);
  t.equal((await limitOrderOf(c, lo.id)).status, 'executed', 'and then it executes');
});

t.test('a limit order whose expiry passes before the next set expires instead of executing', async (t) => {
  const { api } = await openAccountShop(h, t);
  const c = await customerWithAddress(api);
  const lo = await giveLimitOrder(c, { sku: SKU, quantity: 1, targetCentAmount: 150_000, expiresAt: new Date(api.clock().getTime() + 60_000).toISOString() });
  api.clock.advance(120);
  await priceComes(api, SKU, 100_000);
  t.equal((await limitOrderOf(c, lo.id)).status, 'inactive');
  t.equal((await ordersOf(h.db, c.ownerId)).length, 0);
});

t.test('never executes a sold-out product: the limit order fails with the reason and a mail', async (t) => {
  const { api } = await openAccountShop(h, t);
  await restoreProducts(t, h.db, [SKU]);
  const c = await customerWithAddress(api);
  const lo = await giveLimitOrder(c, { sku: SKU, quantity: 1, targetCentAmount: 190_000, expiresAt: inDays(api, 7) });
  t.equal((await setAvailability(api, SKU, { availability: 'soldOut' })).statusCode, 200);
  await priceComes(api, SKU, 150_000);
  const failed = await limitOrderOf(c, lo.id);
  t.match(failed, { status: 'failed', failureReason: { code: 'product_out_of_stock' }, orderNumber: null });
  t.equal((await ordersOf(h.db, c.ownerId)).length, 0, 'no order');
  t.match(await lastMessageTo(h.db, c.email), { subject: `Ihre Limit-Order ${lo.number} konnte nicht ausgeführt werden`, text: /ausverkauft/ });
  await setAvailability(api, SKU, { availability: 'available' });
  await priceComes(api, SKU, 150_000);
  t.equal((await limitOrderOf(c, lo.id)).status, 'failed', 'failed is final');
  t.equal((await ordersOf(h.db, c.ownerId)).length, 0);
  t.equal((await c.call('POST', '/limit-orders', { sku: SKU, quantity: 1, targetCentAmount: 1, expiresAt: inDays(api, 1) })).statusCode, 201);
  await setAvailability(api, SKU, { availability: 'soldOut' });
  t.equal((await c.call('POST', '/limit-orders', { sku: SKU, quantity: 1, targetCentAmount: 1, expiresAt: inDays(api, 1) })).json().code, 'product_out_of_stock', 'a sold-out product takes no new limit order');
});

t.test('a product no longer published: the notice shows while active, and the limit order fails when its price comes', async (t) => {
  const { api } = await openAccountShop(h, t);
  const sku = 'AU-MAPLE-1OZ';
  await restoreProducts(t, h.db, [sku]);
  const c = await customerWithAddress(api);
  const lo = await giveLimitOrder(c, { sku, quantity: 1, targetCentAmount: 150_000, expiresAt: inDays(api, 7) });
  await setAvailability(api, sku, { published: false });
  const shown = await limitOrderOf(c, lo.id);
  t.match(shown, { status: 'active', published: false, notice: { code: 'limit_order_product_unpublished', message: 'The product of this limit order is no longer published.' } });
  await priceComes(api, sku, 100_000);
  t.match(await limitOrderOf(c, lo.id), { status: 'failed', failureReason: { code: 'product_no_longer_available' }, notice: null });
  t.equal((await ordersOf(h.db, c.ownerId)).length, 0);
});

t.test('issue 17: without a default shipping and billing address a limit order is refused (409 no_default_address) and nothing is saved', async (t) => {
  const { api } = await openAccountShop(h, t);
  const c = await customer(api);
  const body = { sku: SKU, quantity: 1, targetCentAmount: 190_000, expiresAt: inDays(api, 7) };
  const res = await c.call('POST', '/limit-orders', body);
  t.equal(res.statusCode, 409, res.body);
  t.match(res.json(), { code: 'no_default_address', message: 'Please set a default shipping and billing address in your account.' });
  t.same(await h.db.query('select id from limit_orders where customer_id = $1', [c.ownerId]), [], 'nothing saved');

  // an address that is the default shipping address only is not enough: the order needs a billing address too
  const added = await c.call('PUT', `/customers/${c.ownerId}/address`, { address: { ...swissAddress(), defaultShipping: true } });
  t.equal(added.statusCode, 200, added.body);
  await h.db.query('update addresses set default_billing = false where customer_id = $1', [c.ownerId]);
  t.equal((await c.call('POST', '/limit-orders', body)).json().code, 'no_default_address', 'no default billing address');
  await h.db.query('update addresses set default_billing = true where customer_id = $1', [c.ownerId]);
  const given = await c.call('POST', '/limit-orders', body);
  t.equal(given.statusCode, 201, 'with both defaults it is saved');

  // a change is saved under the same rule
  await h.db.query('update addresses set default_shipping = false where customer_id = $1', [c.ownerId]);
  const changed = await c.call('PUT', `/limit-orders/${given.json().id}`, { quantity: 2 });
  t.equal(changed.statusCode, 409);
  t.equal(changed.json().code, 'no_default_address');
  t.equal((await limitOrderOf(c, given.json().id)).quantity, 1, 'unchanged');
  t.equal((await c.call('DELETE', `/limit-orders/${given.json().id}`)).statusCode, 200, 'deleting is always possible');
});

t.test('issue 17: a default shipping address in a country the store does not deliver to is refused (400 country_not_allowed)', async (t) => {
  const { api } = await openAccountShop(h, t);
  const c = await customer(api);
  t.equal((await c.call('PUT', `/customers/${c.ownerId}/address`, { address: swissAddress() })).statusCode, 200);
  await h.db.query(`update addresses set country = 'DE', zip_code = '80802', city = 'München' where customer_id = $1`, [c.ownerId]);
  const res = await c.call('POST', '/limit-orders', { sku: SKU, quantity: 1, targetCentAmount: 190_000, expiresAt: inDays(api, 7) });
  t.equal(res.statusCode, 400, res.body);
  t.equal(res.json().code, 'country_not_allowed');
  t.same(await h.db.query('select id from limit_orders where customer_id = $1', [c.ownerId]), []);
});

t.test('an address removed after the limit order was given: it fails with no_default_address; in English for an English customer', async (t) => {
  const { api } = await openAccountShop(h, t);
  const c = await customerWithAddress(api);
  const lo = await giveLimitOrder(c, { sku: SKU, quantity: 1, targetCentAmount: 190_000, expiresAt: inDays(api, 7) });
  const [address] = await h.db.query<{ id: string }>('select id from addresses where customer_id = $1', [c.ownerId]);
  t.equal((await c.call('DELETE', `/customers/${c.ownerId}/address/${address.id}`)).statusCode, 200, 'the last address may go');
  await c.call('PUT', `/customers/${c.ownerId}`, { language: 'en' });
  await h.db.query(`update limit_orders set language = 'en' where id = $1`, [lo.id]);
  await priceComes(api, SKU, 150_000);
  t.match(await limitOrderOf(c, lo.id), { status: 'failed', failureReason: { code: 'no_default_address', message: 'Please set a default shipping and billing address in your account.' } });
  t.match(await lastMessageTo(h.db, c.email), { subject: `Your limit order ${lo.number} could not be executed`, text: /no default shipping and billing address/ });
});

t.test('a change of quantity, target or expiry applies to an open limit order; deleting cancels it and it stays in the list', async (t) => {
  const { api } = await openAccountShop(h, t);
  const c = await customerWithAddress(api);
  const lo = await giveLimitOrder(c, { sku: SKU, quantity: 1, targetCentAmount: 150_000, expiresAt: inDays(api, 7) });
  const changed = await c.call('PUT', `/limit-orders/${lo.id}`, { quantity: 3, targetCentAmount: 160_000 });
  t.match(changed.json(), { quantity: 3, targetCentAmount: 160_000, expiresAt: lo.expiresAt, status: 'active' });
  t.equal((await c.call('PUT', `/limit-orders/${lo.id}`, { targetCentAmount: 60_000_000 })).json().details.fields[0].code, 'limit_price_too_high');
  t.equal((await c.call('PUT', `/limit-orders/${lo.id}`, { expiresAt: inDays(api, -1) })).json().details.fields[0].code, 'date_in_past');
  const deleted = await c.call('DELETE', `/limit-orders/${lo.id}`);
  t.equal(deleted.statusCode, 200);
  t.equal(deleted.json().status, 'cancelled');
  t.equal((await c.call('DELETE', `/limit-orders/${lo.id}`)).json().status, 'cancelled', 'deleting again changes nothing');
  t.equal((await c.call('PUT', `/limit-orders/${lo.id}`, { quantity: 1 })).json().code, 'limit_order_not_editable');
  await priceComes(api, SKU, 100_000);
  t.equal((await limitOrderOf(c, lo.id)).status, 'cancelled', 'a cancelled limit order never executes');
  const open = (await c.call('GET', '/limit-orders?status=active,inactive,pending')).json();
  t.equal(open.total, 0, 'the overview\'s open limit orders');
  t.equal((await c.call('GET', '/limit-orders?status=cancelled')).json().total, 1);
  t.equal((await c.call('GET', '/limit-orders?status=everything')).statusCode, 400);
});

t.test('the list is the customer\'s own, newest first and paged', async (t) => {
  const { api } = await openAccountShop(h, t);
  const c = await customerWithAddress(api);
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) {
    ids.push((await giveLimitOrder(c, { sku: SKU, quantity: 1, targetCentAmount: 100_000 + i, expiresAt: inDays(api, 7) })).id);
    api.clock.advance(1);
  }
  const page = (await c.call('GET', '/limit-orders?limit=2&offset=1')).json();
  t.equal(page.total, 3);
  t.same(page.results.map((r: LimitOrder) => r.id), [ids[1], ids[0]]);
});

t.test('another customer\'s limit order answers 404, and so does a malformed id', async (t) => {
  const { api } = await openAccountShop(h, t);
  const owner = await customerWithAddress(api);
  const other = await customerWithAddress(api);
  const lo = await giveLimitOrder(owner, { sku: SKU, quantity: 1, targetCentAmount: 100_000, expiresAt: inDays(api, 7) });
  for (const [method, body] of [['GET', undefined], ['PUT', { quantity: 5 }], ['DELETE', undefined]] as const) {
    const res = await other.call(method, `/limit-orders/${lo.id}`, body);
    t.equal(res.statusCode, 404, method);
    t.equal(res.json().code, 'limit_order_not_found');
  }
  t.equal((await other.call('GET', '/limit-orders')).json().total, 0);
  t.equal((await owner.call('GET', '/limit-orders/not-a-uuid')).json().code, 'limit_order_not_found');
  t.equal((await api.call('GET', `/limit-orders/${lo.id}`, { store: 'de', token: owner.token })).statusCode, 401, 'a token of another store is not valid');
  t.match(await limitOrderOf(owner, lo.id), { quantity: 1, status: 'active' }, 'unchanged');
});

t.test('account deletion waits for open limit orders (also one being executed), and takes the closed ones with it', async (t) => {
  const { api } = await openAccountShop(h, t);
  const c = await customerWithAddress(api);
  const lo = await giveLimitOrder(c, { sku: SKU, quantity: 1, targetCentAmount: 100_000, expiresAt: inDays(api, 7) });
  const del = () => c.call('DELETE', `/customers/${c.ownerId}`, { password: PASSWORD });
  t.equal((await del()).json().code, 'limit_orders_exist');
  await h.db.query(`update limit_orders set status = 'pending', claimed_at = $2 where id = $1`, [lo.id, api.clock()]);
  t.equal((await del()).json().code, 'limit_orders_exist', 'pending counts');
  api.clock.advance(121);
  const report = await job(api, 'limit-order-expiry').run() as { recovered: number };
  t.equal(report.recovered, 1, 'a claim older than two minutes goes back to active');
  t.equal((await limitOrderOf(c, lo.id)).status, 'active');
  t.equal((await c.call('DELETE', `/limit-orders/${lo.id}`)).json().status, 'cancelled');
  t.equal((await del()).statusCode, 200);
  t.equal((await h.db.query('select id from limit_orders where id = $1', [lo.id])).length, 0, 'gone with the account');
});
