// Issue 23 (spec 4 and 8): the payment state Failed is real. Finance records that a purchase's transfer
// failed, with a reason (roles finance and admin): payment Pending -> Failed in one transaction with its
// audit entry, the customer's mail and the timeline entry; the customer's order answers Failed (the order
// page shows the spec's "payment error" from it). After Failed a new transfer still books (Failed ->
// Pending -> Paid) and the order may be cancelled; an order with money on it is not marked failed by hand.
import t from 'tap';
import type { Order } from '../../src/contracts/order.ts';
import * as life from '../../src/commerce/lifecycle/index.ts';
import { commerceHarness } from '../commerce/helpers.ts';
import { customer, openShop } from '../orders/helpers.ts';
import { demoToken, opsCall } from '../ops/helpers.ts';
import { auditActions, finance, mailsTo, order, support, warehouse } from './helpers.ts';

const h = await commerceHarness(t);
const REASON = 'Ihre Bank hat die Überweisung abgelehnt (Konto gesperrt).';

t.test('finance records a failed payment: Failed, audit, mail, the customer\'s order and timeline', async (t) => {
  const { api } = await openShop(h, t);
  const ctx = api.app.commerce;
  const c = await customer(api, 'de');
  const o = await order(c);
  const fin = finance();
  t.ok((await life.opsOrderDetail(ctx, o.id, fin.roles)).actions.includes('payment-failed'), 'finance is offered the step');

  for (const op of [warehouse(), support()]) {
    await t.rejects(life.recordPaymentFailed(ctx, o.id, { reason: REASON }, op.actor, op.roles), { statusCode: 403, code: 'operator_role_required' }, op.roles[0]);
    t.notOk((await life.opsOrderDetail(ctx, o.id, op.roles)).actions.includes('payment-failed'), `${op.roles[0]} is not offered it`);
  }
  const http = await opsCall(api, 'POST', `/ops/orders/${o.id}/payment-failed`, await demoToken(api, 'support'), { reason: REASON });
  t.equal(http.statusCode, 403, 'the route refuses support too');
  const short = await opsCall(api, 'POST', `/ops/orders/${o.id}/payment-failed`, await demoToken(api, 'finance'), { reason: 'x' });
  t.equal(short.statusCode, 400, 'a reason is required');
  t.same(await auditActions(h.db, o.id), ['placed'], 'nothing changed');

  const res = await opsCall(api, 'POST', `/ops/orders/${o.id}/payment-failed`, await demoToken(api, 'finance'), { reason: ` ${REASON} ` });
  t.equal(res.statusCode, 200, res.body);
  const d = res.json() as Awaited<ReturnType<typeof life.opsOrderDetail>>;
  t.match(d.summary, { orderState: 'Open', paymentState: 'Failed', queues: ['payment_review'] });
  t.match(d.timeline.at(-1), {
    action: 'payment_failed', actor: { type: 'operator', email: 'finance@ops.example' },
    before: { orderState: 'Open', paymentState: 'Pending' }, after: { orderState: 'Open', paymentState: 'Failed' }, details: { cause: 'manual', reason: REASON },
  });
  t.same(d.actions.filter((a) => a === 'payment' || a === 'cancel').sort(), ['cancel', 'payment'], 'a new transfer may still book; the order may be cancelled');

  const mail = (await mailsTo(h.db, o.customerEmail, o.orderNumber)).at(-1);
  t.match(mail, { subject: `Die Zahlung für Ihre Bestellung ${o.orderNumber} ist fehlgeschlagen` });
  t.match(mail?.text, `die Zahlung für Ihre Bestellung ${o.orderNumber} ist nicht durchgegangen`);
  t.match(mail?.text, `Grund: ${REASON}`);

  const mine = (await c.call('GET', `/orders/${o.id}`)).json() as Order;
  t.match(mine, { paymentState: 'Failed', orderState: 'Open' });
  t.match(mine.timeline?.at(-1), { kind: 'payment_failed', paymentState: 'Failed', details: { reason: REASON } }, 'the timeline entry, with the reason told');
  t.notMatch(JSON.stringify(mine.timeline), 'finance@ops.example', 'no operator names');
  const listed = (await c.call('GET', '/orders')).json().results as Order[];
  t.match(listed.find((x) => x.id === o.id), { paymentState: 'Failed' });

  // twice: the state no longer allows it
  const again = await opsCall(api, 'POST', `/ops/orders/${o.id}/payment-failed`, await demoToken(api, 'finance'), { reason: REASON });
  t.equal(again.statusCode, 409);
  t.equal(again.json().code, 'invalid_transition');

  // a new attempt: part of it (Failed -> Pending), then the rest (Paid, Confirmed)
  const part = await life.recordPayment(ctx, o.id, { centAmount: 1000, currency: o.currency, reference: 'neuer Versuch', valueDate: '2026-11-23' }, fin.actor, fin.roles);
  t.match(part.summary, { orderState: 'Open', paymentState: 'Pending' });
  const rest = await life.recordPayment(ctx, o.id, { centAmount: o.totalGrossPrice.centAmount - 1000, currency: o.currency, reference: 'Rest', valueDate: '2026-11-23' }, fin.actor, fin.roles);
  t.match(rest.summary, { orderState: 'Confirmed', paymentState: 'Paid', queues: ['to_ship'] });
});

t.test('a failed payment may end in cancellation; money on the order is never marked failed by hand', async (t) => {
  const { api } = await openShop(h, t);
  const ctx = api.app.commerce;
  const c = await customer(api, 'ch');
  const fin = finance();
  const o = await order(c);
  await life.recordPaymentFailed(ctx, o.id, { reason: 'Transfer refused' }, fin.actor, fin.roles);
  const cancelled = await life.cancelOrder(ctx, o.id, { reason: 'Payment failed' }, support().actor, support().roles);
  t.match(cancelled.summary, { orderState: 'Cancelled', paymentState: 'Failed', queues: [] });

  const part = await order(c);
  await life.recordPayment(ctx, part.id, { centAmount: 1000, currency: part.currency, reference: 'Teil', valueDate: '2026-11-23' }, fin.actor, fin.roles);
  await t.rejects(life.recordPaymentFailed(ctx, part.id, { reason: 'x y z' }, fin.actor, fin.roles), { statusCode: 409, code: 'invalid_transition' });
  t.match((await life.opsOrderDetail(ctx, part.id, fin.roles)).summary, { paymentState: 'Pending' });

  const paid = await order(c);
  await life.recordPayment(ctx, paid.id, { centAmount: paid.totalGrossPrice.centAmount, currency: paid.currency, reference: 'voll', valueDate: '2026-11-23' }, fin.actor, fin.roles);
  await t.rejects(life.recordPaymentFailed(ctx, paid.id, { reason: 'x y z' }, fin.actor, fin.roles), { statusCode: 409, code: 'invalid_transition' }, 'a paid order: the bank\'s return undoes it, not a click');
  await t.rejects(life.recordPaymentFailed(ctx, '00000000-0000-4000-8000-000000000000', { reason: 'x y z' }, fin.actor, fin.roles), { statusCode: 404, code: 'order_not_found' });
});
