// The newsletter's rules (spec 7 subscriptions, spec 8 the duplicate; issue 24: a service layer). Double
// opt-in: a new address is pending with a confirmation mail; a signed-in customer's own verified address is
// confirmed at once; unsubscribing deletes the row and customers.newsletter_opt_in follows both ways. The
// route closures parse, call one function here and answer; the SQL stays in repository.ts.
import type { StoreKey } from '../../stores.ts';
import type { AuthContext } from '../auth/tokens.ts';
import type { CommerceContext } from '../context.ts';
import { customerById, normalizeEmail, setNewsletterOptIn } from '../customers/index.ts';
import type { Db } from '../db/index.ts';
import { fail } from '../http/errors.ts';
import { addSeconds } from '../lib/clock.ts';
import type { Lang } from '../lib/lang.ts';
import { hitRate, subjectKey, type RateRule } from '../lib/rate.ts';
import { newSecret, sha256 } from '../lib/secrets.ts';
import { newsletterConfirmationMail, newsletterWelcomeMail, type NewsletterMailArgs } from './mail.ts';
import {
  deleteByUnsubscribeToken, deleteSubscription, insertPendingSubscription, markConfirmed, setConfirmToken, subscriptionByConfirmToken,
  subscriptionByEmail, type SubscriptionRow,
} from './repository.ts';

/** Decision: the confirmation link is valid 48 hours, like an account's activation link. */
export const NEWSLETTER_CONFIRMATION_TTL_S = 48 * 3600;
/** Decision: confirmation mails per address (the answer stays the same), subscriptions per client address. */
const CONFIRMATION_MAIL_RATE: RateRule = { limit: 3, windowS: 3600 };
const SUBSCRIBE_CLIENT_RATE: RateRule = { limit: 20, windowS: 3600 };

/** What the request brings: its store and time, where the mails' links point, its language and its address's budget. */
export interface NewsletterCall {
  storeKey: StoreKey;
  now: Date;
  /** the shop's name and origin of the mails' links */
  mail: Omit<NewsletterMailArgs, 'lang'>;
  /** the request's language (languageTag), else the fallback given (the account's), else the store's */
  lang: (fallback?: Lang | null) => Lang;
  /** spends one of the request's per-address budget (the kernel's limitByClient); 429 when it is used up */
  limitClient: (bucket: string, rule: RateRule) => Promise<void>;
}

/** Confirms a row in the transaction: a new unsubscribe token, the welcome mail, the account's flag. */
async function confirm(ctx: CommerceContext, tx: Db, call: NewsletterCall, row: SubscriptionRow): Promise<number> {
  const unsubscribe = newSecret('nu');
  await markConfirmed(tx, row.id, sha256(unsubscribe), row.customer_id, call.now);
  await setNewsletterOptIn(tx, row.store_key, row.email_lower, true, call.now);
  const mail = newsletterWelcomeMail({ ...call.mail, lang: row.language }, unsubscribe);
  return ctx.outbox.add(tx, { channel: 'mail', customerId: row.customer_id, storeKey: row.store_key, to: row.email, ...mail }, call.now);
}

/**
 * Subscribes an address (already checked as an e-mail): the signed-in customer's own verified address is
 * confirmed at once, any other is pending with a confirmation mail (at most three an hour; the answer stays
 * the same); a confirmed address is 409 newsletter_already_subscribed (spec 8).
 */
export async function subscribe(ctx: CommerceContext, call: NewsletterCall, auth: AuthContext | null, email: string): Promise<{ status: 'confirmed' | 'pending' }> {
  const { db, outbox } = ctx;
  const account = auth?.level === 'User' ? await customerById(db, auth.customerId) : null;
  const emailLower = normalizeEmail(email);
  const own = !!account && account.email_lower === emailLower && account.email_verified_at !== null;
  if (!own) await call.limitClient('newsletter', SUBSCRIBE_CLIENT_RATE);
  const lang = call.lang(account?.language);
  const now = call.now;

  const { status, mailId } = await db.transaction(async (tx) => {
    const existing = await subscriptionByEmail(tx, call.storeKey, emailLower, { forUpdate: true });
    // spec 8: the duplicate answers with its message
    if (existing?.status === 'confirmed') fail('newsletter_already_subscribed');
    const row = existing ?? (await insertPendingSubscription(tx, { storeKey: call.storeKey, email, emailLower, customerId: own ? account.id : null, language: lang, now }));
    if (own) return { status: 'confirmed' as const, mailId: await confirm(ctx, tx, call, { ...row, customer_id: account.id }) };
    const rate = await hitRate(tx, 'newsletter_mail', subjectKey(call.storeKey, emailLower), now, CONFIRMATION_MAIL_RATE);
    if (!rate.allowed) return { status: 'pending' as const, mailId: null };
    const token = newSecret('nl');
    await setConfirmToken(tx, row.id, sha256(token), addSeconds(now, NEWSLETTER_CONFIRMATION_TTL_S), lang, now);
    const mail = newsletterConfirmationMail({ ...call.mail, lang }, token, NEWSLETTER_CONFIRMATION_TTL_S / 3600);
    return { status: 'pending' as const, mailId: await outbox.add(tx, { channel: 'mail', customerId: null, storeKey: call.storeKey, to: email, ...mail }, now) };
  });
  if (mailId !== null) outbox.deliver([mailId]);
  return { status };
}

/** Confirms with the confirmation mail's token (48 hours); a second click changes nothing. */
export async function confirmSubscription(ctx: CommerceContext, call: NewsletterCall, token: string): Promise<void> {
  const mailId = await ctx.db.transaction(async (tx) => {
    const row = await subscriptionByConfirmToken(tx, sha256(token), call.storeKey);
    if (!row) fail('newsletter_token_invalid');
    if (row.status === 'confirmed') return null;
    if (!row.confirm_expires_at || row.confirm_expires_at <= call.now) fail('newsletter_token_invalid');
    return confirm(ctx, tx, call, row);
  });
  if (mailId !== null) ctx.outbox.deliver([mailId]);
}

/** Unsubscribes with the welcome mail's token: the row is deleted, the account's flag cleared. */
export async function unsubscribeByToken(ctx: CommerceContext, storeKey: StoreKey, token: string, now: Date): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await deleteByUnsubscribeToken(tx, sha256(token), storeKey);
    if (!row) fail('newsletter_token_invalid');
    await setNewsletterOptIn(tx, row.store_key, row.email_lower, false, now);
  });
}

/** The signed-in customer's address and its subscription (none: null). */
export async function ownSubscription(db: Db, storeKey: StoreKey, customerId: string): Promise<{ email: string; emailLower: string; row: SubscriptionRow | null }> {
  const account = await customerById(db, customerId);
  const emailLower = account?.email_lower ?? '';
  const row = await subscriptionByEmail(db, storeKey, emailLower);
  return { email: account?.email ?? '', emailLower, row };
}

/** Unsubscribes the signed-in customer's address; none subscribed: 404 newsletter_not_subscribed. */
export async function unsubscribeOwn(ctx: CommerceContext, storeKey: StoreKey, customerId: string, now: Date): Promise<void> {
  const { emailLower, row } = await ownSubscription(ctx.db, storeKey, customerId);
  if (!row) fail('newsletter_not_subscribed');
  await ctx.db.transaction(async (tx) => {
    await deleteSubscription(tx, row.id);
    await setNewsletterOptIn(tx, storeKey, emailLower, false, now);
  });
}
