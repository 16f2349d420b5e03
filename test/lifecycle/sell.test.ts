// Issue 15, sales to the shop: Requested -> goods received -> Accepted when assayed (the payout recomputed
// from the final fine weight at the price locked at order time) -> Complete when paid out (the accepted
// amount only, to the customer's own account); impossible steps answer 409.
import t from 'tap';
import type { Order } from '../../src/contracts/order.ts';
import * as life from '../../src/commerce/lifecycle/index.ts';
import { assayPayout } from '../../src/commerce/lifecycle/steps.ts';
import { commerceHarness } from '../commerce/helpers.ts';
import { customer, openShop } from '../orders/helpers.ts';
import { auditActions, finance, mailsTo, scrapSale, warehouse } from './helpers.ts';

const h = await commerceHarness(t);

t.test('a scrap sale: goods received, assayed at the locked price, paid out', async (t) => {
  const { api } = await openShop(h, t);
  const ctx = api.app.commerce;
  const c = await customer(api, 'de');
  const o = await scrapSale(c, [{ metal: 'gold', fineness: 750, weightGrams: 10 }]);
  t.match(o, { type: 'sell', orderState: 'Requested', paymentState: 'Pending' });
  const estimate = o.totalGrossPrice.centAmount;
  const line = o.lineItems[0];
  const wh = warehouse();
  const fin = finance();

  t.match(await life.recordAssay(ctx, o.id, { lines: [{ lineId: line.id, finalFineWeightGrams: 7 }] }, wh.actor, wh.roles).catch((e) => e),
    { statusCode: 409, code: 'invalid_transition', details: { action: 'assay' } }, 'not assayed before the goods arrived');
  t.match(await life.recordPayout(ctx, o.id, { iban: 'DE89370400440532013000', centAmount: estimate, valueDate: '2026-11-24' }, fin.actor, fin.roles).catch((e) => e),
    { statusCode: 409, code: 'invalid_transition' }, 'not paid out before it is accepted');

  const received = await life.recordGoodsReceived(ctx, o.id, { note: 'parcel sealed' }, wh.actor, wh.roles);
  t.match(received.summary, { orderState: 'Requested', queues: ['to_assay'] });
  t.same(received.actions, ['assay']);
  t.match(await life.recordGoodsReceived(ctx, o.id, {}, wh.actor, wh.roles).catch((e) => e), { code: 'invalid_transition' }, 'received once');
  t.match(await life.recordAssay(ctx, o.id, { lines: [{ lineId: 'other', finalFineWeightGrams: 7 }] }, wh.actor, wh.roles).catch((e) => e),
    { statusCode: 400, code: 'assay_lines_mismatch', details: { lineIds: [line.id] } }, 'every line, by its id');

  // estimated 10 g x 750/1000 = 7.5 g fine; measured 7.123 g
  const assayed = await life.recordAssay(ctx, o.id, { lines: [{ lineId: line.id, finalFineWeightGrams: 7.123 }], note: 'Solder removed' }, wh.actor, wh.roles);
  const final = Math.round((estimate * 7123) / 7500);
  t.match(assayed.summary, { orderState: 'Accepted', paymentState: 'Pending', queues: ['to_pay_out'] });
  t.match(assayed.assay, { estimate: { centAmount: estimate }, final: { centAmount: final }, note: 'Solder removed',
    lines: [{ lineId: line.id, estimatedFineWeightGrams: 7.5, finalFineWeightGrams: 7.123, estimate: { centAmount: estimate }, final: { centAmount: final } }] });
  const mail = (await mailsTo(h.db, o.customerEmail, o.orderNumber)).at(-1)!;
  t.match(mail.subject, /ist geprüft/);
  t.match(mail.text, /geschätzt 7,5 g, gemessen 7,123 g Feinmetall/);
  t.match(mail.text, /Differenz -?/, 'the mail explains the difference to the estimate');
  t.match(mail.text, /Solder removed/);

  const mine = (await c.call('GET', `/orders/${o.id}`)).json() as Order;
  t.match(mine.assay, { final: { centAmount: final }, estimate: { centAmount: estimate } });
  t.same(mine.timeline?.map((e) => e.kind), ['placed', 'goods_received', 'assayed']);
  t.notMatch(JSON.stringify(mine.timeline), 'parcel sealed', 'the warehouse note stays internal');

  t.match(await life.recordPayout(ctx, o.id, { iban: 'DE89370400440532013000', centAmount: estimate, valueDate: '2026-11-24' }, fin.actor, fin.roles).catch((e) => e),
    { statusCode: 409, code: 'payout_amount_mismatch', details: { expected: { centAmount: final } } }, 'the estimate is not the payout');
  t.match(await life.recordPayout(ctx, o.id, { iban: 'CH9300762011623852957', centAmount: final, valueDate: '2026-11-24' }, fin.actor, fin.roles).catch((e) => e),
    { statusCode: 400, code: 'validation_failed', details: { fields: [{ field: 'iban', code: 'invalid_value' }] } }, 'only to the customer\'s own account');
  t.match(await life.recordPayout(ctx, o.id, { iban: 'DE00370400440532013000', centAmount: final, valueDate: '2026-11-24' }, fin.actor, fin.roles).catch((e) => e),
    { statusCode: 400, code: 'validation_failed' }, 'a wrong check sum');
  t.match(await life.recordPayout(ctx, o.id, { iban: 'DE89370400440532013000', centAmount: final, valueDate: '2026-11-24' }, wh.actor, wh.roles).catch((e) => e),
    { statusCode: 403 }, 'the warehouse pays nothing out');
  const paid = await life.recordPayout(ctx, o.id, { iban: 'DE89370400440532013000', centAmount: final, valueDate: '2026-11-24' }, fin.actor, fin.roles);
  t.match(paid.summary, { orderState: 'Complete', paymentState: 'Paid', queues: [] });
  t.match(paid.payout, { amount: { centAmount: final }, iban: 'DE89 **** **** **** *130 00', valueDate: '2026-11-24' });
  t.match(await life.recordPayout(ctx, o.id, { iban: 'DE89370400440532013000', centAmount: final, valueDate: '2026-11-24' }, fin.actor, fin.roles).catch((e) => e),
    { code: 'invalid_transition' }, 'paid out once');
  t.same(await auditActions(h.db, o.id), ['placed', 'goods_received', 'assayed', 'paid_out']);
  t.match((await mailsTo(h.db, o.customerEmail, o.orderNumber)).at(-1), { subject: /Auszahlung/, text: /DE89 \*\*\*\* \*\*\*\* \*\*\*\* \*130 00/ });
  t.notMatch(JSON.stringify(await life.listAudit(ctx, { orderId: o.id })), '0532013000', 'the audit keeps the IBAN masked');
});

t.test('the payout of a line: the estimate per estimated fine milligram times the final milligrams, rounded to the cent', async (t) => {
  t.same(assayPayout([{ lineId: 'a', estimatedFineMg: 7500, finalFineMg: 7500, estimateCents: 70_001 }])[0].finalCents, 70_001, 'as estimated');
  t.same(assayPayout([{ lineId: 'a', estimatedFineMg: 3000, finalFineMg: 1000, estimateCents: 100 }])[0].finalCents, 33, '33.33 -> 33');
  t.same(assayPayout([{ lineId: 'a', estimatedFineMg: 2000, finalFineMg: 1000, estimateCents: 101 }])[0].finalCents, 51, '50.5 -> 51 (half up)');
  t.same(assayPayout([{ lineId: 'a', estimatedFineMg: 2000, finalFineMg: 0, estimateCents: 101 }])[0].finalCents, 0, 'nothing fine: nothing paid');
});

t.test('an unassayed sale can be cancelled; goods on the way are still expected', async (t) => {
  const { api } = await openShop(h, t);
  const ctx = api.app.commerce;
  const c = await customer(api, 'ch');
  const o = await scrapSale(c);
  const fin = finance();
  const d = await life.opsOrderDetail(ctx, o.id, ['admin']);
  t.same(d.actions, ['cancel', 'goods-received'], 'admin may do what the state allows');
  t.same(d.summary.queues, ['goods_to_receive']);
  const done = await life.cancelOrder(ctx, o.id, { reason: 'Customer withdrew the sale' }, fin.actor, fin.roles);
  t.match(done.summary, { orderState: 'Cancelled' });
  t.same(done.actions, []);
});
