// The documents for staff (issue 25, "Where documents appear: Staff"): every document of an order for its
// back-office page, one document's stored bytes, and the accountant's list per period (filterable by company,
// kind and days) with its CSV and a ZIP of the PDFs. All of them read what was stored at issue, never a new
// rendering, and never the order (which may be deleted with its customer's account).
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipPassThrough } from 'fflate';
import {
  DOCUMENTS_MAX_DAYS, DOCUMENTS_PAGE_SIZE, DOCUMENTS_ZIP_MAX, type OpsDocument, type OpsDocumentsFilter, type OpsDocumentsResponse,
} from '../../contracts/ops-documents.ts';
import { translator } from '../../i18n.ts';
import type { Db } from '../db/index.ts';
import { fail } from '../http/index.ts';
import { langOf } from '../lib/lang.ts';
import { storeTimeZones } from '../../stores.ts';
import { allDocuments, documentsOfOrder, documentWithPdf, listDocuments, type DocumentFilter, type DocumentRow, type DocumentWithPdf } from './repository.ts';

export function opsDocumentOf(d: DocumentRow): OpsDocument {
  return {
    id: d.id, kind: d.kind, number: d.number, issuedAt: new Date(d.issued_at).toISOString(), company: d.company_key, orderId: d.order_id,
    orderNumber: d.order_number, customer: d.buyer_name, currency: d.currency, netCents: d.net_cents === null ? null : Number(d.net_cents),
    vatCents: d.vat_cents === null ? null : Number(d.vat_cents), grossCents: Number(d.total_gross_cents), sha256: d.sha256,
  };
}

/** Every document of an order, oldest first (its back-office page). An order without documents: an empty list. */
export async function opsOrderDocuments(db: Db, orderId: string): Promise<OpsDocument[]> {
  return (await documentsOfOrder(db, orderId)).map(opsDocumentOf);
}

/** One document's stored bytes for staff; unknown: 404 document_not_found. */
export async function opsDocumentPdf(db: Db, documentId: string): Promise<DocumentWithPdf> {
  const doc = await documentWithPdf(db, documentId);
  if (!doc) fail('document_not_found');
  return doc;
}

/** The filter checked: from not after to, and at most DOCUMENTS_MAX_DAYS days (400 invalid_date_range). */
function filterOf(q: OpsDocumentsFilter): DocumentFilter {
  const days = (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000 + 1;
  if (!(days >= 1)) fail('invalid_date_range', { details: { from: q.from, to: q.to } });
  if (days > DOCUMENTS_MAX_DAYS) fail('invalid_date_range', { message: `A period is at most ${DOCUMENTS_MAX_DAYS} days.`, details: { from: q.from, to: q.to } });
  return { from: q.from, to: q.to, companyKey: q.company, kind: q.kind };
}

/** A page of the accountant's list (DOCUMENTS_PAGE_SIZE per page). */
export async function accountantDocuments(db: Db, q: OpsDocumentsFilter & { page?: number }): Promise<OpsDocumentsResponse> {
  const page = q.page ?? 1;
  const { rows, total } = await listDocuments(db, filterOf(q), (page - 1) * DOCUMENTS_PAGE_SIZE, DOCUMENTS_PAGE_SIZE);
  return { results: rows.map(opsDocumentOf), page, pageSize: DOCUMENTS_PAGE_SIZE, total };
}

// ---------------------------------------------------------------- the CSV

/**
 * Decisions for a CSV that opens in Excel by a double click: UTF-8 with a byte order mark (without it Excel reads
 * ANSI and breaks umlauts), CRLF line ends and RFC 4180 quoting; separator and decimal mark follow the language
 * asked, as Excel of that locale expects them: de: semicolon and decimal comma (12,50), en: comma and decimal
 * point (12.50). No thousands separators; amounts are the stored integer cents written as decimals (never a
 * float). The date is ISO (YYYY-MM-DD, the issuing store's day), which Excel of both locales reads as a date.
 * A text cell that begins with = + - @ gets a leading apostrophe so that Excel never runs it as a formula.
 */
export async function documentsCsv(db: Db, q: OpsDocumentsFilter & { languageTag?: string }): Promise<Buffer> {
  const rows = await allDocuments(db, filterOf(q));
  const lang = langOf(q.languageTag, 'de');
  const t = translator(lang);
  const sep = lang === 'de' ? ';' : ',';
  const money = (cents: number | null) => (cents === null ? '' : decimal(cents, lang === 'de' ? ',' : '.'));
  const header = ['number', 'kind', 'date', 'company', 'orderNumber', 'customer', 'net', 'vat', 'gross', 'currency', 'sha256'].map((k) => t(`documents.export.${k}`));
  const lines = [header.map(cell).join(sep)];
  for (const d of rows) {
    const o = opsDocumentOf(d);
    lines.push([
      cell(o.number), cell(t(`documents.kindName.${o.kind}`)), dayOf(d), cell(o.company), cell(o.orderNumber), cell(o.customer ?? ''),
      money(o.netCents), money(o.vatCents), money(o.grossCents), cell(o.currency), cell(o.sha256),
    ].join(sep));
  }
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8')]);
}

/** Integer cents as a decimal with two places: -1234 -> "-12.34". */
export function decimal(cents: number, mark: string): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.trunc(abs / 100)}${mark}${String(abs % 100).padStart(2, '0')}`;
}

function cell(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[";,\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const dayOf = (d: DocumentRow) => new Intl.DateTimeFormat('en-CA', { timeZone: timeZoneOf(d.store_key), year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(d.issued_at));

// ---------------------------------------------------------------- the ZIP

/**
 * The filtered documents' PDFs as one ZIP, each named by its number, byte for byte as stored. Library: fflate
 * (maintained, pure JavaScript without native parts, streams): the archive is written while the PDFs are read one
 * at a time, so a month of documents never sits in memory at once. Decision: stored, not deflated (a PDF's
 * streams are compressed already; deflating again costs the CPU and saves next to nothing). More than
 * DOCUMENTS_ZIP_MAX documents: 422 document_export_too_large, before anything is sent.
 */
export async function documentsZip(db: Db, q: OpsDocumentsFilter): Promise<Readable> {
  const rows = await allDocuments(db, filterOf(q));
  if (rows.length > DOCUMENTS_ZIP_MAX) fail('document_export_too_large', { details: { documents: rows.length, max: DOCUMENTS_ZIP_MAX } });
  const out = new PassThrough();
  const zip = new Zip((err, chunk, final) => {
    if (err) { out.destroy(err); return; }
    out.write(Buffer.from(chunk));
    if (final) out.end();
  });
  void (async () => {
    try {
      for (const row of rows) {
        const doc = await documentWithPdf(db, row.id);
        if (!doc) continue;
        const file = new ZipPassThrough(`${doc.number}.pdf`);
        file.mtime = new Date(doc.issued_at);
        zip.add(file);
        file.push(doc.pdf, true);
        if (out.writableNeedDrain) await once(out, 'drain');
      }
      zip.end();
    } catch (e) {
      out.destroy(e as Error);
    }
  })();
  return out;
}

function timeZoneOf(storeKey: string): string {
  return (storeTimeZones as Record<string, string>)[storeKey] ?? 'UTC';
}
