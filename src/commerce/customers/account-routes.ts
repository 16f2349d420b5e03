// Accounts (spec 3, 4, 5, 6, 7): registration with e-mail verification, activation and reset mails, the
// password calls, the e-mail lookups, VAT check and account deletion. The rules: account-service.ts.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type {} from '@fastify/swagger';
import {
  AcceptedResponse, ActivationMailBody, ChangePasswordBody, CustomerIdParams, DeleteAccountBody, EmailLookupQuery, EmailLookupResponse,
  EmailQuery, EmailVerificationQuery, EmailVerificationResponse, FirstTimeLoginResponse, OkResponse, PasswordResetMailBody, RegisterBody,
  RegisterResponse, ResetPasswordBody, VatQuery, VatValidationResponse,
} from '../../contracts/commerce.ts';
import { AppError, fieldError, validationFields } from '../../lib/errors.ts';
import { stores, type StoreKey } from '../../stores.ts';
import { requireUser } from '../http/auth.ts';
import { clientIp, shopOrigin } from '../lib/http.ts';
import { shopName } from '../outbox/index.ts';
import {
  accountExists, changePassword, deleteAccount, firstTimeLoggingIn, register, resendActivation, resetPassword, sendPasswordReset, verifyEmail,
  type AccountCall,
} from './account-service.ts';
import {
  LOOKUP_RATE, REGISTRATION_RATE, bearer, customerNotFound, errorResponses, limitByClient, requireOwnCustomer,
} from './common.ts';
import { FieldErrors, asInput, emailField, fieldFailed, isEmail, messages, newPasswordField, validateProfile } from './validation.ts';
import { checkVatId } from './vat.ts';
import { fail } from '../http/errors.ts';

export const accountRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.commerce;
  const { db, clock, config } = ctx;
  const shop = shopName(config.MAIL_FROM);
  const callOf = (req: FastifyRequest): AccountCall => ({
    storeKey: req.storeKey, now: clock(), shop, origin: shopOrigin(req, req.storeKey, config), clientIp: clientIp(req, config),
  });

  app.post<{ Body: RegisterBody }>('/customers', {
    attachValidation: true,
    schema: {
      tags: ['customers'],
      summary: 'Registers an account and sends the activation mail; sign-in works once the e-mail is verified (spec 4).',
      body: RegisterBody,
      response: { 201: RegisterResponse, ...errorResponses },
    },
  }, async (req, reply) => {
    const input = asInput(req.body);
    const errors = new FieldErrors();
    const email = emailField(input, errors);
    const password = newPasswordField(input, 'password', errors);
    const profile = validateProfile(input, req.storeKey, errors);
    if (req.validationError && errors.empty) errors.list.push(...validationFields(req.validationError.validation));
    errors.throwIfAny();
    if (!email || !password || !profile) fail('validation_failed', { message: 'Invalid request.' });
    await limitByClient(req, 'register', REGISTRATION_RATE);

    const registered = await register(ctx, callOf(req), { email, password, profile });
    void reply.status(201);
    return registered;
  });

  app.get<{ Querystring: { emailToken: string } }>('/customers/email-verification', {
    schema: {
      tags: ['customers'],
      summary: 'Verifies the e-mail address with the token of the activation link.',
      querystring: EmailVerificationQuery,
      response: { 200: EmailVerificationResponse, ...errorResponses },
    },
  }, async (req) => verifyEmail(db, req.storeKey, req.query.emailToken, clock()));

  app.post<{ Body: ActivationMailBody }>('/customers/emails/registration-activation', {
    schema: {
      tags: ['customers'],
      summary: 'Sends the activation mail again. The answer is the same whether or not the address has an unverified account.',
      body: ActivationMailBody,
      response: { 202: AcceptedResponse, ...errorResponses },
    },
  }, async (req, reply) => {
    const email = req.body.email.trim();
    if (!isEmail(email)) throw invalidEmail();
    await resendActivation(ctx, callOf(req), email);
    void reply.status(202);
    return { accepted: true };
  });

  app.post<{ Body: PasswordResetMailBody }>('/customers/emails/password-reset', {
    schema: {
      tags: ['customers'],
      summary: 'Sends a password reset link (valid one hour, single use). The answer is the same whether or not the address has an account.',
      body: PasswordResetMailBody,
      response: { 202: AcceptedResponse, ...errorResponses },
    },
  }, async (req, reply) => {
    const email = req.body.email.trim();
    if (!isEmail(email)) throw invalidEmail();
    await sendPasswordReset(ctx, callOf(req), email, req.body.languageTag);
    void reply.status(202);
    return { accepted: true };
  });

  app.put<{ Body: ResetPasswordBody }>('/customers/password', {
    attachValidation: true,
    schema: {
      tags: ['customers'],
      summary: 'Sets a new password with the token of the reset link; every session of the account ends, remembered devices and passkeys are removed, and the customer gets a mail.',
      body: ResetPasswordBody,
      response: { 200: OkResponse, ...errorResponses },
    },
  }, async (req) => {
    const input = asInput(req.body);
    const errors = new FieldErrors();
    if (typeof input.token !== 'string' || input.token === '') errors.add('token', 'required');
    const password = newPasswordField(input, 'newPassword', errors);
    if (req.validationError && errors.empty) errors.list.push(...validationFields(req.validationError.validation));
    errors.throwIfAny();
    await resetPassword(ctx, callOf(req), input.token as string, password as string);
    return { ok: true };
  });

  app.put<{ Body: ChangePasswordBody }>('/customers/change-password', {
    attachValidation: true,
    schema: {
      tags: ['customers'],
      summary: 'Changes the password (current password required); other sessions of the account end.',
      security: bearer,
      body: ChangePasswordBody,
      response: { 200: OkResponse, ...errorResponses },
    },
  }, async (req) => {
    const auth = await requireUser(req);
    const input = asInput(req.body);
    const errors = new FieldErrors();
    const current = input.currentPassword;
    if (typeof current !== 'string' || current === '') errors.add('currentPassword', 'required');
    const password = newPasswordField(input, 'newPassword', errors);
    if (req.validationError && errors.empty) errors.list.push(...validationFields(req.validationError.validation));
    errors.throwIfAny();
    await changePassword(ctx, callOf(req), auth, { currentPassword: current as string, newPassword: password as string });
    return { ok: true };
  });

  app.get<{ Querystring: { email: string } }>('/customers/check-first-time-logging-in', {
    schema: {
      tags: ['customers'],
      summary: 'Whether the account of this e-mail (in this store) has never signed in; false for unknown addresses.',
      querystring: EmailQuery,
      response: { 200: FirstTimeLoginResponse, ...errorResponses },
    },
  }, async (req) => {
    if (!isEmail(req.query.email.trim())) throw invalidEmail();
    await limitByClient(req, 'email_lookup', LOOKUP_RATE);
    return { firstTimeLoggingIn: await firstTimeLoggingIn(db, req.storeKey, req.query.email) };
  });

  app.get<{ Querystring: { email: string; storeKey?: StoreKey } }>('/customers/email', {
    schema: {
      tags: ['customers'],
      summary: 'Whether an account exists for the e-mail in the store (checkout: "please log in"). Nothing else about it.',
      querystring: EmailLookupQuery,
      response: { 200: EmailLookupResponse, ...errorResponses },
    },
  }, async (req) => {
    if (!isEmail(req.query.email.trim())) throw invalidEmail();
    await limitByClient(req, 'email_lookup', LOOKUP_RATE);
    return { exists: await accountExists(db, req.query.storeKey ?? req.storeKey, req.query.email) };
  });

  app.get<{ Querystring: { vat: string } }>('/customers/vat-validation', {
    schema: {
      tags: ['customers'],
      summary: 'Checks a VAT id\'s format (and check digit for AT, DE, CH); digits alone are read for the store\'s country.',
      querystring: VatQuery,
      response: { 200: VatValidationResponse, ...errorResponses },
    },
  }, async (req) => checkVatId(req.query.vat, stores[req.storeKey].country));

  app.delete<{ Params: { id: string }; Body: { password: string } }>('/customers/:id', {
    attachValidation: true,
    schema: {
      tags: ['customers'],
      summary: 'Deletes the account after password confirmation: all personal data, order history, addresses, sessions and messages. Blocked while limit orders are open or the depot holds metal.',
      security: bearer,
      params: CustomerIdParams,
      body: DeleteAccountBody,
      response: { 200: OkResponse, ...errorResponses },
    },
  }, async (req) => {
    if (req.validationError?.validationContext === 'params') throw customerNotFound();
    const auth = await requireOwnCustomer(req, req.params.id);
    const input = asInput(req.body);
    if (typeof input.password !== 'string' || input.password === '') {
      throw fieldFailed('password', 'required');
    }
    await deleteAccount(ctx, callOf(req), auth, input.password);
    return { ok: true };
  });
};

const invalidEmail = () => new AppError('validation_failed', { message: messages.invalid_email, details: { fields: [fieldError('email', 'invalid_email')] } });
