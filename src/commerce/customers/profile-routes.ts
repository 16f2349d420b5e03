// The signed-in customer's own data (spec 3, 5, 7): profile, addresses with default shipping and billing,
// phone verification by SMS code (spec 8, 9; the calls are ours: the spec does not show them).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type {} from '@fastify/swagger';
import {
  AddressBody, AddressParams, Customer, CustomerIdParams, DefaultAddressBody, PhoneCodeBody, PhoneVerificationResponse, ProfileBody,
  type FieldError,
} from '../../contracts/commerce.ts';
import { AppError, validationFields } from '../../lib/errors.ts';
import { shopName } from '../outbox/index.ts';
import { bearer, customerNotFound, errorResponses, requireOwnCustomer } from './common.ts';
import {
  addAddress, addressNotFound, changeProfile, makeDefaultAddress, removeAddress, replaceAddress, sendPhoneCode, verifyPhoneCode, type OwnDataCall,
} from './profile-service.ts';
import { FieldErrors, asInput, fieldFailed, validateAddress, type AddressValues } from './validation.ts';
import { fail } from '../http/errors.ts';

/** Path ids that are not uuids cannot name anything of the caller: 404, the same as a foreign id. */
function rejectBadPath(req: FastifyRequest, notFound: () => AppError): void {
  if (req.validationError?.validationContext === 'params') throw notFound();
}

/** The body's schema errors (none for the path's): reported where the field rules found none. */
function schemaErrors(req: FastifyRequest): FieldError[] {
  return req.validationError && req.validationError.validationContext !== 'params' ? validationFields(req.validationError.validation) : [];
}

/** Field errors of the body (all of them), plus schema errors the field rules did not already cover. */
function bodyErrors(req: FastifyRequest, errors: FieldErrors): void {
  if (errors.empty) errors.list.push(...schemaErrors(req));
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

export const profileRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.commerce;
  const { clock, config } = ctx;
  const shop = shopName(config.MAIL_FROM);

  /** The caller's own data named in the path (another customer's id: 404). */
  const ownCall = async (req: FastifyRequest<{ Params: { id: string } }>): Promise<OwnDataCall> => ({
    customerId: (await requireOwnCustomer(req, req.params.id)).customerId, storeKey: req.storeKey, now: clock(),
  });

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
    return changeProfile(ctx, await ownCall(req), req.body, schemaErrors(req));
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
    const call = await ownCall(req);
    return addAddress(ctx, call, addressFromBody(req).address);
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
    const call = await ownCall(req);
    const { body, address } = addressFromBody(req);
    return replaceAddress(ctx, call, req.params.addressId, address, asInput(body.address));
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
    const call = await ownCall(req);
    if (req.validationError) fail('validation_failed', { details: { fields: validationFields(req.validationError.validation) } });
    return makeDefaultAddress(ctx, call, req.params.addressId, req.body);
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
    return removeAddress(ctx, await ownCall(req), req.params.addressId);
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
    const sent = await sendPhoneCode(ctx, { ...(await ownCall(req)), shop });
    return reply.status(202).send(sent);
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
    const call = await ownCall(req);
    const input = asInput(req.body);
    const code = typeof input.code === 'string' ? input.code.trim() : '';
    if (code === '') {
      throw fieldFailed('code', 'required');
    }
    return verifyPhoneCode(ctx, call, code);
  });
};
