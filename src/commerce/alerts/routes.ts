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
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type {} from '@fastify/swagger';
import {
  AlertParams, AlertQuery, AlertTokenBody, AlertTokenResponse, AlertsResponse, AvailabilityAlert, CreateAlertBody, CreateAlertResponse,
  ProductAvailabilityBody, ProductAvailabilityParams, ProductAvailabilityResponse, UpdateAlertBody,
  type AvailabilityAlert as AlertT, type ProductAvailabilityBody as AvailabilityBodyT,
} from '../../contracts/availability-alert.ts';
import type { Availability, Badge } from '../../contracts/catalogue.ts';
import type { StoreKey } from '../../stores.ts';
import { AccountFieldErrors, accountError } from '../account-error-codes.ts';
import { deleteAccountRows, notFoundOnBadId, requestLang } from '../account-routes-common.ts';
import type { Lang } from '../lib/lang.ts';
import { type CatalogueProduct, pick, productsBySkus } from '../catalogue/index.ts';
import { adminAllowed, optionalAuth, requireUser, bearer } from '../http/auth.ts';
import type { CommerceContext } from '../context.ts';
import { errorResponses, orderError } from '../http/errors.ts';
import { limitByClient } from '../http/request.ts';
import { customerById, isEmail, normalizeEmail } from '../customers/index.ts';
import type { Db } from '../db/index.ts';
import { addSeconds } from '../lib/clock.ts';
import { canonicalOrigin, shopOrigin } from '../lib/http.ts';
import { hitRate, subjectKey, type RateRule } from '../lib/rate.ts';
import { newSecret, sha256 } from '../lib/secrets.ts';
import { shopName } from '../outbox/index.ts';
import { alertConfirmationMail, backInStockMail, type AlertMailArgs } from './mail.ts';

interface AlertRow {
  id: string;
  store_key: StoreKey;
  customer_id: string | null;
  email: string;
  email_lower: string;
  sku: string;
  language: Lang;
  enabled: boolean;
  confirmed_at: Date | null;
  token_hash: string | null;
  token_expires_at: Date | null;
  notified_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** Decision: a guest's confirmation link is valid 48 hours, like an account's activation link. */
export const ALERT_CONFIRMATION_TTL_S = 48 * 3600;
/** Decision: subscriptions per client address, and confirmation mails per e-mail address (the answer stays the same). */
const ALERT_CLIENT_RATE: RateRule = { limit: 30, windowS: 3600 };
const ALERT_MAIL_RATE: RateRule = { limit: 3, windowS: 3600 };

const tags = ['availability-alerts'];

function toAlert(r: AlertRow, p: CatalogueProduct | undefined, lang: Lang): AlertT {
  return {
    id: r.id, sku: r.sku, productId: p?.productId ?? null, name: pick(p?.name, lang) ?? r.sku, slug: p ? pick(p.slug, lang) : null,
    imageUrl: p?.images[0]?.url ?? null, availability: p?.availability ?? null, published: p?.published ?? false, email: r.email,
    enabled: r.enabled, notifiedAt: r.notified_at?.toISOString() ?? null, createdAt: r.created_at.toISOString(), updatedAt: r.updated_at.toISOString(),
  };
}

async function alertViews(db: Db, rows: AlertRow[], lang: Lang): Promise<AlertT[]> {
  const products = new Map((await productsBySkus(db, [...new Set(rows.map((r) => r.sku))])).map((p) => [p.sku, p]));
  return rows.map((r) => toAlert(r, products.get(r.sku), lang));
}

/** Housekeeping: guests' subscriptions never confirmed within the link's validity. */
export async function purgeUnconfirmedAlerts(db: Db, now: Date): Promise<number> {
  return (await db.query('delete from availability_alerts where confirmed_at is null and token_expires_at < $1 returning id', [now])).length;
}

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
    const [row] = await tx.query<{ availability: Availability; published: boolean; data: CatalogueProduct }>(
      'select availability, published, data from products where sku = $1 for update',
      [sku],
    );
    if (!row) throw orderError('product_not_found');
    const availability = change.availability ?? row.availability;
    const published = change.published ?? row.published;
    const badges: Badge[] = row.data.badges.filter((b) => b !== 'preorder');
    // catalogue rule: a pre-order product always carries the preorder badge
    if (availability === 'preorder') badges.push('preorder');
    const data: CatalogueProduct = { ...row.data, availability, published, badges };
    await tx.query(
      `update products set availability = $2, published = $3, badges = string_to_array($4, ','), data = $5::jsonb, updated_at = $6 where sku = $1`,
      [sku, availability, published, badges.join(','), JSON.stringify(data), now],
    );
    const restocked = row.availability === 'soldOut' && availability !== 'soldOut' && published;
    const mailIds: number[] = [];
    if (restocked) {
      const alerts = await tx.query<AlertRow>(
        'select * from availability_alerts where sku = $1 and enabled and confirmed_at is not null order by created_at for update',
        [sku],
      );
      for (const alert of alerts) {
        const customer = alert.customer_id ? await customerById(tx, alert.customer_id) : null;
        const name = [customer?.first_name, customer?.last_name].filter(Boolean).join(' ') || null;
        const mail: AlertMailArgs = {
          lang: alert.language, store: alert.store_key, shop, origin: canonicalOrigin(alert.store_key, config),
          productName: pick(data.name, alert.language) ?? sku, slug: pick(data.slug, alert.language) ?? '',
        };
        mailIds.push(await outbox.add(tx, { channel: 'mail', customerId: alert.customer_id, storeKey: alert.store_key, to: alert.email, ...backInStockMail(mail, name) }, now));
        if (alert.customer_id) {
          await tx.query('update availability_alerts set enabled = false, notified_at = $2, updated_at = $2 where id = $1', [alert.id, now]);
        } else {
          await tx.query('delete from availability_alerts where id = $1', [alert.id]);
        }
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
    const [row] = await tx.query<AlertRow>(`select * from availability_alerts where id = $1${forUpdate ? ' for update' : ''}`, [id]);
    if (!row || row.customer_id !== auth.customerId || row.store_key !== req.storeKey) throw accountError('alert_not_found');
    return row;
  }

  app.post<{ Body: CreateAlertBody; Querystring: { languageTag?: string } }>('/availability-alerts', {
    schema: {
      tags, summary: 'Subscribes to a sold-out product: one e-mail when it is back in stock. Signed in: the account\'s e-mail, active at once (201). Otherwise: e-mail required, confirmed by the mailed link (202).',
      body: CreateAlertBody, querystring: AlertQuery, response: { 200: CreateAlertResponse, 201: CreateAlertResponse, 202: CreateAlertResponse, ...errorResponses },
    },
  }, async (req, reply) => {
    const auth = await optionalAuth(req);
    const now = clock();
    const [product] = await productsBySkus(db, [req.body.sku]);
    if (!product) throw orderError('product_not_found');
    if (!product.published) throw orderError('product_no_longer_available');
    if (product.availability !== 'soldOut') throw accountError('alert_not_needed');
    const given = req.body.email?.trim() ?? '';
    const account = auth?.level === 'User' ? await customerById(db, auth.customerId) : null;
    const ownAddress = account?.email_lower && (given === '' || normalizeEmail(given) === account.email_lower);
    if (account && ownAddress) {
      const lang = langOfReq(req, account.language);
      const { row, created } = await db.transaction(async (tx) => {
        const [existing] = await tx.query<AlertRow>(
          'select * from availability_alerts where store_key = $1 and email_lower = $2 and sku = $3 for update',
          [req.storeKey, account.email_lower, product.sku],
        );
        if (existing) {
          const [row] = await tx.query<AlertRow>(
            `update availability_alerts set customer_id = $2, enabled = true, confirmed_at = coalesce(confirmed_at, $3), token_hash = null,
               token_expires_at = null, notified_at = null, updated_at = $3 where id = $1 returning *`,
            [existing.id, account.id, now],
          );
          return { row, created: false };
        }
        const [row] = await tx.query<AlertRow>(
          `insert into availability_alerts (id, store_key, customer_id, email, email_lower, sku, language, enabled, confirmed_at, created_at, updated_at)
           values ($1, $2, $3, $4, $5, $6, $7, true, $8, $8, $8) returning *`,
          [randomUUID(), req.storeKey, account.id, account.email, account.email_lower, product.sku, lang, now],
        );
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
      const [existing] = await tx.query<AlertRow>(
        'select * from availability_alerts where store_key = $1 and email_lower = $2 and sku = $3 for update',
        [req.storeKey, emailLower, product.sku],
      );
      if (existing?.confirmed_at && existing.enabled) return null;
      const rate = await hitRate(tx, 'alert_mail', subjectKey(req.storeKey, emailLower), now, ALERT_MAIL_RATE);
      if (!rate.allowed) return null;
      const token = newSecret('aa');
      const expires = addSeconds(now, ALERT_CONFIRMATION_TTL_S);
      if (existing) {
        await tx.query(
          'update availability_alerts set token_hash = $2, token_expires_at = $3, language = $4, updated_at = $5 where id = $1',
          [existing.id, sha256(token), expires, lang, now],
        );
      } else {
        await tx.query(
          `insert into availability_alerts (id, store_key, email, email_lower, sku, language, enabled, token_hash, token_expires_at, created_at, updated_at)
           values ($1, $2, $3, $4, $5, $6, true, $7, $8, $9, $9)`,
          [randomUUID(), req.storeKey, given, emailLower, product.sku, lang, sha256(token), expires, now],
        );
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
    const [row] = await forUpdate.query<AlertRow>('select * from availability_alerts where token_hash = $1 for update', [sha256(token)]);
    if (!row) throw accountError('alert_token_invalid');
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
      if (row.store_key !== req.storeKey) throw accountError('alert_token_invalid');
      if (!row.confirmed_at) {
        if (!row.token_expires_at || row.token_expires_at <= now) throw accountError('alert_token_invalid');
        await tx.query('update availability_alerts set confirmed_at = $2, enabled = true, updated_at = $2 where id = $1', [row.id, now]);
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
    if (row.store_key !== req.storeKey) throw accountError('alert_token_invalid');
    await tx.query('delete from availability_alerts where id = $1', [row.id]);
    return { sku: row.sku, status: 'cancelled' as const };
  }));

  app.get<{ Querystring: { languageTag?: string } }>('/availability-alerts', {
    schema: {
      tags, summary: 'The signed-in customer\'s availability notifications, newest first.', security: bearer, querystring: AlertQuery,
      response: { 200: AlertsResponse, ...errorResponses },
    },
  }, async (req) => {
    const auth = await requireUser(req);
    const rows = await db.query<AlertRow>(
      'select * from availability_alerts where customer_id = $1 and store_key = $2 order by created_at desc, id',
      [auth.customerId, req.storeKey],
    );
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
      const [row] = await tx.query<AlertRow>(
        `update availability_alerts set enabled = $2, notified_at = case when $2 then null else notified_at end, updated_at = $3 where id = $1 returning *`,
        [alert.id, req.body.enabled, now],
      );
      return row;
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
    await db.query('delete from availability_alerts where id = $1', [alert.id]);
    return (await alertViews(db, [alert], langOfReq(req)))[0];
  });

  app.put<{ Params: { sku: string }; Body: AvailabilityBodyT }>('/admin/products/:sku/availability', {
    config: { storeKey: false },
    schema: {
      tags: ['admin', 'catalogue'],
      summary: 'Sets a product\'s availability and publication (loopback or ADMIN_TOKEN). A sold-out product coming back mails each subscriber once.',
      params: ProductAvailabilityParams, body: ProductAvailabilityBody, response: { 200: ProductAvailabilityResponse, ...errorResponses },
    },
    onRequest: async (req) => {
      if (!adminAllowed(req, config.ADMIN_TOKEN)) throw orderError('forbidden');
    },
  }, async (req) => {
    const { sku } = req.params;
    const result = await setProductAvailability(ctx, sku, req.body);
    outbox.deliver(result.mailIds);
    req.log.info({ sku, availability: result.availability, published: result.published, notified: result.mailIds.length }, 'product availability changed');
    return { sku, availability: result.availability, published: result.published, restocked: result.restocked, notified: result.mailIds.length };
  });
};
