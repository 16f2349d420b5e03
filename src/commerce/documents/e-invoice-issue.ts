// The e-invoice at issue (issue 25): a company customer's invoice and cancellation invoice on the DE and AT
// stores is stored as the Factur-X PDF (the printed invoice, PDF/A-3, with the EN 16931 CII XML embedded) and
// as the XRechnung CII XML alone. This file turns the printed invoice (InvoiceContent, what pdf.ts lays out)
// into the e-invoice model with the texts the PDF prints, so the XML states what the PDF states.
import { formatDate, formatNumber, regionalGerman, translator } from '../../i18n.ts';
import { dayInStore } from '../../stores.ts';
import { eInvoiceApplies, toEInvoiceInput, type InvoiceModel, type InvoiceModelLine } from './e-invoice-model.ts';
import { renderFacturX, renderXRechnungCii } from './e-invoice.ts';
import type { InvoiceContent } from './invoice.ts';

/** The buyer's structured address and e-mail (the printed invoice has the address as lines only). */
export interface EInvoiceBuyer { street: string; postCode: string; city: string; country: string; email: string }

/**
 * Decision: the e-invoice is due for a company customer (a company name and a VAT ID on the invoice) of the DE
 * or AT company, in EUR. A company without a VAT ID, a private customer, CH, LI and US keep the plain PDF.
 */
export function eInvoiceDue(c: InvoiceContent): boolean {
  return !c.receipt && c.currency === 'EUR' && Boolean(c.buyer.vatId) && eInvoiceApplies(c.seller.country, c.buyer.company);
}

const lastDayOf = (month: string) => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);

/**
 * BT-72 is a day. Decision: the printed supply month of a shipment (YYYY-MM) becomes the day of issue when the
 * invoice is issued in that month (the shop ships paid goods within days), else the month's last day (a
 * cancellation in a later month names the original's supply).
 */
function supplyDay(c: InvoiceContent, issueDay: string): string {
  if (c.supplyDate.length !== 7) return c.supplyDate;
  return issueDay.startsWith(c.supplyDate) ? issueDay : lastDayOf(c.supplyDate);
}

/** The printed invoice as the e-invoice model: net unit prices, the legal notes and the paid note as printed. */
export function eInvoiceModel(c: InvoiceContent, buyer: EInvoiceBuyer): InvoiceModel {
  const tr = translator(c.lang);
  const t = (key: string, params?: Record<string, unknown>) => regionalGerman(tr(`documents.${key}`, params), c.storeKey, c.lang);
  const noteText = (i: number) => t(`note.${c.notes[i].kind}`, { citation: c.notes[i].citation });
  const issueDate = dayInStore(c.storeKey, c.issuedAt);
  const lines: InvoiceModelLine[] = c.lines.map((l) => {
    const unit = l.unitCents - l.unitTaxCents;
    return {
      quantity: l.quantity, name: l.description,
      ...(l.fineWeightMg !== null ? { description: [`${t('columns.fine')} ${formatNumber(l.fineWeightMg / 1000, c.locale, 3)} g`, ...(l.fineness !== null ? [`${t('columns.fineness')} ${formatNumber(l.fineness, c.locale, 1)}`] : [])].join(', ') } : {}),
      unitPriceCents: unit, netAmountCents: unit * l.quantity, vat: { scheme: l.scheme, rate: l.rate },
      ...(l.noteRef ? { legalNote: noteText(l.noteRef - 1) } : {}),
    };
  });
  lines.push(...sharedCosts(c, lines, t));
  const date = (d: Date) => formatDate(d, c.locale);
  return {
    number: c.number,
    ...(c.cancels ? { cancels: { number: c.cancels.number, issueDate: dayInStore(c.storeKey, c.cancels.issuedAt) } } : {}),
    issueDate, supplyDate: supplyDay(c, issueDate), orderNumber: c.orderNumber, currency: 'EUR', seller: c.seller,
    buyer: { company: c.buyer.company ?? c.buyer.name, street: buyer.street, postCode: buyer.postCode, city: buyer.city, country: buyer.country, vatId: c.buyer.vatId, email: buyer.email },
    lines,
    vatByRate: c.groups.filter((g) => g.scheme === 'standard').map((g) => ({ rate: g.rate, netCents: g.grossCents - g.vatCents, vatCents: g.vatCents })),
    legalNotes: c.notes.map((_, i) => noteText(i)),
    // a cancellation names no payment (as printed): the refund is owed, its own booking
    payment: c.cancels
      ? { method: c.paymentMethod, paidCents: 0, note: t('cancellation.refersTo', { number: c.cancels.number, date: date(c.cancels.issuedAt) }) }
      : { method: c.paymentMethod, paidCents: c.grossCents, note: t('paid', { date: formatDate(`${c.paidOn}T12:00:00Z`, c.locale), method: t(`method.${c.paymentMethod}`) }) },
  };
}

/**
 * Shipping and discounts carry the VAT of the goods they belong to (buildInvoice shares them out per
 * treatment), and EN 16931 has the lines' net add up to each VAT group's taxable amount. Decision: what a
 * group's printed net holds beyond its goods is one line of its own per group, named as printed ("Versand
 * und Versicherung", "Rabatt"); a negative one is quantity -1 at a positive price (BR-27: no negative price).
 */
function sharedCosts(c: InvoiceContent, goods: InvoiceModelLine[], t: (key: string) => string): InvoiceModelLine[] {
  const name = [...(c.shippingCents !== 0 ? [t('shipping')] : []), ...(c.discountCents !== 0 ? [t('discount')] : [])].join(' / ') || t('shipping');
  return c.groups.flatMap((g) => {
    const inGroup = goods.filter((l) => l.vat.scheme === g.scheme && l.vat.rate === g.rate);
    const rest = g.grossCents - g.vatCents - inGroup.reduce((s, l) => s + l.netAmountCents, 0);
    if (rest === 0) return [];
    const note = inGroup.find((l) => l.legalNote)?.legalNote;
    return [{ quantity: rest > 0 ? 1 : -1, name, unitPriceCents: Math.abs(rest), netAmountCents: rest, vat: { scheme: g.scheme, rate: g.rate }, ...(note ? { legalNote: note } : {}) }];
  });
}

/**
 * The Factur-X PDF and the XRechnung XML of a printed invoice, or null when none is due. Decision: a render
 * that fails throws, and the issuing step rolls back (nothing recorded): an issued document is never changed,
 * so a company customer's invoice stored as a plain PDF could never become its e-invoice later.
 */
export async function renderEInvoice(c: InvoiceContent, buyer: EInvoiceBuyer, printed: Uint8Array): Promise<{ pdf: Uint8Array; xml: Buffer } | null> {
  if (!eInvoiceDue(c)) return null;
  const input = toEInvoiceInput(eInvoiceModel(c, buyer));
  const pdf = await renderFacturX(input, printed, c.lang, c.issuedAt);
  const xml = Buffer.from(await renderXRechnungCii(input), 'utf8');
  return { pdf, xml };
}
