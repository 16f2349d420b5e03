// What an invoice line says about its VAT (issue 25): the treatment of vat.ts (which prices it) and, for every
// line that shows no VAT of its own, the legal note with the statute of the SELLER's country (the company
// that issues the invoice: the CH and LI stores sell as the Swiss company, so Swiss law). The one place the
// documents take these rules from; pure, no Node.
//
// Sources (as in force 2026):
// - DE: investment gold exempt, § 25c Abs. 1 UStG (Art. 346 VAT directive 2006/112/EC); margin scheme,
//   § 25a UStG, whose invoice must say "Gebrauchtgegenstände/Sonderregelung" and show no VAT (§ 14a Abs. 6
//   UStG); an exempt supply must say so (§ 14 Abs. 4 Satz 1 Nr. 8 UStG).
// - AT: investment gold exempt, § 6 Abs. 1 Z 8 lit. j UStG 1994 (Sonderregelung für Anlagegold); margin scheme
//   ("Differenzbesteuerung"), § 24 UStG 1994: the invoice names it and shows no VAT.
// - CH: investment gold exempt, Art. 107 Abs. 1 lit. b MWSTG with Art. 44 MWSTV (Swiss standard rate otherwise,
//   Art. 25 MWSTG); margin taxation, Art. 24a MWSTG (not used by the shop: silver coins carry the full rate).
// - LI: its own MWSTG (LGBl. 2009 Nr. 330) mirrors the Swiss one article for article under the customs treaty;
//   Decision: cited with the same article numbers and the LI law's name. No LI company issues invoices yet.
// - US: a plain sales receipt, no VAT (sales tax is out of scope, vat.ts).
import type { VatClass } from './pricing-attributes.ts';
import type { PriceCountry } from './prices.ts';
import { vatFor, type VatScheme } from './vat.ts';

/** The kind of note a line needs: none (it shows its VAT, or the receipt shows none), an exemption, the margin scheme. */
export type VatNoteKind = 'exempt' | 'margin';

export interface InvoiceVatTreatment {
  scheme: VatScheme;
  /** fraction: 0.19 = 19 % (0 for exempt) */
  rate: number;
  /** the legal note the invoice must carry for the line, with the statute cited; null for a standard line and on a US receipt */
  note: { kind: VatNoteKind; citation: string } | null;
}

/** The statutes by the seller's country. */
const citations: Record<'DE' | 'AT' | 'CH' | 'LI', Record<VatNoteKind, string>> = {
  DE: { exempt: '§ 25c UStG', margin: '§ 25a UStG' },
  AT: { exempt: '§ 6 Abs. 1 Z 8 lit. j UStG 1994', margin: '§ 24 UStG 1994' },
  CH: { exempt: 'Art. 107 Abs. 1 lit. b MWSTG i. V. m. Art. 44 MWSTV', margin: 'Art. 24a MWSTG' },
  LI: { exempt: 'Art. 107 Abs. 1 Bst. b MWSTG (LI) i. V. m. Art. 44 MWSTV (LI)', margin: 'Art. 24a MWSTG (LI)' },
};

/** Whether the seller's country issues a plain receipt without VAT (the US). */
export function receiptOnly(sellerCountry: string): boolean {
  return !(sellerCountry in citations);
}

/**
 * A line's treatment on the invoice: the rate from vat.ts by the store's country (what the price included),
 * the note from the seller's statutes. A US seller: no VAT and no note.
 */
export function invoiceVatTreatment(vatClass: VatClass, storeCountry: PriceCountry, sellerCountry: string): InvoiceVatTreatment {
  const vat = vatFor(vatClass, storeCountry);
  if (receiptOnly(sellerCountry) || storeCountry === 'US') return { scheme: vat.scheme, rate: vat.rate, note: null };
  const law = citations[sellerCountry as keyof typeof citations];
  if (vat.scheme === 'standard') return { scheme: 'standard', rate: vat.rate, note: null };
  return { scheme: vat.scheme, rate: vat.rate, note: { kind: vat.scheme, citation: law[vat.scheme] } };
}

// ---------------------------------------------------------------- credit notes (self-billing, issue 25)
//
// Sources (as in force 2026) for the shop's credit note over what it buys (the buyer bills itself):
// - DE: self-billing is allowed by agreement, § 14 Abs. 2 Satz 2 UStG; the document must carry the word
//   "Gutschrift", § 14 Abs. 4 Satz 1 Nr. 10 UStG (Art. 226 Nr. 10a VAT directive 2006/112/EC).
// - AT: § 11 Abs. 7 und 8 UStG 1994 (Gutschrift als Rechnung; the word "Gutschrift", § 11 Abs. 1 Z 3 lit. j).
// - CH: a credit note is an invoice (Art. 3 Bst. k MWSTG) with the contents of Art. 26 Abs. 2 MWSTG; the
//   seller may object to it (MWST-Info 16, Gutschriften). LI: its MWSTG mirrors the Swiss one (see above).
// - Gold material sold by a business (scrap, dental gold; fineness of at least 325 thousandths): the buyer owes
//   the VAT, DE § 13b Abs. 2 Nr. 9 with Abs. 5 UStG; AT § 19 Abs. 1d UStG 1994 with the Schrott-UStV. CH and
//   LI know no such rule for gold scrap: the standard rate.
// - A private seller is no taxable person: the sale carries no VAT in any of the countries.

/** The self-billing note's statute by the buyer's (the shop's) country; null: no VAT law applies (US). */
const selfBilling: Record<'DE' | 'AT' | 'CH' | 'LI', string> = {
  DE: '§ 14 Abs. 2 Satz 2 und Abs. 4 Satz 1 Nr. 10 UStG',
  AT: '§ 11 Abs. 7 und 8 UStG 1994',
  CH: 'Art. 3 Bst. k und Art. 26 MWSTG',
  LI: 'Art. 3 Bst. k und Art. 26 MWSTG (LI)',
};

export function selfBillingCitation(buyerCountry: string): string | null {
  return buyerCountry in selfBilling ? selfBilling[buyerCountry as keyof typeof selfBilling] : null;
}

/** The kind of note a credit note line needs: besides investment gold and the margin scheme, the reverse charge. */
export type CreditNoteNoteKind = VatNoteKind | 'reverse_charge';

export interface CreditNoteVatTreatment {
  scheme: VatScheme | 'reverse_charge' | 'none';
  rate: number;
  note: { kind: CreditNoteNoteKind; citation: string } | null;
}

const reverseCharge: Partial<Record<'DE' | 'AT' | 'CH' | 'LI', string>> = {
  DE: '§ 13b Abs. 2 Nr. 9 und Abs. 5 UStG',
  AT: '§ 19 Abs. 1d UStG 1994 i. V. m. der Schrott-Umsatzsteuerverordnung',
};

/** Decision: gold material of at least this fineness (thousandths) falls under the reverse charge (§ 13b Abs. 2 Nr. 9 UStG names 325). */
export const GOLD_MATERIAL_MIN_FINENESS = 325;

/**
 * What a credit note line says about the seller's VAT. A private seller (or a US sale): none. A business seller:
 * a coin or bar as the shop would sell it (investment gold exempt, margin scheme, standard rate), scrap gold of at
 * least 325 thousandths under the reverse charge where the buyer's country has it, other scrap the standard rate.
 */
export function creditNoteVatTreatment(
  line: { vatClass: VatClass } | { scrap: { metal: string; fineness: number } }, business: boolean, storeCountry: PriceCountry, buyerCountry: string,
): CreditNoteVatTreatment {
  if (!business || receiptOnly(buyerCountry) || storeCountry === 'US') return { scheme: 'none', rate: 0, note: null };
  if ('scrap' in line) {
    const rc = reverseCharge[buyerCountry as keyof typeof reverseCharge];
    if (rc && (line.scrap.metal === 'gold' || line.scrap.metal === 'dental-gold') && line.scrap.fineness >= GOLD_MATERIAL_MIN_FINENESS) return { scheme: 'reverse_charge', rate: 0, note: { kind: 'reverse_charge', citation: rc } };
    return { scheme: 'standard', rate: vatFor('standard', storeCountry).rate, note: null };
  }
  const t = invoiceVatTreatment(line.vatClass, storeCountry, buyerCountry);
  return { scheme: t.scheme, rate: t.rate, note: t.note };
}
