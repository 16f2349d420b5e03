// Sample EInvoiceInputs for the e-invoice tests (issue 25): a DE company buying investment gold, one
// buying platinum at 19 %, an AT company buying silver bars at 20 % beside an exempt gold bar.
import type { EInvoiceInput } from '../../src/commerce/documents/e-invoice.ts';

export const sellerDe: EInvoiceInput['seller'] = {
  name: 'Edelmetall Handel GmbH',
  address: { street: 'Maximilianstraße 1', postCode: '80539', city: 'München', country: 'DE' },
  vatId: 'DE123456789',
  register: 'HRB 123456, Amtsgericht München',
  legalInfo: 'Geschäftsführer: Anna Beispiel',
  electronicAddress: 'rechnung@edelmetall.example',
  contact: { name: 'Buchhaltung', phone: '+49 89 1234560', email: 'buchhaltung@edelmetall.example' },
};
export const sellerAt: EInvoiceInput['seller'] = {
  name: 'Edelmetall Handel Österreich GmbH',
  address: { street: 'Graben 1', postCode: '1010', city: 'Wien', country: 'AT' },
  vatId: 'ATU12345678',
  register: 'FN 123456a, Handelsgericht Wien',
  electronicAddress: 'rechnung@edelmetall.example',
  contact: { name: 'Buchhaltung', phone: '+43 1 2345678', email: 'buchhaltung@edelmetall.example' },
};
const paidBySepa = (paidCents: number, terms: string): EInvoiceInput['payment'] => ({ meansCode: '58', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX', accountName: 'Edelmetall Handel GmbH', paidCents, terms });

export const investmentGoldDe: EInvoiceInput = {
  number: 'RE-DE-2026-000123',
  issueDate: '2026-05-04',
  supplyDate: '2026-05-04',
  currency: 'EUR',
  buyerReference: 'B-2026-0042',
  notes: ['Steuerfreie Lieferung von Anlagegold gemäß § 25c UStG.'],
  seller: sellerDe,
  buyer: { name: 'Muster Bau GmbH', address: { street: 'Hauptstraße 5', postCode: '10115', city: 'Berlin', country: 'DE' }, vatId: 'DE987654321', electronicAddress: 'einkauf@musterbau.example' },
  lines: [
    { quantity: 2, unitCode: 'H87', name: 'Krugerrand 1 oz', description: 'Feingewicht 31,103 g, Feinheit 916,7', netUnitPriceCents: 289_950, netAmountCents: 579_900, vat: { category: 'E', exemptionReasonText: 'Anlagegold, steuerfrei nach § 25c UStG' } },
  ],
  payment: paidBySepa(579_900, 'Bezahlt am 04.05.2026 per SEPA-Überweisung.'),
};

export const platinumDe: EInvoiceInput = {
  ...investmentGoldDe,
  number: 'RE-DE-2026-000124',
  notes: [],
  lines: [{ quantity: 3, unitCode: 'H87', name: 'Platinbarren 1 oz', description: 'Feingewicht 31,103 g, Feinheit 999,5', netUnitPriceCents: 101_234, netAmountCents: 303_702, vat: { category: 'S', rateBasisPoints: 1900 } }],
  // 3037.02 + 19 % = 3037.02 + 577.03 (577.0338 rounded) = 3614.05
  payment: paidBySepa(361_405, 'Bezahlt am 04.05.2026 per SEPA-Überweisung.'),
};

export const silverAt: EInvoiceInput = {
  number: 'RE-AT-2026-000007',
  issueDate: '2026-05-05',
  supplyDate: '2026-05-05',
  currency: 'EUR',
  buyerReference: 'B-2026-0077',
  notes: ['Steuerfreie Lieferung von Anlagegold gemäß § 6 Abs. 1 Z 8 lit. j UStG 1994.'],
  seller: sellerAt,
  buyer: { name: 'Alpen Schmuck KG', address: { street: 'Herrengasse 3', postCode: '8010', city: 'Graz', country: 'AT' }, vatId: 'ATU87654321', electronicAddress: 'office@alpenschmuck.example' },
  lines: [
    { quantity: 5, unitCode: 'H87', name: 'Silberbarren 1 kg', description: 'Feingewicht 1000 g, Feinheit 999', netUnitPriceCents: 95_017, netAmountCents: 475_085, vat: { category: 'S', rateBasisPoints: 2000 } },
    { quantity: 1, unitCode: 'H87', name: 'Silberbarren 100 g', description: 'Feingewicht 100 g, Feinheit 999', netUnitPriceCents: 10_333, netAmountCents: 10_333, vat: { category: 'S', rateBasisPoints: 2000 } },
    { quantity: 1, unitCode: 'H87', name: 'Goldbarren 10 g', description: 'Feingewicht 10 g, Feinheit 999,9', netUnitPriceCents: 98_765, netAmountCents: 98_765, vat: { category: 'E', exemptionReasonText: 'Anlagegold, steuerfrei nach § 6 Abs. 1 Z 8 lit. j UStG 1994' } },
  ],
  // net 4750.85 + 103.33 = 4854.18 at 20 % -> 970.836 -> 970.84; gold 987.65 exempt; gross 6812.67
  payment: { meansCode: '58', iban: 'AT61 1904 3002 3457 3201', paidCents: 681_267, terms: 'Bezahlt am 05.05.2026 per SEPA-Überweisung.' },
};
