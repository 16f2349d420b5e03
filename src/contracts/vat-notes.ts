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
