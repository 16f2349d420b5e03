// The availability alerts' rules (spec 3, 4; issue 24: a service layer): the subscription of an account (active
// at once) or of a guest (double opt-in, the same answer whatever the address's state), the token's confirmation
// and cancellation, the account's own alerts, and the restock that mails every armed alert once. The route
// closures parse, call one function here and answer; the SQL stays in repository.ts.
import type { AvailabilityAlert as AlertT, CreateAlertBody, ProductAvailabilityBody as AvailabilityBodyT } from '../../contracts/availability-alert.ts';
import type { Availability, Badge } from '../../contracts/catalogue.ts';
import type { StoreKey } from '../../stores.ts';
import { AccountFieldErrors } from '../account-error-codes.ts';
import type { AuthContext } from '../auth/tokens.ts';
import { lineImageUrl, pick, productAvailabilityForUpdate, productsBySkus, saveProductAvailability, type CatalogueProduct } from '../catalogue/index.ts';
import type { CommerceContext } from '../context.ts';
import { customerById, isEmail, normalizeEmail } from '../customers/index.ts';
import type { Db } from '../db/index.ts';
import { fail } from '../http/errors.ts';
import { addSeconds } from '../lib/clock.ts';
import { productPageKey } from '../lib/page-purge.ts';
import { canonicalOrigin } from '../lib/http.ts';
import type { Lang } from '../lib/lang.ts';
import { hitRate, subjectKey, type RateRule } from '../lib/rate.ts';
import { newSecret, sha256 } from '../lib/secrets.ts';
import { shopName } from '../outbox/index.ts';
import { alertConfirmationMail, backInStockMail, type AlertMailArgs } from './mail.ts';
import {
  alertById, alertByEmailForUpdate, alertByTokenForUpdate, armedAlertsForUpdate, claimAlert, confirmAlert, customerAlerts, deleteAlert,
  insertAccountAlert, insertPendingAlert, markNotified, setAlertEnabled, setAlertToken, type AlertRow,
} from './repository.ts';

/** Decision: a guest's confirmation link is valid 48 hours, like an account's activation link. */
export const ALERT_CONFIRMATION_TTL_S = 48 * 3600;
/** Decision: subscriptions per client address, and confirmation mails per e-mail address (the answer stays the same). */
const ALERT_CLIENT_RATE: RateRule = { limit: 30, windowS: 3600 };
const ALERT_MAIL_RATE: RateRule = { limit: 3, windowS: 3600 };

/** What the request brings: its store and time, its language, where the mails' links point, its address's budget. */
export interface AlertCall {
  storeKey: StoreKey;
  now: Date;
  /** the request's language (languageTag), else the fallback given (the account's), else the store's */
  lang: (fallback?: Lang | null) => Lang;
  /** the shop's name and the origin of the confirmation mail's link */
  mail: { shop: string; origin: string };
  /** spends one of the request's per-address budget (the kernel's limitByClient); 429 when it is used up */
  limitClient: (bucket: string, rule: RateRule) => Promise<void>;
}

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

/**
 * Subscribes to a sold-out product. Signed in with the account's address: active at once (created, or the
 * existing one claimed). Otherwise the address is required and confirmed by the mailed link; the answer is the
 * same whatever the address's state, so nothing about other people's subscriptions leaks.
 */
export async function subscribeAlert(
  ctx: CommerceContext, call: AlertCall, auth: AuthContext | null, body: CreateAlertBody,
): Promise<{ alert: AlertT; created: boolean } | { alert: null; created: false }> {
  const { db, outbox } = ctx;
  const { now } = call;
  const [product] = await productsBySkus(db, [body.sku]);
  if (!product) fail('product_not_found');
  if (!product.published) fail('product_no_longer_available');
  if (product.availability !== 'soldOut') fail('alert_not_needed');
  const given = body.email?.trim() ?? '';
  const account = auth?.level === 'User' ? await customerById(db, auth.customerId) : null;
  const ownAddress = account?.email_lower && (given === '' || normalizeEmail(given) === account.email_lower);
  if (account && ownAddress) {
    const lang = call.lang(account.language);
    const { row, created } = await db.transaction(async (tx) => {
      const existing = await alertByEmailForUpdate(tx, call.storeKey, account.email_lower as string, product.sku);
      if (existing) return { row: await claimAlert(tx, existing.id, account.id, now), created: false };
      const row = await insertAccountAlert(tx, {
        storeKey: call.storeKey, customerId: account.id, email: account.email as string, emailLower: account.email_lower as string, sku: product.sku, language: lang, now,
      });
      return { row, created: true };
    });
    return { alert: toAlert(row, product, lang), created };
  }

  const errors = new AccountFieldErrors();
  if (given === '') errors.add('email', 'required');
  else if (!isEmail(given)) errors.add('email', 'invalid_email');
  errors.throwIfAny();
  await call.limitClient('availability_alert', ALERT_CLIENT_RATE);
  const emailLower = normalizeEmail(given);
  const lang = call.lang();
  const mailId = await db.transaction(async (tx) => {
    const existing = await alertByEmailForUpdate(tx, call.storeKey, emailLower, product.sku);
    if (existing?.confirmed_at && existing.enabled) return null;
    const rate = await hitRate(tx, 'alert_mail', subjectKey(call.storeKey, emailLower), now, ALERT_MAIL_RATE);
    if (!rate.allowed) return null;
    const token = newSecret('aa');
    const expires = addSeconds(now, ALERT_CONFIRMATION_TTL_S);
    if (existing) await setAlertToken(tx, existing.id, sha256(token), expires, lang, now);
    else {
      await insertPendingAlert(tx, {
        storeKey: call.storeKey, email: given, emailLower, sku: product.sku, language: lang, tokenHash: sha256(token), expiresAt: expires, now,
      });
    }
    const mail = alertConfirmationMail({
      lang, store: call.storeKey, ...call.mail, productName: pick(product.name, lang) ?? product.sku, slug: pick(product.slug, lang) ?? '',
    }, token, ALERT_CONFIRMATION_TTL_S / 3600);
    return outbox.add(tx, { channel: 'mail', customerId: null, storeKey: call.storeKey, to: given, ...mail }, now);
  });
  if (mailId !== null) outbox.deliver([mailId]);
  return { alert: null, created: false };
}

/** The alert of a confirmation mail's token in the request's store, locked; anything else is 400 alert_token_invalid. */
async function byToken(tx: Db, storeKey: StoreKey, token: string): Promise<AlertRow> {
  const row = await alertByTokenForUpdate(tx, sha256(token));
  if (!row) fail('alert_token_invalid');
  if (row.store_key !== storeKey) fail('alert_token_invalid');
  return row;
}

/** Confirms a guest's subscription with its token (within its validity; a second click changes nothing). */
export async function confirmAlertByToken(db: Db, storeKey: StoreKey, token: string, now: Date): Promise<{ sku: string; status: 'confirmed' }> {
  return db.transaction(async (tx) => {
    const row = await byToken(tx, storeKey, token);
    if (!row.confirmed_at) {
      if (!row.token_expires_at || row.token_expires_at <= now) fail('alert_token_invalid');
      await confirmAlert(tx, row.id, now);
    }
    return { sku: row.sku, status: 'confirmed' as const };
  });
}

/** Cancels a guest's subscription with its token (while the alert exists): the alert is deleted. */
export async function cancelAlertByToken(db: Db, storeKey: StoreKey, token: string): Promise<{ sku: string; status: 'cancelled' }> {
  return db.transaction(async (tx) => {
    const row = await byToken(tx, storeKey, token);
    await deleteAlert(tx, row.id);
    return { sku: row.sku, status: 'cancelled' as const };
  });
}

/** Who owns the alerts asked for: a signed-in customer in the request's store. */
export interface OwnAlertCall { customerId: string; storeKey: StoreKey; now: Date; lang: Lang }

/** The caller's alert in the request's store (locked when asked); anything else is 404 alert_not_found. */
async function ownAlert(db: Db, call: OwnAlertCall, id: string, forUpdate = false): Promise<AlertRow> {
  const row = await alertById(db, id, { forUpdate });
  if (!row || row.customer_id !== call.customerId || row.store_key !== call.storeKey) fail('alert_not_found');
  return row;
}

/** The signed-in customer's alerts, newest first. */
export async function ownAlerts(db: Db, call: OwnAlertCall): Promise<AlertT[]> {
  return alertViews(db, await customerAlerts(db, call.customerId, call.storeKey), call.lang);
}

/** Enables or disables one of the caller's alerts (spec 4); enabling one that was sent arms it for the next restock. */
export async function enableAlert(db: Db, call: OwnAlertCall, id: string, enabled: boolean): Promise<AlertT> {
  const row = await db.transaction(async (tx) => {
    const alert = await ownAlert(tx, call, id, true);
    return setAlertEnabled(tx, alert.id, enabled, call.now);
  });
  return (await alertViews(db, [row], call.lang))[0];
}

/** Deletes one of the caller's alerts; answers it as it was. */
export async function removeAlert(db: Db, call: OwnAlertCall, id: string): Promise<AlertT> {
  const alert = await ownAlert(db, call, id);
  await deleteAlert(db, alert.id);
  return (await alertViews(db, [alert], call.lang))[0];
}

/**
 * Changes a product's availability and publication; a restock mails every subscriber once. The product row
 * is locked for the transaction, so concurrent calls see each other's change. The mails go out after the commit,
 * and the storefronts and the CDN drop the pages that show the product (lib/page-purge.ts).
 */
export async function setProductAvailability(
  ctx: CommerceContext, sku: string, change: AvailabilityBodyT,
): Promise<{ availability: Availability; published: boolean; restocked: boolean; mailIds: number[]; changed: boolean }> {
  const { db, config, outbox } = ctx;
  const now = ctx.clock();
  const shop = shopName(config.MAIL_FROM);
  const result = await db.transaction(async (tx) => {
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
    return { availability, published, restocked, mailIds, changed: availability !== row.availability || published !== row.published };
  });
  outbox.deliver(result.mailIds);
  // issue 27: the product's pages show its availability (and list it only while published): after the commit
  if (result.changed) await ctx.purgePages([productPageKey(sku)]);
  return result;
}
