// The customers' second factor (issue 26): the authenticator app's enrolment and removal, recovery codes, the
// second step of a sign-in, remembered devices, the step-up confirmation, the security mails and the session
// list. second-factor-routes.ts parses, calls one function here and answers; the SQL is
// second-factor-repository.ts's; the step-up record is the kernel's (auth/step-up.ts), so a passkey can count too.
//
// What an attacker who knows a customer's password can still do (issue 26's question):
// - with an authenticator on the account: nothing past the second step, unless they also hold a device the
//   customer let us remember (its httpOnly cookie) or a recovery code; 5 wrong codes lock the account's checks
//   for 10 minutes (at most 5 guesses of 10^6 per 10 minutes); they learn that the password is right (the
//   second step is asked only after it; within the lock a wrong password answers the same 429 as the right
//   one). By typing wrong codes they can keep the owner's second step locked, 10 minutes at a time: the
//   owner's way out is the password reset below, which also answers the "was it you?" mails.
// - without one: sign in (the owner gets the new-device mail with a link that ends every session), and within
//   the step-up window change the payout account or the password; a step-up only proves the password again.
// - the owner's way back is the password reset (every security mail links it): it ends every session and
//   removes the remembered devices and the passkeys (afterPasswordReset), so a passkey or device planted with
//   the stolen password is gone. Left open: an authenticator the attacker enrolled on an account without one
//   stays after the reset (the reset keeps the second factor, which guards against a taken mailbox); the owner
//   gets the factorAdded mail at once and needs the shop's support to remove it.
// - the authenticator's secret is stored unencrypted (no server key in the configuration yet): whoever reads
//   the database (a backup) can compute codes; recovery codes, pending tokens and device tokens are hashes.
import QRCode from 'qrcode';
import { AppError } from '../../lib/errors.ts';
import { formatDate, formatTime } from '../../i18n.ts';
import { stores, type StoreKey } from '../../stores.ts';
import { verifyPassword } from '../auth/passwords.ts';
import {
  checkTotp, hashRecoveryCode, looksLikeRecoveryCode, newRecoveryCodes, newTotpSecret, totpUri,
} from '../auth/second-factor.ts';
import { recordStepUp, requireStepUp, STEP_UP_WINDOW_S, type StepUpMethod } from '../auth/step-up.ts';
import { revokeCustomerTokens, revokeFamily, type AuthContext } from '../auth/tokens.ts';
import type { CommerceContext } from '../context.ts';
import type { Db } from '../db/index.ts';
import { fail } from '../http/errors.ts';
import { addSeconds } from '../lib/clock.ts';
import { clearLoginFailures, loginLockRemaining, recordLoginFailure, subjectKey } from '../lib/rate.ts';
import { newSecret, sha256 } from '../lib/secrets.ts';
import { renderMail } from '../mail/index.ts';
import { resetLink, shopName } from '../outbox/index.ts';
import { RESET_TOKEN_TTL_S, customerNotFound } from './common.ts';
import { customerById, replaceOneTimeToken, type CustomerRow } from './repository.ts';
import {
  activeSessions, confirmTotp, deleteRememberedDevices, deleteSecondFactor, deleteSessions, insertPendingSignIn, insertRememberedDevice, insertSession,
  rememberedDeviceOf, recoveryCodesLeft, replaceRecoveryCodes, sessionOf, setTotpTimeStep, startTotp, totpOf, useRecoveryCode,
} from './second-factor-repository.ts';

/** Decision: the second step of a sign-in must follow within 5 minutes (long enough to find the phone). */
export const PENDING_SIGN_IN_TTL_S = 5 * 60;
/** issue 26: "remember this device for 30 days" */
export const REMEMBER_DEVICE_TTL_S = 30 * 86400;

/** What a second-factor call brings besides the customer: store, time, and where its mails link to. */
export interface SecurityCall {
  storeKey: StoreKey;
  now: Date;
  /** the origin of the mails' links */
  origin: string;
}

const invalidSecondFactor = () => new AppError('invalid_second_factor');
const tooMany = (retryAfter: number) => new AppError('too_many_attempts', { details: { retryAfter } });

// Rate limit (issue 26, modelled on the SMS code: 5 tries, then 10 minutes): every check of a code, at sign-in,
// at step-up and at enrolment, counts against one lock per account (lib/rate.ts, policy second_factor). A lock
// answers the same 429 too_many_attempts as the password's lock, so it never tells which factor was wrong.
const factorSubject = (customerId: string) => subjectKey('second_factor', customerId);

export async function secondFactorLockRemaining(db: Db, customerId: string, now: Date): Promise<number> {
  return loginLockRemaining(db, factorSubject(customerId), now);
}

async function refuseCode(db: Db, customerId: string, now: Date): Promise<never> {
  const { lockS } = await recordLoginFailure(db, factorSubject(customerId), now, 'second_factor');
  if (lockS > 0) throw tooMany(lockS);
  throw invalidSecondFactor();
}

/**
 * Checks a code typed for the customer's confirmed authenticator: a 6-digit TOTP code (never the same time step
 * twice) or one of the recovery codes (each once). Returns how it was confirmed; refuses within the lock.
 * Runs its writes in `tx` (the caller's transaction) after the lock check on `db`.
 */
async function checkFactor(db: Db, customerId: string, code: string, now: Date): Promise<StepUpMethod> {
  const wait = await secondFactorLockRemaining(db, customerId, now);
  if (wait > 0) throw tooMany(wait);
  const totp = await totpOf(db, customerId);
  if (!totp?.confirmed_at) return refuseCode(db, customerId, now);
  const typed = code.trim();
  const method = await db.transaction(async (tx): Promise<StepUpMethod | null> => {
    const row = await totpOf(tx, customerId, { forUpdate: true });
    if (!row) return null;
    const step = checkTotp(row.secret, typed, now.getTime(), row.last_time_step);
    if (step !== null) {
      await setTotpTimeStep(tx, customerId, step);
      return 'totp';
    }
    if (looksLikeRecoveryCode(typed) && (await useRecoveryCode(tx, customerId, hashRecoveryCode(typed), now))) return 'recovery_code';
    return null;
  });
  if (!method) return refuseCode(db, customerId, now);
  await clearLoginFailures(db, factorSubject(customerId));
  return method;
}

/** Whether the customer signs in with a second factor (a confirmed authenticator). */
export async function hasSecondFactor(db: Db, customerId: string): Promise<boolean> {
  return !!(await totpOf(db, customerId))?.confirmed_at;
}

/** The door's step-up check for the other features (carts: payout account, depot sales): 403 step_up_required. */
export async function requireCustomerStepUp(db: Db, auth: AuthContext, now: Date): Promise<void> {
  await requireStepUp(db, auth, now, await hasSecondFactor(db, auth.customerId));
}

// ---- mails -------------------------------------------------------------------------------------------------

export type SecurityEvent = 'newDevice' | 'factorAdded' | 'factorRemoved' | 'payoutAccount' | 'passwordReset';

/**
 * A security mail (issue 26): what happened, when (the store's locale and time zone), and how to lock the
 * account. Decision: the way to lock it is a fresh password-reset link: setting a new password ends every
 * session (resetPassword revokes all tokens), and the link works without the (maybe stolen) password. It
 * voids an older unused reset link, which is harmless: the mail's link is the newer one.
 */
export async function sendSecurityMail(ctx: CommerceContext, tx: Db, call: SecurityCall, c: CustomerRow, event: SecurityEvent, device?: string | null): Promise<number> {
  const lang = c.language ?? 'de';
  const locale = stores[call.storeKey].locales[lang];
  const token = newSecret('pr');
  await replaceOneTimeToken(tx, c.id, 'password_reset', sha256(token), call.now, addSeconds(call.now, RESET_TOKEN_TTL_S));
  const name = [c.first_name, c.last_name].filter(Boolean).join(' ') || null;
  const mail = renderMail(`security.${event}`, lang, {
    store: call.storeKey, shop: shopName(ctx.config.MAIL_FROM), name,
    values: {
      date: formatDate(call.now, locale), time: formatTime(call.now, locale), device: device || '-',
      link: { href: resetLink(call.origin, lang, token) }, validMinutes: RESET_TOKEN_TTL_S / 60,
    },
  });
  return ctx.outbox.add(tx, { channel: 'mail', customerId: c.id, storeKey: call.storeKey, to: c.email as string, ...mail }, call.now);
}

/**
 * The mail on a new payout account (the carts feature calls it in its transaction through the door); the
 * account named by its masked form only. Answers the outbox id to deliver after commit, or null for a guest.
 */
export async function payoutAccountMail(ctx: CommerceContext, tx: Db, call: SecurityCall & { customerId: string }, masked: string): Promise<number | null> {
  const c = await customerById(tx, call.customerId);
  if (!c?.email || c.kind !== 'registered') return null;
  return sendSecurityMail(ctx, tx, call, c, 'payoutAccount', masked);
}

/**
 * Issue 26, the password reset by the mailed link: inside its transaction, the remembered devices go (the next
 * sign-in on any device asks the second step again), the other features drop what they hold (passkeys:
 * ctx.passwordResetHooks), and the owner gets the security mail. Answers the mail's outbox id.
 * Decision: the authenticator app and its recovery codes stay (the link proves the mailbox only; the second
 * factor is what still guards the account against whoever reads the customer's mail).
 */
export async function afterPasswordReset(ctx: CommerceContext, tx: Db, call: SecurityCall, c: CustomerRow): Promise<number> {
  await deleteRememberedDevices(tx, c.id);
  for (const hook of ctx.passwordResetHooks) await hook(tx, { customerId: c.id, now: call.now });
  return sendSecurityMail(ctx, tx, call, c, 'passwordReset');
}

// ---- enrolment ---------------------------------------------------------------------------------------------

async function ownAccount(db: Db, auth: AuthContext): Promise<CustomerRow> {
  const c = await customerById(db, auth.customerId);
  if (!c?.email) throw customerNotFound();
  return c;
}

export async function secondFactorStatus(ctx: CommerceContext, auth: AuthContext): Promise<{ totp: boolean; recoveryCodesLeft: number }> {
  const totp = await hasSecondFactor(ctx.db, auth.customerId);
  return { totp, recoveryCodesLeft: totp ? await recoveryCodesLeft(ctx.db, auth.customerId) : 0 };
}

/**
 * Starts the enrolment: a new secret, its otpauth URI, the QR code as inline SVG and the secret as text (for
 * typing). Nothing is protected until a typed code confirms it. A confirmed authenticator: 409.
 * Decision: adding a factor needs no step-up (it makes the account safer, and the mail tells the owner).
 */
export async function startEnrolment(ctx: CommerceContext, call: SecurityCall, auth: AuthContext): Promise<{ secret: string; uri: string; qrSvg: string }> {
  const c = await ownAccount(ctx.db, auth);
  if (await hasSecondFactor(ctx.db, c.id)) fail('second_factor_exists');
  const secret = newTotpSecret();
  await ctx.db.transaction((tx) => startTotp(tx, c.id, secret, call.now));
  const uri = totpUri(secret, shopName(ctx.config.MAIL_FROM), c.email as string);
  // qrcode: already the shop's QR encoder (payment slips); SVG is inline, scales, and needs no image route
  const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, uri, qrSvg };
}

/** Confirms the enrolment with a typed code; answers the 10 recovery codes, the only time they are shown. */
export async function confirmEnrolment(ctx: CommerceContext, call: SecurityCall, auth: AuthContext, code: string): Promise<{ recoveryCodes: string[] }> {
  const { db } = ctx;
  const c = await ownAccount(db, auth);
  const wait = await secondFactorLockRemaining(db, c.id, call.now);
  if (wait > 0) throw tooMany(wait);
  const pending = await totpOf(db, c.id);
  if (!pending) fail('second_factor_not_started');
  if (pending.confirmed_at) fail('second_factor_exists');
  const step = checkTotp(pending.secret, code, call.now.getTime(), null);
  if (step === null) return refuseCode(db, c.id, call.now);
  await clearLoginFailures(db, factorSubject(c.id));
  const codes = newRecoveryCodes();
  const mailId = await db.transaction(async (tx) => {
    await confirmTotp(tx, c.id, step, call.now);
    await replaceRecoveryCodes(tx, c.id, codes.map(hashRecoveryCode), call.now);
    // the enrolment itself is a fresh second-factor confirmation of this session
    await recordStepUp(tx, auth, 'totp', call.now);
    return sendSecurityMail(ctx, tx, call, c, 'factorAdded');
  });
  ctx.outbox.deliver([mailId]);
  return { recoveryCodes: codes };
}

/** Removes the authenticator (step-up with the second factor first): codes and remembered devices go with it. */
export async function removeSecondFactor(ctx: CommerceContext, call: SecurityCall, auth: AuthContext): Promise<void> {
  const { db } = ctx;
  const c = await ownAccount(db, auth);
  if (!(await hasSecondFactor(db, c.id))) fail('second_factor_not_found');
  await requireStepUp(db, auth, call.now, true);
  const mailId = await db.transaction(async (tx) => {
    await deleteSecondFactor(tx, c.id);
    return sendSecurityMail(ctx, tx, call, c, 'factorRemoved');
  });
  ctx.outbox.deliver([mailId]);
}

/**
 * Step-up: confirms the session now. With a second factor only its code counts (a TOTP code or a recovery
 * code); without one, the password (counted against the sign-in lock like every password confirmation).
 */
export async function confirmStepUp(
  ctx: CommerceContext, call: SecurityCall & { clientIp: string }, auth: AuthContext, proof: { code?: string; password?: string },
): Promise<{ method: StepUpMethod; confirmedAt: string; validUntil: string }> {
  const { db } = ctx;
  const c = await ownAccount(db, auth);
  let method: StepUpMethod;
  if (await hasSecondFactor(db, c.id)) {
    if (typeof proof.code !== 'string' || proof.code.trim() === '') fail('second_factor_required_for_step_up');
    method = await checkFactor(db, c.id, proof.code, call.now);
  } else {
    if (typeof proof.password !== 'string' || proof.password === '') fail('invalid_current_password');
    const subject = subjectKey('login', call.storeKey, c.email_lower ?? '', call.clientIp);
    const wait = await loginLockRemaining(db, subject, call.now);
    if (wait > 0) throw tooMany(wait);
    if (!(await verifyPassword(proof.password, c.password_hash ?? ''))) {
      const { lockS } = await recordLoginFailure(db, subject, call.now);
      if (lockS > 0) throw tooMany(lockS);
      fail('invalid_current_password');
    }
    await clearLoginFailures(db, subject);
    method = 'password';
  }
  await recordStepUp(db, auth, method, call.now);
  return { method, confirmedAt: call.now.toISOString(), validUntil: addSeconds(call.now, STEP_UP_WINDOW_S).toISOString() };
}

// ---- sign-in's second step ---------------------------------------------------------------------------------

/** What a device token (the storefront's device cookie) is for the customer: unknown (null), known, or trusted. */
export async function knownDevice(db: Db, customerId: string, deviceToken: string | undefined, now: Date): Promise<{ trusted: boolean } | null> {
  if (typeof deviceToken !== 'string' || deviceToken.length > 200 || deviceToken === '') return null;
  return rememberedDeviceOf(db, sha256(deviceToken), customerId, now);
}

/** The pending second step after a right password: a short-lived single-use token (not a session). */
export async function newPendingSignIn(db: Db, customerId: string, storeKey: StoreKey, now: Date): Promise<{ pendingToken: string; expiresAt: string }> {
  const pendingToken = newSecret('ps');
  const expiresAt = await insertPendingSignIn(db, { hash: sha256(pendingToken), customerId, storeKey, now, ttlS: PENDING_SIGN_IN_TTL_S });
  return { pendingToken, expiresAt: expiresAt.toISOString() };
}

export { pendingSignIn, usePendingSignIn } from './second-factor-repository.ts';

/** The second step's check of the code (the pending token's customer); the method it was confirmed with. */
export async function checkSignInCode(db: Db, customerId: string, code: string, now: Date): Promise<StepUpMethod> {
  return checkFactor(db, customerId, code, now);
}

/** A new device of the customer (the device cookie's value; stored as SHA-256); trusted skips the second step. */
export async function rememberDevice(tx: Db, customerId: string, trusted: boolean, now: Date): Promise<{ deviceToken: string; expiresAt: string }> {
  const deviceToken = newSecret('rd');
  const expiresAt = await insertRememberedDevice(tx, sha256(deviceToken), customerId, trusted, now, REMEMBER_DEVICE_TTL_S);
  return { deviceToken, expiresAt: expiresAt.toISOString() };
}

// ---- sessions ----------------------------------------------------------------------------------------------

/** The place of an address at most as its range (IPv4 /24, IPv6 /48): never the full address. */
export function ipRange(ip: string): string | null {
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`;
  if (ip.includes(':')) {
    const parts = ip.split('::')[0].split(':').filter(Boolean).slice(0, 3);
    return parts.length ? `${parts.join(':')}::/48` : null;
  }
  return null;
}

/** Records a new session (a token family) for the list. */
export async function recordSession(tx: Db, s: { familyId: string; customerId: string; storeKey: StoreKey; userAgent?: string; clientIp: string; now: Date }): Promise<void> {
  const ua = typeof s.userAgent === 'string' ? s.userAgent.slice(0, 300) : null;
  await insertSession(tx, { familyId: s.familyId, customerId: s.customerId, storeKey: s.storeKey, userAgent: ua, ipRange: ipRange(s.clientIp), now: s.now });
}

export async function listSessions(ctx: CommerceContext, auth: AuthContext, now: Date) {
  const rows = await activeSessions(ctx.db, auth.customerId, now);
  return {
    sessions: rows.map((r) => ({
      id: r.family_id, device: r.user_agent, ipRange: r.ip_range, createdAt: new Date(r.created_at).toISOString(),
      lastUsedAt: new Date(r.last_used_at).toISOString(), current: r.family_id === auth.familyId,
    })),
  };
}

/** Ends one session of the customer (another's or an unknown id: 404): its refresh token stops working at once. */
export async function endSession(ctx: CommerceContext, auth: AuthContext, familyId: string, now: Date): Promise<void> {
  if (!(await sessionOf(ctx.db, auth.customerId, familyId))) fail('session_not_found');
  await ctx.db.transaction(async (tx) => {
    await revokeFamily(tx, familyId, now);
    await deleteSessions(tx, auth.customerId, familyId);
  });
}

/** Ends every other session of the customer (this one stays). */
export async function endOtherSessions(ctx: CommerceContext, auth: AuthContext, now: Date): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await revokeCustomerTokens(tx, auth.customerId, now, auth.familyId);
  });
}
