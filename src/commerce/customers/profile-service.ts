// The signed-in customer's own data (spec 3, 5, 7, 8, 9; issue 24: a service layer): the profile, the addresses
// with their defaults, and the phone's verification by SMS code. profile-routes.ts checks the path and the
// body's fields, calls one function here and answers the customer; the SQL stays in repository.ts.
import { randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Customer, DefaultAddressBody, FieldError, ProfileBody } from '../../contracts/commerce.ts';
import { AppError } from '../../lib/errors.ts';
import type { StoreKey } from '../../stores.ts';
import type { CommerceContext } from '../context.ts';
import type { Db } from '../db/index.ts';
import { fail } from '../http/errors.ts';
import { addSeconds } from '../lib/clock.ts';
import { hitRate } from '../lib/rate.ts';
import { sha256 } from '../lib/secrets.ts';
import { renderSms } from '../mail/index.ts';
import { setDefaultAddress } from './addresses.ts';
import { MAX_ADDRESSES, SMS_CODE_TTL_S, SMS_LOCK_S, SMS_MAX_ATTEMPTS, SMS_SEND_RATES, customerNotFound } from './common.ts';
import {
  addressById, addressesOf, customerById, deleteAddress, deleteSmsCode, insertAddress, loadCustomer, lockCustomer, markPhoneVerified, putSmsCode,
  recordSmsFailure, smsCodeOf, takeDefaults, updateAddress, updateProfile, type CustomerRow,
} from './repository.ts';
import { FieldErrors, validateProfile, type AddressValues, type ProfileValues } from './validation.ts';

/** The signed-in customer whose data the call changes (the path's id, already checked as the caller's), where and when. */
export interface OwnDataCall { customerId: string; storeKey: StoreKey; now: Date }

export const addressNotFound = () => new AppError('address_not_found');

/** The customer as the calls answer it; gone in between: 404. */
async function answer(db: Db, id: string): Promise<Customer> {
  const customer = await loadCustomer(db, id);
  if (!customer) throw customerNotFound();
  return customer;
}

function profileOf(c: CustomerRow): ProfileValues {
  return {
    salutation: c.salutation,
    title: c.title,
    firstName: c.first_name ?? '',
    lastName: c.last_name ?? '',
    phone: c.phone,
    accountType: c.account_type ?? 'individual',
    companyName: c.company_name,
    vatId: c.vat_id,
    language: c.language ?? 'de',
    newsletterOptIn: c.newsletter_opt_in,
  };
}

/**
 * Updates the profile with the fields given (the others keep their values; the e-mail address is not changed
 * here). schemaErrors: the body's schema errors, reported when the field rules found none (400 with all fields).
 */
export async function changeProfile(ctx: CommerceContext, call: OwnDataCall, body: ProfileBody, schemaErrors: FieldError[]): Promise<Customer> {
  const current = await customerById(ctx.db, call.customerId);
  if (!current) throw customerNotFound();
  const errors = new FieldErrors();
  const p = validateProfile(body, call.storeKey, errors, profileOf(current));
  if (errors.empty) errors.list.push(...schemaErrors);
  errors.throwIfAny();
  if (!p) fail('validation_failed', { message: 'Invalid request.' });
  await updateProfile(ctx.db, current.id, p, call.now);
  return answer(ctx.db, current.id);
}

/** Adds an address (at most MAX_ADDRESSES, counted under the customer's lock). */
export async function addAddress(ctx: CommerceContext, call: OwnDataCall, a: AddressValues): Promise<Customer> {
  await ctx.db.transaction(async (tx) => {
    await lockCustomer(tx, call.customerId);
    const existing = await addressesOf(tx, call.customerId);
    if (existing.length >= MAX_ADDRESSES) {
      fail('too_many_addresses', { message: `An account can keep at most ${MAX_ADDRESSES} addresses.` });
    }
    const id = randomUUID();
    // Decision: the first address is the default for both; a later one only when asked (or when no
    // address holds that default yet).
    const flags = {
      defaultShipping: a.defaultShipping || !existing.some((e) => e.default_shipping),
      defaultBilling: a.defaultBilling || !existing.some((e) => e.default_billing),
    };
    await takeDefaults(tx, call.customerId, id, flags);
    await insertAddress(tx, call.customerId, id, { ...a, ...flags }, call.now);
  });
  return answer(ctx.db, call.customerId);
}

/** Replaces an address; a default flag given (true or false) is taken, one absent keeps the address's. */
export async function replaceAddress(
  ctx: CommerceContext, call: OwnDataCall, addressId: string, a: AddressValues, given: { defaultShipping?: unknown; defaultBilling?: unknown },
): Promise<Customer> {
  await ctx.db.transaction(async (tx) => {
    await lockCustomer(tx, call.customerId);
    const old = await addressById(tx, call.customerId, addressId);
    if (!old) throw addressNotFound();
    const flags = {
      defaultShipping: typeof given.defaultShipping === 'boolean' ? given.defaultShipping : old.default_shipping,
      defaultBilling: typeof given.defaultBilling === 'boolean' ? given.defaultBilling : old.default_billing,
    };
    await takeDefaults(tx, call.customerId, old.id, flags);
    await updateAddress(tx, call.customerId, old.id, { ...a, ...flags }, call.now);
  });
  return answer(ctx.db, call.customerId);
}

/** Makes the address the default shipping and/or billing address (addresses.ts), its fields untouched. */
export async function makeDefaultAddress(ctx: CommerceContext, call: OwnDataCall, addressId: string, body: DefaultAddressBody): Promise<Customer> {
  await setDefaultAddress(ctx.db, call.customerId, addressId, body, call.now);
  return answer(ctx.db, call.customerId);
}

/** Removes an address; a default one only when it is the last (spec 8 "selected address cannot be removed"). */
export async function removeAddress(ctx: CommerceContext, call: OwnDataCall, addressId: string): Promise<Customer> {
  await ctx.db.transaction(async (tx) => {
    await lockCustomer(tx, call.customerId);
    const all = await addressesOf(tx, call.customerId);
    const target = all.find((a) => a.id === addressId);
    if (!target) throw addressNotFound();
    // spec 8 "selected address cannot be removed": a default address while others exist would leave
    // checkout without a default; the last address may go.
    if ((target.default_shipping || target.default_billing) && all.length > 1) {
      fail('address_is_default');
    }
    await deleteAddress(tx, call.customerId, target.id);
  });
  return answer(ctx.db, call.customerId);
}

function maskPhone(e164: string): string {
  // keep the country code and the last two digits: enough to recognise one's own number
  return e164.length <= 6 ? e164 : `${e164.slice(0, 3)}${'•'.repeat(e164.length - 5)}${e164.slice(-2)}`;
}

/** spec 8: "SMS attempts limited, retry after 10 minutes" */
function smsLocked(until: Date, now: Date): AppError {
  const retryAfter = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return new AppError('sms_locked', { details: { retryAfter } });
}

/** Sends a six-digit code by SMS to the profile's phone (valid ten minutes), within the send limits and outside a lock. */
export async function sendPhoneCode(ctx: CommerceContext, call: OwnDataCall & { shop: string }): Promise<{ expiresAt: string; phone: string }> {
  const { db, outbox } = ctx;
  const c = await customerById(db, call.customerId);
  if (!c) throw customerNotFound();
  if (!c.phone) fail('phone_missing');
  if (c.phone_verified_at) fail('phone_already_verified');
  const { now } = call;
  const lockedUntil = (await smsCodeOf(db, c.id))?.locked_until;
  if (lockedUntil && lockedUntil > now) throw smsLocked(lockedUntil, now);
  for (const [i, rule] of SMS_SEND_RATES.entries()) {
    const r = await hitRate(db, `sms_send_${i}`, c.id, now, rule);
    if (!r.allowed) fail('sms_rate_limited', { details: { retryAfter: r.retryAfter } });
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const salt = randomBytes(16).toString('hex');
  const expiresAt = addSeconds(now, SMS_CODE_TTL_S);
  const id = await db.transaction(async (tx) => {
    await putSmsCode(tx, c.id, c.phone, sha256(salt + code), salt, now, expiresAt);
    return outbox.add(tx, {
      channel: 'sms', customerId: c.id, storeKey: call.storeKey, to: c.phone as string,
      text: renderSms('verificationCode', c.language ?? 'de', { store: call.storeKey, shop: call.shop, values: { code, validMinutes: SMS_CODE_TTL_S / 60 } }),
    }, now);
  });
  outbox.deliver([id]);
  return { expiresAt: expiresAt.toISOString(), phone: maskPhone(c.phone) };
}

/** Checks the SMS code; five wrong codes lock verification for ten minutes (the failure is committed, then refused). */
export async function verifyPhoneCode(ctx: CommerceContext, call: OwnDataCall, code: string): Promise<Customer> {
  const { now } = call;
  const outcome = await ctx.db.transaction(async (tx) => {
    const c = await customerById(tx, call.customerId, { forUpdate: true });
    if (!c) throw customerNotFound();
    const p = await smsCodeOf(tx, c.id);
    if (!p || p.phone !== c.phone) fail('no_pending_code');
    if (p.locked_until && p.locked_until > now) throw smsLocked(p.locked_until, now);
    if (p.expires_at <= now) fail('code_expired');
    const given = Buffer.from(sha256(p.salt + code), 'hex');
    if (timingSafeEqual(given, Buffer.from(p.code_hash, 'hex'))) {
      await deleteSmsCode(tx, c.id);
      await markPhoneVerified(tx, c.id, now);
      return { ok: true as const };
    }
    const failed = p.failed_attempts + 1;
    const lock = failed >= SMS_MAX_ATTEMPTS ? addSeconds(now, SMS_LOCK_S) : null;
    await recordSmsFailure(tx, c.id, failed, lock);
    // the failure is committed (not rolled back by a throw inside the transaction)
    return { ok: false as const, failed, lock };
  });
  if (!outcome.ok) {
    if (outcome.lock) throw smsLocked(outcome.lock, now);
    fail('invalid_code', { details: { attemptsLeft: SMS_MAX_ATTEMPTS - outcome.failed } });
  }
  return answer(ctx.db, call.customerId);
}
