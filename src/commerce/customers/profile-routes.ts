// The signed-in customer's own data (spec 3, 5, 7): profile, addresses with default shipping and billing,
// phone verification by SMS code (spec 8, 9; the calls are ours: the spec does not show them).
import { randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type {} from '@fastify/swagger';
import {
  AddressBody, AddressParams, Customer, CustomerIdParams, DefaultAddressBody, PhoneCodeBody, PhoneVerificationResponse, ProfileBody,
} from '../../contracts/commerce.ts';
import { AppError, validationFields } from '../../lib/errors.ts';
import { addSeconds } from '../lib/clock.ts';
import { hitRate } from '../lib/rate.ts';
import { sha256 } from '../lib/secrets.ts';
import { renderSms } from '../mail/index.ts';
import { shopName } from '../outbox/index.ts';
import {
  MAX_ADDRESSES, SMS_CODE_TTL_S, SMS_LOCK_S, SMS_MAX_ATTEMPTS, SMS_SEND_RATES, bearer, customerNotFound, errorResponses, requireOwnCustomer,
} from './common.ts';
import {
  addressById, addressesOf, customerById, deleteAddress, deleteSmsCode, insertAddress, loadCustomer, lockCustomer, markPhoneVerified, putSmsCode,
  recordSmsFailure, smsCodeOf, takeDefaults, updateAddress, updateProfile, type CustomerRow,
} from './repository.ts';
import { FieldErrors, asInput, fieldFailed, validateAddress, validateProfile, type AddressValues, type ProfileValues } from './validation.ts';
import { fail } from '../http/errors.ts';
import { setDefaultAddress } from './addresses.ts';

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

const addressNotFound = () => new AppError('address_not_found');

/** Path ids that are not uuids cannot name anything of the caller: 404, the same as a foreign id. */
function rejectBadPath(req: FastifyRequest, notFound: () => AppError): void {
  if (req.validationError?.validationContext === 'params') throw notFound();
}

/** Field errors of the body (all of them), plus schema errors the field rules did not already cover. */
function bodyErrors(req: FastifyRequest, errors: FieldErrors): void {
  if (req.validationError && req.validationError.validationContext !== 'params' && errors.empty) {
    errors.list.push(...validationFields(req.validationError.validation));
  }
  errors.throwIfAny();
}

/** The { address } body of the two address calls, validated for the request's store (400 with field errors). */
function addressFromBody(req: FastifyRequest): { body: Record<string, unknown>; address: AddressValues } {
  const errors = new FieldErrors();
  const body = asInput(req.body);
  const address = body.address === undefined || body.address === null
    ? (errors.add('address', 'required'), null)
    : validateAddress(body.address, req.storeKey, errors);
  bodyErrors(req, errors);
  if (!address) fail('validation_failed', { message: 'Invalid request.' });
  return { body, address };
}

function maskPhone(e164: string): string {
  // keep the country code and the last two digits: enough to recognise one's own number
  return e164.length <= 6 ? e164 : `${e164.slice(0, 3)}${'•'.repeat(e164.length - 5)}${e164.slice(-2)}`;
}

export const profileRoutes: FastifyPluginAsync = async (app) => {
  const { db, clock, config, outbox } = app.commerce;
  const shop = shopName(config.MAIL_FROM);

  async function answer(id: string) {
    const customer = await loadCustomer(db, id);
    if (!customer) throw customerNotFound();
    return customer;
  }

  app.put<{ Params: { id: string }; Body: ProfileBody }>('/customers/:id', {
    attachValidation: true,
    schema: {
      tags: ['customers'],
      summary: 'Updates the profile (fields given; the e-mail address is not changed here). A new phone number needs verifying again.',
      security: bearer,
      params: CustomerIdParams,
      body: ProfileBody,
      response: { 200: Customer, ...errorResponses },
    },
  }, async (req) => {
    rejectBadPath(req, customerNotFound);
    const auth = await requireOwnCustomer(req, req.params.id);
    const current = await customerById(db, auth.customerId);
    if (!current) throw customerNotFound();
    const errors = new FieldErrors();
    const p = validateProfile(req.body, req.storeKey, errors, profileOf(current));
    bodyErrors(req, errors);
    if (!p) fail('validation_failed', { message: 'Invalid request.' });
    const now = clock();
    await updateProfile(db, current.id, p, now);
    return answer(current.id);
  });

  app.put<{ Params: { id: string }; Body: AddressBody }>('/customers/:id/address', {
    attachValidation: true,
    schema: {
      tags: ['addresses'],
      summary: 'Adds an address. The first address becomes default shipping and billing address.',
      security: bearer,
      params: CustomerIdParams,
      body: AddressBody,
      response: { 200: Customer, ...errorResponses },
    },
  }, async (req) => {
    rejectBadPath(req, customerNotFound);
    const auth = await requireOwnCustomer(req, req.params.id);
    const { body, address: a } = addressFromBody(req);
    const now = clock();
    await db.transaction(async (tx) => {
      await lockCustomer(tx, auth.customerId);
      const existing = await addressesOf(tx, auth.customerId);
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
      await takeDefaults(tx, auth.customerId, id, flags);
      await insertAddress(tx, auth.customerId, id, { ...a, ...flags }, now);
    });
    return answer(auth.customerId);
  });

  app.put<{ Params: { id: string; addressId: string }; Body: AddressBody }>('/customers/:id/address/:addressId', {
    attachValidation: true,
    schema: {
      tags: ['addresses'],
      summary: 'Replaces an address. defaultShipping/defaultBilling true takes the default; absent keeps the flags.',
      security: bearer,
      params: AddressParams,
      body: AddressBody,
      response: { 200: Customer, ...errorResponses },
    },
  }, async (req) => {
    rejectBadPath(req, addressNotFound);
    const auth = await requireOwnCustomer(req, req.params.id);
    const { body, address: a } = addressFromBody(req);
    const given = asInput(body.address);
    const now = clock();
    await db.transaction(async (tx) => {
      await lockCustomer(tx, auth.customerId);
      const old = await addressById(tx, auth.customerId, req.params.addressId);
      if (!old) throw addressNotFound();
      const flags = {
        defaultShipping: typeof given.defaultShipping === 'boolean' ? given.defaultShipping : old.default_shipping,
        defaultBilling: typeof given.defaultBilling === 'boolean' ? given.defaultBilling : old.default_billing,
      };
      await takeDefaults(tx, auth.customerId, old.id, flags);
      await updateAddress(tx, auth.customerId, old.id, { ...a, ...flags }, now);
    });
    return answer(auth.customerId);
  });

  app.put<{ Params: { id: string; addressId: string }; Body: DefaultAddressBody }>('/customers/:id/address/:addressId/default', {
    attachValidation: true,
    schema: {
      tags: ['addresses'],
      summary: 'Makes the address the default shipping and/or billing address (issue 24: one call, the address\'s fields untouched; '
        + 'shipping or billing must be true).',
      security: bearer,
      params: AddressParams,
      body: DefaultAddressBody,
      response: { 200: Customer, ...errorResponses },
    },
  }, async (req) => {
    rejectBadPath(req, addressNotFound);
    const auth = await requireOwnCustomer(req, req.params.id);
    if (req.validationError) fail('validation_failed', { details: { fields: validationFields(req.validationError.validation) } });
    await setDefaultAddress(db, auth.customerId, req.params.addressId, req.body, clock());
    return answer(auth.customerId);
  });

  app.delete<{ Params: { id: string; addressId: string } }>('/customers/:id/address/:addressId', {
    attachValidation: true,
    schema: {
      tags: ['addresses'],
      summary: 'Removes an address. A default address cannot be removed while other addresses exist (choose another default first).',
      security: bearer,
      params: AddressParams,
      response: { 200: Customer, ...errorResponses },
    },
  }, async (req) => {
    rejectBadPath(req, addressNotFound);
    const auth = await requireOwnCustomer(req, req.params.id);
    await db.transaction(async (tx) => {
      await lockCustomer(tx, auth.customerId);
      const all = await addressesOf(tx, auth.customerId);
      const target = all.find((a) => a.id === req.params.addressId);
      if (!target) throw addressNotFound();
      // spec 8 "selected address cannot be removed": a default address while others exist would leave
      // checkout without a default; the last address may go.
      if ((target.default_shipping || target.default_billing) && all.length > 1) {
        fail('address_is_default');
      }
      await deleteAddress(tx, auth.customerId, target.id);
    });
    return answer(auth.customerId);
  });

  app.post<{ Params: { id: string } }>('/customers/:id/phone/verification', {
    attachValidation: true,
    schema: {
      tags: ['phone'],
      summary: 'Sends a six-digit code by SMS to the profile\'s phone number (valid ten minutes).',
      security: bearer,
      params: CustomerIdParams,
      response: { 202: PhoneVerificationResponse, ...errorResponses },
    },
  }, async (req, reply) => {
    rejectBadPath(req, customerNotFound);
    const auth = await requireOwnCustomer(req, req.params.id);
    const c = await customerById(db, auth.customerId);
    if (!c) throw customerNotFound();
    if (!c.phone) fail('phone_missing');
    if (c.phone_verified_at) fail('phone_already_verified');
    const now = clock();
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
        channel: 'sms', customerId: c.id, storeKey: req.storeKey, to: c.phone as string,
        text: renderSms('verificationCode', c.language ?? 'de', { store: req.storeKey, shop, values: { code, validMinutes: SMS_CODE_TTL_S / 60 } }),
      }, now);
    });
    outbox.deliver([id]);
    void reply.status(202);
    return { expiresAt: expiresAt.toISOString(), phone: maskPhone(c.phone) };
  });

  app.post<{ Params: { id: string }; Body: PhoneCodeBody }>('/customers/:id/phone/verification/verify', {
    attachValidation: true,
    schema: {
      tags: ['phone'],
      summary: 'Checks the SMS code. Five wrong codes lock verification for ten minutes (429 sms_locked, retryAfter).',
      security: bearer,
      params: CustomerIdParams,
      body: PhoneCodeBody,
      response: { 200: Customer, ...errorResponses },
    },
  }, async (req) => {
    rejectBadPath(req, customerNotFound);
    const auth = await requireOwnCustomer(req, req.params.id);
    const input = asInput(req.body);
    const code = typeof input.code === 'string' ? input.code.trim() : '';
    if (code === '') {
      throw fieldFailed('code', 'required');
    }
    const now = clock();
    const outcome = await db.transaction(async (tx) => {
      const c = await customerById(tx, auth.customerId, { forUpdate: true });
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
    return answer(auth.customerId);
  });
};

/** spec 8: "SMS attempts limited, retry after 10 minutes" */
function smsLocked(until: Date, now: Date): AppError {
  const retryAfter = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return new AppError('sms_locked', { details: { retryAfter } });
}
