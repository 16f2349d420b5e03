// Issue 23: the counter records the identity document it checked through the pickup (and cash payout) form;
// without it the handover of a cash order over the anti-money-laundering threshold is refused with a
// message; the order page then shows the auditor what was checked, by whom, and the linked orders.
import t from 'tap';
import type { Order } from '../../src/contracts/order.ts';
import { commerceHarness } from '../commerce/helpers.ts';
import { customer, ok, openShop, placeOrder, readyCart } from '../orders/helpers.ts';
import * as life from '../../src/commerce/lifecycle/index.ts';
import { warehouse } from '../lifecycle/helpers.ts';
import { backofficeOver, textOf } from './helpers.ts';

const h = await commerceHarness(t);

t.test('the pickup form takes the document checked; the order page shows it with the operator and the linked order', async (t) => {
  const { api } = await openShop(h, t);
  const { signedIn } = await backofficeOver(t, api);
  const c = await customer(api, 'ch');
  const pickupCash = { shippingMethodId: 'pickup', pickupStore: 'zuerich', paymentMethod: 'cash', lines: [{ sku: 'AU-KRUG-1OZ', quantity: 4 }] };
  const first = (await placeOrder(c, (await readyCart(c, pickupCash)).id)).json() as Order;
  const cart = await readyCart(c, pickupCash);
  await ok(c.call('PUT', `/carts/${cart.id}/identity-document`, { documentType: 'passport', documentNumber: 'X1234567', issuingCountry: 'CH', expiryDate: '2031-05-31', dateOfBirth: '1980-01-15', placeOfBirth: 'Zürich', nationality: 'CH' }));
  const o = (await placeOrder(c, cart.id)).json() as Order;
  t.equal(o.identityDocumentRecorded, true, 'the second order needed the document: linked with the first');

  const wh = await signedIn('warehouse@ops.example');
  const page = await wh.get(`/orders/${o.id}`);
  t.equal(page.statusCode, 200);
  const text = textOf(page.body);
  t.match(text, 'Identification (anti-money laundering)');
  t.match(text, /Identity check required\s*Yes/);
  t.match(text, first.orderNumber, 'the linked order is named');
  t.match(text, /Passport · CH · ••••4567/, 'the document the customer gave, masked');
  t.notMatch(page.body, 'X1234567', 'never its full number');
  t.match(text, /Document checked at the counter\s*Not recorded/);
  t.match(page.body, /<select id="pickup-idType" name="idType" required=""/, 'the pickup form asks for the document, required');

  const refused = await wh.post(`/orders/${o.id}/pickup`, { collectedBy: 'Anna Muster' });
  t.equal(refused.statusCode, 409);
  t.match(textOf(refused.body), 'enter the identity document you checked', 'a clear refusal');

  const expired = await wh.post(`/orders/${o.id}/pickup`, { collectedBy: 'Anna Muster', idType: 'passport', idCountry: 'ch', idNumber: 'X1234567', idExpiry: '2025-01-31' });
  t.equal(expired.statusCode, 400);
  t.match(expired.body, 'id="pickup-idExpiry-error"', 'the message sits at the expiry field');

  const done = await wh.post(`/orders/${o.id}/pickup`, { collectedBy: 'Anna Muster', idType: 'passport', idCountry: 'ch', idNumber: 'X1234567', idExpiry: '2031-05-31' });
  t.equal(done.statusCode, 303);
  const fin = await signedIn('finance@ops.example');
  const after = textOf((await fin.get(`/orders/${o.id}`)).body);
  t.match(after, /Document checked at the counter\s*Passport · CH · ••••4567 · valid until .*same as given with the order/);
  t.match(after, /Checked by\s*warehouse@ops\.example, .*at the handover/, 'the auditor sees who checked it');
  t.match(after, /Identity document checked\s*Passport · CH · ••••4567/, 'the handover entry of the timeline names it');
});

t.test('the cash payout form takes the document checked too; the order page names the cash payout', async (t) => {
  const { api } = await openShop(h, t);
  const { signedIn } = await backofficeOver(t, api);
  const c = await customer(api, 'de');
  const cart = await readyCart(c, { type: 'sell', lines: [{ sku: 'AU-KRUG-1OZ', quantity: 2 }], shippingMethodId: 'leave-in-store', paymentMethod: 'cash', pickupStore: 'muenchen' });
  await ok(c.call('PUT', `/carts/${cart.id}/identity-document`, { documentType: 'id-card', documentNumber: 'L01X00T47', issuingCountry: 'DE', expiryDate: '2031-05-31', dateOfBirth: '1980-01-15', placeOfBirth: 'Köln', nationality: 'DE' }));
  const o = (await placeOrder(c, cart.id)).json() as Order;
  const wh = warehouse();
  await life.recordGoodsReceived(api.app.commerce, o.id, {}, wh.actor, wh.roles);
  const accepted = await life.recordAssay(api.app.commerce, o.id, { lines: o.lineItems.map((l) => ({ lineId: l.id, finalFineWeightMg: 62206 })) }, wh.actor, wh.roles);
  const amount = (accepted.assay!.final.centAmount / 100).toFixed(2);

  const fin = await signedIn('finance@ops.example');
  const page = await fin.get(`/orders/${o.id}`);
  t.match(page.body, /<select id="payout-idType" name="idType" required=""/, 'the cash payout form asks for the document, required');
  const refused = await fin.post(`/orders/${o.id}/payout`, { amount, valueDate: '2026-11-23' });
  t.equal(refused.statusCode, 409);
  const paid = await fin.post(`/orders/${o.id}/payout`, { amount, valueDate: '2026-11-23', idType: 'id-card', idCountry: 'DE', idNumber: 'L01X00T47', idExpiry: '2031-05-31' });
  t.equal(paid.statusCode, 303, paid.body.slice(0, 300));
  const after = textOf((await fin.get(`/orders/${o.id}`)).body);
  t.match(after, /Identity card · DE · ••••0T47 · valid until .*same as given with the order/);
  t.match(after, /Checked by\s*finance@ops\.example, .*at the cash payout/);
});
