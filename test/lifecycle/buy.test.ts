// Issue 15, purchases: Open -> Confirmed when fully paid (a partial payment is recorded and the order stays
// Open), Confirmed -> Complete when shipped or collected; cash on pickup is Confirmed at placement and Paid
// at the counter; an operator cancels an unpaid order, never a paid one; every step writes the audit entry
// naming who, a mail in the order's language, and the customer's timeline (without operator names).
import t from 'tap';
import type { Order } from '../../src/contracts/order.ts';
import * as life from '../../src/commerce/lifecycle/index.ts';
import { commerceHarness } from '../commerce/helpers.ts';
import { customer, openShop } from '../orders/helpers.ts';
import { auditActions, finance, mailsTo, operator, order, support, today, warehouse } from './helpers.ts';

const h = await commerceHarness(t);

const pay = (cents: number, currency = 'CHF', reference = 'transfer') => ({ centAmount: cents, currency: currency as 'CHF', reference, valueDate: '2026-11-23' });

t.test('bank transfer: a partial payment keeps the order Open; the rest confirms it; shipping completes it', async (t) => {
  const { api } = await openShop(h, t);
  const ctx = api.app.commerce;
  const c = await customer(api, 'ch');
  const o = await order(c);
  t.match(o, { orderState: 'Open', paymentState: 'Pending' });
  const total = o.totalGrossPrice.centAmount;
  const fin = finance();

  const part = await life.recordPayment(ctx, o.id, pay(10_000), fin.actor, fin.roles);
  t.match(part.summary, { orderState: 'Open', paymentState: 'Pending' }, 'a partial payment is recorded, the order stays Open');
  t.same(part.paidAmount, { centAmount: 10_000, currencyCode: 'CHF' });
  t.same(part.actions, ['payment', 'cancel'], 'finance may record the rest or cancel');

  const tooMuch = await life.recordPayment(ctx, o.id, pay(total), fin.actor, fin.roles).catch((e) => e);
  t.match(tooMuch, { statusCode: 409, code: 'payment_exceeds_total', details: { open: { centAmount: total - 10_000 } } });
  t.match(await life.recordPayment(ctx, o.id, pay(100, 'EUR'), fin.actor, fin.roles).catch((e) => e), { statusCode: 400, code: 'payment_currency_mismatch' });

  const wh = warehouse();
  t.match(await life.recordShipment(ctx, o.id, { carrier: 'DHL', trackingNumber: '00340434161234567890' }, wh.actor, wh.roles).catch((e) => e),
    { statusCode: 409, code: 'invalid_transition', details: { orderState: 'Open', paymentState: 'Pending', action: 'shipment' } }, 'an unpaid order is not shipped');
  t.match(await life.recordPayment(ctx, o.id, pay(total - 10_000), wh.actor, wh.roles).catch((e) => e), { statusCode: 403, code: 'operator_role_required' },
    'the warehouse records no payments');

  const full = await life.recordPayment(ctx, o.id, pay(total - 10_000), fin.actor, fin.roles);
  t.match(full.summary, { orderState: 'Confirmed', paymentState: 'Paid', queues: ['to_ship'], paymentDueBy: null });
  t.equal(full.order.paymentDate, api.clock().toISOString());
  t.same(full.actions, [], 'finance has nothing left to do; paid orders cannot be cancelled');
  t.match(await life.cancelOrder(ctx, o.id, { reason: 'customer asked' }, fin.actor, fin.roles).catch((e) => e), { statusCode: 409, code: 'invalid_transition' });

  const shipped = await life.recordShipment(ctx, o.id, { carrier: 'dhl', trackingNumber: '00340434161234567890' }, wh.actor, wh.roles);
  t.match(shipped.summary, { orderState: 'Complete', paymentState: 'Paid', queues: [] });
  t.match(shipped.shipments, [{ carrier: 'DHL', trackingNumber: '00340434161234567890', trackingUrl: 'https://www.dhl.com/global-en/home/tracking.html?tracking-id=00340434161234567890' }]);
  t.match(await life.recordShipment(ctx, o.id, { carrier: 'DHL', trackingNumber: '123456' }, wh.actor, wh.roles).catch((e) => e), { code: 'invalid_transition' }, 'not shipped twice');

  t.same(await auditActions(h.db, o.id), ['placed', 'payment_recorded', 'payment_recorded', 'invoice_issued', 'confirmed', 'shipped'], 'issue 25: the payment in full issues the invoice');
  t.match(shipped.timeline.map((e) => [e.action, e.actor.type, e.actor.email, e.before?.orderState ?? null, e.after?.orderState]), [
    ['placed', 'customer', null, null, 'Open'],
    ['payment_recorded', 'operator', fin.actor.email, 'Open', 'Open'],
    ['payment_recorded', 'operator', fin.actor.email, 'Open', 'Open'],
    ['invoice_issued', 'operator', fin.actor.email, 'Open', 'Open'],
    ['confirmed', 'operator', fin.actor.email, 'Open', 'Confirmed'],
    ['shipped', 'operator', wh.actor.email, 'Confirmed', 'Complete'],
  ], 'the audit names who did each step and the states before and after');

  const mails = await mailsTo(h.db, o.customerEmail, o.orderNumber);
  t.match(mails.map((m) => m.subject), [/Ihre Bestellung/, /Zahlung eingegangen/, /ist bezahlt/, /ist unterwegs/], 'a mail per step, in German');
  t.match(mails[1].text, /Offen sind noch CHF/);
  t.match(mails[3].text, 'https://www.dhl.com/global-en/home/tracking.html?tracking-id=00340434161234567890');
  t.notMatch(mails.map((m) => m.text).join(' '), /ß/, 'Swiss German without ß');

  // the customer's side
  const mine = (await c.call('GET', `/orders/${o.id}`)).json() as Order;
  t.match(mine, { orderState: 'Complete', paymentState: 'Paid', paymentDueBy: null, assay: null });
  t.same(mine.timeline?.map((e) => e.kind), ['placed', 'payment_recorded', 'payment_recorded', 'confirmed', 'shipped']);
  t.match(mine.shipments, [{ carrier: 'DHL', trackingUrl: /dhl\.com/ }]);
  const body = JSON.stringify(mine.timeline);
  t.notMatch(body, fin.actor.email, 'no operator names on the customer\'s timeline');
  t.notMatch(body, 'transfer"', 'nor finance\'s references');
});

t.test('the due date: 5 working days in the order, on the customer\'s order while unpaid', async (t) => {
  const { api } = await openShop(h, t);
  const c = await customer(api, 'de');
  const o = await order(c);
  // T0 is Sunday 22 November 2026: Monday 23 is the first working day, Friday 27 the fifth
  t.equal(o.orderState, 'Open');
  const mine = (await c.call('GET', `/orders/${o.id}`)).json() as Order;
  t.equal(mine.paymentDueBy, '2026-11-27');
  t.equal(((await c.call('GET', '/orders')).json().results as Order[])[0].paymentDueBy, '2026-11-27', 'also in the list');
  t.match(mine.timeline, [{ kind: 'placed', orderState: 'Open', paymentState: 'Pending' }]);
  t.equal(life.addWorkingDays('2026-11-27', 1), '2026-11-30', 'Friday + 1 is Monday');
  t.equal(life.paymentDueBy(new Date('2026-11-20T23:30:00Z'), 'de'), '2026-11-27', 'Saturday in Berlin counts from the Saturday');
});

t.test('cash on pickup: Confirmed at placement, Paid and Complete when handed over at the counter', async (t) => {
  const { api } = await openShop(h, t);
  const ctx = api.app.commerce;
  const c = await customer(api, 'ch');
  const o = await order(c, { shippingMethodId: 'pickup', paymentMethod: 'cash', pickupStore: 'zuerich' });
  t.match(o, { orderState: 'Confirmed', paymentState: 'Pending', paymentInstructions: null }, 'confirmed at once; the payment waits for the counter');
  const fin = finance();
  t.match(await life.recordPayment(ctx, o.id, pay(o.totalGrossPrice.centAmount), fin.actor, fin.roles).catch((e) => e), { code: 'invalid_transition' },
    'no transfer is expected');
  const wh = warehouse();
  const before = await life.opsOrderDetail(ctx, o.id, wh.roles);
  t.same(before.actions, ['pickup'], 'the counter hands it over');
  t.same(before.summary.queues, ['to_collect']);
  const done = await life.recordPickup(ctx, o.id, { collectedBy: 'Anna Muster (ID checked)', note: 'passport C1234567' }, wh.actor, wh.roles);
  t.match(done.summary, { orderState: 'Complete', paymentState: 'Paid' });
  t.match(done.payments, [{ amount: { centAmount: o.totalGrossPrice.centAmount }, reference: 'cash at pickup', source: 'manual', valueDate: today(api.clock()) }]);
  t.same(await auditActions(h.db, o.id), ['placed', 'confirmed', 'payment_recorded', 'invoice_issued', 'collected']);
  const mine = (await c.call('GET', `/orders/${o.id}`)).json() as Order;
  t.notMatch(JSON.stringify(mine.timeline), /passport|Anna Muster \(ID/, 'who collected and the warehouse note stay internal');
});

t.test('an operator cancels an unpaid order; the customer is told why', async (t) => {
  const { api } = await openShop(h, t);
  const ctx = api.app.commerce;
  const c = await customer(api, 'at');
  const o = await order(c);
  const sup = support();
  t.match(await life.cancelOrder(ctx, o.id, { reason: 'x' }, warehouse().actor, ['warehouse']).catch((e) => e), { statusCode: 403 });
  const done = await life.cancelOrder(ctx, o.id, { reason: 'Customer asked by phone' }, sup.actor, sup.roles);
  t.match(done.summary, { orderState: 'Cancelled', paymentState: 'Pending', queues: [] });
  t.match(await life.cancelOrder(ctx, o.id, { reason: 'again' }, sup.actor, sup.roles).catch((e) => e), { statusCode: 409, code: 'invalid_transition', details: { orderState: 'Cancelled' } });
  const fin = finance();
  t.match(await life.recordPayment(ctx, o.id, pay(100, 'EUR'), fin.actor, fin.roles).catch((e) => e), { code: 'invalid_transition' }, 'a cancelled order takes no payment');
  const mails = await mailsTo(h.db, o.customerEmail);
  t.match(mails.at(-1), { subject: /ist storniert/, text: /Grund: Customer asked by phone/ });
  const mine = (await c.call('GET', `/orders/${o.id}`)).json() as Order;
  t.match(mine.timeline?.at(-1), { kind: 'cancelled', orderState: 'Cancelled', details: { reason: 'Customer asked by phone' } });
  t.match(await life.opsOrderDetail(ctx, '00000000-0000-4000-8000-000000000000', sup.roles).catch((e) => e), { statusCode: 404, code: 'order_not_found' });
});

t.test('two payments at once on one order book once each, and never past the total', async (t) => {
  const { api } = await openShop(h, t);
  const ctx = api.app.commerce;
  const c = await customer(api, 'ch');
  const o = await order(c);
  const total = o.totalGrossPrice.centAmount;
  const a = finance();
  const b = finance();
  const results = await Promise.allSettled([
    life.recordPayment(ctx, o.id, pay(total, 'CHF', 'first'), a.actor, a.roles),
    life.recordPayment(ctx, o.id, pay(total, 'CHF', 'second'), b.actor, b.roles),
  ]);
  t.equal(results.filter((r) => r.status === 'fulfilled').length, 1, 'one books');
  t.match(results.find((r) => r.status === 'rejected'), { reason: { code: 'invalid_transition' } }, 'the other finds the order paid');
  const [{ n, s }] = await h.db.query<{ n: number; s: number }>('select count(*)::int as n, sum(amount_cents)::int8 as s from order_payments where order_id = $1', [o.id]);
  t.same([n, Number(s)], [1, total]);
  t.same((await auditActions(h.db, o.id)).filter((x) => x === 'confirmed'), ['confirmed'], 'confirmed once');
});

t.test('the queue: filters, search, counts per queue, paging', async (t) => {
  const { api } = await openShop(h, t);
  const ctx = api.app.commerce;
  const c = await customer(api, 'ch');
  const a = await order(c);
  const b = await order(c, { shippingMethodId: 'pickup', paymentMethod: 'cash', pickupStore: 'zuerich' });
  const all = await life.listOpsOrders(ctx, {});
  t.equal(all.total, 2);
  t.match(all.counts, { to_pay: 1, to_collect: 1, to_ship: 0, overdue: 0 });
  t.same((await life.listOpsOrders(ctx, { queue: 'to_pay' })).results.map((x) => x.id), [a.id]);
  t.same((await life.listOpsOrders(ctx, { q: b.orderNumber.toLowerCase() })).results.map((x) => x.id), [b.id]);
  t.equal((await life.listOpsOrders(ctx, { q: 'muster' })).total, 2, 'by the customer\'s name');
  t.equal((await life.listOpsOrders(ctx, { q: '100%' })).total, 0, 'like wildcards are literal');
  t.equal((await life.listOpsOrders(ctx, { state: 'Confirmed', store: 'ch', transactionType: 'buy' })).total, 1);
  t.equal((await life.listOpsOrders(ctx, { limit: 1, offset: 1 })).results.length, 1);
  api.clock.advance(7 * 86_400);
  t.match((await life.listOpsOrders(ctx, { queue: 'overdue' })).results, [{ id: a.id, overdue: true, paymentDueBy: '2026-11-27' }]);
});

t.test('the same partial payment submitted twice (a double click, two tabs) books once: half paid twice is not paid', async (t) => {
  const { api } = await openShop(h, t);
  const ctx = api.app.commerce;
  const c = await customer(api, 'ch');
  const o = await order(c);
  const half = o.totalGrossPrice.centAmount / 2;
  t.ok(Number.isInteger(half), 'the test needs an even total');
  const fin = finance();
  const results = await Promise.allSettled([
    life.recordPayment(ctx, o.id, pay(half, 'CHF', 'Zahlung 1/2'), fin.actor, fin.roles),
    life.recordPayment(ctx, o.id, pay(half, 'CHF', 'Zahlung 1/2'), fin.actor, fin.roles),
  ]);
  t.equal(results.filter((r) => r.status === 'fulfilled').length, 1, 'one books');
  t.match(results.find((r) => r.status === 'rejected'), { reason: { code: 'payment_duplicate', statusCode: 409 } }, 'the other is refused as the same payment');
  const again = await life.recordPayment(ctx, o.id, pay(half, 'CHF', 'Zahlung 1/2'), fin.actor, fin.roles).catch((e) => e);
  t.match(again, { code: 'payment_duplicate' }, 'also one after the other');
  const detail = await life.opsOrderDetail(ctx, o.id, fin.roles);
  t.match(detail.summary, { orderState: 'Open', paymentState: 'Pending' }, 'the order is not paid');
  t.same(detail.paidAmount, { centAmount: half, currencyCode: 'CHF' });
  // the second half, told apart by its reference, books and pays the order
  const rest = await life.recordPayment(ctx, o.id, pay(half, 'CHF', 'Zahlung 2/2'), fin.actor, fin.roles);
  t.match(rest.summary, { orderState: 'Confirmed', paymentState: 'Paid' });
});

t.test('a value date far in the past or the future is a typo: 400 on valueDate, nothing recorded', async (t) => {
  const { api } = await openShop(h, t);
  const ctx = api.app.commerce;
  const o = await order(await customer(api, 'ch'));
  const fin = finance();
  const now = today(ctx.clock());
  const shift = (days: number) => new Date(Date.parse(`${now}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  for (const valueDate of [shift(8), shift(-367), '2099-01-01', '2000-01-01']) {
    t.match(await life.recordPayment(ctx, o.id, { ...pay(100), valueDate }, fin.actor, fin.roles).catch((e) => e),
      { statusCode: 400, code: 'validation_failed', details: { fields: [{ field: 'valueDate', code: 'invalid_value' }] } }, valueDate);
  }
  const ok = await life.recordPayment(ctx, o.id, { ...pay(100), valueDate: shift(7) }, fin.actor, fin.roles);
  t.same(ok.paidAmount.centAmount, 100, 'a week ahead is still a value date; only that payment is recorded');
  const back = await life.recordPayment(ctx, o.id, { ...pay(100, 'CHF', 'older'), valueDate: shift(-366) }, fin.actor, fin.roles);
  t.same(back.paidAmount.centAmount, 200);
});
