// The newsletter's SQL: one subscription per address and store (table newsletter_subscriptions). The profile
// flag newsletter_opt_in is the customers' (issue 24: written through their door, setNewsletterOptIn).
import { randomUUID } from 'node:crypto';
import type { StoreKey } from '../../stores.ts';
import type { Db } from '../db/index.ts';
import type { Lang } from '../lib/lang.ts';

export interface SubscriptionRow {
  id: string;
  store_key: StoreKey;
  email: string;
  email_lower: string;
  customer_id: string | null;
  language: Lang;
  status: 'pending' | 'confirmed';
  confirm_token_hash: string | null;
  confirm_expires_at: Date | null;
  unsubscribe_token_hash: string | null;
  consent_at: Date;
  confirmed_at: Date | null;
}

/** Housekeeping: subscriptions never confirmed within the link's validity are deleted. */
export async function purgeUnconfirmedSubscriptions(db: Db, now: Date): Promise<number> {
  return (await db.query(`delete from newsletter_subscriptions where status = 'pending' and confirm_expires_at < $1 returning id`, [now])).length;
}

export async function subscriptionByEmail(db: Db, storeKey: string, emailLower: string, opts: { forUpdate?: boolean } = {}): Promise<SubscriptionRow | null> {
  const [row] = await db.query<SubscriptionRow>(
    `select * from newsletter_subscriptions where store_key = $1 and email_lower = $2${opts.forUpdate ? ' for update' : ''}`,
    [storeKey, emailLower],
  );
  return row ?? null;
}

export async function insertPendingSubscription(
  tx: Db, s: { storeKey: string; email: string; emailLower: string; customerId: string | null; language: Lang; now: Date },
): Promise<SubscriptionRow> {
  const [row] = await tx.query<SubscriptionRow>(
    `insert into newsletter_subscriptions (id, store_key, email, email_lower, customer_id, language, status, consent_at, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, 'pending', $7, $7, $7) returning *`,
    [randomUUID(), s.storeKey, s.email, s.emailLower, s.customerId, s.language, s.now],
  );
  return row;
}

export async function markConfirmed(tx: Db, id: string, unsubscribeTokenHash: string, customerId: string | null, now: Date): Promise<void> {
  await tx.query(
    `update newsletter_subscriptions set status = 'confirmed', confirmed_at = $2, unsubscribe_token_hash = $3, customer_id = $4, updated_at = $2 where id = $1`,
    [id, now, unsubscribeTokenHash, customerId],
  );
}

export async function setConfirmToken(tx: Db, id: string, tokenHash: string, expiresAt: Date, language: Lang, now: Date): Promise<void> {
  await tx.query(
    'update newsletter_subscriptions set confirm_token_hash = $2, confirm_expires_at = $3, language = $4, consent_at = $5, updated_at = $5 where id = $1',
    [id, tokenHash, expiresAt, language, now],
  );
}

export async function subscriptionByConfirmToken(tx: Db, tokenHash: string, storeKey: string): Promise<SubscriptionRow | null> {
  const [row] = await tx.query<SubscriptionRow>(
    'select * from newsletter_subscriptions where confirm_token_hash = $1 and store_key = $2 for update',
    [tokenHash, storeKey],
  );
  return row ?? null;
}

/** Deletes the subscription of an unsubscribe token; the deleted row, or null. */
export async function deleteByUnsubscribeToken(tx: Db, tokenHash: string, storeKey: string): Promise<SubscriptionRow | null> {
  const [row] = await tx.query<SubscriptionRow>(
    'delete from newsletter_subscriptions where unsubscribe_token_hash = $1 and store_key = $2 returning *',
    [tokenHash, storeKey],
  );
  return row ?? null;
}

export async function deleteSubscription(tx: Db, id: string): Promise<void> {
  await tx.query('delete from newsletter_subscriptions where id = $1', [id]);
}
