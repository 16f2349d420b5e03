// The sessions' rules (spec 4, 7; issue 14; issue 24: a service layer): the anonymous customer of a browser
// key, the sign-in with its locks and the guest's merge, the session's customer, and the merge on its own.
// session-routes.ts parses, calls one function here and answers; the SQL stays in repository.ts.
// Decision: the customers feature keeps one service module per route file (session-, profile-, account-
// service.ts) instead of one service.ts: the three route files are large and share little.
import { createHash, randomUUID } from 'node:crypto';
import type { Customer, TokenResponse } from '../../contracts/commerce.ts';
import { AppError } from '../../lib/errors.ts';
import type { StoreKey } from '../../stores.ts';
import { dummyHash, verifyPassword } from '../auth/passwords.ts';
import { authenticate, issueTokenSet, type AuthContext } from '../auth/tokens.ts';
import { sha256 } from '../lib/secrets.ts';
import { recordStepUp, type StepUpMethod } from '../auth/step-up.ts';
import type { CommerceContext } from '../context.ts';
import { fail } from '../http/errors.ts';
import { clearLoginFailures, loginLockRemaining, recordLoginFailure, subjectKey, type LoginAttempt } from '../lib/rate.ts';
import { customerNotFound } from './common.ts';
import { mergeAnonymous } from './merge.ts';
import {
  checkSignInCode, hasSecondFactor, knownDevice, newPendingSignIn, pendingSignIn, recordSession, rememberDevice, secondFactorLockRemaining,
  sendSecurityMail, usePendingSignIn,
} from './second-factor-service.ts';
import { accountByEmail, customerById, customerKind, insertAnonymousCustomer, loadCustomer, setLastLogin } from './repository.ts';
import { normalizeEmail } from './validation.ts';

export const invalidCredentials = () => new AppError('invalid_credentials');
export const tooManyAttempts = (retryAfter: number) =>
  new AppError('too_many_attempts', { details: { retryAfter } });

/** How long after its first write a browser key still joins the same anonymous customer. */
export const KEY_JOIN_WINDOW_MS = 60_000;

/** A UUID (version 4 bits) derived from the store and the browser key. */
export function anonymousIdForKey(storeKey: string, key: string): string {
  const b = createHash('sha256').update(`anonymous-customer:${storeKey}:${key}`).digest();
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = b.subarray(0, 16).toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * A token set of an anonymous customer: with the storefront's browser key, the key's customer (parallel calls
 * with one key: the first inserts, the others wait for its commit and find the row), otherwise a new one.
 */
export async function anonymousSession(ctx: CommerceContext, storeKey: StoreKey, key: string | null, now: Date): Promise<TokenResponse> {
  return ctx.db.transaction(async (tx) => {
    let id = key ? anonymousIdForKey(storeKey, key) : randomUUID();
    await insertAnonymousCustomer(tx, id, storeKey, now, { ifAbsent: true });
    const row = await customerKind(tx, id);
    // Never a registered customer's tokens (a hash collision is not expected, but cheap to rule out). And a
    // key joins only the first moments of a browser (KEY_JOIN_WINDOW_MS): the storefront drops the key as
    // soon as the browser holds tokens, so a key presented later is a copy, and a copy must not open the
    // guest's cart and orders weeks after; it gets a customer of its own.
    if (row?.kind !== 'anonymous' || row.store_key !== storeKey
      || now.getTime() - new Date(row.created_at).getTime() > KEY_JOIN_WINDOW_MS) {
      id = randomUUID();
      await insertAnonymousCustomer(tx, id, storeKey, now);
    }
    return issueTokenSet(tx, { customerId: id, level: 'Anonymous', storeKey, now, ttl: ctx.ttl });
  });
}

/**
 * True when `token` is a live anonymous access token (not expired, not revoked, Anonymous level, this store)
 * whose customer is `anonymousId`. Decision: the access token, not the refresh token, is the proof; an
 * expired one proves nothing (the storefront refreshes first: it asks GET /customers/me with it, which
 * refreshes on the way).
 */
async function holdsAnonymous(ctx: CommerceContext, token: string | undefined, storeKey: StoreKey, anonymousId: string, now: Date): Promise<boolean> {
  if (typeof token !== 'string' || token.trim() === '') return false;
  const auth = await authenticate(ctx.db, token.trim(), storeKey, now);
  return auth !== null && auth.level === 'Anonymous' && auth.customerId === anonymousId;
}

/** What a sign-in brings besides the credentials: the store, the time, the caller's address and its budget. */
export interface SignInCall {
  storeKey: StoreKey;
  now: Date;
  /** the caller's address (the sign-in lock is per e-mail and address) */
  clientIp: string;
  /** spends one of the address's failed sign-ins (issue 14; the kernel's takeLoginAttempt) */
  takeAttempt: () => Promise<LoginAttempt>;
  /** the x-anonymous-token header: the proof the caller holds the guest it wants merged */
  anonymousToken?: string;
  /** issue 26: the x-device-token header (the storefront's device cookie): a known or trusted device */
  deviceToken?: string;
  /** the browser's user agent, for the session list and the new-device mail */
  userAgent?: string;
  /** the origin of the security mails' links */
  origin: string;
}

/** What opening a session needs of a sign-in's call (a passkey sign-in has no password budget to spend here). */
export type SessionCall = Omit<SignInCall, 'takeAttempt'>;

type SignedIn = TokenResponse & { customer: Customer; merged: boolean; deviceToken?: string; deviceTokenExpiresAt?: string };

/**
 * Signs in: the lock after failed attempts, one scrypt whether or not the account exists, the verified
 * address; the guest's data moves into the account only for the holder of the guest's token (issue 14).
 */
export async function signIn(
  ctx: CommerceContext, call: SignInCall, credentials: { email: string; password: string; anonymousId?: string },
): Promise<SignedIn> {
  const { db } = ctx;
  const { now, storeKey } = call;
  const { anonymousId } = credentials;
  const emailLower = normalizeEmail(credentials.email);
  const subject = subjectKey('login', storeKey, emailLower, call.clientIp);
  const wait = await loginLockRemaining(db, subject, now);
  if (wait > 0) throw tooManyAttempts(wait);
  const attempt = await call.takeAttempt(); // issue 14: failed sign-ins per client address

  const account = await accountByEmail(db, storeKey, emailLower);
  // Unknown e-mails cost one scrypt as well, so the answer time does not tell whether the account exists.
  const ok = await verifyPassword(credentials.password, account?.password_hash ?? (await dummyHash()));
  if (!account || !ok) {
    const { lockS: lock } = await recordLoginFailure(db, subject, now);
    if (lock > 0) throw tooManyAttempts(lock);
    // issue 26: within the account's second-factor lock a wrong password answers the same 429 as the right one
    // (below): were it 401 here, the lock would tell a guesser which password is right. After the scrypt, so
    // the answer's time says nothing either.
    const factorWait = account ? await secondFactorLockRemaining(db, account.id, now) : 0;
    if (factorWait > 0) throw tooManyAttempts(factorWait);
    throw invalidCredentials();
  }
  await clearLoginFailures(db, subject);
  await attempt.succeeded();
  // Only after the right password: telling a stranger that an address is registered but unverified
  // would confirm the account.
  if (!account.email_verified_at) {
    fail('email_not_verified');
  }

  // issue 26: a customer with an authenticator on a device not trusted gets the second step: a short-lived,
  // single-use pending token, not a session. Within the account's second-factor lock the right password
  // answers the same 429 as a wrong one would: the lock never tells which factor was wrong.
  const device = await knownDevice(db, account.id, call.deviceToken, now);
  if (!device?.trusted && (await hasSecondFactor(db, account.id))) {
    const wait = await secondFactorLockRemaining(db, account.id, now);
    if (wait > 0) throw tooManyAttempts(wait);
    throw new AppError('second_factor_required', { details: await newPendingSignIn(db, account.id, storeKey, now) });
  }
  return finishSignIn(ctx, call, account.id, anonymousId, { knownDevice: device !== null, trustDevice: false }, 'password');
}

/**
 * The end of every sign-in (password alone, or the second step): the guest's merge for the holder of its
 * token, the token set, the session's row for the list, and for a device not known yet a device token and the
 * new-device mail, in one transaction.
 */
async function finishSignIn(
  ctx: CommerceContext, call: SessionCall, customerId: string, anonymousId: string | undefined, device: { knownDevice: boolean; trustDevice: boolean },
  confirmedBy: StepUpMethod,
): Promise<SignedIn> {
  const { db, ttl } = ctx;
  const { now, storeKey } = call;
  // issue 14: only the holder of the guest's anonymous token moves the guest's data (checked before the
  // transaction: PGlite has one connection)
  const proven = anonymousId !== undefined && (await holdsAnonymous(ctx, call.anonymousToken, storeKey, anonymousId, now));
  const account = await customerById(db, customerId);
  if (!account) throw invalidCredentials(); // deleted in between
  const out = await db.transaction(async (tx) => {
    await setLastLogin(tx, customerId, now);
    const merged = anonymousId && proven
      ? await mergeAnonymous(tx, ctx.mergeHooks, { anonymousId, customerId, storeKey, now })
      : false;
    const familyId = randomUUID();
    const tokens = await issueTokenSet(tx, { customerId, level: 'User', storeKey, now, ttl, familyId });
    await recordSession(tx, { familyId, customerId, storeKey, userAgent: call.userAgent, clientIp: call.clientIp, now });
    // Decision (issue 26): the sign-in is itself a fresh confirmation of what it checked, so a change within
    // 5 minutes of signing in needs no second prompt (the password alone never counts where a second factor
    // exists: a remembered device's sign-in records 'password').
    await recordStepUp(tx, { familyId, customerId }, confirmedBy, now);
    let newDevice: { deviceToken: string; expiresAt: string } | null = null;
    let mailId: number | null = null;
    if (!device.knownDevice || device.trustDevice) newDevice = await rememberDevice(tx, customerId, device.trustDevice, now);
    if (!device.knownDevice) mailId = await sendSecurityMail(ctx, tx, call, account, 'newDevice', call.userAgent?.slice(0, 120));
    return { tokens, merged, newDevice, mailId };
  });
  if (out.mailId !== null) ctx.outbox.deliver([out.mailId]);
  const customer = await loadCustomer(db, customerId);
  if (!customer) throw invalidCredentials();
  return {
    ...out.tokens, customer, merged: out.merged,
    ...(out.newDevice ? { deviceToken: out.newDevice.deviceToken, deviceTokenExpiresAt: out.newDevice.expiresAt } : {}),
  };
}

/**
 * A passkey sign-in (the passkeys feature, issue 26) opens the session every sign-in opens (the guest's merge,
 * tokens, the session's row, the device and its new-device mail). Decision: a passkey is possession and user
 * verification, two factors in one: no second step, and it counts as a fresh confirmation ('passkey') for 5 minutes.
 */
export async function startSession(ctx: CommerceContext, call: SessionCall, customerId: string, anonymousId: string | undefined): Promise<SignedIn> {
  const device = await knownDevice(ctx.db, customerId, call.deviceToken, call.now);
  return finishSignIn(ctx, call, customerId, anonymousId, { knownDevice: device !== null, trustDevice: false }, 'passkey');
}

/**
 * The second step of a sign-in (issue 26): the pending token of the right password and a code of the
 * customer's authenticator or one of the recovery codes (each once). The pending token is spent by the
 * successful step only; wrong codes count against the account's second-factor lock. rememberDevice: the
 * device skips the second step for 30 days.
 */
export async function signInSecondStep(
  ctx: CommerceContext, call: SignInCall, body: { pendingToken: string; code: string; rememberDevice?: boolean; anonymousId?: string },
): Promise<SignedIn> {
  const { db } = ctx;
  const { now } = call;
  const hash = sha256(body.pendingToken);
  const customerId = body.pendingToken.length <= 200 ? await pendingSignIn(db, hash, call.storeKey, now) : null;
  if (!customerId) fail('invalid_pending_sign_in');
  const method = await checkSignInCode(db, customerId, body.code, now);
  if (!(await db.transaction((tx) => usePendingSignIn(tx, hash, now)))) fail('invalid_pending_sign_in');
  const device = await knownDevice(db, customerId, call.deviceToken, now);
  return finishSignIn(ctx, call, customerId, body.anonymousId, { knownDevice: device !== null, trustDevice: body.rememberDevice === true }, method);
}

/** The session's customer: none for a guest; an account deleted since the token was issued is 401 invalid_token. */
export async function sessionCustomer(ctx: CommerceContext, auth: AuthContext) {
  if (auth.level === 'Anonymous') return { tokenLevel: 'Anonymous' as const, ownerId: auth.customerId, customer: null };
  const customer = await loadCustomer(ctx.db, auth.customerId);
  if (!customer) fail('invalid_token');
  return { tokenLevel: 'User' as const, ownerId: auth.customerId, customer };
}

/**
 * Moves a guest's data into the signed-in customer (another customer's id: 404) when the anonymous token
 * proves the guest; merged false when there was nothing to move or no proof.
 */
export async function mergeGuest(
  ctx: CommerceContext, call: { storeKey: StoreKey; now: Date; anonymousToken?: string }, auth: AuthContext, body: { customerId: string; anonymousId: string },
): Promise<{ merged: boolean }> {
  if (auth.customerId !== body.customerId) throw customerNotFound();
  if (!(await holdsAnonymous(ctx, call.anonymousToken, call.storeKey, body.anonymousId, call.now))) return { merged: false };
  const merged = await ctx.db.transaction((tx) =>
    mergeAnonymous(tx, ctx.mergeHooks, { anonymousId: body.anonymousId, customerId: auth.customerId, storeKey: call.storeKey, now: call.now }),
  );
  return { merged };
}
