// Issue 15: the audit log is append-only (UPDATE, DELETE, TRUNCATE refused by the database) and outlives
// the order and the customer (account deletion); an order made by an executed limit order is `placed` by
// the system and follows the same lifecycle.
import t from 'tap';
import type { Order } from '../../src/contracts/order.ts';
import * as life from '../../src/commerce/lifecycle/index.ts';
import { commerceHarness, PASSWORD } from '../commerce/helpers.ts';
import { customer, openShop } from '../orders/helpers.ts';
import { customerWithAddress, giveLimitOrder, inDays, limitOrderOf, openAccountShop, priceComes } from '../account/helpers.ts';
import { auditActions, finance, order, support, warehouse } from './helpers.ts';

const h = await commerceHarness(t);

t.test('the audit refuses UPDATE, DELETE and TRUNCATE', async (t) => {
  const { api } = await openShop(h, t);
  const c = await customer(api, 'ch');
  const o = await order(c);
  const [{ id }] = await h.db.query<{ id: string }>('select id from order_audit where order_id = $1', [o.id]);
  await t.rejects(h.db.query(`update order_audit set action = 'nothing' where id = $1`, [id]), /append-only/, 'no update');
  await t.rejects(h.db.query('delete from order_audit where id = $1', [id]), /append-only/, 'no delete');
  await t.rejects(h.db.query('truncate order_audit'), /append-only/, 'no truncate');
  t.same(await auditActions(h.db, o.id), ['placed'], 'the entry is as written');
  await life.writeAudit(h.db, { orderId: null, orderNumber: null, actor: support().actor, action: 'operator_created', before: null, after: null, details: { operatorId: 'x' } });
  t.ok((await life.listAudit(api.app.commerce, { limit: 5 })).results.some((e) => e.action === 'operator_created'), 'operator actions outside orders');
});

t.test('the audit survives the deletion of the customer and the order', async (t) => {
  const { api } = await openShop(h, t);
  const ctx = api.app.commerce;
  const c = await customer(api, 'ch');
  const o = await order(c);
  const sup = support();
  await life.cancelOrder(ctx, o.id, { reason: 'Test order' }, sup.actor, sup.roles);
  const del = await c.call('DELETE', `/customers/${c.ownerId}`, { password: PASSWORD });
  t.equal(del.statusCode, 200, del.body);
  t.same(await h.db.query('select id from orders where id = $1', [o.id]), [], 'the order is gone with the account');
  const entries = await life.listAudit(ctx, { orderId: o.id });
  t.same(entries.results.map((e) => e.action), ['cancelled', 'placed'], 'its history stays (newest first)');
  t.match(entries.results[0], { orderNumber: o.orderNumber, actor: { type: 'operator', id: sup.actor.id, email: sup.actor.email } });
  t.notMatch(JSON.stringify(entries), c.email, 'the customer is named by id only');
  t.match(await life.opsOrderDetail(ctx, o.id, sup.roles).catch((e) => e), { statusCode: 404 });
});

t.test('an order of an executed limit order is placed by the system and follows the lifecycle', async (t) => {
  const { api } = await openAccountShop(h, t);
  const ctx = api.app.commerce;
  const c = await customerWithAddress(api);
  const lo = await giveLimitOrder(c, { sku: 'AU-KRUG-1OZ', quantity: 1, targetCentAmount: 500_000, expiresAt: inDays(api, 7) });
  await priceComes(api, 'AU-KRUG-1OZ', 179_500);
  const done = await limitOrderOf(c, lo.id);
  t.equal(done.status, 'executed');
  const id = done.orderId!;
  const d = await life.opsOrderDetail(ctx, id, ['finance']);
  t.match(d.summary, { orderState: 'Open', paymentState: 'Pending', queues: ['to_pay'] });
  t.match(d.timeline, [{ action: 'placed', actor: { type: 'system', id: 'limit-order-execution' }, details: { limitOrderId: lo.id } }]);
  t.ok(d.summary.paymentDueBy, 'with the transfer\'s due date');
  const fin = finance();
  await life.recordPayment(ctx, id, { centAmount: d.summary.total.centAmount, currency: 'CHF', reference: 'x', valueDate: '2026-11-23' }, fin.actor, fin.roles);
  const wh = warehouse();
  const shipped = await life.recordShipment(ctx, id, { carrier: 'Swiss Post', trackingNumber: '99.00.123456.78901234'.replace(/\./g, '') }, wh.actor, wh.roles);
  t.match(shipped.summary, { orderState: 'Complete', paymentState: 'Paid' });
  t.match(shipped.shipments, [{ carrier: 'Swiss Post', trackingUrl: /^https:\/\/service\.post\.ch\// }]);
  const mine = (await c.call('GET', `/orders/${id}`)).json() as Order;
  t.same(mine.timeline?.map((e) => e.kind), ['placed', 'payment_recorded', 'confirmed', 'shipped']);
});
