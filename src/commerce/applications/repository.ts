// The applications' SQL: contact messages (contact_messages) and whistleblower cases with their messages
// (whistleblower_cases, whistleblower_messages).
import { randomUUID } from 'node:crypto';
import type { WhistleblowCategory, WhistleblowStatus } from '../../contracts/application.ts';
import type { StoreKey } from '../../stores.ts';
import type { Db } from '../db/index.ts';
import type { Lang } from '../lib/lang.ts';

export interface CaseRow {
  id: string;
  reference: string;
  secret_hash: string;
  store_key: StoreKey;
  language: Lang;
  category: WhistleblowCategory;
  anonymous: boolean;
  reporter_name: string | null;
  reporter_email: string | null;
  reporter_phone: string | null;
  status: WhistleblowStatus;
  created_at: Date;
  updated_at: Date;
}

export interface CaseMessageRow { author: 'reporter' | 'office'; text: string; created_at: Date; operator_email: string | null }

export interface ContactMessageRow {
  reference: string; salutation: 'mr' | 'ms' | 'diverse' | null; first_name: string; last_name: string; email: string; phone: string | null;
  subject: string | null; message: string; language: string; customer_id: string | null; created_at: Date;
}

export interface NewContactMessage {
  reference: string; storeKey: string; customerId: string | null; salutation: string | null; firstName: string | null; lastName: string | null;
  email: string | null; emailLower: string; phone: string | null; subject: string | null; message: string | null; language: Lang; now: Date;
}

export async function insertContactMessage(tx: Db, m: NewContactMessage): Promise<void> {
  await tx.query(
    `insert into contact_messages (id, reference, store_key, customer_id, salutation, first_name, last_name, email, email_lower, phone, subject, message,
       language, consent_at, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14)`,
    [randomUUID(), m.reference, m.storeKey, m.customerId, m.salutation, m.firstName, m.lastName, m.email, m.emailLower, m.phone, m.subject, m.message,
      m.language, m.now],
  );
}

export async function newestContactMessages(db: Db, limit: number): Promise<ContactMessageRow[]> {
  return db.query<ContactMessageRow>('select * from contact_messages order by created_at desc, reference limit $1', [limit]);
}

export interface NewCase {
  reference: string; secretHash: string; storeKey: string; language: Lang; category: WhistleblowCategory; anonymous: boolean;
  name: string | null; email: string | null; phone: string | null; now: Date;
}

export async function insertCase(tx: Db, c: NewCase): Promise<CaseRow> {
  const [row] = await tx.query<CaseRow>(
    `insert into whistleblower_cases (id, reference, secret_hash, store_key, language, category, anonymous, reporter_name, reporter_email,
       reporter_phone, status, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'received', $11, $11) returning *`,
    [randomUUID(), c.reference, c.secretHash, c.storeKey, c.language, c.category, c.anonymous, c.name, c.email, c.phone, c.now],
  );
  return row;
}

export async function caseByReference(db: Db, reference: string, opts: { forUpdate?: boolean } = {}): Promise<CaseRow | null> {
  const [row] = await db.query<CaseRow>(`select * from whistleblower_cases where reference = $1${opts.forUpdate ? ' for update' : ''}`, [reference]);
  return row ?? null;
}

/** Cases newest first, optionally of one status, and how many there are of it. */
export async function newestCases(db: Db, q: { status?: WhistleblowStatus; limit: number; offset?: number }): Promise<{ rows: CaseRow[]; total: number }> {
  const status = q.status ?? null;
  const rows = await db.query<CaseRow>(
    'select * from whistleblower_cases where ($1::text is null or status = $1) order by created_at desc, reference limit $2 offset $3',
    [status, q.limit, q.offset ?? 0],
  );
  const [{ n }] = await db.query<{ n: number }>('select count(*)::int as n from whistleblower_cases where ($1::text is null or status = $1)', [status]);
  return { rows, total: n };
}

export async function touchCase(tx: Db, caseId: string, now: Date): Promise<void> {
  await tx.query('update whistleblower_cases set updated_at = $2 where id = $1', [caseId, now]);
}

export async function setCaseStatus(tx: Db, caseId: string, status: WhistleblowStatus, now: Date): Promise<CaseRow> {
  const [row] = await tx.query<CaseRow>('update whistleblower_cases set status = $2, updated_at = $3 where id = $1 returning *', [caseId, status, now]);
  return row;
}

/** A message of the case; an office answer given through /ops names its operator (by). */
export async function addCaseMessage(
  tx: Db, caseId: string, author: 'reporter' | 'office', text: string, now: Date, by: { id: string; email: string | null } | null = null,
): Promise<void> {
  await tx.query(
    'insert into whistleblower_messages (id, case_id, author, text, created_at, operator_id, operator_email) values ($1, $2, $3, $4, $5, $6, $7)',
    [randomUUID(), caseId, author, text, now, by?.id ?? null, by?.email ?? null],
  );
}

export async function caseMessages(db: Db, caseId: string): Promise<CaseMessageRow[]> {
  return db.query<CaseMessageRow>('select author, text, created_at, operator_email from whistleblower_messages where case_id = $1 order by seq', [caseId]);
}

/** spec 9: contact messages received before the cutoff are deleted; the number deleted. */
export async function deleteContactMessagesBefore(db: Db, cutoff: Date): Promise<number> {
  return (await db.query('delete from contact_messages where created_at < $1 returning id', [cutoff])).length;
}
