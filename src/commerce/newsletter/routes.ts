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
import { bearer, optionalAuth, optionalBearer, requireUser } from '../http/auth.ts';
import { errorResponses } from '../http/errors.ts';
import { limitByClient } from '../http/request.ts';
import { isEmail } from '../customers/index.ts';
import { shopOrigin } from '../lib/http.ts';
import { shopName } from '../outbox/index.ts';
import { purgeUnconfirmedSubscriptions } from './repository.ts';
import {
  confirmSubscription, ownSubscription, subscribe, unsubscribeByToken, unsubscribeOwn, type NewsletterCall,
} from './service.ts';

export { NEWSLETTER_CONFIRMATION_TTL_S } from './service.ts';

const tags = ['newsletter'];

// (re-exported: the data-retention job imports it through the door)
export { purgeUnconfirmedSubscriptions };

export const newsletterRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.commerce;
  const { db, clock, config } = ctx;
  const shop = shopName(config.MAIL_FROM);
  ctx.accountDeletionHooks.push(deleteAccountRows('newsletter_subscriptions'));

  const callOf = (req: FastifyRequest): NewsletterCall => ({
    storeKey: req.storeKey, now: clock(), mail: { store: req.storeKey, shop, origin: shopOrigin(req, req.storeKey, config) },
    lang: (fallback) => requestLang(req, fallback), limitClient: (bucket, rule) => limitByClient(req, bucket, rule),
  });

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
    const { status } = await subscribe(ctx, callOf(req), await optionalAuth(req), email);
    return reply.status(status === 'confirmed' ? 201 : 202).send({ status, confirmationRequired: status === 'pending' });
  });

  app.post<{ Body: { token: string } }>('/newsletters/subscriptions/confirmation', {
    schema: {
      tags, summary: 'Confirms a subscription with the token of the confirmation mail (valid 48 hours; a second click changes nothing).',
      body: NewsletterTokenBody, response: { 200: NewsletterTokenResponse, ...errorResponses },
    },
  }, async (req) => {
    await confirmSubscription(ctx, callOf(req), req.body.token);
    return { status: 'confirmed' as const };
  });

  app.post<{ Body: { token: string } }>('/newsletters/subscriptions/unsubscribe', {
    schema: {
      tags, summary: 'Unsubscribes with the token of the welcome mail\'s link; the subscription is deleted.',
      body: NewsletterTokenBody, response: { 200: NewsletterTokenResponse, ...errorResponses },
    },
  }, async (req) => {
    await unsubscribeByToken(ctx, req.storeKey, req.body.token, clock());
    return { status: 'unsubscribed' as const };
  });

  app.get('/newsletters/subscriptions/me', {
    schema: {
      tags, summary: 'Whether the signed-in customer\'s address is subscribed.', security: bearer, response: { 200: NewsletterMeResponse, ...errorResponses },
    },
  }, async (req) => {
    const { email, row } = await ownSubscription(db, req.storeKey, (await requireUser(req)).customerId);
    return { email, status: row?.status ?? 'none', confirmedAt: row?.confirmed_at?.toISOString() ?? null };
  });

  app.delete('/newsletters/subscriptions/me', {
    schema: {
      tags, summary: 'Unsubscribes the signed-in customer\'s address (the subscription is deleted).', security: bearer,
      response: { 200: NewsletterTokenResponse, ...errorResponses },
    },
  }, async (req) => {
    await unsubscribeOwn(ctx, req.storeKey, (await requireUser(req)).customerId, clock());
    return { status: 'unsubscribed' as const };
  });
};
