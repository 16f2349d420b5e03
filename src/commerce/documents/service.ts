// The document service (issue 25): issues each document once, numbers it without gaps per company, kind and
// year, renders it as PDF in the order's language and stores the bytes with their SHA-256. The issuing
// functions run in the caller's transaction (the payment's: the lifecycle calls them with the order row
// locked), so a document exists exactly when the step that causes it committed. Reads answer the stored
// bytes, never a new rendering: a later change of company facts, prices or texts never changes a document.
import { createHash, randomUUID } from 'node:crypto';
import type { StoreCompanyFacts } from '../../contracts/company-facts.ts';
import type { CommerceContext } from '../context.ts';
import type { Db } from '../db/index.ts';
import type { OrderRow } from '../db/rows.ts';
import { fail } from '../http/index.ts';
import { langOf, type Lang } from '../lib/lang.ts';
import { dayInStore } from '../../stores.ts';
import { productsBySkus } from '../catalogue/index.ts';
import { customerById } from '../customers/index.ts';
import { customerOrder } from '../orders/index.ts';
import type { Order, OrderDocument } from '../../contracts/order.ts';
import { renderEInvoice, type EInvoiceBuyer } from './e-invoice-issue.ts';
import { buildCreditNote, type CreditNoteContent, type CreditNoteFacts } from './credit-note.ts';
import { renderCreditNotePdf } from './credit-note-pdf.ts';
import { buildInvoice, type InvoiceContent, type ProductFacts } from './invoice.ts';
import { renderInvoicePdf } from './pdf.ts';
import { documentOfOrder, documentsOfOrder, documentWithPdf, documentXml, insertDocument, takeDocumentNumber, type DocumentKind, type DocumentRow, type DocumentWithPdf, type StoredXml } from './repository.ts';

export type { DocumentKind, DocumentRow } from './repository.ts';

/**
 * Decision: the number's prefix names the kind as German bookkeeping does (RE Rechnung, ST Stornorechnung,
 * GS Gutschrift), then the issuing company's country, the year of issue and six digits:
 * RE-DE-2026-000123. Each (company, kind, year) is its own gapless sequence starting at 1.
 */
export const DOCUMENT_PREFIX: Record<DocumentKind, string> = { invoice: 'RE', cancellation_invoice: 'ST', credit_note: 'GS' };

export const documentNumber = (kind: DocumentKind, companyKey: string, year: number, seq: number) =>
  `${DOCUMENT_PREFIX[kind]}-${companyKey}-${year}-${String(seq).padStart(6, '0')}`;

/** What the caller's audit entry names of an issued document (xmlSha256: the stored e-invoice XML's, when it has one). */
export interface IssuedDocument { id: string; kind: DocumentKind; number: string; sha256: string; xmlSha256: string | null; issuedAt: string }

/** The order's language (its locale; the US store's default English, the others' German). */
export const documentLang = (order: OrderRow): Lang => langOf(order.data.locale, order.store_key === 'us' ? 'en' : 'de');

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/**
 * The seller's facts at the moment of issue. Decision: when the CMS cannot answer them (and none were read
 * before), the step that issues the document is refused as a whole (503 service_unavailable: nothing is
 * recorded, finance records the payment again later) rather than recording a payment without its invoice.
 */
async function sellerFacts(ctx: CommerceContext, order: OrderRow): Promise<StoreCompanyFacts> {
  try {
    return await ctx.companyFacts.forStore(order.store_key);
  } catch {
    return fail('service_unavailable', { message: 'The company facts cannot be read just now: the document cannot be issued. Nothing was recorded; please try again in a moment.' });
  }
}

async function productFacts(db: Db, order: OrderRow): Promise<Map<string, ProductFacts>> {
  const skus = order.data.lines.map((l) => l.sku).filter((s): s is string => !!s);
  const products = await productsBySkus(db, skus);
  return new Map(products.map((p) => [p.sku, { fineWeightGrams: p.attributes.fineWeightGrams, fineness: p.attributes.fineness, vatClass: p.pricing.vatClass }]));
}

/**
 * The invoice of a purchase paid in full, in the payment's transaction (the order row locked by the caller).
 * Answers null when the order has its invoice already (a payment recorded again after the bank took one back):
 * an invoice is never issued twice. An order that is not a purchase paid in full gets none (a bug in the
 * caller: it throws and the payment rolls back).
 */
export async function issueInvoice(ctx: CommerceContext, tx: Db, order: OrderRow, now: Date): Promise<IssuedDocument | null> {
  if (order.type !== 'buy' || order.payment_state !== 'Paid') throw new Error(`issueInvoice: order ${order.order_number} is not a purchase paid in full`);
  if (await documentOfOrder(tx, order.id, 'invoice')) return null;
  const seller = await sellerFacts(ctx, order);
  const companyKey = seller.country;
  const year = Number(dayInStore(order.store_key, now).slice(0, 4));
  const lang = documentLang(order);
  const customer = await customerById(tx, order.customer_id);
  const products = await productFacts(tx, order);
  return storeDocument(tx, { kind: 'invoice', companyKey, year, order, lang, totalGrossCents: Number(order.total_gross_cents), refersTo: null, now }, (number) =>
    renderInvoiceDocument(buildInvoice({ order, number, seller, products, buyerVatId: customer?.vat_id ?? null, issuedAt: now, paidAt: now, lang }), order));
}

interface DocumentToStore {
  kind: DocumentKind; companyKey: string; year: number; order: OrderRow; lang: Lang; totalGrossCents: number; refersTo: DocumentRow | null; now: Date;
}

/** The buyer as the e-invoice carries it: the billing address's fields and the order's e-mail. */
function eInvoiceBuyer(order: OrderRow): EInvoiceBuyer {
  const a = order.data.billingAddress;
  return { street: `${a.streetName} ${a.streetNumber}`.trim(), postCode: a.zipCode, city: a.city, country: a.country, email: order.data.customerEmail };
}

/** A document as rendered for storing: its PDF, the e-invoice XML where it has one, and the accountant's figures. */
interface RenderedDocument { pdf: Uint8Array; xml: Buffer | null; netCents: number; vatCents: number; buyerName: string }

/**
 * An invoice or cancellation invoice as stored. A company customer's on the DE and AT stores is the Factur-X
 * PDF with the XRechnung XML beside it (e-invoice-issue.ts; migration 0045 says why in the same row).
 */
async function renderInvoiceDocument(printed: InvoiceContent, order: OrderRow): Promise<RenderedDocument> {
  const plain = await renderInvoicePdf(printed);
  const eInvoice = await renderEInvoice(printed, eInvoiceBuyer(order), plain);
  const sign = printed.kind === 'cancellation_invoice' ? -1 : 1;
  return {
    pdf: eInvoice?.pdf ?? plain, xml: eInvoice?.xml ?? null,
    netCents: printed.netCents * sign, vatCents: printed.vatCents * sign, buyerName: printed.buyer.company ?? printed.buyer.name,
  };
}

/** A credit note as stored: the accountant's buyer column names the other party, here the customer who sold. */
async function renderCreditNoteDocument(c: CreditNoteContent): Promise<RenderedDocument> {
  return { pdf: await renderCreditNotePdf(c), xml: null, netCents: c.totalCents - c.vatCents, vatCents: c.vatCents, buyerName: c.seller.company ?? c.seller.name };
}

/** Takes the document's number, renders its content and stores the bytes with their SHA-256, in the caller's
 * transaction (every kind: the number is taken before the content that prints it). */
async function storeDocument(tx: Db, d: DocumentToStore, render: (number: string) => Promise<RenderedDocument>): Promise<IssuedDocument> {
  const seq = await takeDocumentNumber(tx, d.companyKey, d.kind, d.year);
  const number = documentNumber(d.kind, d.companyKey, d.year, seq);
  const r = await render(number);
  const pdf = r.pdf;
  const doc = {
    id: randomUUID(), kind: d.kind, company_key: d.companyKey, year: d.year, seq, number, order_id: d.order.id, order_number: d.order.order_number,
    customer_id: d.order.customer_id, store_key: d.order.store_key, language: d.lang, currency: d.order.currency, total_gross_cents: d.totalGrossCents,
    pdf, sha256: sha256(pdf), xml: r.xml, xml_sha256: r.xml ? sha256(r.xml) : null, issuedAt: d.now, refers_to: d.refersTo?.id ?? null,
    net_cents: r.netCents, vat_cents: r.vatCents, buyer_name: r.buyerName,
  };
  await insertDocument(tx, doc);
  return { id: doc.id, kind: doc.kind, number, sha256: doc.sha256, xmlSha256: doc.xml_sha256, issuedAt: d.now.toISOString() };
}

/**
 * Issue 25: an invoiced order that is cancelled (after the bank took its payment back) gets a cancellation
 * invoice in the cancellation's transaction: its own number (ST-...), referring to the original, which stays
 * as it is. The lines and supply date are the original's, the amounts negated; the seller's facts and texts are
 * those of the day of the cancellation. Answers null when the order has no invoice, or its cancellation already.
 */
export async function issueCancellation(ctx: CommerceContext, tx: Db, order: OrderRow, now: Date): Promise<IssuedDocument & { refersTo: string } | null> {
  const original = await documentOfOrder(tx, order.id, 'invoice');
  if (!original || await documentOfOrder(tx, order.id, 'cancellation_invoice')) return null;
  const seller = await sellerFacts(ctx, order);
  const companyKey = original.company_key;
  const year = Number(dayInStore(order.store_key, now).slice(0, 4));
  const lang = original.language;
  const customer = await customerById(tx, order.customer_id);
  const products = await productFacts(tx, order);
  const originalAt = new Date(original.issued_at);
  const issued = await storeDocument(tx, { kind: 'cancellation_invoice', companyKey, year, order, lang, totalGrossCents: -Number(original.total_gross_cents), refersTo: original, now }, (number) => renderInvoiceDocument({
    ...buildInvoice({ order, number, seller, products, buyerVatId: customer?.vat_id ?? null, issuedAt: originalAt, paidAt: originalAt, lang }),
    kind: 'cancellation_invoice' as const, issuedAt: now, cancels: { number: original.number, issuedAt: originalAt },
  }, order));
  return { ...issued, refersTo: original.number };
}

/**
 * Issue 25: a sale to the shop that is paid out gets its credit note (self-billing, "Gutschrift") in the payout's
 * transaction (the order row locked by the caller): its own number (GS-...), the assay per line, the account paid
 * to as the payout masked it, the seller's VAT ID and treatment when a business sold. Answers null when the order
 * has its credit note already: it is never issued twice (a payout recorded again finds it). An order that is not a
 * paid-out sale gets none (a bug in the caller: it throws and the payout rolls back).
 */
export async function issueCreditNote(ctx: CommerceContext, tx: Db, order: OrderRow, facts: CreditNoteFacts, now: Date): Promise<IssuedDocument | null> {
  if (order.type !== 'sell' || order.payment_state !== 'Paid') throw new Error(`issueCreditNote: order ${order.order_number} is not a paid-out sale`);
  if (await documentOfOrder(tx, order.id, 'credit_note')) return null;
  const company = await sellerFacts(ctx, order);
  const year = Number(dayInStore(order.store_key, now).slice(0, 4));
  const lang = documentLang(order);
  const customer = await customerById(tx, order.customer_id);
  const products = await productFacts(tx, order);
  return storeDocument(tx, { kind: 'credit_note', companyKey: company.country, year, order, lang, totalGrossCents: facts.payout.amountCents, refersTo: null, now }, (number) =>
    renderCreditNoteDocument(buildCreditNote({ order, number, company, products, sellerVatId: customer?.vat_id ?? null, facts, issuedAt: now, lang })));
}

/** The commerce path of a document's PDF (the customer's download). */
export const documentPath = (orderId: string, documentId: string) => `/orders/${orderId}/documents/${documentId}`;

/** An order's answer to its customer carries its documents (the kernel's orderAnswerHooks; the plugin registers it). */
export async function withDocuments(db: Db, order: Order): Promise<Order> {
  const docs = await documentsOfOrder(db, order.id);
  const documents: OrderDocument[] = docs.map((d) => ({
    id: d.id, kind: d.kind, number: d.number, issuedAt: new Date(d.issued_at).toISOString(), url: documentPath(d.order_id, d.id),
    ...(d.xml_sha256 ? { xmlUrl: `${documentPath(d.order_id, d.id)}/xml` } : {}),
  }));
  return { ...order, documents };
}

export interface DocumentCall { orderId: string; documentId: string; customerId: string; storeKey: string }

/**
 * A customer's download of one document of their order: the stored bytes as issued. Another customer's (or
 * store's) order: 404 order_not_found; a document that is not of that order: 404 document_not_found.
 */
export async function customerDocument(db: Db, call: DocumentCall): Promise<DocumentWithPdf> {
  const order = await customerOrder(db, call, call.orderId);
  if (!order) fail('order_not_found');
  const doc = await documentWithPdf(db, call.documentId);
  if (!doc || doc.order_id !== order.id) fail('document_not_found');
  return doc;
}

/**
 * The XRechnung XML of a document of the customer's own order, as stored at issue. Another's order: 404
 * order_not_found; not a document of that order, or one without XML (a private customer's): 404 document_not_found.
 */
export async function customerDocumentXml(db: Db, call: DocumentCall): Promise<DocumentRow & StoredXml> {
  const order = await customerOrder(db, call, call.orderId);
  if (!order) fail('order_not_found');
  const doc = await documentXml(db, call.documentId);
  if (!doc || doc.order_id !== order.id) fail('document_not_found');
  return doc;
}
