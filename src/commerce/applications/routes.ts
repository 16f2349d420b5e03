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
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type {} from '@fastify/swagger';
import {
  AdminListQuery, ApplicationQuery, ContactBody, ContactMessages, ContactReceipt, WhistleblowAccessBody, WhistleblowAdminCases, WhistleblowAnswerBody,
  WhistleblowBody, WhistleblowCase, WhistleblowFollowUpBody, WhistleblowReceipt,
  type ContactBody as ContactBodyT, type WhistleblowAnswerBody as WhistleblowAnswerBodyT, type WhistleblowBody as WhistleblowBodyT,
} from '../../contracts/application.ts';
import { accountFieldMessages } from '../account-error-codes.ts';
import { deleteAccountRows, requestLang } from '../account-routes-common.ts';
import { adminAllowed, adminSecurity, optionalAuth, optionalBearer } from '../http/auth.ts';
import { errorResponses, fail } from '../http/errors.ts';
import { limitByClient } from '../http/request.ts';
import { FieldErrors, asInput, emailField, phoneField, text } from '../customers/index.ts';
import type { RateRule } from '../lib/rate.ts';
import { shopName } from '../outbox/index.ts';
import { listOfficeCases } from './office.ts';
import { createRetentionJob } from './retention.ts';
import { addReporterMessage, answerCaseByAdminApi, contactMessages, fileReport, reporterCaseView, sendContactMessage } from './service.ts';

/** Decision: contact messages per client address (spam), like registrations. */
const CONTACT_RATE: RateRule = { limit: 10, windowS: 3600 };
const CONTACT_MESSAGE_MAX = 10000;
const REPORT_MAX = 20000;

/** A free text of several lines: trimmed, required, at most max characters, no control characters but line breaks and tabs. */
function longText(value: unknown, field: string, max: number, errors: FieldErrors): string | null {
  const v = typeof value === 'string' ? value.trim() : '';
  if (v === '') errors.add(field, 'required');
  else if ([...v].length > max || /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(v)) errors.add(field, 'invalid_value');
  else return v;
  return null;
}

export const applicationRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.commerce;
  const { db, clock, config } = ctx;
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
    const { reference, receivedAt } = await sendContactMessage(ctx, { storeKey: req.storeKey, now: clock(), language: lang(req), shop }, auth, {
      salutation: req.body.salutation ?? null, firstName: firstName as string, lastName: lastName as string, email: email as string, phone, subject,
      message: message as string,
    });
    return reply.status(201).send({ reference, receivedAt: receivedAt.toISOString() });
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
    const { row, secret } = await fileReport(ctx, { storeKey: req.storeKey, now: clock(), language: lang(req) }, {
      category: req.body.category, anonymous, name, email, phone, message: message as string,
    });
    return reply.status(201).send({ caseReference: row.reference, secret, status: row.status, createdAt: row.created_at.toISOString() });
  });

  app.post<{ Body: { caseReference: string; secret: string } }>('/application/whistleblow/case', {
    schema: {
      tags: ['applications'], summary: 'The reporter reads the case and the office\'s answers with case reference and access code.',
      body: WhistleblowAccessBody, response: { 200: WhistleblowCase, ...errorResponses },
    },
  }, async (req) => reporterCaseView(db, { storeKey: req.storeKey, caseReference: req.body.caseReference, secret: req.body.secret }));

  app.post<{ Body: { caseReference: string; secret: string; message: string } }>('/application/whistleblow/case/messages', {
    schema: {
      tags: ['applications'], summary: 'The reporter adds to an open case (reference and access code).',
      body: WhistleblowFollowUpBody, response: { 201: WhistleblowCase, ...errorResponses },
    },
  }, async (req, reply) => {
    const errors = new FieldErrors();
    const message = longText(req.body.message, 'message', REPORT_MAX, errors);
    errors.throwIfAny();
    const access = { storeKey: req.storeKey, caseReference: req.body.caseReference, secret: req.body.secret };
    return reply.status(201).send(await addReporterMessage(db, access, message as string, clock()));
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
    return reply.status(201).send(await answerCaseByAdminApi(db, req.body, clock()));
  });

  app.get<{ Querystring: { limit?: number } }>('/admin/applications/contact', {
    config: { storeKey: false }, onRequest: adminOnly,
    schema: {
      tags: ['admin', 'applications'], security: adminSecurity, summary: 'Contact messages, newest first (customer support).', querystring: AdminListQuery,
      response: { 200: ContactMessages, ...errorResponses },
    },
  }, async (req) => contactMessages(db, req.query.limit ?? 50));
};
