// Availability notifications (spec 3, 4) and the admin call that changes a product's availability:
//
// - POST /availability-alerts: a signed-in customer subscribes with the account's e-mail (active at once:
//   the address is verified); anyone else gives an e-mail and confirms it through the mailed link (double
//   opt-in), and can cancel with the same link. Only a sold-out product can be subscribed to.
// - GET /availability-alerts, PUT (enable, disable) and DELETE /availability-alerts/{id}: the signed-in
//   customer's own; another's answers 404 alert_not_found.
// - PUT /admin/products/{sku}/availability (loopback or ADMIN_TOKEN): availability and publication. When a
//   sold-out product comes back (available or pre-order), every enabled, confirmed alert gets ONE mail in
//   the same transaction (the product row is locked: two calls at once cannot both see the restock), and
//   is disabled (an account's; enable it for the next restock) or deleted (a guest's).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type {} from '@fastify/swagger';
import {
  AlertParams, AlertQuery, AlertTokenBody, AlertTokenResponse, AlertsResponse, AvailabilityAlert, CreateAlertBody, CreateAlertResponse,
  ProductAvailabilityBody, ProductAvailabilityParams, ProductAvailabilityResponse, UpdateAlertBody,
  type AvailabilityAlert as AlertT, type ProductAvailabilityBody as AvailabilityBodyT,
} from '../../contracts/availability-alert.ts';
import type { Availability, Badge } from '../../contracts/catalogue.ts';
import { AccountFieldErrors } from '../account-error-codes.ts';
import { deleteAccountRows, notFoundOnBadId, requestLang } from '../account-routes-common.ts';
import type { Lang } from '../lib/lang.ts';
import { lineImageUrl, pick, productAvailabilityForUpdate, productsBySkus, saveProductAvailability, type CatalogueProduct } from '../catalogue/index.ts';
import { adminAllowed, adminSecurity, bearer, optionalAuth, optionalBearer, requireUser } from '../http/auth.ts';
import type { CommerceContext } from '../context.ts';
import { errorResponses, fail } from '../http/errors.ts';
import { limitByClient } from '../http/request.ts';
import { customerById, isEmail, normalizeEmail } from '../customers/index.ts';
import type { Db } from '../db/index.ts';
import { addSeconds } from '../lib/clock.ts';
import { canonicalOrigin, shopOrigin } from '../lib/http.ts';
import { hitRate, subjectKey, type RateRule } from '../lib/rate.ts';
import { newSecret, sha256 } from '../lib/secrets.ts';
import { shopName } from '../outbox/index.ts';
import { alertConfirmationMail, backInStockMail, type AlertMailArgs } from './mail.ts';
import {
  alertById, alertByEmailForUpdate, alertByTokenForUpdate, armedAlertsForUpdate, claimAlert, confirmAlert, customerAlerts, deleteAlert,
  insertAccountAlert, insertPendingAlert, markNotified, purgeUnconfirmedAlerts, setAlertEnabled, setAlertToken, type AlertRow,
} from './repository.ts';

/** Decision: a guest's confirmation link is valid 48 hours, like an account's activation link. */
export const ALERT_CONFIRMATION_TTL_S = 48 * 3600;
/** Decision: subscriptions per client address, and confirmation mails per e-mail address (the answer stays the same). */
const ALERT_CLIENT_RATE: RateRule = { limit: 30, windowS: 3600 };
const ALERT_MAIL_RATE: RateRule = { limit: 3, windowS: 3600 };

const tags = ['availability-alerts'];

function toAlert(r: AlertRow, p: CatalogueProduct | undefined, lang: Lang): AlertT {
  return {
    id: r.id, sku: r.sku, productId: p?.productId ?? null, name: pick(p?.name, lang) ?? r.sku, slug: p ? pick(p.slug, lang) : null,
    imageUrl: lineImageUrl(p, lang), availability: p?.availability ?? null, published: p?.published ?? false, email: r.email,
    enabled: r.enabled, notifiedAt: r.notified_at?.toISOString() ?? null, createdAt: r.created_at.toISOString(), updatedAt: r.updated_at.toISOString(),
  };
}

async function alertViews(db: Db, rows: AlertRow[], lang: Lang): Promise<AlertT[]> {
  const products = new Map((await productsBySkus(db, [...new Set(rows.map((r) => r.sku))])).map((p) => [p.sku, p]));
  return rows.map((r) => toAlert(r, products.get(r.sku), lang));
}

// (re-exported: the data-retention job imports it through the door)
export { purgeUnconfirmedAlerts };

/**
 * Changes a product's availability and publication; a restock mails every subscriber once. The product row
 * is locked for the transaction, so concurrent calls see each other's change.
 */
export async function setProductAvailability(
  ctx: CommerceContext, sku: string, change: AvailabilityBodyT,
): Promise<{ availability: Availability; published: boolean; restocked: boolean; mailIds: number[] }> {
  const { db, config, outbox } = ctx;
  const now = ctx.clock();
  const shop = shopName(config.MAIL_FROM);
  return db.transaction(async (tx) => {
    const row = await productAvailabilityForUpdate(tx, sku);
    if (!row) fail('product_not_found');
    const availability = change.availability ?? row.availability;
    const published = change.published ?? row.published;
    const badges: Badge[] = row.data.badges.filter((b) => b !== 'preorder');
    // catalogue rule: a pre-order product always carries the preorder badge
    if (availability === 'preorder') badges.push('preorder');
    const data: CatalogueProduct = { ...row.data, availability, published, badges };
    await saveProductAvailability(tx, sku, data, now);
    const restocked = row.availability === 'soldOut' && availability !== 'soldOut' && published;
    const mailIds: number[] = [];
    if (restocked) {
      const alerts = await armedAlertsForUpdate(tx, sku);
      for (const alert of alerts) {
        const customer = alert.customer_id ? await customerById(tx, alert.customer_id) : null;
        const name = [customer?.first_name, customer?.last_name].filter(Boolean).join(' ') || null;
        const mail: AlertMailArgs = {
          lang: alert.language, store: alert.store_key, shop, origin: canonicalOrigin(alert.store_key, config),
          productName: pick(data.name, alert.language) ?? sku, slug: pick(data.slug, alert.language) ?? '',
        };
        mailIds.push(await outbox.add(tx, { channel: 'mail', customerId: alert.customer_id, storeKey: alert.store_key, to: alert.email, ...backInStockMail(mail, name) }, now));
        if (alert.customer_id) await markNotified(tx, alert.id, now);
        else await deleteAlert(tx, alert.id);
      }
    }
    return { availability, published, restocked, mailIds };
  });
}

export const alertRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.commerce;
  const { db, clock, config, outbox } = ctx;
  const shop = shopName(config.MAIL_FROM);
  ctx.accountDeletionHooks.push(deleteAccountRows('availability_alerts'));

  notFoundOnBadId(app, 'alert_not_found');

  const langOfReq = requestLang;

  /** In a transaction, call requireUser before it: PGlite has one connection, a query beside an open transaction waits for it. */
  async function ownAlert(req: FastifyRequest, id: string, forUpdate = false, tx: Db = db): Promise<AlertRow> {
    const auth = await requireUser(req);
    const row = await alertById(tx, id, { forUpdate });
    if (!row || row.customer_id !== auth.customerId || row.store_key !== req.storeKey) fail('alert_not_found');
    return row;
  }

  app.post<{ Body: CreateAlertBody; Querystring: { languageTag?: string } }>('/availability-alerts', {
    schema: {
      tags, summary: 'Subscribes to a sold-out product: one e-mail when it is back in stock. Signed in: the account\'s e-mail, active at once (201). Otherwise: e-mail required, confirmed by the mailed link (202).',
      security: optionalBearer, body: CreateAlertBody, querystring: AlertQuery, response: { 200: CreateAlertResponse, 201: CreateAlertResponse, 202: CreateAlertResponse, ...errorResponses },
    },
  }, async (req, reply) => {
    const auth = await optionalAuth(req);
    const now = clock();
    const [product] = await productsBySkus(db, [req.body.sku]);
    if (!product) fail('product_not_found');
    if (!product.published) fail('product_no_longer_available');
    if (product.availability !== 'soldOut') fail('alert_not_needed');
    const given = req.body.email?.trim() ?? '';
    const account = auth?.level === 'User' ? await customerById(db, auth.customerId) : null;
    const ownAddress = account?.email_lower && (given === '' || normalizeEmail(given) === account.email_lower);
    if (account && ownAddress) {
      const lang = langOfReq(req, account.language);
      const { row, created } = await db.transaction(async (tx) => {
        const existing = await alertByEmailForUpdate(tx, req.storeKey, account.email_lower as string, product.sku);
        if (existing) return { row: await claimAlert(tx, existing.id, account.id, now), created: false };
        const row = await insertAccountAlert(tx, {
          storeKey: req.storeKey, customerId: account.id, email: account.email as string, emailLower: account.email_lower as string, sku: product.sku, language: lang, now,
        });
        return { row, created: true };
      });
      return reply.status(created ? 201 : 200).send({ alert: toAlert(row, product, lang), confirmationRequired: false });
    }

    const errors = new AccountFieldErrors();
    if (given === '') errors.add('email', 'required');
    else if (!isEmail(given)) errors.add('email', 'invalid_email');
    errors.throwIfAny();
    await limitByClient(req, 'availability_alert', ALERT_CLIENT_RATE);
    const emailLower = normalizeEmail(given);
    const lang = langOfReq(req);
    // the same answer whatever the address's state: nothing about other people's subscriptions leaks
    const mailId = await db.transaction(async (tx) => {
      const existing = await alertByEmailForUpdate(tx, req.storeKey, emailLower, product.sku);
      if (existing?.confirmed_at && existing.enabled) return null;
      const rate = await hitRate(tx, 'alert_mail', subjectKey(req.storeKey, emailLower), now, ALERT_MAIL_RATE);
      if (!rate.allowed) return null;
      const token = newSecret('aa');
      const expires = addSeconds(now, ALERT_CONFIRMATION_TTL_S);
      if (existing) await setAlertToken(tx, existing.id, sha256(token), expires, lang, now);
      else {
        await insertPendingAlert(tx, {
          storeKey: req.storeKey, email: given, emailLower, sku: product.sku, language: lang, tokenHash: sha256(token), expiresAt: expires, now,
        });
      }
      const mail = alertConfirmationMail({
        lang, store: req.storeKey, shop, origin: shopOrigin(req, req.storeKey, config), productName: pick(product.name, lang) ?? product.sku,
        slug: pick(product.slug, lang) ?? '',
      }, token, ALERT_CONFIRMATION_TTL_S / 3600);
      return outbox.add(tx, { channel: 'mail', customerId: null, storeKey: req.storeKey, to: given, ...mail }, now);
    });
    if (mailId !== null) outbox.deliver([mailId]);
    return reply.status(202).send({ alert: null, confirmationRequired: true });
  });

  /** The token of a confirmation mail: confirm (within its validity) or cancel (while the alert exists). */
  async function byToken(token: string, forUpdate: Db): Promise<AlertRow> {
    const row = await alertByTokenForUpdate(forUpdate, sha256(token));
    if (!row) fail('alert_token_invalid');
    return row;
  }

  app.post<{ Body: { token: string } }>('/availability-alerts/confirmation', {
    schema: {
      tags, summary: 'Confirms a subscription with the token of the confirmation mail (double opt-in). POST, so that mail scanners opening links confirm nothing.',
      body: AlertTokenBody, response: { 200: AlertTokenResponse, ...errorResponses },
    },
  }, async (req) => {
    const now = clock();
    return db.transaction(async (tx) => {
      const row = await byToken(req.body.token, tx);
      if (row.store_key !== req.storeKey) fail('alert_token_invalid');
      if (!row.confirmed_at) {
        if (!row.token_expires_at || row.token_expires_at <= now) fail('alert_token_invalid');
        await confirmAlert(tx, row.id, now);
      }
      return { sku: row.sku, status: 'confirmed' as const };
    });
  });

  app.post<{ Body: { token: string } }>('/availability-alerts/cancellation', {
    schema: {
      tags, summary: 'Cancels a guest\'s subscription with the token of its confirmation mail (the alert is deleted).',
      body: AlertTokenBody, response: { 200: AlertTokenResponse, ...errorResponses },
    },
  }, async (req) => db.transaction(async (tx) => {
    const row = await byToken(req.body.token, tx);
    if (row.store_key !== req.storeKey) fail('alert_token_invalid');
    await deleteAlert(tx, row.id);
    return { sku: row.sku, status: 'cancelled' as const };
  }));

  app.get<{ Querystring: { languageTag?: string } }>('/availability-alerts', {
    schema: {
      tags, summary: 'The signed-in customer\'s availability notifications, newest first.', security: bearer, querystring: AlertQuery,
      response: { 200: AlertsResponse, ...errorResponses },
    },
  }, async (req) => {
    const auth = await requireUser(req);
    const rows = await customerAlerts(db, auth.customerId, req.storeKey);
    return { results: await alertViews(db, rows, langOfReq(req)) };
  });

  app.put<{ Params: { id: string }; Body: { enabled: boolean }; Querystring: { languageTag?: string } }>('/availability-alerts/:id', {
    attachValidation: true,
    schema: {
      tags, summary: 'Enables or disables a notification (spec 4); enabling one that was sent arms it for the next restock.', security: bearer,
      params: AlertParams, body: UpdateAlertBody, querystring: AlertQuery, response: { 200: AvailabilityAlert, ...errorResponses },
    },
  }, async (req) => {
    const now = clock();
    await requireUser(req);
    const row = await db.transaction(async (tx) => {
      const alert = await ownAlert(req, req.params.id, true, tx);
      return setAlertEnabled(tx, alert.id, req.body.enabled, now);
    });
    return (await alertViews(db, [row], langOfReq(req)))[0];
  });

  app.delete<{ Params: { id: string }; Querystring: { languageTag?: string } }>('/availability-alerts/:id', {
    attachValidation: true,
    schema: {
      tags, summary: 'Deletes a notification; answers it as it was.', security: bearer, params: AlertParams, querystring: AlertQuery,
      response: { 200: AvailabilityAlert, ...errorResponses },
    },
  }, async (req) => {
    const alert = await ownAlert(req, req.params.id);
    await deleteAlert(db, alert.id);
    return (await alertViews(db, [alert], langOfReq(req)))[0];
  });

  app.put<{ Params: { sku: string }; Body: AvailabilityBodyT }>('/admin/products/:sku/availability', {
    config: { storeKey: false },
    schema: {
      tags: ['admin', 'catalogue'], security: adminSecurity,
      summary: 'Sets a product\'s availability and publication (loopback or ADMIN_TOKEN). A sold-out product coming back mails each subscriber once.',
      params: ProductAvailabilityParams, body: ProductAvailabilityBody, response: { 200: ProductAvailabilityResponse, ...errorResponses },
    },
    onRequest: async (req) => {
      if (!adminAllowed(req, config.ADMIN_TOKEN)) fail('forbidden');
    },
  }, async (req) => {
    const { sku } = req.params;
    const result = await setProductAvailability(ctx, sku, req.body);
    outbox.deliver(result.mailIds);
    req.log.info({ sku, availability: result.availability, published: result.published, notified: result.mailIds.length }, 'product availability changed');
    return { sku, availability: result.availability, published: result.published, restocked: result.restocked, notified: result.mailIds.length };
  });
};
