// From the document service's invoice to the e-invoice (issue 25): the seller comes from the company facts
// the shop shows (test/company-facts.ts), each line's treatment from src/contracts/vat.ts, and the XML of
// a DE order mixing investment gold, a margin-scheme silver coin and platinum at 19 %, and of an AT order
// paid by card, passes the CEN's EN 16931 rules with the VAT the printed invoice states.
import t from 'tap';
import { eInvoiceTotals, renderXRechnungCii } from '../../src/commerce/documents/e-invoice.ts';
import { eInvoiceApplies, toEInvoiceInput, type InvoiceModel } from '../../src/commerce/documents/e-invoice-model.ts';
import { vatFor } from '../../src/contracts/vat.ts';
import { companyFactsOf } from '../company-facts.ts';
import { describe, validateCii } from './en16931.ts';

const de = await companyFactsOf('de');
const at = await companyFactsOf('at');

const mixedDe: InvoiceModel = {
  number: 'RE-DE-2026-000200',
  issueDate: '2026-06-01',
  supplyDate: '2026-06-01',
  orderNumber: 'B-2026-0200',
  currency: 'EUR',
  seller: de,
  buyer: { company: 'Muster Bau GmbH', street: 'Hauptstraße 5', postCode: '10115', city: 'Berlin', country: 'de', vatId: 'DE987654321', email: 'einkauf@musterbau.example' },
  lines: [
    { quantity: 1, name: 'Goldbarren 100 g', description: 'Feingewicht 100 g, Feinheit 999,9', unitPriceCents: 950_000, netAmountCents: 950_000, vat: vatFor('investment-gold', 'DE'), legalNote: 'Steuerfreie Lieferung von Anlagegold gemäß § 25c UStG' },
    { quantity: 10, name: 'Maple Leaf Silber 1 oz', description: 'Feingewicht 31,103 g, Feinheit 999,9', unitPriceCents: 3_999, netAmountCents: 39_990, vat: vatFor('silver-coin', 'DE'), legalNote: 'Gebrauchtgegenstände/Sonderregelung (§ 25a UStG)' },
    // gross 1199.00 at 19 %: net 1007.56, VAT 191.44 as the PDF prints it (1007.56 × 0.19 = 191.4364: 191.44)
    { quantity: 1, name: 'Platinbarren 1 oz', description: 'Feingewicht 31,103 g, Feinheit 999,5', unitPriceCents: 100_756, netAmountCents: 100_756, vat: vatFor('platinum-group', 'DE') },
  ],
  vatByRate: [{ rate: 0.19, netCents: 100_756, vatCents: 19_144 }],
  legalNotes: ['Steuerfreie Lieferung von Anlagegold gemäß § 25c UStG.', 'Gebrauchtgegenstände/Sonderregelung (§ 25a UStG).'],
  payment: { method: 'bank-transfer', paidCents: 950_000 + 39_990 + 100_756 + 19_144, note: 'Bezahlt am 01.06.2026 per Überweisung.' },
};

const cardAt: InvoiceModel = {
  ...mixedDe,
  number: 'RE-AT-2026-000031',
  orderNumber: 'B-2026-0201',
  seller: at,
  buyer: { company: 'Alpen Schmuck KG', street: 'Herrengasse 3', postCode: '8010', city: 'Graz', country: 'AT', vatId: 'ATU87654321', email: 'office@alpenschmuck.example' },
  // a stated VAT one cent above taxable × rate (the PDF derived it from the gross price): BR-CO-17 allows it
  lines: [{ quantity: 2, name: 'Silberbarren 1 kg', unitPriceCents: 95_017, netAmountCents: 190_034, vat: vatFor('silver-bar', 'AT') }],
  vatByRate: [{ rate: 0.2, netCents: 190_034, vatCents: 38_008 }],
  legalNotes: [],
  payment: { method: 'card', paidCents: 228_042, note: 'Bezahlt am 01.06.2026 per Karte.', card: { lastDigits: '4242', network: 'VISA' } },
};

t.test('company customers of the DE and AT stores get the e-invoice, nobody else', async (t) => {
  t.ok(eInvoiceApplies('DE', 'Muster Bau GmbH'));
  t.ok(eInvoiceApplies('AT', 'Alpen Schmuck KG'));
  t.notOk(eInvoiceApplies('DE', null), 'a private customer');
  t.notOk(eInvoiceApplies('DE', '  '));
  t.notOk(eInvoiceApplies('CH', 'Muster AG'), 'CH has no EN 16931 duty');
  t.notOk(eInvoiceApplies('US', 'Acme Inc.'));
});

t.test('the seller from the company facts, treatments from vat.ts, payment from the order', async (t) => {
  const input = toEInvoiceInput(mixedDe);
  t.equal(input.seller.name, de.legalName);
  t.equal(input.seller.vatId, de.vatNumber);
  t.equal(input.seller.register, `${de.registerNumber}, ${de.register}`);
  t.equal(input.payment.meansCode, '58');
  t.equal(input.payment.iban, de.bankAccounts.find((a) => a.currency === 'EUR')?.iban, "the store's EUR account");
  t.same(input.lines.map((l) => l.vat), [
    { category: 'E', exemptionReasonText: 'Steuerfreie Lieferung von Anlagegold gemäß § 25c UStG' },
    { category: 'E', exemptionReasonCode: 'VATEX-EU-F', exemptionReasonText: 'Gebrauchtgegenstände/Sonderregelung (§ 25a UStG)' },
    { category: 'S', rateBasisPoints: 1900 },
  ]);
  t.equal(input.buyer.address.country, 'DE', 'country code upper-cased');
  const totals = eInvoiceTotals(input);
  t.equal(totals.vatCents, 19_144);
  t.equal(totals.dueCents, 0);
  t.same(toEInvoiceInput({ ...mixedDe, number: 'ST-DE-2026-000001', cancels: { number: mixedDe.number, issueDate: mixedDe.issueDate } }).cancels, { number: 'RE-DE-2026-000200', issueDate: '2026-06-01' }, 'a cancellation names the original');
  t.equal(input.cancels, undefined);
  t.equal(toEInvoiceInput(cardAt).payment.meansCode, '48');
  t.same(toEInvoiceInput(cardAt).payment.card, { lastDigits: '4242', network: 'VISA' });
  t.equal(toEInvoiceInput({ ...cardAt, payment: { ...cardAt.payment, card: undefined } }).payment.meansCode, '1', 'a card the shop does not know: instrument not defined');
  t.equal(toEInvoiceInput(cardAt).payment.iban, undefined, 'no account for a card payment');
});

t.test('the XML of each passes the EN 16931 rules and states the printed VAT', async (t) => {
  const marginOnly: InvoiceModel = { ...mixedDe, lines: [mixedDe.lines[1]], vatByRate: [], legalNotes: [mixedDe.legalNotes[1]], payment: { ...mixedDe.payment, paidCents: 39_990 } };
  const xml = {
    mixedDe: await renderXRechnungCii(toEInvoiceInput(mixedDe)),
    cardAt: await renderXRechnungCii(toEInvoiceInput(cardAt)),
    marginOnly: await renderXRechnungCii(toEInvoiceInput(marginOnly)),
    cardUnknownAt: await renderXRechnungCii(toEInvoiceInput({ ...cardAt, payment: { ...cardAt.payment, card: undefined } })),
  };
  const verdicts = await validateCii(xml, { xrechnung: true });
  for (const [name, verdict] of Object.entries(verdicts)) {
    t.same(verdict.fatal, [], `${name}: no fatal EN 16931 assert\n${describe(verdict.fatal)}`);
    t.same(verdict.xrechnung?.fatal, [], `${name}: no fatal XRechnung assert\n${describe(verdict.xrechnung?.fatal ?? [])}`);
    t.equal(verdict.xsd, 'OK', `${name}: D16B schema`);
  }
  t.match(xml.mixedDe, /<ram:ExemptionReason>Steuerfreie Lieferung von Anlagegold gemäß § 25c UStG; Gebrauchtgegenstände\/Sonderregelung \(§ 25a UStG\)<\/ram:ExemptionReason>/, 'exempt and margin share one E group whose reason names both (BR-E-01)');
  t.notMatch(xml.mixedDe, /VATEX-EU-F/, 'the merged group keeps no code the gold line does not have');
  t.match(xml.marginOnly, /<ram:ExemptionReasonCode>VATEX-EU-F<\/ram:ExemptionReasonCode>/, 'a margin-scheme invoice names VATEX-EU-F');
  t.match(xml.marginOnly, /<ram:GrandTotalAmount>399.90<\/ram:GrandTotalAmount>/, 'and shows no VAT on the margin');
  t.match(xml.mixedDe, /DE316284751/);
  t.match(xml.cardAt, /<ram:CalculatedAmount>380.08<\/ram:CalculatedAmount>/, 'the printed VAT, one cent above 380.068 rounded');
  t.match(xml.cardAt, /<ram:TypeCode>48<\/ram:TypeCode>/);
  t.match(xml.cardAt, /<ram:ApplicableTradeSettlementFinancialCard>\s*<ram:ID>4242<\/ram:ID>/, 'the card by its last digits only');
});

t.test('a printed VAT more than a cent off, or a printed net that is not the lines, is refused', async (t) => {
  t.throws(() => eInvoiceTotals(toEInvoiceInput({ ...cardAt, vatByRate: [{ rate: 0.2, netCents: 190_034, vatCents: 38_009 }] })), /BR-CO-17/);
  t.throws(() => toEInvoiceInput({ ...cardAt, vatByRate: [{ rate: 0.2, netCents: 190_000, vatCents: 38_007 }] }), /printed net/);
  t.throws(() => toEInvoiceInput({ ...mixedDe, lines: [{ ...mixedDe.lines[0], legalNote: undefined }], vatByRate: [] }), /legal note/);
});
