// The documents' SQL (tables documents and document_counters, migration 0041). Decision: there is no update
// or delete statement here on purpose: an issued document is only inserted and read (the table's trigger
// refuses UPDATE, DELETE and TRUNCATE for anyone else).
import type { Db } from '../db/index.ts';
import { storeTimeZones } from '../../stores.ts';

export type DocumentKind = 'invoice' | 'cancellation_invoice' | 'credit_note';

export interface DocumentRow {
  id: string;
  kind: DocumentKind;
  company_key: string;
  year: number;
  seq: number;
  number: string;
  order_id: string;
  order_number: string;
  customer_id: string;
  store_key: string;
  language: 'de' | 'en';
  currency: string;
  total_gross_cents: number;
  sha256: string;
  issued_at: Date;
  refers_to: string | null;
  /** the SHA-256 of the stored e-invoice XML, or null: the document has no XML (a private customer's, CH, LI, US) */
  xml_sha256: string | null;
  /** the accountant's figures (migration 0043); null on a document issued before them */
  net_cents: number | null;
  vat_cents: number | null;
  buyer_name: string | null;
}

export interface DocumentWithPdf extends DocumentRow { pdf: Buffer }

/** The XRechnung CII XML stored beside a company customer's DE or AT invoice (migration 0045). */
export interface StoredXml { xml: Buffer; xml_sha256: string }

const columns = `id, kind, company_key, year, seq, number, order_id, order_number, customer_id, store_key, language, currency,
  total_gross_cents::float8 as total_gross_cents, sha256, issued_at, refers_to, xml_sha256, net_cents::float8 as net_cents, vat_cents::float8 as vat_cents, buyer_name`;

/**
 * The next number of a company's kind and year, taken in the caller's transaction: the counter row stays
 * locked until it commits (a parallel issue of the same sequence waits), and a rollback gives the number back.
 */
export async function takeDocumentNumber(tx: Db, companyKey: string, kind: DocumentKind | 'depot_statement', year: number): Promise<number> {
  const [row] = await tx.query<{ last_number: number }>(
    `insert into document_counters (company_key, kind, year, last_number) values ($1, $2, $3, 1)
     on conflict (company_key, kind, year) do update set last_number = document_counters.last_number + 1
     returning last_number`,
    [companyKey, kind, year],
  );
  return Number(row.last_number);
}

export interface NewDocument extends Omit<DocumentRow, 'issued_at'> { pdf: Uint8Array; xml: Uint8Array | null; issuedAt: Date }

export async function insertDocument(tx: Db, d: NewDocument): Promise<void> {
  await tx.query(
    `insert into documents (id, kind, company_key, year, seq, number, order_id, order_number, customer_id, store_key, language, currency,
       total_gross_cents, pdf, sha256, issued_at, refers_to, xml, xml_sha256, net_cents, vat_cents, buyer_name)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22)`,
    [d.id, d.kind, d.company_key, d.year, d.seq, d.number, d.order_id, d.order_number, d.customer_id, d.store_key, d.language, d.currency,
      d.total_gross_cents, d.pdf, d.sha256, d.issuedAt, d.refers_to, d.xml, d.xml_sha256, d.net_cents, d.vat_cents, d.buyer_name],
  );
}

/** The order's document of a kind (without its bytes), or null. */
export async function documentOfOrder(db: Db, orderId: string, kind: DocumentKind): Promise<DocumentRow | null> {
  const [row] = await db.query<DocumentRow>(`select ${columns} from documents where order_id = $1 and kind = $2`, [orderId, kind]);
  return row ?? null;
}

/** Every document of an order, oldest first (without bytes). */
export async function documentsOfOrder(db: Db, orderId: string): Promise<DocumentRow[]> {
  return db.query<DocumentRow>(`select ${columns} from documents where order_id = $1 order by issued_at, number`, [orderId]);
}

/** One document with its stored bytes, or null. */
export async function documentWithPdf(db: Db, id: string): Promise<DocumentWithPdf | null> {
  const [row] = await db.query<DocumentRow & { pdf: Uint8Array }>(`select ${columns}, pdf from documents where id = $1`, [id]);
  return row ? { ...row, pdf: Buffer.from(row.pdf) } : null;
}

/** One document's stored XML, or null when it has none (or there is no such document). */
export async function documentXml(db: Db, id: string): Promise<(DocumentRow & StoredXml) | null> {
  const [row] = await db.query<DocumentRow & { xml: Uint8Array | null }>(`select ${columns}, xml from documents where id = $1`, [id]);
  return row?.xml && row.xml_sha256 ? { ...row, xml: Buffer.from(row.xml), xml_sha256: row.xml_sha256 } : null;
}

/** The accountant's filter: issued on the days from..to (YYYY-MM-DD, inclusive), optionally of one company and kind. */
export interface DocumentFilter { companyKey?: string; kind?: DocumentKind; from: string; to: string }

/**
 * Decision: a document's day is the day in its store's time zone (as its number's year is): an invoice issued
 * at 23:30 UTC on 31 December in Zurich belongs to the new year. The outer issued_at bounds (a day wider on
 * each side) let the index narrow the rows first. The time zones are constants, never input.
 */
const localDay = `(issued_at at time zone (case store_key ${Object.entries(storeTimeZones).map(([k, tz]) => `when '${k}' then '${tz}'`).join(' ')} else 'UTC' end))::date`;

function where(f: DocumentFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [f.from, f.to];
  const parts = [`issued_at >= $1::date - interval '1 day'`, `issued_at < $2::date + interval '2 days'`, `${localDay} between $1::date and $2::date`];
  if (f.companyKey) { params.push(f.companyKey); parts.push(`company_key = $${params.length}`); }
  if (f.kind) { params.push(f.kind); parts.push(`kind = $${params.length}`); }
  return { sql: parts.join(' and '), params };
}

const ORDER = 'order by company_key, kind, year, seq';

/** A page of the filtered documents in the order an accountant books them (company, kind, number), and their count. */
export async function listDocuments(db: Db, f: DocumentFilter, offset: number, limit: number): Promise<{ rows: DocumentRow[]; total: number }> {
  const w = where(f);
  const rows = await db.query<DocumentRow>(
    `select ${columns} from documents where ${w.sql} ${ORDER} limit $${w.params.length + 1} offset $${w.params.length + 2}`,
    [...w.params, limit, offset],
  );
  const [count] = await db.query<{ n: number }>(`select count(*)::int as n from documents where ${w.sql}`, w.params);
  return { rows, total: Number(count.n) };
}

/** Every filtered document without bytes, in the list's order (the CSV; the ZIP reads the bytes one at a time). */
export async function allDocuments(db: Db, f: DocumentFilter): Promise<DocumentRow[]> {
  const w = where(f);
  return db.query<DocumentRow>(`select ${columns} from documents where ${w.sql} ${ORDER}`, w.params);
}
