// The signed-in customer's own data (spec 3, 5, 7): profile, addresses with default shipping and billing,
// phone verification by SMS code (spec 8, 9; the calls are ours: the spec does not show them).
import { randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type {} from '@fastify/swagger';
import {
  AddressBody, AddressParams, Customer, CustomerIdParams, PhoneCodeBody, PhoneVerificationResponse, ProfileBody,
} from '../../contracts/commerce.ts';
import { AppError, validationFields } from '../../lib/errors.ts';
import type { Db } from '../db/index.ts';
import { addSeconds } from '../lib/clock.ts';
import { hitRate } from '../lib/rate.ts';
import { sha256 } from '../lib/secrets.ts';
import { renderSms } from '../mail/index.ts';
import { shopName } from '../outbox/templates.ts';
import {
  MAX_ADDRESSES, SMS_CODE_TTL_S, SMS_LOCK_S, SMS_MAX_ATTEMPTS, SMS_SEND_RATES, bearer, customerNotFound, errorResponses, requireOwnCustomer,
} from './common.ts';
import { addressesOf, customerById, loadCustomer, type AddressRow, type CustomerRow } from './repository.ts';
import { FieldErrors, asInput, fieldFailed, validateAddress, validateProfile, type AddressValues, type ProfileValues } from './validation.ts';

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
  if (!address) throw new AppError('validation_failed', { message: 'Invalid request.' });
  return { body, address };
}

/** Clears the other addresses' default flags the new or changed address takes (at most one of each). */
async function takeDefaults(tx: Db, customerId: string, addressId: string, a: { defaultShipping: boolean; defaultBilling: boolean }): Promise<void> {
  if (a.defaultShipping) {
    await tx.query('update addresses set default_shipping = false where customer_id = $1 and id <> $2 and default_shipping', [customerId, addressId]);
  }
  if (a.defaultBilling) {
    await tx.query('update addresses set default_billing = false where customer_id = $1 and id <> $2 and default_billing', [customerId, addressId]);
  }
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
    if (!p) throw new AppError('validation_failed', { message: 'Invalid request.' });
    const now = clock();
    await db.query(
      `update customers set salutation = $2, title = $3, first_name = $4, last_name = $5, phone = $6, account_type = $7,
         company_name = $8, vat_id = $9, language = $10, newsletter_opt_in = $11, updated_at = $12,
         phone_verified_at = case when phone is not distinct from $6 then phone_verified_at else null end
       where id = $1`,
      [current.id, p.salutation, p.title, p.firstName, p.lastName, p.phone, p.accountType, p.companyName, p.vatId, p.language, p.newsletterOptIn, now],
    );
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
      await tx.query('select id from customers where id = $1 for update', [auth.customerId]);
      const existing = await addressesOf(tx, auth.customerId);
      if (existing.length >= MAX_ADDRESSES) {
        throw new AppError('too_many_addresses', { message: `An account can keep at most ${MAX_ADDRESSES} addresses.` });
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
      await tx.query('select id from customers where id = $1 for update', [auth.customerId]);
      const rows = await tx.query<AddressRow>('select * from addresses where id = $1 and customer_id = $2', [req.params.addressId, auth.customerId]);
      const old = rows[0];
      if (!old) throw addressNotFound();
      const flags = {
        defaultShipping: typeof given.defaultShipping === 'boolean' ? given.defaultShipping : old.default_shipping,
        defaultBilling: typeof given.defaultBilling === 'boolean' ? given.defaultBilling : old.default_billing,
      };
      await takeDefaults(tx, auth.customerId, old.id, flags);
      await tx.query(
        `update addresses set title = $3, first_name = $4, last_name = $5, company = $6, street_name = $7, street_number = $8,
           apartment = $9, zip_code = $10, city = $11, state = $12, country = $13, phone = $14, default_shipping = $15,
           default_billing = $16, updated_at = $17
         where id = $1 and customer_id = $2`,
        [old.id, auth.customerId, a.title, a.firstName, a.lastName, a.company, a.streetName, a.streetNumber, a.apartment, a.zipCode,
          a.city, a.state, a.country, a.phone, flags.defaultShipping, flags.defaultBilling, now],
      );
    });
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
      await tx.query('select id from customers where id = $1 for update', [auth.customerId]);
      const all = await addressesOf(tx, auth.customerId);
      const target = all.find((a) => a.id === req.params.addressId);
      if (!target) throw addressNotFound();
      // spec 8 "selected address cannot be removed": a default address while others exist would leave
      // checkout without a default; the last address may go.
      if ((target.default_shipping || target.default_billing) && all.length > 1) {
        throw new AppError('address_is_default');
      }
      await tx.query('delete from addresses where id = $1 and customer_id = $2', [target.id, auth.customerId]);
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
    if (!c.phone) throw new AppError('phone_missing');
    if (c.phone_verified_at) throw new AppError('phone_already_verified');
    const now = clock();
    const pending = await db.query<{ locked_until: Date | null }>('select locked_until from sms_codes where customer_id = $1', [c.id]);
    const lockedUntil = pending[0]?.locked_until;
    if (lockedUntil && lockedUntil > now) throw smsLocked(lockedUntil, now);
    for (const [i, rule] of SMS_SEND_RATES.entries()) {
      const r = await hitRate(db, `sms_send_${i}`, c.id, now, rule);
      if (!r.allowed) throw new AppError('sms_rate_limited', { details: { retryAfter: r.retryAfter } });
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const salt = randomBytes(16).toString('hex');
    const expiresAt = addSeconds(now, SMS_CODE_TTL_S);
    const id = await db.transaction(async (tx) => {
      await tx.query(
        `insert into sms_codes (customer_id, phone, code_hash, salt, created_at, expires_at, failed_attempts, locked_until)
         values ($1, $2, $3, $4, $5, $6, 0, null)
         on conflict (customer_id) do update set phone = $2, code_hash = $3, salt = $4, created_at = $5, expires_at = $6,
           failed_attempts = 0, locked_until = null`,
        [c.id, c.phone, sha256(salt + code), salt, now, expiresAt],
      );
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
      const rows = await tx.query<{ phone: string; code_hash: string; salt: string; expires_at: Date; failed_attempts: number; locked_until: Date | null }>(
        'select * from sms_codes where customer_id = $1',
        [c.id],
      );
      const p = rows[0];
      if (!p || p.phone !== c.phone) throw new AppError('no_pending_code');
      if (p.locked_until && p.locked_until > now) throw smsLocked(p.locked_until, now);
      if (p.expires_at <= now) throw new AppError('code_expired');
      const given = Buffer.from(sha256(p.salt + code), 'hex');
      if (timingSafeEqual(given, Buffer.from(p.code_hash, 'hex'))) {
        await tx.query('delete from sms_codes where customer_id = $1', [c.id]);
        await tx.query('update customers set phone_verified_at = $2, updated_at = $2 where id = $1', [c.id, now]);
        return { ok: true as const };
      }
      const failed = p.failed_attempts + 1;
      const lock = failed >= SMS_MAX_ATTEMPTS ? addSeconds(now, SMS_LOCK_S) : null;
      await tx.query('update sms_codes set failed_attempts = $2, locked_until = $3 where customer_id = $1', [c.id, failed, lock]);
      // the failure is committed (not rolled back by a throw inside the transaction)
      return { ok: false as const, failed, lock };
    });
    if (!outcome.ok) {
      if (outcome.lock) throw smsLocked(outcome.lock, now);
      throw new AppError('invalid_code', { details: { attemptsLeft: SMS_MAX_ATTEMPTS - outcome.failed } });
    }
    return answer(auth.customerId);
  });
};

/** spec 8: "SMS attempts limited, retry after 10 minutes" */
function smsLocked(until: Date, now: Date): AppError {
  const retryAfter = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return new AppError('sms_locked', { details: { retryAfter } });
}

async function insertAddress(tx: Db, customerId: string, id: string, a: AddressValues, now: Date): Promise<void> {
  await tx.query(
    `insert into addresses (id, customer_id, title, first_name, last_name, company, street_name, street_number, apartment, zip_code,
       city, state, country, phone, default_shipping, default_billing, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $17)`,
    [id, customerId, a.title, a.firstName, a.lastName, a.company, a.streetName, a.streetNumber, a.apartment, a.zipCode, a.city,
      a.state, a.country, a.phone, a.defaultShipping, a.defaultBilling, now],
  );
}
