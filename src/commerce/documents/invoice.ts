// What an invoice says (issue 25, "Invoices for purchases"): built from the order as it was paid, the
// seller's company facts at the moment of issue and each product's VAT class, fine weight and fineness.
// Pure: the PDF (pdf.ts) only lays it out. Amounts in integer cents, fine weights in integer milligrams.
import type { PaymentMethod } from '../../contracts/cart.ts';
import type { StoreCompanyFacts } from '../../contracts/company-facts.ts';
import type { VatClass } from '../../contracts/pricing-attributes.ts';
import { invoiceVatTreatment, receiptOnly, type VatNoteKind } from '../../contracts/vat-notes.ts';
import type { VatScheme } from '../../contracts/vat.ts';
import { dayInStore, localeFor, stores, type LocaleTag } from '../../stores.ts';
import type { OrderRow } from '../db/rows.ts';
import type { Lang } from '../lib/lang.ts';

/** What the documents read of a product (catalogue): fine metal per piece, fineness in thousandths, VAT class. */
export interface ProductFacts { fineWeightGrams: number; fineness: number | null; vatClass: VatClass }

export interface InvoiceLine {
  quantity: number;
  description: string;
  /** the whole line's fine metal in milligrams; null for a line without metal (an accessory) */
  fineWeightMg: number | null;
  /** thousandths (999.9); null when unknown */
  fineness: number | null;
  unitCents: number;
  /** the VAT in one piece's price (standard-rate lines; 0 otherwise): the e-invoice states net unit prices */
  unitTaxCents: number;
  amountCents: number;
  scheme: VatScheme;
  rate: number;
  /** 1-based number of the legal note the line refers to, or null */
  noteRef: number | null;
}

/** The VAT of one treatment and rate after shipping and discounts are shared out (calculate.ts's rule). */
export interface InvoiceVatGroup { scheme: VatScheme; rate: number; grossCents: number; vatCents: number }

export interface InvoiceContent {
  kind: 'invoice' | 'cancellation_invoice';
  number: string;
  lang: Lang;
  locale: LocaleTag;
  storeKey: OrderRow['store_key'];
  currency: string;
  /** a plain sales receipt without VAT (the US company) */
  receipt: boolean;
  seller: StoreCompanyFacts;
  buyer: { name: string; company: string | null; address: string[]; vatId: string | null };
  orderNumber: string;
  issuedAt: Date;
  /** YYYY-MM-DD, or YYYY-MM when the supply is the calendar month (shipped goods) */
  supplyDate: string;
  paymentMethod: PaymentMethod;
  /** YYYY-MM-DD in the store's time zone */
  paidOn: string;
  lines: InvoiceLine[];
  shippingCents: number;
  discountCents: number;
  groups: InvoiceVatGroup[];
  netCents: number;
  vatCents: number;
  grossCents: number;
  notes: { kind: VatNoteKind; citation: string }[];
  /** a cancellation: the invoice it cancels */
  cancels: { number: string; issuedAt: Date } | null;
}

export interface InvoiceInput {
  order: OrderRow;
  number: string;
  seller: StoreCompanyFacts;
  products: ReadonlyMap<string, ProductFacts>;
  buyerVatId: string | null;
  issuedAt: Date;
  paidAt: Date;
  lang: Lang;
}

export function buyerOf(order: OrderRow, lang: Lang, vatId: string | null): InvoiceContent['buyer'] {
  const a = order.data.billingAddress;
  const country = new Intl.DisplayNames([lang], { type: 'region' }).of(a.country) ?? a.country;
  const street = order.store_key === 'us' ? `${a.streetNumber} ${a.streetName}` : `${a.streetName} ${a.streetNumber}`;
  const city = order.store_key === 'us' ? `${a.city}, ${a.state ?? ''} ${a.zipCode}`.replace(/\s+/g, ' ') : `${a.zipCode} ${a.city}`;
  return {
    name: `${a.firstName} ${a.lastName}`.trim(),
    company: a.company || null,
    address: [street.trim(), ...(a.apartment ? [a.apartment] : []), city.trim(), country],
    vatId: order.data.customerGroup === 'company' && vatId ? vatId : null,
  };
}

/**
 * Decision (§ 14 Abs. 4 Nr. 6 UStG with § 31 Abs. 4 UStDV, § 11 Abs. 1 Z 3 lit. d UStG 1994, Art. 26 Abs. 2
 * lit. d MWSTG): goods handed over at once (the depot booking at payment, cash at the counter) are supplied on
 * the day of payment; goods still to be shipped name the calendar month of the supply, the month of issue
 * (the shop ships paid goods within days).
 */
function supplyDateOf(order: OrderRow, day: string): string {
  const now = order.data.shippingMethod === 'deposit' || order.data.pickupStore !== null;
  return now ? day : day.slice(0, 7);
}

/** Shares `total` out over `weights` in proportion, rounded, the remainder on the largest share (sums stay exact). */
function shareOut(total: number, weights: number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum === 0) return weights.map(() => 0);
  const parts = weights.map((w) => Math.round((total * w) / sum));
  const rest = total - parts.reduce((s, p) => s + p, 0);
  const largest = weights.indexOf(Math.max(...weights));
  parts[largest] += rest;
  return parts;
}

export function buildInvoice(input: InvoiceInput): InvoiceContent {
  const { order, seller, lang } = input;
  const d = order.data;
  const country = stores[order.store_key].country;
  const receipt = receiptOnly(seller.country);
  const notes: InvoiceContent['notes'] = [];
  const lines: InvoiceLine[] = [];
  const byGroup = new Map<string, { scheme: VatScheme; rate: number; gross: number; tax: number }>();
  for (const l of d.lines) {
    const p = l.sku ? input.products.get(l.sku) : undefined;
    const qty = l.kind === 'scrap' ? 1 : l.quantity;
    const t = invoiceVatTreatment(p?.vatClass ?? 'standard', country, seller.country);
    let noteRef: number | null = null;
    if (t.note) {
      const at = notes.findIndex((n) => n.kind === t.note!.kind && n.citation === t.note!.citation);
      noteRef = (at >= 0 ? at : notes.push(t.note) - 1) + 1;
    }
    const amount = l.price.centAmount * qty;
    const fineMg = p && p.fineWeightGrams > 0 ? Math.round(p.fineWeightGrams * 1000 * qty) : null;
    lines.push({ quantity: qty, description: l.name[lang], fineWeightMg: fineMg, fineness: p?.fineness ?? null, unitCents: l.price.centAmount, unitTaxCents: t.scheme === 'standard' ? (l.price.taxCentAmount ?? 0) : 0, amountCents: amount, scheme: t.scheme, rate: t.rate, noteRef });
    const key = `${t.scheme}|${t.rate}`;
    const g = byGroup.get(key) ?? { scheme: t.scheme, rate: t.rate, gross: 0, tax: 0 };
    g.gross += amount;
    // only a standard line shows its VAT: the margin scheme's is never shown (§ 14a Abs. 6 UStG)
    if (t.scheme === 'standard') g.tax += (l.price.taxCentAmount ?? 0) * qty;
    byGroup.set(key, g);
  }
  const grossCents = Number(order.total_gross_cents);
  const goods = d.goods;
  // Decision (carts/calculate.ts): shipping and discounts carry the VAT of the goods they belong to, so
  // each treatment's share of the total is its share of the goods, and its VAT scales with it.
  const groupsIn = [...byGroup.values()];
  const grossParts = shareOut(grossCents, groupsIn.map((g) => g.gross));
  const groups: InvoiceVatGroup[] = groupsIn.map((g, i) => ({
    scheme: g.scheme, rate: g.rate, grossCents: grossParts[i],
    vatCents: receipt || goods === 0 ? 0 : Math.round((g.tax * grossCents) / goods),
  }));
  const vatCents = groups.reduce((s, g) => s + g.vatCents, 0);
  const day = dayInStore(order.store_key, input.paidAt);
  return {
    kind: 'invoice', number: input.number, lang, locale: localeFor(order.store_key, lang), storeKey: order.store_key, currency: order.currency, receipt,
    seller, buyer: buyerOf(order, lang, input.buyerVatId), orderNumber: order.order_number, issuedAt: input.issuedAt,
    supplyDate: supplyDateOf(order, dayInStore(order.store_key, input.issuedAt)), paymentMethod: d.paymentMethod, paidOn: day,
    lines, shippingCents: d.shippingFee - d.shippingDiscount, discountCents: d.goodsDiscount,
    groups, netCents: grossCents - vatCents, vatCents, grossCents, notes, cancels: null,
  };
}
