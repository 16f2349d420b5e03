// The documents' SQL (tables documents and document_counters, migration 0041). Decision: there is no update
// or delete statement here on purpose: an issued document is only inserted and read (the table's trigger
// refuses UPDATE, DELETE and TRUNCATE for anyone else).
import type { Db } from '../db/index.ts';

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
}

export interface DocumentWithPdf extends DocumentRow { pdf: Buffer }

const columns = `id, kind, company_key, year, seq, number, order_id, order_number, customer_id, store_key, language, currency,
  total_gross_cents::float8 as total_gross_cents, sha256, issued_at, refers_to`;

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

export interface NewDocument extends Omit<DocumentRow, 'issued_at'> { pdf: Uint8Array; issuedAt: Date }

export async function insertDocument(tx: Db, d: NewDocument): Promise<void> {
  await tx.query(
    `insert into documents (id, kind, company_key, year, seq, number, order_id, order_number, customer_id, store_key, language, currency,
       total_gross_cents, pdf, sha256, issued_at, refers_to)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)`,
    [d.id, d.kind, d.company_key, d.year, d.seq, d.number, d.order_id, d.order_number, d.customer_id, d.store_key, d.language, d.currency,
      d.total_gross_cents, d.pdf, d.sha256, d.issuedAt, d.refers_to],
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
