// Issue 23: the identity document checked at the counter is recorded in the order with the operator who
// checked it (type, issuing country, the number's last 4 characters, expiry), named in the step's audit entry
// and shown to the back office; the pickup or cash payout of an order that reached the anti-money-laundering
// threshold is refused (409 identity_check_required) until staff record it.
import t from 'tap';
import type { Order } from '../../src/contracts/order.ts';
import * as life from '../../src/commerce/lifecycle/index.ts';
import { commerceHarness } from '../commerce/helpers.ts';
import { customer, ok, openShop, placeOrder, readyCart, type Shopper } from '../orders/helpers.ts';
import { finance, warehouse } from './helpers.ts';

const h = await commerceHarness(t);

const given = { documentType: 'passport', documentNumber: 'X1234567', issuingCountry: 'CH', expiryDate: '2031-05-31', dateOfBirth: '1980-01-15', placeOfBirth: 'Zürich', nationality: 'CH' };

async function cashOrder(s: Shopper, opts: Parameters<typeof readyCart>[1]): Promise<Order> {
  const cart = await readyCart(s, opts);
  await ok(s.call('PUT', `/carts/${cart.id}/identity-document`, given));
  const res = await placeOrder(s, cart.id);
  if (res.statusCode !== 201) throw new Error(`order: ${res.statusCode} ${res.body}`);
  const order = res.json() as Order;
  if (!order.identityDocumentRecorded) throw new Error('the order needed no identification');
  return order;
}

const auditOf = async (orderId: string, action: string) =>
  (await h.db.query<{ actor_email: string; details: Record<string, unknown> }>('select actor_email, details from order_audit where order_id = $1 and action = $2', [orderId, action]))[0];

t.test('pickup of a cash order over the threshold: refused without the check, recorded with the operator with it', async (t) => {
  const { api } = await openShop(h, t);
  const ctx = api.app.commerce;
  const c = await customer(api, 'ch');
  const o = await cashOrder(c, { shippingMethodId: 'pickup', pickupStore: 'zuerich', paymentMethod: 'cash', lines: [{ sku: 'AU-KRUG-1OZ', quantity: 5 }] });
  const wh = warehouse();
  const before = await life.opsOrderDetail(ctx, o.id, wh.roles);
  t.match(before.aml, { identityRequired: true, identityCheck: null, customerDocument: { documentType: 'passport', issuingCountry: 'CH', numberLast4: '4567' } }, 'the counter sees a check is due');

  const refused = await life.recordPickup(ctx, o.id, { collectedBy: 'Anna Muster' }, wh.actor, wh.roles).catch((e) => e);
  t.match(refused, { statusCode: 409, code: 'identity_check_required' }, 'no hand-over without the check');
  const still = await life.opsOrderDetail(ctx, o.id, wh.roles);
  t.match(still.summary, { orderState: 'Confirmed', paymentState: 'Pending' }, 'nothing changed');
  t.same(still.payments, []);

  const expired = await life.recordPickup(ctx, o.id, { collectedBy: 'Anna Muster', identityCheck: { documentType: 'passport', issuingCountry: 'CH', documentNumber: 'X1234567', expiryDate: '2026-11-01' } }, wh.actor, wh.roles).catch((e) => e);
  t.match(expired, { statusCode: 400, code: 'validation_failed', details: { fields: [{ field: 'identityCheck.expiryDate', code: 'date_in_past' }] } }, 'an expired document does not identify');

  const done = await life.recordPickup(ctx, o.id, { collectedBy: 'Anna Muster', identityCheck: { documentType: 'passport', issuingCountry: 'ch', documentNumber: 'x123 4567', expiryDate: '2031-05-31' } }, wh.actor, wh.roles);
  t.match(done.summary, { orderState: 'Complete', paymentState: 'Paid' });
  t.match(done.aml?.identityCheck, {
    documentType: 'passport', issuingCountry: 'CH', numberLast4: '4567', expiryDate: '2031-05-31', matchesOrder: true, step: 'pickup',
    checkedBy: { type: 'operator', id: wh.actor.id, email: wh.actor.email }, checkedAt: api.clock().toISOString(),
  }, 'the order keeps what was checked, by whom and when');
  const entry = await auditOf(o.id, 'collected');
  t.equal(entry.actor_email, wh.actor.email, 'the audit entry names the operator');
  t.match(entry.details.identityCheck, { documentType: 'passport', issuingCountry: 'CH', numberLast4: '4567', expiryDate: '2031-05-31', matchesOrder: true });
  t.notMatch(JSON.stringify(await h.db.query('select details from order_audit where order_id = $1', [o.id])), /X1234567|X1234/i, 'never the full number in the audit');
  const mine = (await c.call('GET', `/orders/${o.id}`)).json() as Order;
  t.notMatch(JSON.stringify(mine.timeline), /identityCheck|4567/, 'the check stays internal');
});

t.test('a cash payout over the threshold (DE) needs the check; a document other than the order\'s is recorded as such', async (t) => {
  const { api } = await openShop(h, t);
  const ctx = api.app.commerce;
  const c = await customer(api, 'de');
  const o = await cashOrder(c, { type: 'sell', lines: [{ sku: 'AU-KRUG-1OZ', quantity: 2 }], shippingMethodId: 'leave-in-store', paymentMethod: 'cash', pickupStore: 'muenchen' });
  const wh = warehouse();
  await life.recordGoodsReceived(ctx, o.id, {}, wh.actor, wh.roles);
  const accepted = await life.recordAssay(ctx, o.id, { lines: o.lineItems.map((l) => ({ lineId: l.id, finalFineWeightMg: 62206 })) }, wh.actor, wh.roles);
  const due = accepted.assay!.final.centAmount;
  const fin = finance();
  t.match(await life.recordPayout(ctx, o.id, { centAmount: due, valueDate: '2026-11-23' }, fin.actor, fin.roles).catch((e) => e),
    { statusCode: 409, code: 'identity_check_required' }, 'no cash without the check');
  t.match((await life.opsOrderDetail(ctx, o.id, fin.roles)).summary, { orderState: 'Accepted', paymentState: 'Pending' }, 'nothing changed');

  const paid = await life.recordPayout(ctx, o.id, { centAmount: due, valueDate: '2026-11-23', identityCheck: { documentType: 'id-card', issuingCountry: 'DE', documentNumber: 'L01X00T47', expiryDate: '2030-01-31' } }, fin.actor, fin.roles);
  t.match(paid.summary, { orderState: 'Complete', paymentState: 'Paid' });
  t.match(paid.aml?.identityCheck, { documentType: 'id-card', issuingCountry: 'DE', numberLast4: '0T47', matchesOrder: false, step: 'payout', checkedBy: { email: fin.actor.email } },
    'another document than the one given with the order: recorded, and flagged for the auditor');
  const entry = await auditOf(o.id, 'paid_out');
  t.equal(entry.actor_email, fin.actor.email);
  t.match(entry.details.identityCheck, { documentType: 'id-card', numberLast4: '0T47', matchesOrder: false });
});

t.test('below the threshold no check is needed, but one given is recorded', async (t) => {
  const { api } = await openShop(h, t);
  const ctx = api.app.commerce;
  const c = await customer(api, 'ch');
  const cart = await readyCart(c, { shippingMethodId: 'pickup', pickupStore: 'zuerich', paymentMethod: 'cash', lines: [{ sku: 'AG-PHIL-1OZ', quantity: 1 }] });
  const o = (await placeOrder(c, cart.id)).json() as Order;
  const wh = warehouse();
  t.match((await life.opsOrderDetail(ctx, o.id, wh.roles)).aml, { identityRequired: false, identityCheck: null });
  const done = await life.recordPickup(ctx, o.id, { collectedBy: 'Anna Muster', identityCheck: { documentType: 'id-card', issuingCountry: 'CH', documentNumber: 'S1234567', expiryDate: '2030-01-31' } }, wh.actor, wh.roles);
  t.match(done.aml?.identityCheck, { numberLast4: '4567', matchesOrder: null }, 'no document in the order to compare with');
  const plain = await customer(api, 'ch');
  const p2 = (await placeOrder(plain, (await readyCart(plain, { shippingMethodId: 'pickup', pickupStore: 'zuerich', paymentMethod: 'cash', lines: [{ sku: 'AG-PHIL-1OZ', quantity: 1 }] })).id)).json() as Order;
  t.match((await life.recordPickup(ctx, p2.id, { collectedBy: 'Anna Muster' }, wh.actor, wh.roles)).summary, { orderState: 'Complete' }, 'as before without the check');
});
