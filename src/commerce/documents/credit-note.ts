// What a credit note says (issue 25, "Credit notes for what the shop buys"): the shop bills itself for what a
// customer sold it (self-billing, "Gutschrift"). Built from the order, its assay (per line the estimated and
// final fine weight and the amount the assay fixed) and its payout, with the shop's company facts at the moment
// of issue. Pure: credit-note-pdf.ts lays it out. Amounts in integer cents, fine weights in integer milligrams.
import type { StoreCompanyFacts } from '../../contracts/company-facts.ts';
import { creditNoteVatTreatment, selfBillingCitation, type CreditNoteNoteKind, type CreditNoteVatTreatment } from '../../contracts/vat-notes.ts';
import { dayInStore, localeFor, stores, type LocaleTag } from '../../stores.ts';
import type { OrderRow } from '../db/rows.ts';
import type { Lang } from '../lib/lang.ts';
import { buyerOf, type ProductFacts } from './invoice.ts';

/** The assay and payout the lifecycle recorded (the documents do not read the lifecycle's order document). */
export interface CreditNoteFacts {
  /** per line the assay; null for a sale from the depot (no assay: the estimate is final) */
  assay: { lineId: string; estimatedFineMg: number; finalFineMg: number; estimateCents: number; finalCents: number }[] | null;
  assayedAt: string | null;
  payout: { amountCents: number; method: 'bank-transfer' | 'cash'; /** masked as the payout recorded it */ account: string | null; valueDate: string };
}

export interface CreditNoteLine {
  quantity: number;
  description: string;
  /** thousandths; null when unknown */
  fineness: number | null;
  estimatedFineMg: number | null;
  finalFineMg: number | null;
  /** the locked price per gram of fine metal, rounded to the cent (the amount is computed from the exact fraction) */
  pricePerGramCents: number | null;
  amountCents: number;
  treatment: CreditNoteVatTreatment;
  noteRef: number | null;
}

export interface CreditNoteVatGroup { scheme: CreditNoteVatTreatment['scheme']; rate: number; grossCents: number; vatCents: number }

export interface CreditNoteContent {
  kind: 'credit_note';
  number: string;
  lang: Lang;
  locale: LocaleTag;
  storeKey: OrderRow['store_key'];
  currency: string;
  /** the shop's company: it issues the document and is the buyer */
  buyer: StoreCompanyFacts;
  /** the customer who sold; vatId only for a business seller */
  seller: { name: string; company: string | null; address: string[]; vatId: string | null; business: boolean };
  orderNumber: string;
  issuedAt: Date;
  /** YYYY-MM-DD in the store's time zone: the day the sale was agreed (the order placed at the locked price) */
  purchaseDate: string;
  /** YYYY-MM-DD of the assay, or null */
  assayDate: string | null;
  lines: CreditNoteLine[];
  groups: CreditNoteVatGroup[];
  totalCents: number;
  vatCents: number;
  notes: { kind: CreditNoteNoteKind; citation: string }[];
  /** the self-billing statute of the shop's country; null where none applies (US) */
  selfBilling: string | null;
  payout: CreditNoteFacts['payout'];
}

export interface CreditNoteInput {
  order: OrderRow;
  number: string;
  company: StoreCompanyFacts;
  products: ReadonlyMap<string, ProductFacts>;
  sellerVatId: string | null;
  facts: CreditNoteFacts;
  issuedAt: Date;
  lang: Lang;
}

/** The VAT a gross amount contains at a rate (rounded to the cent). */
const contained = (gross: number, rate: number) => Math.round((gross * rate) / (1 + rate));

/**
 * Decision: the amount paid out is what the seller gets, VAT included: a business seller's standard-rated line
 * shows the VAT that amount contains (the price was agreed as a payout, spec 9), the exempt, margin-scheme and
 * reverse-charge lines show none, a private seller's none at all.
 */
export function buildCreditNote(input: CreditNoteInput): CreditNoteContent {
  const { order, lang, company, facts } = input;
  const storeCountry = stores[order.store_key].country;
  const business = order.data.customerGroup === 'company';
  const assayOf = new Map((facts.assay ?? []).map((a) => [a.lineId, a]));
  const notes: CreditNoteContent['notes'] = [];
  const groups = new Map<string, CreditNoteVatGroup>();
  const lines = order.data.lines.map((l): CreditNoteLine => {
    const p = l.sku ? input.products.get(l.sku) : undefined;
    const quantity = l.kind === 'scrap' ? 1 : l.quantity;
    const a = assayOf.get(l.id);
    const estimateCents = a?.estimateCents ?? l.price.centAmount * quantity;
    const estimatedMg = a?.estimatedFineMg ?? (p && p.fineWeightGrams > 0 ? Math.round(p.fineWeightGrams * 1000 * quantity) : l.scrap ? Math.round(l.scrap.weightGrams * l.scrap.fineness) : null);
    const finalMg = a?.finalFineMg ?? estimatedMg;
    const amountCents = a?.finalCents ?? estimateCents;
    const treatment = creditNoteVatTreatment(l.scrap ? { scrap: l.scrap } : { vatClass: p?.vatClass ?? 'standard' }, business, storeCountry, company.country);
    let noteRef: number | null = null;
    if (treatment.note) {
      const at = notes.findIndex((n) => n.kind === treatment.note!.kind && n.citation === treatment.note!.citation);
      noteRef = (at >= 0 ? at : notes.push(treatment.note) - 1) + 1;
    }
    const key = `${treatment.scheme}|${treatment.rate}`;
    const g = groups.get(key) ?? { scheme: treatment.scheme, rate: treatment.rate, grossCents: 0, vatCents: 0 };
    g.grossCents += amountCents;
    groups.set(key, g);
    return {
      quantity, description: l.name[lang], fineness: l.scrap?.fineness ?? p?.fineness ?? null, estimatedFineMg: estimatedMg, finalFineMg: finalMg,
      pricePerGramCents: estimatedMg ? Math.round((estimateCents * 1000) / estimatedMg) : null, amountCents, treatment, noteRef,
    };
  });
  const groupList = [...groups.values()].map((g) => ({ ...g, vatCents: g.scheme === 'standard' ? contained(g.grossCents, g.rate) : 0 }));
  return {
    kind: 'credit_note', number: input.number, lang, locale: localeFor(order.store_key, lang), storeKey: order.store_key, currency: order.currency,
    buyer: company, seller: { ...buyerOf(order, lang, input.sellerVatId), business }, orderNumber: order.order_number, issuedAt: input.issuedAt,
    purchaseDate: dayInStore(order.store_key, new Date(order.created_at)), assayDate: facts.assayedAt ? dayInStore(order.store_key, new Date(facts.assayedAt)) : null,
    lines, groups: groupList, totalCents: facts.payout.amountCents, vatCents: groupList.reduce((s, g) => s + g.vatCents, 0), notes,
    selfBilling: selfBillingCitation(company.country), payout: facts.payout,
  };
}
