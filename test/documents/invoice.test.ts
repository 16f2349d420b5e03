// Issue 25, "Invoices for purchases": the invoice is issued in the transaction that records the payment in
// full (never for an unpaid or partly paid order, never twice), numbered per company and year without gaps,
// stored with its SHA-256 (named in the audit entry) and its text as an accountant reads it (pdftotext): the
// seller's and buyer's facts, the lines with fine weight and fineness, VAT per rate, the legal notes.
import t from 'tap';
import * as life from '../../src/commerce/lifecycle/index.ts';
import { commerceHarness } from '../commerce/helpers.ts';
import { customer, openShop } from '../orders/helpers.ts';
import { auditActions, finance, order } from '../lifecycle/helpers.ts';
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
  if (process.env.DUMP_PDF) (await import('node:fs')).writeFileSync(process.env.DUMP_PDF, inv.pdf);
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
