// The SQL of the customers' second factor (issue 26, migration 0046): the authenticator (customer_totp), its
// recovery codes, the pending second step of a sign-in, the remembered devices and the session list. The rules
// are second-factor-service.ts's.
import type { Db } from '../db/index.ts';
import { addSeconds } from '../lib/clock.ts';

export interface TotpRow {
  customer_id: string;
  secret: string;
  created_at: Date;
  confirmed_at: Date | null;
  last_time_step: number | null;
}

export async function totpOf(db: Db, customerId: string, opts: { forUpdate?: boolean } = {}): Promise<TotpRow | null> {
  const rows = await db.query<TotpRow>(
    `select customer_id, secret, created_at, confirmed_at, last_time_step::float8 as last_time_step from customer_totp where customer_id = $1${opts.forUpdate ? ' for update' : ''}`,
    [customerId],
  );
  return rows[0] ?? null;
}

/** A new, unconfirmed authenticator (replaces an unconfirmed one; a confirmed one is never replaced here). */
export async function startTotp(tx: Db, customerId: string, secret: string, now: Date): Promise<void> {
  await tx.query(
    `insert into customer_totp (customer_id, secret, created_at) values ($1, $2, $3)
     on conflict (customer_id) do update set secret = $2, created_at = $3, last_time_step = null where customer_totp.confirmed_at is null`,
    [customerId, secret, now],
  );
}

export async function confirmTotp(tx: Db, customerId: string, timeStep: number, now: Date): Promise<void> {
  await tx.query('update customer_totp set confirmed_at = $2, last_time_step = $3 where customer_id = $1', [customerId, now, timeStep]);
}

export async function setTotpTimeStep(tx: Db, customerId: string, timeStep: number): Promise<void> {
  await tx.query('update customer_totp set last_time_step = $2 where customer_id = $1', [customerId, timeStep]);
}

/** Removes the authenticator with its recovery codes and remembered devices (they were bound to it). */
export async function deleteSecondFactor(tx: Db, customerId: string): Promise<void> {
  await tx.query('delete from customer_totp where customer_id = $1', [customerId]);
  await tx.query('delete from customer_recovery_codes where customer_id = $1', [customerId]);
  await tx.query('delete from customer_remembered_devices where customer_id = $1', [customerId]);
}

/** Forgets every remembered device of the customer (the password reset): the next sign-in asks the second step again. */
export async function deleteRememberedDevices(tx: Db, customerId: string): Promise<void> {
  await tx.query('delete from customer_remembered_devices where customer_id = $1', [customerId]);
}

export async function replaceRecoveryCodes(tx: Db, customerId: string, hashes: string[], now: Date): Promise<void> {
  await tx.query('delete from customer_recovery_codes where customer_id = $1', [customerId]);
  for (const h of hashes) {
    await tx.query('insert into customer_recovery_codes (customer_id, code_hash, created_at) values ($1, $2, $3)', [customerId, h, now]);
  }
}

/** Uses a recovery code once: true when it existed unused (the update is the claim). */
export async function useRecoveryCode(tx: Db, customerId: string, hash: string, now: Date): Promise<boolean> {
  const rows = await tx.query<{ code_hash: string }>(
    'update customer_recovery_codes set used_at = $3 where customer_id = $1 and code_hash = $2 and used_at is null returning code_hash',
    [customerId, hash, now],
  );
  return rows.length === 1;
}

export async function recoveryCodesLeft(db: Db, customerId: string): Promise<number> {
  const rows = await db.query<{ n: number }>('select count(*)::int as n from customer_recovery_codes where customer_id = $1 and used_at is null', [customerId]);
  return rows[0]?.n ?? 0;
}

export async function insertPendingSignIn(db: Db, p: { hash: string; customerId: string; storeKey: string; now: Date; ttlS: number }): Promise<Date> {
  const expiresAt = addSeconds(p.now, p.ttlS);
  await db.query(
    'insert into customer_pending_sign_ins (token_hash, customer_id, store_key, created_at, expires_at) values ($1, $2, $3, $4, $5)',
    [p.hash, p.customerId, p.storeKey, p.now, expiresAt],
  );
  return expiresAt;
}

/** The customer of a live, unused pending sign-in of this store, or null. */
export async function pendingSignIn(db: Db, hash: string, storeKey: string, now: Date): Promise<string | null> {
  const rows = await db.query<{ customer_id: string }>(
    'select customer_id from customer_pending_sign_ins where token_hash = $1 and store_key = $2 and used_at is null and expires_at > $3',
    [hash, storeKey, now],
  );
  return rows[0]?.customer_id ?? null;
}

/** Spends a pending sign-in: true for the one call that claimed it. */
export async function usePendingSignIn(tx: Db, hash: string, now: Date): Promise<boolean> {
  const rows = await tx.query<{ token_hash: string }>(
    'update customer_pending_sign_ins set used_at = $2 where token_hash = $1 and used_at is null and expires_at > $2 returning token_hash',
    [hash, now],
  );
  return rows.length === 1;
}

export async function insertRememberedDevice(tx: Db, hash: string, customerId: string, trusted: boolean, now: Date, ttlS: number): Promise<Date> {
  const expiresAt = addSeconds(now, ttlS);
  await tx.query(
    'insert into customer_remembered_devices (token_hash, customer_id, trusted, created_at, expires_at) values ($1, $2, $3, $4, $5)',
    [hash, customerId, trusted, now, expiresAt],
  );
  return expiresAt;
}

/** A live device of the customer: null when unknown, else whether it skips the second step. */
export async function rememberedDeviceOf(db: Db, hash: string, customerId: string, now: Date): Promise<{ trusted: boolean } | null> {
  const rows = await db.query<{ trusted: boolean }>(
    'select trusted from customer_remembered_devices where token_hash = $1 and customer_id = $2 and expires_at > $3',
    [hash, customerId, now],
  );
  return rows[0] ?? null;
}

export interface SessionRow {
  family_id: string;
  user_agent: string | null;
  ip_range: string | null;
  created_at: Date;
  last_used_at: Date;
}

export async function insertSession(tx: Db, s: { familyId: string; customerId: string; storeKey: string; userAgent: string | null; ipRange: string | null; now: Date }): Promise<void> {
  await tx.query(
    `insert into customer_sessions (family_id, customer_id, store_key, user_agent, ip_range, created_at, last_used_at)
     values ($1, $2, $3, $4, $5, $6, $6) on conflict (family_id) do nothing`,
    [s.familyId, s.customerId, s.storeKey, s.userAgent, s.ipRange, s.now],
  );
}

/**
 * The customer's sessions whose refresh token still works. Last use: the newest token set of the family (every
 * refresh issues one, so it is accurate to the access token's lifetime) without a write per request.
 */
export async function activeSessions(db: Db, customerId: string, now: Date): Promise<SessionRow[]> {
  return db.query<SessionRow>(
    `select s.family_id, s.user_agent, s.ip_range, s.created_at,
       greatest(s.last_used_at, (select max(t.created_at) from tokens t where t.family_id = s.family_id)) as last_used_at
     from customer_sessions s
     where s.customer_id = $1 and exists (select 1 from tokens t where t.family_id = s.family_id and t.kind = 'refresh'
       and t.revoked_at is null and t.rotated_at is null and t.expires_at > $2)
     order by last_used_at desc`,
    [customerId, now],
  );
}

export async function sessionOf(db: Db, customerId: string, familyId: string): Promise<boolean> {
  const rows = await db.query('select 1 from customer_sessions where customer_id = $1 and family_id = $2', [customerId, familyId]);
  return rows.length === 1;
}

export async function deleteSessions(tx: Db, customerId: string, familyId?: string): Promise<void> {
  await tx.query('delete from customer_sessions where customer_id = $1 and ($2::uuid is null or family_id = $2::uuid)', [customerId, familyId ?? null]);
}

/** Housekeeping: spent or expired second steps and remembered devices past their 30 days. */
export async function purgeSecondFactorData(db: Db, now: Date): Promise<void> {
  await db.query('delete from customer_pending_sign_ins where expires_at < $1', [addSeconds(now, -3600)]);
  await db.query('delete from customer_remembered_devices where expires_at < $1', [now]);
}
