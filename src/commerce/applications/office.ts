// The reporting office's side of the whistleblower cases: the list, one case, an answer. Shared by the
// loopback/ADMIN_TOKEN calls (/admin/applications/whistleblow...) and the operators' API (/ops/whistleblower,
// admin). Confidentiality: no mail, nothing in logs or in the audit log every operator reads.
import { randomUUID } from 'node:crypto';
import type { WhistleblowCase, WhistleblowCategory, WhistleblowStatus } from '../../contracts/application.ts';
import type { StoreKey } from '../../stores.ts';
import { accountError } from '../account-error-codes.ts';
import type { Lang } from '../carts/model.ts';
import type { Db } from '../db/index.ts';

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

/** What the office sees of a case: the reporter only when the report was not anonymous. */
export type OfficeCase = WhistleblowCase & { reporter: { name: string | null; email: string | null; phone: string | null } | null };

export function addCaseMessage(tx: Db, caseId: string, author: 'reporter' | 'office', text: string, now: Date): Promise<unknown> {
  return tx.query('insert into whistleblower_messages (id, case_id, author, text, created_at) values ($1, $2, $3, $4, $5)', [randomUUID(), caseId, author, text, now]);
}

export async function caseView(db: Db, c: CaseRow): Promise<WhistleblowCase> {
  const messages = await db.query<{ author: 'reporter' | 'office'; text: string; created_at: Date }>(
    'select author, text, created_at from whistleblower_messages where case_id = $1 order by seq',
    [c.id],
  );
  return {
    caseReference: c.reference, category: c.category, anonymous: c.anonymous, status: c.status, createdAt: c.created_at.toISOString(),
    updatedAt: c.updated_at.toISOString(), messages: messages.map((m) => ({ author: m.author, text: m.text, createdAt: m.created_at.toISOString() })),
  };
}

export async function officeCaseView(db: Db, c: CaseRow): Promise<OfficeCase> {
  return { ...(await caseView(db, c)), reporter: c.anonymous ? null : { name: c.reporter_name, email: c.reporter_email, phone: c.reporter_phone } };
}

/** Cases, newest first, optionally of one status; total counts them all. */
export async function listOfficeCases(db: Db, q: { status?: WhistleblowStatus; limit: number; offset: number }): Promise<{ results: OfficeCase[]; total: number }> {
  const rows = await db.query<CaseRow>(
    'select * from whistleblower_cases where ($1::text is null or status = $1) order by created_at desc, reference limit $2 offset $3',
    [q.status ?? null, q.limit, q.offset],
  );
  const [{ n }] = await db.query<{ n: number }>('select count(*)::int as n from whistleblower_cases where ($1::text is null or status = $1)', [q.status ?? null]);
  const results: OfficeCase[] = [];
  for (const r of rows) results.push(await officeCaseView(db, r));
  return { results, total: n };
}

function normalizeReference(reference: string): string {
  return reference.trim().toUpperCase();
}

export async function officeCase(db: Db, reference: string): Promise<OfficeCase> {
  const [row] = await db.query<CaseRow>('select * from whistleblower_cases where reference = $1', [normalizeReference(reference)]);
  if (!row) throw accountError('whistleblow_case_not_found');
  return officeCaseView(db, row);
}

/**
 * The office answers a case (one transaction, the case row locked) and sets its status. refuseClosed: a
 * closed case takes no answer (409 whistleblow_case_closed); without it (the loopback call) an answer may
 * reopen it.
 */
export async function answerCase(
  db: Db, reference: string, message: string, status: WhistleblowStatus, now: Date, opts: { refuseClosed?: boolean } = {},
): Promise<CaseRow> {
  return db.transaction(async (tx) => {
    const [c] = await tx.query<CaseRow>('select * from whistleblower_cases where reference = $1 for update', [normalizeReference(reference)]);
    if (!c) throw accountError('whistleblow_case_not_found');
    if (opts.refuseClosed && c.status === 'closed') throw accountError('whistleblow_case_closed');
    await addCaseMessage(tx, c.id, 'office', message.trim(), now);
    const [updated] = await tx.query<CaseRow>('update whistleblower_cases set status = $2, updated_at = $3 where id = $1 returning *', [c.id, status, now]);
    return updated;
  });
}
