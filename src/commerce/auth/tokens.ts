// Access and refresh tokens (spec 3 token response; spec 4 session). Opaque random values stored as sha256,
// with expiry. A sign-in (or an anonymous session) is a family; refreshing rotates inside the family, and
// presenting a refresh token that was already rotated revokes the whole family (it has leaked: whoever
// holds the newer token and whoever replayed the old one are both signed out).
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/index.ts';
import type { TokenLevel, TokenResponse } from '../../contracts/commerce.ts';
import { AppError } from '../../lib/errors.ts';
import type { StoreKey } from '../../stores.ts';
import { addSeconds } from '../lib/clock.ts';
import { newSecret, sha256 } from '../lib/secrets.ts';

export interface TokenLifetimes {
  /** ACCESS_TOKEN_TTL_S */
  accessTtlS: number;
  /** REFRESH_TOKEN_TTL_S */
  refreshTtlS: number;
}

/** Who a request acts for, from its bearer token. */
export interface AuthContext {
  customerId: string;
  level: TokenLevel;
  familyId: string;
  storeKey: StoreKey;
}

export async function issueTokenSet(
  db: Db,
  args: { customerId: string; level: TokenLevel; storeKey: StoreKey; now: Date; ttl: TokenLifetimes; familyId?: string },
): Promise<TokenResponse> {
  const familyId = args.familyId ?? randomUUID();
  const accessToken = newSecret('at');
  const refreshToken = newSecret('rt');
  const accessExpires = addSeconds(args.now, args.ttl.accessTtlS);
  const refreshExpires = addSeconds(args.now, args.ttl.refreshTtlS);
  await db.query(
    `insert into tokens (hash, customer_id, family_id, kind, level, store_key, created_at, expires_at)
     values ($1, $3, $4, 'access', $5, $6, $7, $8), ($2, $3, $4, 'refresh', $5, $6, $7, $9)`,
    [sha256(accessToken), sha256(refreshToken), args.customerId, familyId, args.level, args.storeKey, args.now, accessExpires, refreshExpires],
  );
  return { accessToken, refreshToken, ownerId: args.customerId, expiresAt: accessExpires.toISOString(), tokenLevel: args.level };
}

/** The context of a valid access token of this store, or null (unknown, expired, revoked, other store). */
export async function authenticate(db: Db, accessToken: string, storeKey: StoreKey, now: Date): Promise<AuthContext | null> {
  if (accessToken.length > 200) return null;
  const rows = await db.query<{ customer_id: string; level: TokenLevel; family_id: string; store_key: StoreKey }>(
    `select customer_id, level, family_id, store_key from tokens
     where hash = $1 and kind = 'access' and revoked_at is null and expires_at > $2`,
    [sha256(accessToken), now],
  );
  const row = rows[0];
  if (!row || row.store_key !== storeKey) return null;
  return { customerId: row.customer_id, level: row.level, familyId: row.family_id, storeKey: row.store_key };
}

/** A rotated refresh token presented again within this window is a race, not a leak (see below). */
export const REFRESH_REUSE_GRACE_MS = 30_000;

/**
 * Exchanges a refresh token for a new access and refresh token; the old refresh token stops working at
 * once. Reuse of a rotated token revokes the family. Every failure is the same 400 invalid_refresh_token,
 * which the storefront treats as "session over" (spec 4: failed refresh emits the auth-failed event).
 */
export async function rotateRefreshToken(db: Db, refreshToken: string, storeKey: StoreKey, now: Date, ttl: TokenLifetimes): Promise<TokenResponse> {
  const invalid = () => new AppError('invalid_refresh_token');
  const hash = sha256(refreshToken);
  const outcome = await db.transaction(async (tx) => {
    // The conditional update is the claim: of two concurrent refreshes with one token exactly one wins.
    const claimed = await tx.query<{ customer_id: string; family_id: string; level: TokenLevel }>(
      `update tokens set rotated_at = $2
       where hash = $1 and kind = 'refresh' and store_key = $3 and rotated_at is null and revoked_at is null and expires_at > $2
       returning customer_id, family_id, level`,
      [hash, now, storeKey],
    );
    const row = claimed[0];
    if (row) {
      // The access token issued with the old refresh token stays valid until it expires: requests already
      // in flight with it must not fail and trigger a second refresh with the old (now rotated) token.
      const set = await issueTokenSet(tx, { customerId: row.customer_id, level: row.level, storeKey, now, ttl, familyId: row.family_id });
      return { ok: true as const, set };
    }
    const reused = await tx.query<{ family_id: string; customer_id: string; level: TokenLevel; rotated_at: Date; revoked_at: Date | null; store_key: StoreKey }>(
      `select family_id, customer_id, level, rotated_at, revoked_at, store_key from tokens
       where hash = $1 and kind = 'refresh' and rotated_at is not null`,
      [hash],
    );
    const r = reused[0];
    // Grace for concurrent refreshes: several storefront instances (or a browser's parallel requests
    // that raced the new cookies) may present the same refresh token within moments. Within
    // REFRESH_REUSE_GRACE_MS that is not theft; the family gets one more token set and stays alive.
    if (r && !r.revoked_at && r.store_key === storeKey && now.getTime() - new Date(r.rotated_at).getTime() <= REFRESH_REUSE_GRACE_MS) {
      const set = await issueTokenSet(tx, { customerId: r.customer_id, level: r.level, storeKey, now, ttl, familyId: r.family_id });
      return { ok: true as const, set };
    }
    if (r) {
      await tx.query(`update tokens set revoked_at = $2 where family_id = $1 and revoked_at is null`, [reused[0].family_id, now]);
      return { ok: false as const, reuse: true };
    }
    return { ok: false as const, reuse: false };
  });
  if (!outcome.ok) throw invalid();
  return outcome.set;
}

/** Ends one session (sign-out): every access and refresh token of the family stops working at once. */
export async function revokeFamily(db: Db, familyId: string, now: Date): Promise<void> {
  await db.query(`update tokens set revoked_at = $2 where family_id = $1 and revoked_at is null`, [familyId, now]);
}

/** Ends every session of a customer except, optionally, the family the request itself uses. */
export async function revokeCustomerTokens(db: Db, customerId: string, now: Date, keepFamilyId?: string): Promise<void> {
  await db.query(
    `update tokens set revoked_at = $2 where customer_id = $1 and revoked_at is null and ($3::uuid is null or family_id <> $3::uuid)`,
    [customerId, now, keepFamilyId ?? null],
  );
}

/** Housekeeping: tokens dead for more than a day are of no use, not even for reuse detection. */
export async function purgeExpiredTokens(db: Db, now: Date): Promise<void> {
  await db.query(`delete from tokens where expires_at < $1`, [addSeconds(now, -86400)]);
}

/**
 * When the session (token family) began: its oldest token. Issue 26 (a passkey added within 5 minutes of
 * signing in needs no password again): rotation keeps the family's older rows until a day after they expire,
 * and a refresh needs an unexpired older one, so the oldest row is never younger than the sign-in's 5 minutes
 * unless the sign-in itself is.
 */
export async function sessionStartedAt(db: Db, familyId: string): Promise<Date | null> {
  const rows = await db.query<{ started: Date | null }>('select min(created_at) as started from tokens where family_id = $1', [familyId]);
  return rows[0]?.started ? new Date(rows[0].started) : null;
}
