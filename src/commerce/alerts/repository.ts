// The availability alerts' SQL (table availability_alerts): one alert per address, product and store.
import { randomUUID } from 'node:crypto';
import type { StoreKey } from '../../stores.ts';
import type { Db } from '../db/index.ts';
import type { Lang } from '../lib/lang.ts';

export interface AlertRow {
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

/** Housekeeping: guests' subscriptions never confirmed within the link's validity. */
export async function purgeUnconfirmedAlerts(db: Db, now: Date): Promise<number> {
  return (await db.query('delete from availability_alerts where confirmed_at is null and token_expires_at < $1 returning id', [now])).length;
}

export async function alertById(db: Db, id: string, opts: { forUpdate?: boolean } = {}): Promise<AlertRow | null> {
  const [row] = await db.query<AlertRow>(`select * from availability_alerts where id = $1${opts.forUpdate ? ' for update' : ''}`, [id]);
  return row ?? null;
}

/** The alert of an address for a product in a store, locked for the transaction. */
export async function alertByEmailForUpdate(tx: Db, storeKey: string, emailLower: string, sku: string): Promise<AlertRow | null> {
  const [row] = await tx.query<AlertRow>(
    'select * from availability_alerts where store_key = $1 and email_lower = $2 and sku = $3 for update',
    [storeKey, emailLower, sku],
  );
  return row ?? null;
}

export async function alertByTokenForUpdate(tx: Db, tokenHash: string): Promise<AlertRow | null> {
  const [row] = await tx.query<AlertRow>('select * from availability_alerts where token_hash = $1 for update', [tokenHash]);
  return row ?? null;
}

/** The enabled, confirmed alerts of a product, oldest first, locked (a restock mails each once). */
export async function armedAlertsForUpdate(tx: Db, sku: string): Promise<AlertRow[]> {
  return tx.query<AlertRow>('select * from availability_alerts where sku = $1 and enabled and confirmed_at is not null order by created_at for update', [sku]);
}

export async function customerAlerts(db: Db, customerId: string, storeKey: string): Promise<AlertRow[]> {
  return db.query<AlertRow>('select * from availability_alerts where customer_id = $1 and store_key = $2 order by created_at desc, id', [customerId, storeKey]);
}

/** An account's alert with its own (verified) address: active at once. */
export async function insertAccountAlert(
  tx: Db, a: { storeKey: string; customerId: string; email: string; emailLower: string; sku: string; language: Lang; now: Date },
): Promise<AlertRow> {
  const [row] = await tx.query<AlertRow>(
    `insert into availability_alerts (id, store_key, customer_id, email, email_lower, sku, language, enabled, confirmed_at, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, true, $8, $8, $8) returning *`,
    [randomUUID(), a.storeKey, a.customerId, a.email, a.emailLower, a.sku, a.language, a.now],
  );
  return row;
}

/** An existing alert taken over by the account: enabled, confirmed, armed again. */
export async function claimAlert(tx: Db, id: string, customerId: string, now: Date): Promise<AlertRow> {
  const [row] = await tx.query<AlertRow>(
    `update availability_alerts set customer_id = $2, enabled = true, confirmed_at = coalesce(confirmed_at, $3), token_hash = null,
       token_expires_at = null, notified_at = null, updated_at = $3 where id = $1 returning *`,
    [id, customerId, now],
  );
  return row;
}

/** A guest's alert waiting for its confirmation link. */
export async function insertPendingAlert(
  tx: Db, a: { storeKey: string; email: string; emailLower: string; sku: string; language: Lang; tokenHash: string; expiresAt: Date; now: Date },
): Promise<void> {
  await tx.query(
    `insert into availability_alerts (id, store_key, email, email_lower, sku, language, enabled, token_hash, token_expires_at, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, true, $7, $8, $9, $9)`,
    [randomUUID(), a.storeKey, a.email, a.emailLower, a.sku, a.language, a.tokenHash, a.expiresAt, a.now],
  );
}

export async function setAlertToken(tx: Db, id: string, tokenHash: string, expiresAt: Date, language: Lang, now: Date): Promise<void> {
  await tx.query('update availability_alerts set token_hash = $2, token_expires_at = $3, language = $4, updated_at = $5 where id = $1', [id, tokenHash, expiresAt, language, now]);
}

export async function confirmAlert(tx: Db, id: string, now: Date): Promise<void> {
  await tx.query('update availability_alerts set confirmed_at = $2, enabled = true, updated_at = $2 where id = $1', [id, now]);
}

/** Enables or disables; enabling arms it for the next restock. */
export async function setAlertEnabled(tx: Db, id: string, enabled: boolean, now: Date): Promise<AlertRow> {
  const [row] = await tx.query<AlertRow>(
    `update availability_alerts set enabled = $2, notified_at = case when $2 then null else notified_at end, updated_at = $3 where id = $1 returning *`,
    [id, enabled, now],
  );
  return row;
}

/** After the restock mail: an account's alert is disabled (enable it for the next restock). */
export async function markNotified(tx: Db, id: string, now: Date): Promise<void> {
  await tx.query('update availability_alerts set enabled = false, notified_at = $2, updated_at = $2 where id = $1', [id, now]);
}

export async function deleteAlert(db: Db, id: string): Promise<void> {
  await db.query('delete from availability_alerts where id = $1', [id]);
}
