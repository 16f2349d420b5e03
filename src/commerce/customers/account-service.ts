// The accounts' rules (spec 3, 4, 5, 6, 7; issue 24: a service layer): registration with the activation mail,
// the e-mail's verification, the activation and reset mails, the password calls with their throttle, the
// e-mail lookups and the account's deletion. account-routes.ts checks the fields, calls one function here and
// answers; the SQL stays in repository.ts.
import { randomUUID } from 'node:crypto';
import type { Customer } from '../../contracts/commerce.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import type { StoreKey } from '../../stores.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { requireStepUp } from '../auth/step-up.ts';
import { revokeCustomerTokens, type AuthContext } from '../auth/tokens.ts';
import type { CommerceContext } from '../context.ts';
import type { Db } from '../db/index.ts';
import { fail } from '../http/errors.ts';
import { addSeconds } from '../lib/clock.ts';
import { clearLoginFailures, hitRate, loginLockRemaining, recordLoginFailure, subjectKey } from '../lib/rate.ts';
import { newSecret, sha256 } from '../lib/secrets.ts';
import { renderMail } from '../mail/index.ts';
import { activationLink, deleteMessagesOf, resetLink } from '../outbox/index.ts';
import {
  ACTIVATION_MAIL_RATE, EMAIL_TOKEN_TTL_S, RESET_MAIL_RATE, RESET_TOKEN_TTL_S, customerNotFound, mailLanguage,
} from './common.ts';
import {
  accountByEmail, customerById, deleteCustomer, insertAccount, loadCustomer, lockCustomer, markEmailVerified,
  replaceOneTimeToken, resetTokenCustomerForUpdate, setPasswordHash, useOneTimeToken, verificationTokenForUpdate, type CustomerRow,
  type OneTimePurpose,
} from './repository.ts';
import { afterPasswordReset, hasSecondFactor } from './second-factor-service.ts';
import { tooManyAttempts } from './session-service.ts';
import { normalizeEmail, type ProfileValues } from './validation.ts';

/** What an account call brings: its store and time, the shop and origin of the mails' links, the caller's address. */
export interface AccountCall {
  storeKey: StoreKey;
  now: Date;
  /** the shop's name in the mails */
  shop: string;
  /** the origin of the mails' links (the storefront's, when it belongs to the store) */
  origin: string;
  /** the caller's address: a password confirmation counts against the sign-in lock of e-mail and address */
  clientIp: string;
}

/** A new single-use token; older unused ones of the same purpose stop working (issue 3: a new one voids the old). */
async function newOneTimeToken(tx: Db, customerId: string, purpose: OneTimePurpose, now: Date, ttlS: number): Promise<string> {
  const token = newSecret(purpose === 'email_verification' ? 'ev' : 'pr');
  await replaceOneTimeToken(tx, customerId, purpose, sha256(token), now, addSeconds(now, ttlS));
  return token;
}

function displayName(c: Pick<CustomerRow, 'first_name' | 'last_name'>): string | null {
  const n = [c.first_name, c.last_name].filter(Boolean).join(' ');
  return n || null;
}

/** The activation mail in the transaction (a new verification token voids the older ones). */
async function sendActivation(ctx: CommerceContext, tx: Db, call: AccountCall, c: CustomerRow): Promise<number> {
  const token = await newOneTimeToken(tx, c.id, 'email_verification', call.now, EMAIL_TOKEN_TTL_S);
  const lang = c.language ?? 'de';
  const link = activationLink(call.origin, lang, token);
  const mail = renderMail('account.activation', lang, { store: call.storeKey, shop: call.shop, name: displayName(c), link, validHours: EMAIL_TOKEN_TTL_S / 3600 });
  return ctx.outbox.add(tx, { channel: 'mail', customerId: c.id, storeKey: call.storeKey, to: c.email as string, ...mail }, call.now);
}

/** Registers an account (one per e-mail and store: 409 email_taken) and sends the activation mail. */
export async function register(
  ctx: CommerceContext, call: AccountCall, r: { email: string; password: string; profile: ProfileValues },
): Promise<{ customer: Customer | null; verificationRequired: true }> {
  const { db, outbox } = ctx;
  const { email, profile } = r;
  const emailLower = normalizeEmail(email);
  const emailTaken = () => new AppError('email_taken');
  if (await accountByEmail(db, call.storeKey, emailLower)) throw emailTaken();
  const passwordHash = await hashPassword(r.password);
  const now = call.now;
  const id = randomUUID();
  let mailId: number;
  try {
    mailId = await db.transaction(async (tx) => {
      await insertAccount(tx, {
        id, storeKey: call.storeKey, email, emailLower, passwordHash, salutation: profile.salutation, title: profile.title,
        firstName: profile.firstName, lastName: profile.lastName, phone: profile.phone, accountType: profile.accountType,
        companyName: profile.companyName, vatId: profile.vatId, language: profile.language, newsletterOptIn: profile.newsletterOptIn, now,
      });
      const row = (await customerById(tx, id)) as CustomerRow;
      return sendActivation(ctx, tx, call, row);
    });
  } catch (err) {
    // two registrations of one address at the same moment: the unique index decides
    if ((err as { code?: string }).code === '23505') throw emailTaken();
    throw err;
  }
  outbox.deliver([mailId]);
  return { customer: await loadCustomer(db, id), verificationRequired: true };
}

/** Verifies the e-mail address with the activation link's token; a second click once verified is no error. */
export async function verifyEmail(db: Db, storeKey: StoreKey, emailToken: string, now: Date): Promise<{ verified: boolean; alreadyVerified: boolean }> {
  return db.transaction(async (tx) => {
    const t = await verificationTokenForUpdate(tx, sha256(emailToken));
    if (!t || t.store_key !== storeKey) fail('invalid_email_token');
    // A second click on the same link (mail scanners, impatient users) is not an error once verified.
    if (t.used_at && t.email_verified_at) return { verified: true, alreadyVerified: true };
    if (t.used_at || t.voided_at) fail('invalid_email_token', { message: 'This activation link is invalid. Please use the most recent e-mail or request a new one.' });
    if (t.expires_at <= now) fail('email_token_expired');
    await useOneTimeToken(tx, sha256(emailToken), now);
    const already = t.email_verified_at !== null;
    if (!already) await markEmailVerified(tx, t.customer_id, now);
    return { verified: true, alreadyVerified: already };
  });
}

/** Sends the activation mail again to an unverified account of the address (at most three an hour); nothing otherwise. */
export async function resendActivation(ctx: CommerceContext, call: AccountCall, email: string): Promise<void> {
  const { db, outbox } = ctx;
  const account = await accountByEmail(db, call.storeKey, normalizeEmail(email));
  if (account && !account.email_verified_at) {
    const rate = await hitRate(db, 'activation_mail', account.id, call.now, ACTIVATION_MAIL_RATE);
    if (rate.allowed) outbox.deliver([await db.transaction((tx) => sendActivation(ctx, tx, call, account))]);
  }
}

/** Sends a reset link (one hour, single use) to the address's account (at most three an hour); nothing otherwise. */
export async function sendPasswordReset(ctx: CommerceContext, call: AccountCall, email: string, languageTag: string | undefined): Promise<void> {
  const { db, outbox } = ctx;
  const { now } = call;
  const account = await accountByEmail(db, call.storeKey, normalizeEmail(email));
  if (!account) return;
  const rate = await hitRate(db, 'reset_mail', account.id, now, RESET_MAIL_RATE);
  if (!rate.allowed) return;
  const lang = mailLanguage(languageTag, account.language ?? 'de');
  const id = await db.transaction(async (tx) => {
    const token = await newOneTimeToken(tx, account.id, 'password_reset', now, RESET_TOKEN_TTL_S);
    const link = resetLink(call.origin, lang, token);
    const mail = renderMail('account.passwordReset', lang, { store: call.storeKey, shop: call.shop, name: displayName(account), link });
    return outbox.add(tx, { channel: 'mail', customerId: account.id, storeKey: call.storeKey, to: account.email as string, ...mail }, now);
  });
  outbox.deliver([id]);
}

/**
 * Sets a new password with the reset link's token; the address counts as proven, every session ends (refresh
 * tokens revoked), remembered devices and passkeys go, and the owner gets the security mail (issue 26): one
 * transaction, so a reset never half happens.
 */
export async function resetPassword(ctx: CommerceContext, call: AccountCall, token: string, newPassword: string): Promise<void> {
  const { db, outbox } = ctx;
  const { now } = call;
  const hash = sha256(token);
  const passwordHash = await hashPassword(newPassword);
  const mailId = await db.transaction(async (tx) => {
    const customerId = await resetTokenCustomerForUpdate(tx, hash, call.storeKey, now);
    if (!customerId) fail('invalid_reset_token');
    await useOneTimeToken(tx, hash, now);
    // The link reached the mailbox, so the address is proven as well.
    await setPasswordHash(tx, customerId, passwordHash, now, { verifyEmail: true });
    await revokeCustomerTokens(tx, customerId, now);
    const account = await customerById(tx, customerId);
    return account?.email ? afterPasswordReset(ctx, tx, call, account) : null;
  });
  if (mailId !== null) outbox.deliver([mailId]);
}

/**
 * A password confirmation (change password, account deletion) counts against the same throttle as
 * sign-in, so a stolen session cannot be used to guess the password. Wrong: 400
 * invalid_current_password 'Entered password is incorrect.' (spec 8) with the field.
 */
async function checkPasswordConfirmation(db: Db, call: AccountCall, account: CustomerRow, password: string, field = 'currentPassword'): Promise<void> {
  const { now } = call;
  const subject = subjectKey('login', call.storeKey, account.email_lower ?? '', call.clientIp);
  const wait = await loginLockRemaining(db, subject, now);
  if (wait > 0) throw tooManyAttempts(wait);
  if (await verifyPassword(password, account.password_hash ?? '')) {
    await clearLoginFailures(db, subject);
    return;
  }
  const { lockS: lock } = await recordLoginFailure(db, subject, now);
  if (lock > 0) throw tooManyAttempts(lock);
  fail('invalid_current_password', { details: { fields: [fieldError(field, 'invalid_current_password')] } });
}

/**
 * Issue 26, step-up for the password and the account's deletion: where the customer has a second factor, the
 * session must have confirmed it within the last 5 minutes (403 step_up_required). Decision: without one, the
 * current password these calls carry is itself the fresh password confirmation the issue asks for.
 */
async function secondFactorStepUp(db: Db, auth: Pick<AuthContext, 'familyId' | 'customerId'>, now: Date): Promise<void> {
  if (await hasSecondFactor(db, auth.customerId)) await requireStepUp(db, auth, now, true);
}

/** Changes the password after confirming the current one; the account's other sessions end, this one stays. */
export async function changePassword(
  ctx: CommerceContext, call: AccountCall, auth: AuthContext, p: { currentPassword: string; newPassword: string },
): Promise<void> {
  const { db } = ctx;
  const account = await customerById(db, auth.customerId);
  if (!account?.password_hash) throw customerNotFound();
  await secondFactorStepUp(db, auth, call.now);
  await checkPasswordConfirmation(db, call, account, p.currentPassword);
  const passwordHash = await hashPassword(p.newPassword);
  await db.transaction(async (tx) => {
    await setPasswordHash(tx, account.id, passwordHash, call.now);
    // Whoever might know the old password is signed out everywhere else; this session stays.
    await revokeCustomerTokens(tx, account.id, call.now, auth.familyId);
  });
}

/** Whether the account of this e-mail (in this store) has never signed in; false for unknown addresses. */
export async function firstTimeLoggingIn(db: Db, storeKey: StoreKey, email: string): Promise<boolean> {
  const account = await accountByEmail(db, storeKey, normalizeEmail(email));
  return !!account && account.last_login_at === null;
}

/** Whether an account exists for the e-mail in the store; nothing else about it. */
export async function accountExists(db: Db, storeKey: StoreKey, email: string): Promise<boolean> {
  return !!(await accountByEmail(db, storeKey, normalizeEmail(email)));
}

/**
 * Deletes the account after the password's confirmation, in one transaction under the customer's lock: its
 * messages, what the other features keep (their hooks run first and may refuse, rolling all of it back), the
 * customer row (addresses, tokens, orders and limit orders follow by cascade).
 */
export async function deleteAccount(ctx: CommerceContext, call: AccountCall, auth: AuthContext, password: string): Promise<void> {
  const { db } = ctx;
  const account = await customerById(db, auth.customerId);
  if (!account) throw customerNotFound();
  await secondFactorStepUp(db, auth, call.now);
  await checkPasswordConfirmation(db, call, account, password, 'password');
  await db.transaction(async (tx) => {
    await lockCustomer(tx, account.id);
    // Messages addressed to the person, also those written before the account existed under this id.
    const to = [account.email, account.phone].filter((v): v is string => !!v);
    await deleteMessagesOf(tx, account.id, to);
    // what other plugins keep; the first hooks refuse (rolling all of it back): open limit orders
    // (limit_orders_exist), then metal in the depot (deposit_not_empty); then alerts, newsletter, contact
    // messages; then orders in progress (orders_in_progress, the lifecycle's hook)
    const deletion = { customerId: account.id, storeKey: call.storeKey, emailLower: account.email_lower, now: ctx.clock() };
    for (const hook of ctx.accountDeletionHooks) await hook(tx, deletion);
    // addresses, tokens, one-time tokens, SMS codes, orders and limit orders follow by cascade
    await deleteCustomer(tx, account.id);
  });
}
