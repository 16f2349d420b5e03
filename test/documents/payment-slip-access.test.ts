// Issue 25: the payment slip of one of the customer's orders, as the confirmation and order pages and the
// confirmation mail get it (documents/payment-slip-service.ts): only its owner's, only until paid; the
// QR-bill PDF carries the same code as the page's payload (read back with pdftoppm + zbarimg).
import t from 'tap';
import * as life from '../../src/commerce/lifecycle/index.ts';
import { paymentSlipPdf, paymentSlipView } from '../../src/commerce/documents/payment-slip-service.ts';
import { orderNumberOfReference } from '../../src/contracts/payment-qr.ts';
import { commerceHarness } from '../commerce/helpers.ts';
import { customer, openShop, pricesNow, teardownData } from '../orders/helpers.ts';
import { finance, order, today } from '../lifecycle/helpers.ts';
import { paintOverSwissCross, pdfPageRaster, pdfText, zbarDecode } from './payment-decode.ts';

const h = await commerceHarness(t);

t.test('the owner gets the slip until the order is paid; nobody else ever', async (t) => {
  const { api } = await openShop(h, t);
  const ctx = api.app.commerce;
  const anna = await customer(api, 'ch');
  const o = await order(anna);
  const owner = { customerId: anna.ownerId, storeKey: 'ch' as const };

  const view = await paymentSlipView(ctx, owner, o.id);
  t.match(view, { kind: 'qr-bill', orderNumber: o.orderNumber, reference: { type: 'SCOR' } });
  t.equal(orderNumberOfReference(view.reference!.reference), o.orderNumber);
  t.ok(view.svg.startsWith('<svg') && view.svg.includes('Zahlteil') && view.svg.includes('Empfangsschein'), 'the payment part in the order\'s language (de-CH)');
  t.match((await paymentSlipView(ctx, owner, o.id, 'en')).svg, /Payment part/, 'or the one the page asks for');

  const { fileName, pdf } = await paymentSlipPdf(ctx, owner, o.id);
  t.equal(fileName, `${o.orderNumber}-qr-bill.pdf`);
  t.equal(pdf.subarray(0, 5).toString(), '%PDF-');
  t.same(zbarDecode(paintOverSwissCross(pdfPageRaster(pdf, 200), 200)), [view.payload], 'the PDF\'s code is the page\'s');
  t.ok(pdfText(pdf).includes(o.orderNumber));

  const other = await customer(api, 'ch');
  await t.rejects(paymentSlipView(ctx, { customerId: other.ownerId, storeKey: 'ch' }, o.id), { statusCode: 404, code: 'order_not_found' }, 'another customer\'s order');
  await t.rejects(paymentSlipPdf(ctx, { customerId: other.ownerId, storeKey: 'ch' }, o.id), { statusCode: 404, code: 'order_not_found' });
  await t.rejects(paymentSlipView(ctx, { ...owner, storeKey: 'li' }, o.id), { statusCode: 404, code: 'order_not_found' }, 'through another store');
  await t.rejects(paymentSlipView(ctx, owner, 'not-an-id'), { statusCode: 404, code: 'order_not_found' });

  const fin = finance();
  await life.recordPayment(ctx, o.id, { centAmount: o.totalGrossPrice.centAmount, currency: 'CHF', reference: o.orderNumber, valueDate: today(api.clock()) }, fin.actor, fin.roles);
  await t.rejects(paymentSlipView(ctx, owner, o.id), { statusCode: 404, code: 'payment_slip_not_found' }, 'paid: no slip any more');
  await t.rejects(paymentSlipPdf(ctx, owner, o.id), { statusCode: 404, code: 'payment_slip_not_found' });
});

t.test('DE store: an EPC QR code for the page, no PDF; US store: none', async (t) => {
  const { api } = await openShop(h, t);
  const ctx = api.app.commerce;
  const de = await customer(api, 'de');
  const o = await order(de);
  const owner = { customerId: de.ownerId, storeKey: 'de' as const };
  const view = await paymentSlipView(ctx, owner, o.id);
  t.match(view, { kind: 'epc', orderNumber: o.orderNumber, reference: null });
  t.equal(view.payload.split('\n')[10], o.orderNumber);
  t.match(view.svg, /^<svg[\s\S]*<path/);
  await t.rejects(paymentSlipPdf(ctx, owner, o.id), { statusCode: 404, code: 'payment_slip_not_found' }, 'an EPC code has no paper form');

  const us = await customer(api, 'us');
  const u = await order(us);
  await t.rejects(paymentSlipView(ctx, { customerId: us.ownerId, storeKey: 'us' }, u.id), { statusCode: 404, code: 'payment_slip_not_found' });
});

t.test('the routes: GET /orders/{id}/payment-slip and .pdf for the owner, 404 for anyone else', async (t) => {
  const api = await h.api(t);
  // registered by the documents feature's plugin (documents/plugin.ts), as in the running shop
  await teardownData(t, h.db);
  await pricesNow(api);
  const anna = await customer(api, 'ch');
  const o = await order(anna);
  const res = await anna.call('GET', `/orders/${o.id}/payment-slip?languageTag=en`);
  t.equal(res.statusCode, 200, res.body);
  t.match(res.json(), { kind: 'qr-bill', orderNumber: o.orderNumber, reference: { type: 'SCOR' }, svg: /Payment part/ });
  const pdf = await anna.call('GET', `/orders/${o.id}/payment-slip.pdf`);
  t.equal(pdf.statusCode, 200);
  t.equal(pdf.headers['content-type'], 'application/pdf');
  t.match(pdf.headers['content-disposition'], `${o.orderNumber}-qr-bill.pdf`);
  t.same(zbarDecode(paintOverSwissCross(pdfPageRaster(pdf.rawPayload, 200), 200)), [(res.json() as { payload: string }).payload]);

  const other = await customer(api, 'ch');
  for (const url of [`/orders/${o.id}/payment-slip`, `/orders/${o.id}/payment-slip.pdf`, '/orders/nope/payment-slip']) {
    const r = await other.call('GET', url);
    t.equal(r.statusCode, 404, url);
    t.equal((r.json() as { code: string }).code, 'order_not_found', url);
  }
  t.equal((await api.call('GET', `/orders/${o.id}/payment-slip`, { store: 'ch' })).statusCode, 401, 'without a session');
});
