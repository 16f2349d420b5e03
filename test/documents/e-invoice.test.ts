// EN 16931 e-invoices for company customers in DE and AT (issue 25): the XRechnung CII XML of an
// investment-gold purchase (exempt, §25c UStG), a platinum purchase at 19 % and an Austrian order of
// silver bars at 20 % beside an exempt gold bar each pass the CEN's EN 16931 rules (Saxon-HE), KoSIT's
// XRechnung rules and the D16B schema, with the totals an accountant would add up.
import t from 'tap';
import { centsToDecimal, eInvoiceTotals, renderXRechnungCii, toLibraryInvoice, type EInvoiceInput } from '../../src/commerce/documents/e-invoice.ts';
import { investmentGoldDe, platinumDe, silverAt } from './e-invoice-samples.ts';
import { describe, validateCii } from './en16931.ts';

t.test('totals: integer cents per VAT group, half up, formatted with two decimals', async (t) => {
  const at = eInvoiceTotals(silverAt);
  t.same(at.breakdown.map((g) => [g.vat.category, g.taxableCents, g.vatCents]), [['S', 485_418, 97_084], ['E', 98_765, 0]]);
  t.equal(at.grossCents, 681_267);
  t.equal(at.dueCents, 0, 'paid in full before the invoice: nothing due');
  t.equal(eInvoiceTotals(platinumDe).vatCents, 57_703);
  t.equal(centsToDecimal(681_267), '6812.67');
  t.equal(centsToDecimal(5), '0.05');
  t.equal(centsToDecimal(-1_250), '-12.50');
  t.throws(() => centsToDecimal(12.5), /whole cents/, 'a fraction of a cent never reaches the XML');
  t.throws(() => toLibraryInvoice({ ...platinumDe, lines: [{ ...platinumDe.lines[0], quantity: 1.5 }] }), /whole number of pieces/);
  t.throws(() => toLibraryInvoice({ ...platinumDe, lines: [] }), /at least one line/);
});

t.test('XRechnung CII for DE investment gold, DE platinum at 19 % and AT silver at 20 % passes the EN 16931 and the XRechnung rules', async (t) => {
  const xml = { investmentGoldDe: await renderXRechnungCii(investmentGoldDe), platinumDe: await renderXRechnungCii(platinumDe), silverAt: await renderXRechnungCii(silverAt) };
  const verdicts = await validateCii(xml, { xrechnung: true });
  for (const [name, verdict] of Object.entries(verdicts)) {
    t.same(verdict.fatal, [], `${name}: no fatal EN 16931 assert\n${describe(verdict.fatal)}`);
    t.same(verdict.xrechnung?.fatal, [], `${name}: no fatal XRechnung assert\n${describe(verdict.xrechnung?.fatal ?? [])}`);
    t.same(verdict.warnings, [], `${name}: no warning either\n${describe(verdict.warnings)}`);
    t.equal(verdict.xsd, 'OK', `${name}: D16B schema`);
  }
  t.match(xml.investmentGoldDe, /urn:xeinkauf\.de:kosit:xrechnung_3\.0/, 'declares XRechnung 3.0');
  t.match(xml.investmentGoldDe, /<ram:CategoryCode>E<\/ram:CategoryCode>/);
  t.match(xml.investmentGoldDe, /§ 25c UStG/);
  t.match(xml.platinumDe, /<ram:RateApplicablePercent>19<\/ram:RateApplicablePercent>/);
  t.match(xml.platinumDe, /<ram:TaxTotalAmount currencyID="EUR">577.03<\/ram:TaxTotalAmount>/);
  t.match(xml.silverAt, /<ram:GrandTotalAmount>6812.67<\/ram:GrandTotalAmount>/);
  t.match(xml.silverAt, /<ram:DuePayableAmount>0.00<\/ram:DuePayableAmount>/);
  t.match(xml.silverAt, /ATU87654321/, "the buyer's VAT ID");
  t.match(xml.silverAt, /AT611904300234573201/, 'the IBAN paid to, without spaces');
});

t.test('a cancellation invoice is a credit note (381) that names the original and passes the same rules', async (t) => {
  const cancellation: EInvoiceInput = {
    ...investmentGoldDe,
    number: 'ST-DE-2026-000009',
    issueDate: '2026-05-06',
    cancels: { number: investmentGoldDe.number, issueDate: investmentGoldDe.issueDate },
    // the shop refunds the whole amount to the customer's account
    payment: { meansCode: '58', iban: 'DE02120300000000202051', paidCents: 0, terms: 'Der Betrag von 5.799,00 EUR wird bis 13.05.2026 erstattet.' },
  };
  const original = await renderXRechnungCii(investmentGoldDe);
  const xml = await renderXRechnungCii(cancellation);
  const verdict = (await validateCii({ cancellation: xml }, { xrechnung: true })).cancellation;
  t.same(verdict.fatal, [], describe(verdict.fatal));
  t.same(verdict.xrechnung?.fatal, [], describe(verdict.xrechnung?.fatal ?? []));
  t.equal(verdict.xsd, 'OK');
  t.match(xml, /<rsm:ExchangedDocument>\s*<ram:ID>ST-DE-2026-000009<\/ram:ID>\s*<ram:TypeCode>381<\/ram:TypeCode>/);
  t.match(xml, /<ram:InvoiceReferencedDocument>\s*<ram:IssuerAssignedID>RE-DE-2026-000123<\/ram:IssuerAssignedID>/, 'refers to the original (BT-25)');
  t.match(xml, /<ram:DuePayableAmount>5799.00<\/ram:DuePayableAmount>/, 'positive amounts: the shop owes the customer');
  t.match(original, /<ram:TypeCode>380<\/ram:TypeCode>/, 'the original stays an invoice');
  t.notMatch(original, /InvoiceReferencedDocument/);
});
