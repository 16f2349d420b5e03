// Issue 25, payment slips that banking apps read: a bank-transfer order on the CH store gets a Swiss
// QR-bill, on the DE store an EPC QR code ("GiroCode"). The codes are read back with tools that did not
// write them (pdftoppm + zbarimg, pdftotext; payment-decode.ts) and every field is compared with the order
// as the customer API answers it and with the company facts.
import t from 'tap';
import { isSCORReferenceValid } from 'swissqrbill/utils';
import type { Order } from '../../src/contracts/order.ts';
import { formatIban } from '../../src/contracts/bank-details.ts';
import { creditorReferenceValid, orderNumberOfReference, paymentSlipFor, slipOrderOf } from '../../src/contracts/payment-qr.ts';
import { epcQrPng, epcQrSvg, qrBillPdf, qrBillSvg, slipLanguage } from '../../src/commerce/documents/payment-slip.ts';
import { commerceHarness } from '../commerce/helpers.ts';
import { addressOf, createCart, customer, ok, openShop, placeOrder, type Shopper } from '../orders/helpers.ts';
import { order } from '../lifecycle/helpers.ts';
import { paintOverSwissCross, pdfPageRaster, pdfText, zbarDecode } from './payment-decode.ts';

const h = await commerceHarness(t);
const DPI = 200;
const decimal = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** A bank-transfer buy order in the cart's locale (the slip's language follows it). */
async function orderIn(s: Shopper, locale: string): Promise<Order> {
  let cart = await createCart(s, 'buy', { locale });
  cart = await ok(s.call('PUT', `/carts/${cart.id}/line-items`, { sku: 'AU-KRUG-1OZ', quantity: 1 }));
  cart = await ok(s.call('PUT', `/carts/${cart.id}/addresses`, { email: 'anna.muster@example.ch', shippingAddress: addressOf[s.store], billingAddress: addressOf[s.store] }));
  await ok(s.call('PUT', `/carts/${cart.id}`, { shippingMethodId: 'shipping', paymentMethod: 'bank-transfer' }));
  const res = await placeOrder(s, cart.id);
  if (res.statusCode !== 201) throw new Error(`order: ${res.statusCode} ${res.body}`);
  return res.json() as Order;
}

/** The Swiss QR code's elements by their names in the SIX guidelines (IG QR-bill 2.3, 4.2.2). */
function spcFields(payload: string) {
  const l = payload.split(/\r?\n/);
  return {
    qrType: l[0], version: l[1], coding: l[2], iban: l[3],
    creditor: { adrTp: l[4], name: l[5], street: l[6], building: l[7], postalCode: l[8], town: l[9], country: l[10] },
    ultimateCreditor: l.slice(11, 18), amount: l[18], currency: l[19],
    debtor: { adrTp: l[20], name: l[21], street: l[22], building: l[23], postalCode: l[24], town: l[25], country: l[26] },
    referenceType: l[27], reference: l[28], message: l[29], trailer: l[30], lines: l.length,
  };
}

t.test('CH store: the QR-bill PDF, read back by zbarimg, carries the order\'s account, creditor, amount, reference and number', async (t) => {
  const { api } = await openShop(h, t);
  const facts = await api.app.commerce.companyFacts.forStore('ch');
  const cust = await customer(api, 'ch');
  const o = await order(cust);
  t.match(o, { paymentMethod: 'bank-transfer', paymentState: 'Pending', currency: 'CHF', locale: 'de-CH' });
  const slip = paymentSlipFor(facts, slipOrderOf(o)!);
  if (slip?.kind !== 'qr-bill') return t.fail(`a QR-bill expected, got ${slip?.kind}`);
  const pdf = await qrBillPdf(slip.input, slipLanguage(o.locale), { title: o.orderNumber, creationDate: api.clock() });

  const page = pdfPageRaster(pdf, DPI);
  const read = zbarDecode(paintOverSwissCross(page, DPI));
  t.equal(read.length, 1, 'one QR code on the slip');
  const f = spcFields(read[0]);
  const pay = o.paymentInstructions!;
  t.same([f.qrType, f.version, f.coding, f.trailer, f.lines], ['SPC', '0200', '1', 'EPD', 31], 'header and trailer of IG 2.3');
  t.equal(f.iban, pay.iban, 'the account of the order\'s payment instructions');
  t.equal(f.iban, facts.bankAccounts.find((a) => a.currency === 'CHF')!.iban, '... which is the company story\'s CHF account');
  t.same(f.creditor, { adrTp: 'S', name: pay.accountOwner, street: 'Barrengasse', building: '7', postalCode: facts.postalCode, town: facts.city, country: facts.country });
  t.equal(`${f.creditor.street} ${f.creditor.building}`, facts.streetAddress);
  t.same(f.ultimateCreditor, ['', '', '', '', '', '', ''], 'ultimate creditor: reserved, empty');
  t.equal(f.amount, decimal(o.totalGrossPrice.centAmount), 'the amount owed');
  t.equal(f.currency, o.currency);
  const b = o.billingAddress;
  t.same(f.debtor, { adrTp: 'S', name: `${b.firstName} ${b.lastName}`, street: b.streetName, building: b.streetNumber, postalCode: b.zipCode, town: b.city, country: b.country }, 'payable by: the billing address');
  t.equal(f.referenceType, 'SCOR', 'an ordinary IBAN: ISO 11649 creditor reference');
  t.equal(f.reference, `RF${f.reference.slice(2, 4)}${o.orderNumber.replaceAll('-', '')}`);
  t.ok(creditorReferenceValid(f.reference) && isSCORReferenceValid(f.reference), 'check digits right (ours and swissqrbill\'s check)');
  t.equal(orderNumberOfReference(f.reference), o.orderNumber, 'the reference names the order');
  t.equal(f.message, o.orderNumber, 'unstructured message: the order number');
  t.equal(read[0], slip.payload, 'swissqrbill encodes exactly the payload our builder writes');

  // zbar's known limit, noted not asserted (a later zbar that reads the cross needs no painting)
  if (zbarDecode(page).length === 0) t.comment('zbarimg still cannot read the Swiss QR code with its cross (zbar issues 121, 167, 216)');

  const text = pdfText(pdf);
  const grouped = formatIban(pay.iban!);
  for (const s of ['Empfangsschein', 'Zahlteil', 'Konto / Zahlbar an', grouped, 'Referenz', f.reference.replace(/(.{4})(?=.)/g, '$1 '), 'Währung', 'Betrag', 'Zahlbar durch', 'Annahmestelle']) {
    t.ok(text.includes(s), `the slip prints "${s}"`);
  }
  t.match(text, /CHF\s+[\d ]+\.\d{2}/, 'currency and amount');
  t.notOk(/Payment part|Receipt/.test(text), 'all in German');
});

t.test('an English order: the payment part in English; the SVG for pages in the same language', async (t) => {
  const { api } = await openShop(h, t);
  const facts = await api.app.commerce.companyFacts.forStore('ch');
  const cust = await customer(api, 'ch');
  const o = await orderIn(cust, 'en-GB');
  t.equal(o.locale, 'en-GB');
  const slip = paymentSlipFor(facts, slipOrderOf(o)!);
  if (slip?.kind !== 'qr-bill') return t.fail('a QR-bill expected');
  const text = pdfText(await qrBillPdf(slip.input, slipLanguage(o.locale), { title: o.orderNumber, creationDate: api.clock() }));
  for (const s of ['Receipt', 'Payment part', 'Account / Payable to', 'Reference', 'Currency', 'Amount', 'Payable by', 'Acceptance point']) t.ok(text.includes(s), `the slip prints "${s}"`);
  t.notOk(/Zahlteil|Empfangsschein/.test(text), 'no German');
  const svg = await qrBillSvg(slip.input, slipLanguage(o.locale));
  t.match(svg, /^<svg[^>]*width="210mm"[^>]*height="105mm"/, 'the payment part\'s size');
  t.ok(svg.includes('Payment part') && svg.includes(o.orderNumber), 'its texts and the order number');
});

t.test('DE store: the EPC QR code (PNG), read back by zbarimg, carries BIC, name, IBAN, EUR amount and the order number', async (t) => {
  const { api } = await openShop(h, t);
  const facts = await api.app.commerce.companyFacts.forStore('de');
  const cust = await customer(api, 'de');
  const o = await order(cust);
  t.match(o, { paymentMethod: 'bank-transfer', currency: 'EUR' });
  const slip = paymentSlipFor(facts, slipOrderOf(o)!);
  if (slip?.kind !== 'epc') return t.fail(`an EPC QR expected, got ${slip?.kind}`);
  const read = zbarDecode(await epcQrPng(slip.payload));
  t.equal(read.length, 1);
  const l = read[0].split('\n');
  const pay = o.paymentInstructions!;
  t.same(l.slice(0, 4), ['BCD', '002', '1', 'SCT'], 'service tag, version 002, UTF-8, SEPA credit transfer');
  t.equal(l[4], pay.bic, 'BIC');
  t.equal(l[5], pay.accountOwner, 'beneficiary');
  t.equal(l[6], pay.iban, 'IBAN');
  t.equal(l[6], facts.bankAccounts.find((a) => a.currency === 'EUR')!.iban, '... the company story\'s EUR account');
  t.equal(l[7], `EUR${decimal(o.totalGrossPrice.centAmount)}`, 'amount owed, in euros');
  t.same([l[8], l[9]], ['', ''], 'no purpose code, no structured remittance');
  t.equal(l[10], o.orderNumber, 'remittance: the order number');
  t.equal(l.length, 11);
  t.ok(Buffer.byteLength(read[0]) <= 331, 'within EPC069-12\'s 331 bytes');
  t.match(await epcQrSvg(slip.payload), /^<svg[\s\S]*<path/, 'an SVG for pages');
});

t.test('no slip where none belongs: a paid order, the US store, a sale, a currency or account the scheme does not carry', async (t) => {
  const { api } = await openShop(h, t);
  const o = await order(await customer(api, 'ch'));
  t.equal(slipOrderOf({ ...o, paymentState: 'Paid' }), null, 'paid');
  t.equal(slipOrderOf({ ...o, orderState: 'Cancelled' }), null, 'cancelled');
  t.equal(slipOrderOf({ ...o, type: 'sell' }), null, 'a sale is paid out, not paid in');
  const facts = await api.app.commerce.companyFacts.forStore('ch');
  const euro = slipOrderOf(o)!;
  t.equal(paymentSlipFor(facts, { ...euro, currency: 'USD' }), null, 'a CH order in dollars: no QR-bill currency');
  t.equal(paymentSlipFor(facts, { ...euro, currency: 'EUR', payee: { ...euro.payee, iban: 'DE06701500001002847365' } }), null, 'an account outside CH/LI: no QR-bill');
  t.equal(paymentSlipFor(facts, { ...euro, currency: 'EUR' })?.kind, 'qr-bill', 'EUR to a Swiss account: a QR-bill');
  const us = await order(await customer(api, 'us'));
  const slip = slipOrderOf(us);
  t.equal(slip === null ? null : paymentSlipFor(await api.app.commerce.companyFacts.forStore('us'), slip), null, 'US store: no QR scheme');
});

t.test('a billing address the QR-bill cannot carry: the slip leaves the payer out (never an error page)', async (t) => {
  const { api } = await openShop(h, t);
  const facts = await api.app.commerce.companyFacts.forStore('ch');
  const o = await order(await customer(api, 'ch'));
  const cases: [string, Partial<Order['billingAddress']>][] = [
    ['a town of 36 characters', { city: 'Bad Ragaz-Pfäfers-Vättis-Valens-Sarg' }],
    ['a name of 71 characters', { company: 'A'.repeat(71) }],
    ['a character outside the SIX set', { lastName: 'Muster 🙂' }],
  ];
  for (const [why, change] of cases) {
    const slip = paymentSlipFor(facts, slipOrderOf({ ...o, billingAddress: { ...o.billingAddress, ...change } })!);
    if (slip?.kind !== 'qr-bill') return t.fail('a QR-bill expected');
    t.equal(slip.input.debtor, null, why);
    t.same(spcFields(slip.payload).debtor, { adrTp: '', name: '', street: '', building: '', postalCode: '', town: '', country: '' }, `${why}: empty payer elements`);
    t.match(await qrBillSvg(slip.input, 'de'), /Zahlbar durch \(Name\/Adresse\)/, `${why}: the slip draws the box to write the payer in`);
  }
  t.same(slipOrderOf({ ...o, billingAddress: { ...o.billingAddress, city: 'Zürich', company: 'Goldschmiede Ștefan & Söhne AG' } })!.debtor?.name, 'Goldschmiede Ștefan & Söhne AG', 'Latin Extended letters are fine');
});
