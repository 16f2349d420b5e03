// Contact form and whistleblower system (spec 7 POST /application/contact, POST /application/whistleblow).
//
// Contact: spec 5 consent required; the message is stored with a reference (the support team reads it
// through GET /admin/applications/contact), the sender gets a receipt with the reference; spec 9: deleted
// after 12 months (retention.ts). A signed-in sender's message carries the account (account deletion
// removes it, and every message of the account's e-mail).
//
// Whistleblower: anonymous unless the reporter names themselves. The answer holds a case reference and an
// access code, shown once and kept only as sha256; both together read the case with the office's answers
// (POST, so neither travels in a URL) and add follow-ups. Confidentiality: nothing of a report is logged,
// no mail is written (the outbox is readable by operators), no client address is stored (the flood guard
// is one shop-wide counter). The office answers through the admin calls (loopback or ADMIN_TOKEN).
import { randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type {} from '@fastify/swagger';
import {
  AdminListQuery, ApplicationQuery, ContactBody, ContactMessages, ContactReceipt, WhistleblowAccessBody, WhistleblowAdminCases, WhistleblowAnswerBody,
  WhistleblowBody, WhistleblowCase, WhistleblowFollowUpBody, WhistleblowReceipt,
  type ContactBody as ContactBodyT, type WhistleblowAnswerBody as WhistleblowAnswerBodyT, type WhistleblowBody as WhistleblowBodyT,
  type WhistleblowCase as WhistleblowCaseT,
} from '../../contracts/application.ts';
import { accountFieldMessages } from '../account-error-codes.ts';
import { deleteAccountRows, requestLang } from '../account-routes-common.ts';
import { adminAllowed, adminSecurity, optionalAuth, optionalBearer } from '../http/auth.ts';
import { errorResponses, fail } from '../http/errors.ts';
import { limitByClient } from '../http/request.ts';
import { FieldErrors, asInput, emailField, normalizeEmail, phoneField, text } from '../customers/index.ts';
import type { Db } from '../db/index.ts';
import { hitRate, type RateRule } from '../lib/rate.ts';
import { newSecret, sha256 } from '../lib/secrets.ts';
import { renderMail } from '../mail/index.ts';
import { shopName } from '../outbox/index.ts';
import { addCaseMessage, caseByReference, insertCase, insertContactMessage, newestContactMessages, touchCase, type CaseRow } from './repository.ts';
import { answerCase, caseAudit, caseView, listOfficeCases } from './office.ts';
import { createRetentionJob } from './retention.ts';

/** Decision: contact messages per client address (spam), like registrations. */
const CONTACT_RATE: RateRule = { limit: 10, windowS: 3600 };
/** Decision: reports per hour, shop-wide (a flood guard that identifies nobody). */
const WHISTLEBLOW_RATE: RateRule = { limit: 100, windowS: 3600 };
const CONTACT_MESSAGE_MAX = 10000;
const REPORT_MAX = 20000;

// Readable references without look-alikes (no 0/O, 1/I/L): 8 characters, 40 random bits.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
function reference(prefix: string): string {
  const part = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${prefix}-${part()}-${part()}`;
}

/** A free text of several lines: trimmed, required, at most max characters, no control characters but line breaks and tabs. */
function longText(value: unknown, field: string, max: number, errors: FieldErrors): string | null {
  const v = typeof value === 'string' ? value.trim() : '';
  if (v === '') errors.add(field, 'required');
  else if ([...v].length > max || /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(v)) errors.add(field, 'invalid_value');
  else return v;
  return null;
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

export const applicationRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.commerce;
  const { db, clock, config, outbox } = ctx;
  const shop = shopName(config.MAIL_FROM);
  ctx.accountDeletionHooks.push(deleteAccountRows('contact_messages'));
  const retention = createRetentionJob(ctx, app.log);
  ctx.jobs.set(retention.name, retention);
  // at start too: a service restarted more often than hourly still deletes on time
  app.addHook('onReady', async () => retention.trigger());

  const lang = (req: FastifyRequest) => requestLang(req);
  const adminOnly = async (req: FastifyRequest) => {
    if (!adminAllowed(req, config.ADMIN_TOKEN)) fail('forbidden');
  };

  app.post<{ Body: ContactBodyT; Querystring: { languageTag?: string } }>('/application/contact', {
    schema: {
      tags: ['applications'], summary: 'Contact form (spec 5: consent required). Stores the message with a reference and mails the sender a receipt; kept at most 12 months (spec 9).',
      security: optionalBearer, body: ContactBody, querystring: ApplicationQuery, response: { 201: ContactReceipt, ...errorResponses },
    },
  }, async (req, reply) => {
    const input = asInput(req.body);
    const errors = new FieldErrors();
    const firstName = text(input, 'firstName', { required: true, max: 100 }, errors);
    const lastName = text(input, 'lastName', { required: true, max: 100 }, errors);
    const email = emailField(input, errors);
    const phone = phoneField(input, 'phone', errors, req.storeKey);
    const subject = text(input, 'subject', { max: 200 }, errors);
    const message = longText(req.body.message, 'message', CONTACT_MESSAGE_MAX, errors);
    // spec 5: the contact form needs consent
    if (req.body.consent !== true) errors.list.push({ field: 'consent', code: 'consent_required', message: accountFieldMessages.consent_required });
    errors.throwIfAny();
    await limitByClient(req, 'contact', CONTACT_RATE);
    const auth = await optionalAuth(req);
    const now = clock();
    const language = lang(req);
    const { ref, mailId } = await withReference(db, 'CT', async (tx, ref) => {
      await insertContactMessage(tx, {
        reference: ref, storeKey: req.storeKey, customerId: auth?.level === 'User' ? auth.customerId : null, salutation: req.body.salutation ?? null,
        firstName, lastName, email, emailLower: normalizeEmail(email as string), phone, subject, message, language, now,
      });
      const mail = renderMail('contact.receipt', language, { store: req.storeKey, shop, name: `${firstName} ${lastName}`, reference: ref });
      const mailId = await outbox.add(tx, { channel: 'mail', customerId: auth?.level === 'User' ? auth.customerId : null, storeKey: req.storeKey, to: email as string, ...mail }, now);
      return { ref, mailId };
    });
    outbox.deliver([mailId]);
    return reply.status(201).send({ reference: ref, receivedAt: now.toISOString() });
  });

  app.post<{ Body: WhistleblowBodyT; Querystring: { languageTag?: string } }>('/application/whistleblow', {
    schema: {
      tags: ['applications'], summary: 'Whistleblower report, anonymous unless anonymous is false. Answers the case reference and the access code (shown once) that read the answers.',
      body: WhistleblowBody, querystring: ApplicationQuery, response: { 201: WhistleblowReceipt, ...errorResponses },
    },
  }, async (req, reply) => {
    const input = asInput(req.body);
    const errors = new FieldErrors();
    const message = longText(req.body.message, 'message', REPORT_MAX, errors);
    const anonymous = req.body.anonymous !== false;
    // an anonymous report keeps nothing that names the reporter, whatever else was sent
    const name = anonymous ? null : text(input, 'name', { required: true, max: 200 }, errors);
    const email = anonymous || !req.body.email?.trim() ? null : emailField(input, errors);
    const phone = anonymous ? null : phoneField(input, 'phone', errors, req.storeKey);
    errors.throwIfAny();
    const now = clock();
    const rate = await hitRate(db, 'whistleblow', 'shop', now, WHISTLEBLOW_RATE);
    if (!rate.allowed) fail('too_many_requests', { details: { retryAfter: rate.retryAfter } });
    const secret = newSecret('wb');
    const row = await withReference(db, 'WB', async (tx, ref) => {
      const c = await insertCase(tx, {
        reference: ref, secretHash: sha256(secret), storeKey: req.storeKey, language: lang(req), category: req.body.category, anonymous, name, email, phone, now,
      });
      await addCaseMessage(tx, c.id, 'reporter', message as string, now);
      return c;
    });
    return reply.status(201).send({ caseReference: row.reference, secret, status: row.status, createdAt: row.created_at.toISOString() });
  });

  /** The case of a reference and access code; anything else (unknown reference, wrong code, another store) is the same 404. */
  async function reporterCase(tx: Db, req: FastifyRequest<{ Body: { caseReference: string; secret: string } }>, forUpdate = false): Promise<CaseRow> {
    const row = await caseByReference(tx, req.body.caseReference.trim().toUpperCase(), { forUpdate });
    const given = Buffer.from(sha256(req.body.secret.trim()));
    const ok = !!row && row.store_key === req.storeKey && timingSafeEqual(given, Buffer.from(row.secret_hash));
    if (!ok) fail('whistleblow_case_not_found');
    return row;
  }

  app.post<{ Body: { caseReference: string; secret: string } }>('/application/whistleblow/case', {
    schema: {
      tags: ['applications'], summary: 'The reporter reads the case and the office\'s answers with case reference and access code.',
      body: WhistleblowAccessBody, response: { 200: WhistleblowCase, ...errorResponses },
    },
  }, async (req) => caseView(db, await reporterCase(db, req)));

  app.post<{ Body: { caseReference: string; secret: string; message: string } }>('/application/whistleblow/case/messages', {
    schema: {
      tags: ['applications'], summary: 'The reporter adds to an open case (reference and access code).',
      body: WhistleblowFollowUpBody, response: { 201: WhistleblowCase, ...errorResponses },
    },
  }, async (req, reply) => {
    const errors = new FieldErrors();
    const message = longText(req.body.message, 'message', REPORT_MAX, errors);
    errors.throwIfAny();
    const now = clock();
    const row = await db.transaction(async (tx) => {
      const c = await reporterCase(tx, req, true);
      if (c.status === 'closed') fail('whistleblow_case_closed');
      await addCaseMessage(tx, c.id, 'reporter', message as string, now);
      await touchCase(tx, c.id, now);
      return c;
    });
    return reply.status(201).send(await caseView(db, row));
  });

  // ---------------------------------------------------------------- the office and support (loopback or ADMIN_TOKEN)

  app.get<{ Querystring: { limit?: number } }>('/admin/applications/whistleblow', {
    config: { storeKey: false }, onRequest: adminOnly,
    schema: {
      tags: ['admin', 'applications'], security: adminSecurity, summary: 'Whistleblower cases, newest first, with their messages (the reporting office).',
      querystring: AdminListQuery, response: { 200: WhistleblowAdminCases, ...errorResponses },
    },
  }, async (req) => {
    const { results } = await listOfficeCases(db, { limit: req.query.limit ?? 50 });
    return { results };
  });

  // the reference travels in the body: request lines are logged, and nothing of a case belongs there
  app.post<{ Body: WhistleblowAnswerBodyT }>('/admin/applications/whistleblow/answers', {
    config: { storeKey: false }, onRequest: adminOnly,
    schema: {
      tags: ['admin', 'applications'], security: adminSecurity, summary: 'The office answers a case (the reporter reads it with reference and access code); status in-progress unless given.',
      body: WhistleblowAnswerBody, response: { 201: WhistleblowCase, ...errorResponses },
    },
  }, async (req, reply) => {
    const now = clock();
    // no operator behind this call: the audit names the admin API (loopback or ADMIN_TOKEN) as a system actor
    const row = await answerCase(db, req.body.caseReference, req.body.message, req.body.status ?? 'in-progress', now, {
      audit: caseAudit({ type: 'system', id: 'admin-api', email: null }, now),
    });
    return reply.status(201).send(await caseView(db, row));
  });

  app.get<{ Querystring: { limit?: number } }>('/admin/applications/contact', {
    config: { storeKey: false }, onRequest: adminOnly,
    schema: {
      tags: ['admin', 'applications'], security: adminSecurity, summary: 'Contact messages, newest first (customer support).', querystring: AdminListQuery,
      response: { 200: ContactMessages, ...errorResponses },
    },
  }, async (req) => {
    const rows = await newestContactMessages(db, req.query.limit ?? 50);
    return {
      results: rows.map((r) => ({
        reference: r.reference, salutation: r.salutation, firstName: r.first_name, lastName: r.last_name, email: r.email, phone: r.phone,
        subject: r.subject, message: r.message, language: r.language, customerId: r.customer_id, receivedAt: r.created_at.toISOString(),
      })),
    };
  });
};
