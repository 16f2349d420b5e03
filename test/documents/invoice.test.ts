// Issue 25, "Invoices for purchases": the invoice is issued in the transaction that records the payment in
// full (never for an unpaid or partly paid order, never twice), numbered per company and year without gaps,
// stored with its SHA-256 (named in the audit entry) and its text as an accountant reads it (pdftotext): the
// seller's and buyer's facts, the lines with fine weight and fineness, VAT per rate, the legal notes.
import t from 'tap';
import * as life from '../../src/commerce/lifecycle/index.ts';
import type { Order } from '../../src/contracts/order.ts';
import { commerceHarness } from '../commerce/helpers.ts';
import { addressOf, customer, ok, openShop, placeOrder, readyCart } from '../orders/helpers.ts';
import { auditActions, finance, order, warehouse } from '../lifecycle/helpers.ts';
import { docsOf, pdfText, sha256 } from './helpers.ts';

const h = await commerceHarness(t);

type Ctx = Parameters<typeof life.recordPayment>[0];
type Placed = { id: string; totalGrossPrice: { centAmount: number; currencyCode: string } };

/** Finance records a transfer for the order (the whole open amount unless told). */
function pay(ctx: Ctx, o: Placed, cents = o.totalGrossPrice.centAmount) {
  const fin = finance();
  return life.recordPayment(ctx, o.id, { centAmount: cents, currency: o.totalGrossPrice.currencyCode as 'EUR', reference: `transfer ${cents}`, valueDate: '2026-11-22' }, fin.actor, fin.roles);
}

t.test('DE, investment gold by bank transfer: no invoice while partly paid; paying the rest issues RE-DE-2026-…, once, with the legal contents', async (t) => {
  const { api } = await openShop(h, t);
  const ctx = api.app.commerce;
  const c = await customer(api, 'de');
  const o = await order(c, { lines: [{ sku: 'AU-KRUG-1OZ', quantity: 2 }] });
  t.same(await docsOf(h.db, o.id), [], 'no invoice for an unpaid order');
  await pay(ctx, o, 10_000);
  t.same(await docsOf(h.db, o.id), [], 'nor for a partly paid one');
  await pay(ctx, o, o.totalGrossPrice.centAmount - 10_000);
  const [inv, ...more] = await docsOf(h.db, o.id);
  t.same(more, [], 'one document');
  t.match(inv, { kind: 'invoice', company_key: 'DE', year: 2026, refers_to: null });
  t.match(inv.number, /^RE-DE-2026-\d{6}$/);
  t.equal(inv.sha256, sha256(inv.pdf), 'the stored hash is the hash of the stored bytes');
  t.equal(new Date(inv.issued_at).toISOString(), api.clock().toISOString(), 'issued at the payment\'s time');

  const audit = await h.db.query<{ action: string; details: Record<string, unknown> }>(`select action, details from order_audit where order_id = $1 and action = 'invoice_issued'`, [o.id]);
  t.match(audit, [{ details: { number: inv.number, sha256: inv.sha256, documentId: inv.id } }], 'the audit entry names the number and the SHA-256');
  t.same((await auditActions(h.db, o.id)).slice(-3), ['payment_recorded', 'invoice_issued', 'confirmed']);

  const text = pdfText(inv.pdf);
  t.match(text, `Rechnung ${inv.number}`, 'the title and number');
  for (const seller of ['Aurum Edelmetalle GmbH', 'Feingoldstraße 14', '80331 München', 'Amtsgericht München HRB 268413', 'USt-IdNr. DE316284751']) {
    t.match(text, seller, `the seller: ${seller}`);
  }
  for (const buyer of ['Anna Muster', 'Marienplatz 8', '80331 München', 'Deutschland']) t.match(text, buyer, `the buyer: ${buyer}`);
  t.match(text, 'Rechnungsdatum: 22/11/2026', 'the date of issue in the store\'s format');
  t.match(text, 'Liefer-/Leistungsdatum: November 2026', 'the supply: the calendar month of a shipment');
  t.match(text, o.orderNumber);
  t.match(text, /2\s+Krügerrand.*\(1\)\s+62,207 g\s+916,7/, 'the line: quantity, description, the line\'s fine weight (2 × 31.103 g) and fineness');
  t.match(text, /Steuerfrei: .*€/, 'the exempt total');
  t.notMatch(text, /Umsatzsteuer \d/, 'no VAT line on investment gold');
  t.match(text, '(1) Steuerfreie Lieferung von Anlagegold gemäß § 25c UStG.', 'the legal note citing § 25c UStG');
  t.match(text, 'Bezahlt am 22/11/2026 per Banküberweisung.', 'payment method and date paid');
  t.match(text, /Gesamtbetrag\s+[\d.]+,\d\d\s€/, 'the gross total');

  // paying again is refused by the lifecycle; the invoice stays one
  await t.rejects(pay(ctx, o, 1), { code: 'invalid_transition' });
  t.equal((await docsOf(h.db, o.id)).length, 1, 'never twice');
});

t.test('DE, a margin-scheme silver coin and a standard-rate platinum bar: § 25a UStG note without VAT, 19 % shown on the platinum', async (t) => {
  const { api } = await openShop(h, t);
  const ctx = api.app.commerce;
  const c = await customer(api, 'de');
  const o = await order(c, { lines: [{ sku: 'AG-PHIL-1OZ', quantity: 3 }, { sku: 'PT-PHIL-1OZ', quantity: 1 }] });
  await pay(ctx, o);
  const [inv] = await docsOf(h.db, o.id);
  const text = pdfText(inv.pdf);
  t.match(text, /3\s+Wiener Philharmoniker.*\(1\)\s+93,31 g\s+999/, 'the silver coins refer to note (1), fine weight 3 × 31.103 g');
  t.notMatch(text, /Platin.*\(\d\)/, 'the platinum bar needs no note');
  t.match(text, /\(1\) Gebrauchtgegenstände\/Sonderregelung: Differenzbesteuerung gemäß § 25a UStG\. Die Umsatzsteuer wird nicht\s+gesondert ausgewiesen\./, 'the margin note citing § 25a UStG');
  t.match(text, /Differenzbesteuert: [\d.,]+ €\s+0,00 €/, 'the margin part shows no VAT');
  const vat = /Umsatzsteuer 19 % auf ([\d.]+,\d\d) €\s+([\d.]+,\d\d) €/.exec(text);
  t.ok(vat, 'VAT 19 % with its base on the platinum bar');
  const cents = (s: string) => Number(s.replace(/\./g, '').replace(',', ''));
  const base = cents(vat![1]);
  t.equal(cents(vat![2]), Math.round(base * 0.19), 'the VAT is 19 % of its base (to the cent)');
  t.match(text, /Nettobetrag\s+[\d.]+,\d\d €/);
});

t.test('AT, a company customer: its UID on the invoice, § 6 Abs. 1 Z 8 lit. j and § 24 UStG 1994 cited, the Austrian company as seller', async (t) => {
  const { api } = await openShop(h, t);
  const ctx = api.app.commerce;
  const c = await customer(api, 'at', { accountType: 'company', companyName: 'Muster Handels GmbH', vatId: 'ATU13585627' });
  const cart = await readyCart(c, { lines: [{ sku: 'AU-PHIL-1OZ', quantity: 1 }, { sku: 'AG-PHIL-1OZ', quantity: 1 }] });
  await ok(c.call('PUT', `/carts/${cart.id}/addresses`, { billingAddress: { ...addressOf.at, company: 'Muster Handels GmbH' }, shippingAddress: addressOf.at }));
  const placed = await placeOrder(c, cart.id);
  t.equal(placed.statusCode, 201, placed.body);
  const o = placed.json() as Order;
  await pay(ctx, o);
  const [inv] = await docsOf(h.db, o.id);
  t.match(inv.number, /^RE-AT-2026-\d{6}$/, 'the Austrian company\'s own sequence');
  const text = pdfText(inv.pdf);
  for (const s of ['Aurum Edelmetalle GmbH', 'Dukatenplatz 3', 'Firmenbuch, Handelsgericht Wien FN 512847 t', 'UID-Nr. ATU68392713', 'Muster Handels GmbH', 'USt-IdNr. des Kunden: ATU13585627']) {
    t.match(text, s, s);
  }
  t.match(text, '(1) Steuerfreie Lieferung von Anlagegold gemäß § 6 Abs. 1 Z 8 lit. j UStG 1994.');
  t.match(text, '(2) Gebrauchtgegenstände/Sonderregelung: Differenzbesteuerung gemäß § 24 UStG 1994.');
  t.match(text, /Steuerfrei: € [\d.]+,\d\d\s+€ 0,00/, 'Austrian amounts: € 1.234,50');
});

t.test('CH: the Swiss company, investment gold under Art. 107 MWSTG, a silver coin at 8.1 % MWST, Swiss formats; LI shares the Swiss sequence', async (t) => {
  const { api } = await openShop(h, t);
  const ctx = api.app.commerce;
  const c = await customer(api, 'ch');
  const o = await order(c, { lines: [{ sku: 'AU-KRUG-1OZ', quantity: 1 }, { sku: 'AG-PHIL-1OZ', quantity: 10 }] });
  await pay(ctx, o);
  const [inv] = await docsOf(h.db, o.id);
  t.match(inv.number, /^RE-CH-2026-\d{6}$/);
  const text = pdfText(inv.pdf);
  for (const s of ['Aurum Edelmetalle AG', 'Barrengasse 7', '8001 Zürich', 'MWST-Nr. CHE-418.732.659', 'Schweiz']) t.match(text, s, s);
  t.match(text, '(1) Steuerfreie Lieferung von Anlagegold gemäss Art. 107 Abs. 1 lit. b MWSTG i. V. m. Art. 44 MWSTV.', 'Swiss German: gemäss');
  t.match(text, /MWST 8\.1 % auf CHF [\d']+\.\d\d\s+CHF [\d']+\.\d\d/, 'the Swiss VAT with its rate and base, amounts as CHF 1\'234.50');
  t.match(text, /1\s+Krügerrand 1 Unze Gold \(1\)\s+31\.103 g\s+916\.7\s+CHF [\d']+\.\d\d/, 'numbers in the Swiss format');
  t.notMatch(text, /ß/, 'no ß in Swiss German texts');

  const li = await customer(api, 'li');
  const lo = await order(li);
  await pay(ctx, lo);
  const [liInv] = await docsOf(h.db, lo.id);
  t.equal(liInv.company_key, 'CH', 'the LI store sells as the Swiss company');
  t.equal(liInv.seq, inv.seq + 1, 'and continues its sequence');
});

t.test('US: a plain sales receipt in English, no VAT', async (t) => {
  const { api } = await openShop(h, t);
  const ctx = api.app.commerce;
  const c = await customer(api, 'us');
  const cart = await readyCart(c, { lines: [{ sku: 'AU-EAGLE-1OZ', quantity: 1 }] });
  await ok(c.call('PUT', `/carts/${cart.id}`, { locale: 'en-US' }));
  const placed = await placeOrder(c, cart.id);
  t.equal(placed.statusCode, 201, placed.body);
  const o = placed.json() as Order;
  await pay(ctx, o);
  const [inv] = await docsOf(h.db, o.id);
  t.match(inv.number, /^RE-US-2026-\d{6}$/);
  const text = pdfText(inv.pdf);
  t.match(text, `Sales receipt ${inv.number}`);
  t.match(text, 'Date of issue: 11/22/2026', 'US date format');
  t.match(text, /Total\s+\$[\d,]+\.\d\d/);
  t.match(text, 'Sales receipt: no VAT or sales tax charged.');
  t.notMatch(text, /VAT \d|Net amount|exempt/i, 'no VAT lines, no notes');
  t.match(text, 'Paid on 11/22/2026 by bank transfer.');
  t.match(text, /Aurum Precious Metals Inc\.\s+36 West 47th Street, Suite 804\s+New York, NY 10036/, 'the seller\'s address the American way');
  t.match(text, /New York, NY 10118\s+United States/, 'and the buyer\'s');
});

t.test('cash at the counter: the invoice is issued when the pickup records the payment, supplied that day', async (t) => {
  const { api } = await openShop(h, t);
  const ctx = api.app.commerce;
  const c = await customer(api, 'de');
  // a small amount: no identity document needed at the counter
  const o = await order(c, { shippingMethodId: 'pickup', paymentMethod: 'cash', pickupStore: 'muenchen', lines: [{ sku: 'AG-PHIL-1OZ', quantity: 1 }] });
  t.same(await docsOf(h.db, o.id), [], 'Confirmed at placement, not paid: no invoice');
  const wh = warehouse();
  await life.recordPickup(ctx, o.id, { collectedBy: 'Anna Muster' }, wh.actor, wh.roles);
  const [inv] = await docsOf(h.db, o.id);
  const text = pdfText(inv.pdf);
  t.match(text, 'Liefer-/Leistungsdatum: 22/11/2026', 'handed over that day');
  t.match(text, 'Bezahlt am 22/11/2026 per Barzahlung.');
  const [entry] = await h.db.query<{ actor_id: string }>(`select actor_id from order_audit where order_id = $1 and action = 'invoice_issued'`, [o.id]);
  t.equal(entry.actor_id, wh.actor.id, 'the audit names who took the cash');
});

t.test('numbers: consecutive per company and year, a new sequence in a new year; a document is never changed or deleted', async (t) => {
  const { api } = await openShop(h, t);
  const ctx = api.app.commerce;
  const c = await customer(api, 'de');
  const a = await order(c);
  const b = await order(c);
  const x = await order(await customer(api, 'at'));
  const late = await order(c);
  await pay(ctx, a);
  await pay(ctx, x);
  await pay(ctx, b);
  const [da] = await docsOf(h.db, a.id);
  const [db] = await docsOf(h.db, b.id);
  t.equal(db.seq, da.seq + 1, 'the next German invoice takes the next number, whatever the Austrian company issued between');
  t.equal(db.number, `RE-DE-2026-${String(da.seq + 1).padStart(6, '0')}`);
  api.clock.set(Date.parse('2027-01-04T09:00:00Z'));
  await pay(ctx, late);
  const [dl] = await docsOf(h.db, late.id);
  t.equal(dl.number, 'RE-DE-2027-000001', 'a new year starts its own sequence at 1');

  await t.rejects(h.db.query(`update documents set number = 'RE-DE-2026-999999' where id = $1`, [da.id]), /unchangeable/, 'no update');
  await t.rejects(h.db.query('delete from documents where id = $1', [da.id]), /unchangeable/, 'no delete');
  t.equal((await docsOf(h.db, a.id))[0].sha256, da.sha256);
});
