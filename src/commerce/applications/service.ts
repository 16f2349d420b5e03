// The applications' rules (spec 7 contact and whistleblower; issue 24: a service layer): the contact message
// with its receipt, the report with its reference and access code, the reporter's reads and follow-ups. The
// route closures check the fields, call one function here and answer; the SQL stays in repository.ts, the
// office's side in office.ts.
import { randomInt, timingSafeEqual } from 'node:crypto';
import type { StoreKey } from '../../stores.ts';
import type { Static } from 'typebox';
import type { ContactMessages, WhistleblowAnswerBody, WhistleblowCase, WhistleblowCategory } from '../../contracts/application.ts';
import type { AuthContext } from '../auth/tokens.ts';
import type { CommerceContext } from '../context.ts';
import { normalizeEmail } from '../customers/index.ts';
import type { Db } from '../db/index.ts';
import { fail } from '../http/errors.ts';
import type { Lang } from '../lib/lang.ts';
import { hitRate, type RateRule } from '../lib/rate.ts';
import { newSecret, sha256 } from '../lib/secrets.ts';
import { renderMail } from '../mail/index.ts';
import { answerCase, caseAudit, caseView } from './office.ts';
import { addCaseMessage, caseByReference, insertCase, insertContactMessage, newestContactMessages, touchCase, type CaseRow } from './repository.ts';

/** Decision: reports per hour, shop-wide (a flood guard that identifies nobody). */
const WHISTLEBLOW_RATE: RateRule = { limit: 100, windowS: 3600 };

// Readable references without look-alikes (no 0/O, 1/I/L): 8 characters, 40 random bits.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
function reference(prefix: string): string {
  const part = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${prefix}-${part()}-${part()}`;
}

/** Inserts with a fresh random reference; a collision (40 bits: rare) takes another (a savepoint each try). */
async function withReference<T>(db: Db, prefix: string, insert: (tx: Db, ref: string) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction((tx) => insert(tx, reference(prefix)));
    } catch (err) {
      if ((err as { code?: string }).code !== '23505' || attempt >= 3) throw err;
    }
  }
}

/** Where and when a call happens, in which language it is answered. */
export interface ApplicationCall { storeKey: StoreKey; now: Date; language: Lang }

/** A contact message whose fields were checked (spec 5: with consent). */
export interface ContactInput {
  salutation: string | null; firstName: string; lastName: string; email: string; phone: string | null; subject: string | null; message: string;
}

/** Stores a contact message with a reference (a signed-in sender's carries the account) and mails the sender the receipt. */
export async function sendContactMessage(
  ctx: CommerceContext, call: ApplicationCall & { shop: string }, auth: AuthContext | null, m: ContactInput,
): Promise<{ reference: string; receivedAt: Date }> {
  const { db, outbox } = ctx;
  const customerId = auth?.level === 'User' ? auth.customerId : null;
  const { ref, mailId } = await withReference(db, 'CT', async (tx, ref) => {
    await insertContactMessage(tx, {
      reference: ref, storeKey: call.storeKey, customerId, salutation: m.salutation, firstName: m.firstName, lastName: m.lastName, email: m.email,
      emailLower: normalizeEmail(m.email), phone: m.phone, subject: m.subject, message: m.message, language: call.language, now: call.now,
    });
    const mail = renderMail('contact.receipt', call.language, { store: call.storeKey, shop: call.shop, name: `${m.firstName} ${m.lastName}`, reference: ref });
    const mailId = await outbox.add(tx, { channel: 'mail', customerId, storeKey: call.storeKey, to: m.email, ...mail }, call.now);
    return { ref, mailId };
  });
  outbox.deliver([mailId]);
  return { reference: ref, receivedAt: call.now };
}

/** A report whose fields were checked; an anonymous one names nobody (name, email and phone null). */
export interface ReportInput {
  category: WhistleblowCategory; anonymous: boolean; name: string | null; email: string | null; phone: string | null; message: string;
}

/** Files a report under the shop-wide flood guard: the case and its access code (shown once, kept only as sha256). */
export async function fileReport(ctx: CommerceContext, call: ApplicationCall, r: ReportInput): Promise<{ row: CaseRow; secret: string }> {
  const rate = await hitRate(ctx.db, 'whistleblow', 'shop', call.now, WHISTLEBLOW_RATE);
  if (!rate.allowed) fail('too_many_requests', { details: { retryAfter: rate.retryAfter } });
  const secret = newSecret('wb');
  const row = await withReference(ctx.db, 'WB', async (tx, ref) => {
    const c = await insertCase(tx, {
      reference: ref, secretHash: sha256(secret), storeKey: call.storeKey, language: call.language, category: r.category, anonymous: r.anonymous,
      name: r.name, email: r.email, phone: r.phone, now: call.now,
    });
    await addCaseMessage(tx, c.id, 'reporter', r.message, call.now);
    return c;
  });
  return { row, secret };
}

/** What reads a case: its reference and access code, in the request's store. */
export interface CaseAccess { storeKey: StoreKey; caseReference: string; secret: string }

/** The case of a reference and access code; anything else (unknown reference, wrong code, another store) is the same 404. */
async function reporterCase(tx: Db, access: CaseAccess, forUpdate = false): Promise<CaseRow> {
  const row = await caseByReference(tx, access.caseReference.trim().toUpperCase(), { forUpdate });
  const given = Buffer.from(sha256(access.secret.trim()));
  const ok = !!row && row.store_key === access.storeKey && timingSafeEqual(given, Buffer.from(row.secret_hash));
  if (!ok) fail('whistleblow_case_not_found');
  return row;
}

/** The reporter reads the case and the office's answers. */
export async function reporterCaseView(db: Db, access: CaseAccess): Promise<WhistleblowCase> {
  return caseView(db, await reporterCase(db, access));
}

/** The reporter adds to an open case; a closed one is 409 whistleblow_case_closed. */
export async function addReporterMessage(db: Db, access: CaseAccess, message: string, now: Date): Promise<WhistleblowCase> {
  const row = await db.transaction(async (tx) => {
    const c = await reporterCase(tx, access, true);
    if (c.status === 'closed') fail('whistleblow_case_closed');
    await addCaseMessage(tx, c.id, 'reporter', message, now);
    await touchCase(tx, c.id, now);
    return c;
  });
  return caseView(db, row);
}

/** Contact messages, newest first (customer support). */
export async function contactMessages(db: Db, limit: number): Promise<Static<typeof ContactMessages>> {
  const rows = await newestContactMessages(db, limit);
  return {
    results: rows.map((r) => ({
      reference: r.reference, salutation: r.salutation, firstName: r.first_name, lastName: r.last_name, email: r.email, phone: r.phone,
      subject: r.subject, message: r.message, language: r.language, customerId: r.customer_id, receivedAt: r.created_at.toISOString(),
    })),
  };
}

/**
 * The office answers a case through the admin API (loopback or ADMIN_TOKEN); status in-progress unless given.
 * No operator is behind this call: the audit names the admin API as a system actor.
 */
export async function answerCaseByAdminApi(db: Db, body: WhistleblowAnswerBody, now: Date): Promise<WhistleblowCase> {
  const row = await answerCase(db, body.caseReference, body.message, body.status ?? 'in-progress', now, {
    audit: caseAudit({ type: 'system', id: 'admin-api', email: null }, now),
  });
  return caseView(db, row);
}
