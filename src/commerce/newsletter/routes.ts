// Newsletter subscriptions (spec 7 POST /newsletters/subscriptions, query languageTag) with double opt-in:
//
// - a new address is pending and gets a confirmation mail (202); the link's token (48 hours) confirms it,
//   and a welcome mail carries the unsubscribe link. A signed-in customer's own (verified) address is
//   confirmed at once (201): the account proves the address and the request is the consent.
// - spec 8: a duplicate of a confirmed subscription answers 409 newsletter_already_subscribed with its
//   message; a pending one gets the confirmation mail again (at most three an hour).
// - unsubscribing (the welcome mail's link, or the account) deletes the row: nothing is kept of a withdrawn
//   consent. customers.newsletter_opt_in of the store's account with that address follows both ways.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type {} from '@fastify/swagger';
import {
  NewsletterMeResponse, NewsletterQuery, NewsletterSubscriptionBody, NewsletterSubscriptionResponse, NewsletterTokenBody, NewsletterTokenResponse,
} from '../../contracts/newsletter.ts';
import { AccountFieldErrors } from '../account-error-codes.ts';
import { deleteAccountRows, requestLang } from '../account-routes-common.ts';
import type { Lang } from '../lib/lang.ts';
import { bearer, optionalAuth, optionalBearer, requireUser } from '../http/auth.ts';
import { errorResponses, fail } from '../http/errors.ts';
import { limitByClient } from '../http/request.ts';
import { customerById, isEmail, normalizeEmail, setNewsletterOptIn } from '../customers/index.ts';
import type { Db } from '../db/index.ts';
import { addSeconds } from '../lib/clock.ts';
import { shopOrigin } from '../lib/http.ts';
import { hitRate, subjectKey, type RateRule } from '../lib/rate.ts';
import { newSecret, sha256 } from '../lib/secrets.ts';
import { shopName } from '../outbox/index.ts';
import { newsletterConfirmationMail, newsletterWelcomeMail, type NewsletterMailArgs } from './mail.ts';
import {
  deleteByUnsubscribeToken, deleteSubscription, insertPendingSubscription, markConfirmed, purgeUnconfirmedSubscriptions, setConfirmToken,
  subscriptionByConfirmToken, subscriptionByEmail, type SubscriptionRow,
} from './repository.ts';

/** Decision: the confirmation link is valid 48 hours, like an account's activation link. */
export const NEWSLETTER_CONFIRMATION_TTL_S = 48 * 3600;
/** Decision: confirmation mails per address (the answer stays the same), subscriptions per client address. */
const CONFIRMATION_MAIL_RATE: RateRule = { limit: 3, windowS: 3600 };
const SUBSCRIBE_CLIENT_RATE: RateRule = { limit: 20, windowS: 3600 };

const tags = ['newsletter'];

// (re-exported: the data-retention job imports it through the door)
export { purgeUnconfirmedSubscriptions };

export const newsletterRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.commerce;
  const { db, clock, config, outbox } = ctx;
  const shop = shopName(config.MAIL_FROM);
  ctx.accountDeletionHooks.push(deleteAccountRows('newsletter_subscriptions'));

  const mailArgs = (req: FastifyRequest, lang: Lang): NewsletterMailArgs => ({ lang, store: req.storeKey, shop, origin: shopOrigin(req, req.storeKey, config) });

  /** Confirms a row in the transaction: a new unsubscribe token, the welcome mail, the account's flag. */
  async function confirm(tx: Db, req: FastifyRequest, row: SubscriptionRow, now: Date): Promise<number> {
    const unsubscribe = newSecret('nu');
    await markConfirmed(tx, row.id, sha256(unsubscribe), row.customer_id, now);
    await setNewsletterOptIn(tx, row.store_key, row.email_lower, true, now);
    return outbox.add(tx, { channel: 'mail', customerId: row.customer_id, storeKey: row.store_key, to: row.email, ...newsletterWelcomeMail(mailArgs(req, row.language), unsubscribe) }, now);
  }

  app.post<{ Body: { email: string }; Querystring: { languageTag?: string } }>('/newsletters/subscriptions', {
    schema: {
      tags, summary: 'Subscribes an address to the newsletter with double opt-in (202, confirmation mail); a signed-in customer\'s own address is confirmed at once (201). A confirmed address answers 409 newsletter_already_subscribed.',
      security: optionalBearer, body: NewsletterSubscriptionBody, querystring: NewsletterQuery,
      response: { 201: NewsletterSubscriptionResponse, 202: NewsletterSubscriptionResponse, ...errorResponses },
    },
  }, async (req, reply) => {
    const errors = new AccountFieldErrors();
    const email = req.body.email.trim();
    if (email === '') errors.add('email', 'required');
    else if (!isEmail(email)) errors.add('email', 'invalid_email');
    errors.throwIfAny();
    const auth = await optionalAuth(req);
    const account = auth?.level === 'User' ? await customerById(db, auth.customerId) : null;
    const emailLower = normalizeEmail(email);
    const own = !!account && account.email_lower === emailLower && account.email_verified_at !== null;
    if (!own) await limitByClient(req, 'newsletter', SUBSCRIBE_CLIENT_RATE);
    const lang = requestLang(req, account?.language);
    const now = clock();

    const { status, mailId } = await db.transaction(async (tx) => {
      const existing = await subscriptionByEmail(tx, req.storeKey, emailLower, { forUpdate: true });
      // spec 8: the duplicate answers with its message
      if (existing?.status === 'confirmed') fail('newsletter_already_subscribed');
      const row = existing ?? (await insertPendingSubscription(tx, { storeKey: req.storeKey, email, emailLower, customerId: own ? account.id : null, language: lang, now }));
      if (own) return { status: 'confirmed' as const, mailId: await confirm(tx, req, { ...row, customer_id: account.id }, now) };
      const rate = await hitRate(tx, 'newsletter_mail', subjectKey(req.storeKey, emailLower), now, CONFIRMATION_MAIL_RATE);
      if (!rate.allowed) return { status: 'pending' as const, mailId: null };
      const token = newSecret('nl');
      await setConfirmToken(tx, row.id, sha256(token), addSeconds(now, NEWSLETTER_CONFIRMATION_TTL_S), lang, now);
      const mail = newsletterConfirmationMail(mailArgs(req, lang), token, NEWSLETTER_CONFIRMATION_TTL_S / 3600);
      return { status: 'pending' as const, mailId: await outbox.add(tx, { channel: 'mail', customerId: null, storeKey: req.storeKey, to: email, ...mail }, now) };
    });
    if (mailId !== null) outbox.deliver([mailId]);
    return reply.status(status === 'confirmed' ? 201 : 202).send({ status, confirmationRequired: status === 'pending' });
  });

  app.post<{ Body: { token: string } }>('/newsletters/subscriptions/confirmation', {
    schema: {
      tags, summary: 'Confirms a subscription with the token of the confirmation mail (valid 48 hours; a second click changes nothing).',
      body: NewsletterTokenBody, response: { 200: NewsletterTokenResponse, ...errorResponses },
    },
  }, async (req) => {
    const now = clock();
    const mailId = await db.transaction(async (tx) => {
      const row = await subscriptionByConfirmToken(tx, sha256(req.body.token), req.storeKey);
      if (!row) fail('newsletter_token_invalid');
      if (row.status === 'confirmed') return null;
      if (!row.confirm_expires_at || row.confirm_expires_at <= now) fail('newsletter_token_invalid');
      return confirm(tx, req, row, now);
    });
    if (mailId !== null) outbox.deliver([mailId]);
    return { status: 'confirmed' as const };
  });

  app.post<{ Body: { token: string } }>('/newsletters/subscriptions/unsubscribe', {
    schema: {
      tags, summary: 'Unsubscribes with the token of the welcome mail\'s link; the subscription is deleted.',
      body: NewsletterTokenBody, response: { 200: NewsletterTokenResponse, ...errorResponses },
    },
  }, async (req) => {
    const now = clock();
    await db.transaction(async (tx) => {
      const row = await deleteByUnsubscribeToken(tx, sha256(req.body.token), req.storeKey);
      if (!row) fail('newsletter_token_invalid');
      await setNewsletterOptIn(tx, row.store_key, row.email_lower, false, now);
    });
    return { status: 'unsubscribed' as const };
  });

  async function ownSubscription(req: FastifyRequest): Promise<{ email: string; emailLower: string; row: SubscriptionRow | null }> {
    const auth = await requireUser(req);
    const account = await customerById(db, auth.customerId);
    const emailLower = account?.email_lower ?? '';
    const row = await subscriptionByEmail(db, req.storeKey, emailLower);
    return { email: account?.email ?? '', emailLower, row };
  }

  app.get('/newsletters/subscriptions/me', {
    schema: {
      tags, summary: 'Whether the signed-in customer\'s address is subscribed.', security: bearer, response: { 200: NewsletterMeResponse, ...errorResponses },
    },
  }, async (req) => {
    const { email, row } = await ownSubscription(req);
    return { email, status: row?.status ?? 'none', confirmedAt: row?.confirmed_at?.toISOString() ?? null };
  });

  app.delete('/newsletters/subscriptions/me', {
    schema: {
      tags, summary: 'Unsubscribes the signed-in customer\'s address (the subscription is deleted).', security: bearer,
      response: { 200: NewsletterTokenResponse, ...errorResponses },
    },
  }, async (req) => {
    const { emailLower, row } = await ownSubscription(req);
    if (!row) fail('newsletter_not_subscribed');
    await db.transaction(async (tx) => {
      await deleteSubscription(tx, row.id);
      await setNewsletterOptIn(tx, req.storeKey, emailLower, false, clock());
    });
    return { status: 'unsubscribed' as const };
  });
};
