// Issue 24, the back office as a workbench, on commerce's side: the order list's sort, date range and
// pickup-store filter (checked: bad input is a 400 with a stable code), each operator's saved views (another
// operator's view is not found), the bulk steps (each order its own transaction and audit entry; a refused
// row says why and the others still go), the packing slips and the Scrap Metal Box queue.
import t from 'tap';
import type { Order } from '../../src/contracts/order.ts';
import type { BulkResult, PackingSlipsResponse, SavedView } from '../../src/contracts/ops-lists.ts';
import type { OpsOrdersResponse } from '../../src/contracts/ops.ts';
import { commerceHarness } from '../commerce/helpers.ts';
import { addressOf, customer, ok, openShop, placeOrder, readyCart, type Shopper } from '../orders/helpers.ts';
import { auditActions, order } from '../lifecycle/helpers.ts';
import { demoToken, opsCall } from './helpers.ts';

const h = await commerceHarness(t);

/** An order whose billing name is `lastName`, of `quantity` Krugerrands (so totals differ), placed at `at`. */
async function orderOf(s: Shopper, lastName: string, quantity: number, at: string, opts: Parameters<typeof readyCart>[1] = {}): Promise<Order> {
  const cart = await readyCart(s, { lines: [{ sku: 'AU-KRUG-1OZ', quantity }], ...opts });
  const address = { ...addressOf[s.store], lastName };
  await ok(s.call('PUT', `/carts/${cart.id}/addresses`, { shippingAddress: address, billingAddress: address, email: 'anna.muster@example.ch' }));
  const res = await placeOrder(s, cart.id);
  if (res.statusCode !== 201) throw new Error(`order: ${res.statusCode} ${res.body}`);
  const o = res.json() as Order;
  // the day it was placed (the price set is the clock's; only the order's date moves)
  await h.db.query('update orders set created_at = $2 where id = $1', [o.id, at]);
  return o;
}

const numbers = (res: { json(): unknown }) => (res.json() as OpsOrdersResponse).results.map((r) => r.orderNumber);

t.test('the list sorts by total, customer and order number both ways, and each row names the customer and the total', async (t) => {
  const { api } = await openShop(h, t);
  const support = await demoToken(api, 'support');
  const c = await customer(api, 'ch');
  const small = await orderOf(c, 'Zeller', 1, '2026-11-20T09:00:00Z');
  const large = await orderOf(c, 'Amsler', 3, '2026-11-21T09:00:00Z');
  const middle = await orderOf(c, 'Meier', 2, '2026-11-22T09:00:00Z');

  const byTotal = await opsCall(api, 'GET', '/ops/orders?sort=total&dir=desc', support);
  t.equal(byTotal.statusCode, 200, byTotal.body);
  t.same(numbers(byTotal), [large.orderNumber, middle.orderNumber, small.orderNumber], 'largest total first');
  t.match((byTotal.json() as OpsOrdersResponse).results[0], { customerName: 'Anna Amsler', total: { centAmount: large.totalGrossPrice.centAmount, currencyCode: 'CHF' } },
    'the row names the customer and the total');
  t.same(numbers(await opsCall(api, 'GET', '/ops/orders?sort=total', support)), [small.orderNumber, middle.orderNumber, large.orderNumber], 'a column sorts ascending by default');
  t.same(numbers(await opsCall(api, 'GET', '/ops/orders?sort=customer', support)), [large.orderNumber, middle.orderNumber, small.orderNumber], 'Amsler, Meier, Zeller');
  t.same(numbers(await opsCall(api, 'GET', '/ops/orders?sort=customer&dir=desc', support)), [small.orderNumber, middle.orderNumber, large.orderNumber]);
  t.same(numbers(await opsCall(api, 'GET', '/ops/orders', support)), [middle.orderNumber, large.orderNumber, small.orderNumber], 'unsorted: newest first, as before');
  t.same(numbers(await opsCall(api, 'GET', '/ops/orders?sort=createdAt&dir=asc&limit=2&offset=1', support)), [large.orderNumber, middle.orderNumber], 'paging follows the sort');

  const bad = await opsCall(api, 'GET', '/ops/orders?sort=price', support);
  t.equal(bad.statusCode, 400);
  t.equal(bad.json().code, 'validation_failed', 'an unknown column is refused, not ignored');
});

t.test('the date range takes each order\'s day in its store\'s time zone, days relative to today, and refuses a range that runs backwards', async (t) => {
  const { api } = await openShop(h, t); // the clock: Sunday 2026-11-22, 10:00 UTC
  const support = await demoToken(api, 'support');
  const ch = await customer(api, 'ch');
  const us = await customer(api, 'us');
  // 22:30 UTC is 23:30 on the 17th in Zurich; 02:00 UTC on the 18th is still 21:00 on the 17th in New York
  const zurichLate = await orderOf(ch, 'Spät', 1, '2026-11-17T22:30:00Z');
  const newYorkLate = await orderOf(us, 'Late', 1, '2026-11-18T02:00:00Z');
  const zurich19 = await orderOf(ch, 'Mitte', 1, '2026-11-19T09:00:00Z');
  const zurichToday = await orderOf(ch, 'Heute', 1, '2026-11-22T08:00:00Z');

  const day17 = await opsCall(api, 'GET', '/ops/orders?from=2026-11-17&to=2026-11-17', support);
  t.equal(day17.statusCode, 200, day17.body);
  t.same(numbers(day17).sort(), [zurichLate.orderNumber, newYorkLate.orderNumber].sort(), 'both belong to the 17th of their store, though UTC says 17th and 18th');
  t.same(numbers(await opsCall(api, 'GET', '/ops/orders?from=2026-11-18', support)), [zurichToday.orderNumber, zurich19.orderNumber], 'from the 18th on');
  t.same(numbers(await opsCall(api, 'GET', '/ops/orders?to=today-3&store=ch', support)), [zurich19.orderNumber, zurichLate.orderNumber], '"at least 3 days old": placed on the 19th or before');
  t.same(numbers(await opsCall(api, 'GET', '/ops/orders?from=today&to=today', support)), [zurichToday.orderNumber], 'today in the store\'s time zone');

  const backwards = await opsCall(api, 'GET', '/ops/orders?from=2026-11-22&to=2026-11-20', support);
  t.equal(backwards.statusCode, 400);
  t.match(backwards.json(), { code: 'invalid_date_range', details: { from: '2026-11-22', to: '2026-11-20' } });
  t.equal((await opsCall(api, 'GET', '/ops/orders?from=today&to=today-2', support)).json().code, 'invalid_date_range', 'relative days run backwards too');
  const noSuchDay = await opsCall(api, 'GET', '/ops/orders?from=2026-02-30', support);
  t.equal(noSuchDay.statusCode, 400);
  t.match(noSuchDay.json(), { code: 'validation_failed', details: { fields: [{ field: 'from', code: 'invalid_value' }] } });
  t.equal((await opsCall(api, 'GET', '/ops/orders?from=yesterday', support)).statusCode, 400, 'a day in words other than today-N');
});

t.test('the pickup-store filter finds the orders to collect in Zurich', async (t) => {
  const { api } = await openShop(h, t);
  const support = await demoToken(api, 'support');
  const c = await customer(api, 'ch');
  const parcel = await order(c);
  const zurich = await orderOf(c, 'Abholer', 1, api.clock().toISOString(), { shippingMethodId: 'pickup', pickupStore: 'zuerich', paymentMethod: 'cash' });
  const res = await opsCall(api, 'GET', '/ops/orders?store=ch&pickupStore=zuerich&from=today', support);
  t.equal(res.statusCode, 200, res.body);
  t.same(numbers(res), [zurich.orderNumber]);
  t.notOk(numbers(res).includes(parcel.orderNumber));
});

t.test('saved views belong to their operator: listed, opened and deleted by it alone; another operator\'s view answers 404', async (t) => {
  const { api } = await openShop(h, t);
  const finance = await demoToken(api, 'finance');
  const warehouse = await demoToken(api, 'warehouse');
  const unpaid = await opsCall(api, 'POST', '/ops/saved-views', finance, { name: 'Unbezahlt nach 3 Tagen', query: { queue: 'to_pay', to: 'today-3', sort: 'createdAt', dir: 'asc' } });
  t.equal(unpaid.statusCode, 201, unpaid.body);
  const view = unpaid.json() as SavedView;
  t.match(view, { name: 'Unbezahlt nach 3 Tagen', query: { queue: 'to_pay', to: 'today-3', sort: 'createdAt', dir: 'asc' } });
  const assay = await opsCall(api, 'POST', '/ops/saved-views', warehouse, { name: 'To assay', query: { queue: 'to_assay' } });
  t.equal(assay.statusCode, 201);

  t.same((await opsCall(api, 'GET', '/ops/saved-views', finance)).json().results.map((v: SavedView) => v.name), ['Unbezahlt nach 3 Tagen'], 'finance sees its own views only');
  t.same((await opsCall(api, 'GET', '/ops/saved-views', warehouse)).json().results.map((v: SavedView) => v.name), ['To assay']);
  const foreign = await opsCall(api, 'GET', `/ops/saved-views/${view.id}`, warehouse);
  t.equal(foreign.statusCode, 404);
  t.equal(foreign.json().code, 'saved_view_not_found');
  t.equal((await opsCall(api, 'DELETE', `/ops/saved-views/${view.id}`, warehouse)).statusCode, 404, 'nor can another operator delete it');
  t.equal((await opsCall(api, 'GET', `/ops/saved-views/${view.id}`, finance)).statusCode, 200, 'it is still there for its owner');

  const again = await opsCall(api, 'POST', '/ops/saved-views', finance, { name: 'Unbezahlt nach 3 Tagen', query: { queue: 'to_pay', to: 'today-5' } });
  t.equal(again.statusCode, 200, 'the same name replaces the view');
  t.equal(again.json().id, view.id);
  t.same(again.json().query, { queue: 'to_pay', to: 'today-5' });

  const badQuery = await opsCall(api, 'POST', '/ops/saved-views', finance, { name: 'x', query: { sort: 'price' } });
  t.equal(badQuery.statusCode, 400, 'a view holds a query the list takes, nothing else');
  t.equal((await opsCall(api, 'POST', '/ops/saved-views', finance, { name: '   ', query: {} })).statusCode, 400, 'a name of blanks');

  t.equal((await opsCall(api, 'DELETE', `/ops/saved-views/${view.id}`, finance)).statusCode, 200);
  t.same((await opsCall(api, 'GET', '/ops/saved-views', finance)).json().results, []);
});

t.test('a bulk shipment records each parcel in its own transaction with its own audit entry; a refused row says why and the others still go', async (t) => {
  const { api } = await openShop(h, t);
  const finance = await demoToken(api, 'finance');
  const warehouse = await demoToken(api, 'warehouse');
  const c = await customer(api, 'ch');
  const [a, b, unpaid] = [await order(c), await order(c), await order(c)];
  const pay = (o: Order) => ({ orderId: o.id, centAmount: o.totalGrossPrice.centAmount, currency: 'CHF', reference: `Zahlung ${o.orderNumber}`, valueDate: '2026-11-23' });
  const paid = await opsCall(api, 'POST', '/ops/bulk/payments', finance, { items: [pay(a), pay(b)] });
  t.equal(paid.statusCode, 200, paid.body);
  t.match(paid.json(), { done: 2, failed: 0, results: [{ orderId: a.id, ok: true, orderState: 'Confirmed', paymentState: 'Paid' }, { orderId: b.id, ok: true }] });
  const twice = (await opsCall(api, 'POST', '/ops/bulk/payments', finance, { items: [pay(a)] })).json() as BulkResult;
  t.match(twice.results[0], { ok: false, error: { code: 'invalid_transition', status: 409 } }, 'a paid order takes no second payment');

  const ship = await opsCall(api, 'POST', '/ops/bulk/shipments', warehouse, { items: [
    { orderId: a.id, carrier: 'DHL', trackingNumber: '00340434161234567890' },
    { orderId: unpaid.id, carrier: 'DPD', trackingNumber: '01234567890123' },
    { orderId: b.id, carrier: 'Swiss Post', trackingNumber: '99.00.123456.12345678'.replace(/\./g, '') },
    { orderId: '7c6a3f36-1c59-4f2b-9d0e-3c1c1d8f7a10', carrier: 'DHL', trackingNumber: '00340434160000000000' },
  ] });
  t.equal(ship.statusCode, 200, ship.body);
  const r = ship.json() as BulkResult;
  t.match(r, { done: 2, failed: 2 });
  t.match(r.results, [
    { orderId: a.id, orderNumber: a.orderNumber, ok: true, orderState: 'Complete' },
    { orderId: unpaid.id, ok: false, error: { code: 'invalid_transition', status: 409 } },
    { orderId: b.id, ok: true, orderState: 'Complete' },
    { ok: false, error: { code: 'order_not_found', status: 404 } },
  ], 'the unpaid order says why; the one after it still ships');
  t.same((await auditActions(h.db, a.id)).slice(-1), ['shipped']);
  t.same((await auditActions(h.db, b.id)).slice(-1), ['shipped']);
  t.same(await auditActions(h.db, unpaid.id), ['placed'], 'the refused order is untouched');
  const audit = (await opsCall(api, 'GET', `/ops/audit?orderId=${b.id}`, warehouse)).json().results[0];
  t.match(audit, { action: 'shipped', actor: { email: 'warehouse@ops.example' }, details: { carrier: 'Swiss Post' } }, 'the audit names the operator of each order\'s step');

  t.equal((await opsCall(api, 'POST', '/ops/bulk/shipments', finance, { items: [{ orderId: a.id, carrier: 'DHL', trackingNumber: '003404341612' }] })).statusCode, 403, 'finance does not ship');
  t.equal((await opsCall(api, 'POST', '/ops/bulk/shipments', warehouse, { items: [] })).statusCode, 400, 'an empty bulk');
  const tooMany = Array.from({ length: 101 }, () => ({ orderId: a.id, carrier: 'DHL', trackingNumber: '003404341612' }));
  t.equal((await opsCall(api, 'POST', '/ops/bulk/shipments', warehouse, { items: tooMany })).json().code, 'validation_failed', 'at most 100 orders');
});

t.test('packing slips: one per order with number, date, ship-to address, lines with quantity and fine weight, and no prices', async (t) => {
  const { api } = await openShop(h, t);
  const warehouse = await demoToken(api, 'warehouse');
  const c = await customer(api, 'ch');
  const a = await orderOf(c, 'Keller', 2, '2026-11-20T09:00:00Z');
  const b = await orderOf(c, 'Brunner', 1, '2026-11-21T09:00:00Z');
  const res = await opsCall(api, 'POST', '/ops/packing-slips', warehouse, { orderIds: [b.id, a.id], languageTag: 'de' });
  t.equal(res.statusCode, 200, res.body);
  const { slips } = res.json() as PackingSlipsResponse;
  t.same(slips.map((s) => s.orderNumber), [b.orderNumber, a.orderNumber], 'in the order asked');
  t.match(slips[1], {
    orderNumber: a.orderNumber, createdAt: '2026-11-20T09:00:00.000Z', shipTo: { lastName: 'Keller', city: 'Zürich' },
    lines: [{ sku: 'AU-KRUG-1OZ', quantity: 2, fineWeightMg: 62207 }], fineWeightMg: 62207,
  }, 'two Krugerrands hold 2 x 31.1035 g of fine gold, in milligrams');
  t.notMatch(res.body, /centAmount|price/i, 'a packing slip names no prices');
  const unknown = await opsCall(api, 'POST', '/ops/packing-slips', warehouse, { orderIds: [a.id, '7c6a3f36-1c59-4f2b-9d0e-3c1c1d8f7a10'] });
  t.equal(unknown.statusCode, 404);
  t.equal(unknown.json().code, 'order_not_found');
});

t.test('a sale by Scrap Metal Box waits in the queue "box to send" until the warehouse records the box sent (audited)', async (t) => {
  const { api } = await openShop(h, t);
  const warehouse = await demoToken(api, 'warehouse');
  const support = await demoToken(api, 'support');
  const c = await customer(api, 'de');
  const cart = await readyCart(c, { type: 'sell', lines: [], shippingMethodId: 'scrapMetalBox' });
  await ok(c.call('POST', `/carts/${cart.id}/scrap-items`, { metal: 'gold', fineness: 585, weightGrams: 12 }));
  await ok(c.call('PUT', `/carts/${cart.id}/payout-account`, { accountOwner: 'Anna Muster', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' }));
  const placed = await placeOrder(c, cart.id);
  t.equal(placed.statusCode, 201, placed.body);
  const sale = placed.json() as Order;
  const byParcel = await order(c, { type: 'sell', lines: [{ sku: 'AU-KRUG-1OZ', quantity: 1 }] }).catch(() => null);

  const queue = await opsCall(api, 'GET', '/ops/orders?queue=scrap_box_to_send', support);
  t.equal(queue.statusCode, 200, queue.body);
  t.same(numbers(queue), [sale.orderNumber], 'only the sale that chose the box');
  t.equal(queue.json().counts.scrap_box_to_send, 1);
  t.match(queue.json().results[0], { queues: ['goods_to_receive', 'scrap_box_to_send'] });
  if (byParcel) t.notOk(numbers(queue).includes(byParcel.orderNumber));

  const bySupport = await opsCall(api, 'POST', `/ops/orders/${sale.id}/scrap-box-sent`, support, {});
  t.equal(bySupport.statusCode, 403, 'support does not send boxes');
  const sent = await opsCall(api, 'POST', `/ops/orders/${sale.id}/scrap-box-sent`, warehouse, { carrier: 'dhl', trackingNumber: '00340434169999999999' });
  t.equal(sent.statusCode, 200, sent.body);
  t.match(sent.json().summary, { orderState: 'Requested', queues: ['goods_to_receive'] }, 'the order stays Requested and leaves the queue');
  t.match(sent.json().timeline.at(-1), { action: 'scrap_box_sent', actor: { email: 'warehouse@ops.example' }, details: { carrier: 'DHL', trackingNumber: '00340434169999999999' } });
  t.equal((await opsCall(api, 'GET', '/ops/orders?queue=scrap_box_to_send', support)).json().total, 0, 'nobody sends it twice');
  const twice = await opsCall(api, 'POST', `/ops/orders/${sale.id}/scrap-box-sent`, warehouse, {});
  t.equal(twice.statusCode, 409);
  t.equal(twice.json().code, 'invalid_transition');
  t.notOk((await c.call('GET', `/orders/${sale.id}`)).json().timeline.some((e: { kind: string }) => e.kind === 'scrap_box_sent'), 'a staff record, not on the customer\'s timeline');
});
