// The reporting office's side of the whistleblower cases: the list, one case, an answer. Shared by the
// loopback/ADMIN_TOKEN calls (/admin/applications/whistleblow...) and the operators' API (/ops/whistleblower,
// admin). Confidentiality: no mail, nothing in logs; the audit log records who answered or closed which case
// (never the text), and only admins read those entries (src/commerce/lifecycle/audit.ts).
import type { WhistleblowCase, WhistleblowStatus } from '../../contracts/application.ts';
import type { Actor } from '../../contracts/ops.ts';
import type { Db } from '../db/index.ts';
import { fail } from '../http/errors.ts';
import { writeAudit } from '../lifecycle/index.ts';
import { addCaseMessage, caseByReference, caseMessages, newestCases, setCaseStatus, type CaseMessageRow, type CaseRow } from './repository.ts';

/** What the office sees of a case: the reporter only when the report was not anonymous, and who answered. */
export type OfficeCase = Omit<WhistleblowCase, 'messages'> & {
  messages: (WhistleblowCase['messages'][number] & { by: string | null })[];
  reporter: { name: string | null; email: string | null; phone: string | null } | null;
};

/** The operator of an answer given through /ops (the reporter reads only "office"). */
export interface CaseOperator { id: string; email: string | null }

/** A case with its messages, as the reporter reads it. */
export async function caseView(db: Db, c: CaseRow): Promise<WhistleblowCase> {
  const messages = await caseMessages(db, c.id);
  return { ...caseFacts(c), messages: messages.map(messageOf) };
}

export async function officeCaseView(db: Db, c: CaseRow): Promise<OfficeCase> {
  const messages = await caseMessages(db, c.id);
  return {
    ...caseFacts(c),
    messages: messages.map((m) => ({ ...messageOf(m), by: m.author === 'office' ? m.operator_email : null })),
    reporter: c.anonymous ? null : { name: c.reporter_name, email: c.reporter_email, phone: c.reporter_phone },
  };
}

function caseFacts(c: CaseRow): Omit<WhistleblowCase, 'messages'> {
  return {
    caseReference: c.reference, category: c.category, anonymous: c.anonymous, status: c.status, createdAt: c.created_at.toISOString(),
    updatedAt: c.updated_at.toISOString(),
  };
}

const messageOf = (m: CaseMessageRow): WhistleblowCase['messages'][number] => ({ author: m.author, text: m.text, createdAt: m.created_at.toISOString() });

/** Cases, newest first, optionally of one status; total counts every case of the filter. */
export async function listOfficeCases(db: Db, q: { status?: WhistleblowStatus; limit: number; offset?: number }): Promise<{ results: OfficeCase[]; total: number }> {
  const { rows, total } = await newestCases(db, q);
  const results: OfficeCase[] = [];
  for (const r of rows) results.push(await officeCaseView(db, r));
  return { results, total };
}

const normalizeReference = (reference: string) => reference.trim().toUpperCase();

type CaseChange = { reference: string; before: WhistleblowStatus; after: WhistleblowStatus };

/**
 * The audit entry of an answer (answerCase's audit): who answered or closed which case and its new status,
 * never the text. Decision: the case reference is in it (an auditor must find the case); only admins are
 * shown these entries (GET /ops/audit).
 */
export function caseAudit(actor: Actor, now: Date): (tx: Db, c: CaseChange) => Promise<void> {
  return (tx, c) => writeAudit(tx, {
    orderId: null, orderNumber: null, actor, action: c.after === 'closed' ? 'whistleblow_closed' : 'whistleblow_answered', before: null, after: null,
    details: { caseReference: c.reference, status: c.after },
  }, now);
}

/** One case: 404 whistleblow_case_not_found. */
export async function officeCase(db: Db, reference: string): Promise<OfficeCase> {
  const row = await caseByReference(db, normalizeReference(reference));
  if (!row) fail('whistleblow_case_not_found');
  return officeCaseView(db, row);
}

/**
 * The office answers a case (one transaction, the case row locked) and sets its status. refuseClosed: a
 * closed case takes no answer (409 whistleblow_case_closed); without it (the loopback call) an answer may
 * reopen it. by: the operator answering (stored with the answer); audit: the caller's audit entry, written in
 * the same transaction (the answer and its record stand or fall together).
 */
export async function answerCase(
  db: Db, reference: string, message: string, status: WhistleblowStatus, now: Date,
  opts: { refuseClosed?: boolean; by?: CaseOperator; audit?: (tx: Db, c: CaseChange) => Promise<void> } = {},
): Promise<CaseRow> {
  return db.transaction(async (tx) => {
    const c = await caseByReference(tx, normalizeReference(reference), { forUpdate: true });
    if (!c) fail('whistleblow_case_not_found');
    if (opts.refuseClosed && c.status === 'closed') fail('whistleblow_case_closed');
    await addCaseMessage(tx, c.id, 'office', message.trim(), now, opts.by ?? null);
    const row = await setCaseStatus(tx, c.id, status, now);
    await opts.audit?.(tx, { reference: c.reference, before: c.status, after: status });
    return row;
  });
}
