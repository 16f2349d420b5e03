// Accounts (spec 3, 4, 5, 6, 7): registration with e-mail verification, activation and reset mails, the
// password calls, the e-mail lookups, VAT check and account deletion.
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type {} from '@fastify/swagger';
import {
  AcceptedResponse, ActivationMailBody, ChangePasswordBody, CustomerIdParams, DeleteAccountBody, EmailLookupQuery, EmailLookupResponse,
  EmailQuery, EmailVerificationQuery, EmailVerificationResponse, FirstTimeLoginResponse, OkResponse, PasswordResetMailBody, RegisterBody,
  RegisterResponse, ResetPasswordBody, VatQuery, VatValidationResponse,
} from '../../contracts/commerce.ts';
import { AppError, fieldError, validationFields } from '../../lib/errors.ts';
import { stores, type StoreKey } from '../../stores.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { requireUser } from '../http/auth.ts';
import { revokeCustomerTokens } from '../auth/tokens.ts';
import type { Db } from '../db/index.ts';
import { addSeconds } from '../lib/clock.ts';
import { clientIp, shopOrigin } from '../lib/http.ts';
import { clearLoginFailures, hitRate, loginLockRemaining, recordLoginFailure, subjectKey } from '../lib/rate.ts';
import { newSecret, sha256 } from '../lib/secrets.ts';
import { renderMail } from '../mail/index.ts';
import { activationLink, deleteMessagesOf, resetLink, shopName } from '../outbox/index.ts';
import {
  ACTIVATION_MAIL_RATE, EMAIL_TOKEN_TTL_S, LOOKUP_RATE, REGISTRATION_RATE, RESET_MAIL_RATE, RESET_TOKEN_TTL_S, bearer, customerNotFound,
  errorResponses, limitByClient, mailLanguage, requireOwnCustomer,
} from './common.ts';
import {
  accountByEmail, customerById, deleteCustomer, insertAccount, loadCustomer, lockCustomer, markEmailVerified,
  replaceOneTimeToken, resetTokenCustomerForUpdate, setPasswordHash, useOneTimeToken, verificationTokenForUpdate, type CustomerRow,
  type OneTimePurpose,
} from './repository.ts';
import { FieldErrors, asInput, emailField, fieldFailed, isEmail, messages, newPasswordField, normalizeEmail, validateProfile } from './validation.ts';
import { checkVatId } from './vat.ts';
import { tooManyAttempts } from './session-service.ts';
import { fail } from '../http/errors.ts';

type Purpose = OneTimePurpose;

/** A new single-use token; older unused ones of the same purpose stop working (issue 3: a new one voids the old). */
async function newOneTimeToken(tx: Db, customerId: string, purpose: Purpose, now: Date, ttlS: number): Promise<string> {
  const token = newSecret(purpose === 'email_verification' ? 'ev' : 'pr');
  await replaceOneTimeToken(tx, customerId, purpose, sha256(token), now, addSeconds(now, ttlS));
  return token;
}

function displayName(c: Pick<CustomerRow, 'first_name' | 'last_name'>): string | null {
  const n = [c.first_name, c.last_name].filter(Boolean).join(' ');
  return n || null;
}

export const accountRoutes: FastifyPluginAsync = async (app) => {
  const { db, clock, config, outbox } = app.commerce;
  const shop = shopName(config.MAIL_FROM);
  const tokenRateKey = (customerId: string) => customerId;

  async function sendActivation(tx: Db, req: FastifyRequest, c: CustomerRow, now: Date): Promise<number> {
    const token = await newOneTimeToken(tx, c.id, 'email_verification', now, EMAIL_TOKEN_TTL_S);
    const lang = c.language ?? 'de';
    const link = activationLink(shopOrigin(req, req.storeKey, config), lang, token);
    const mail = renderMail('account.activation', lang, { store: req.storeKey, shop, name: displayName(c), link, validHours: EMAIL_TOKEN_TTL_S / 3600 });
    return outbox.add(tx, { channel: 'mail', customerId: c.id, storeKey: req.storeKey, to: c.email as string, ...mail }, now);
  }

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

    const emailLower = normalizeEmail(email);
    const emailTaken = () => new AppError('email_taken');
    if (await accountByEmail(db, req.storeKey, emailLower)) throw emailTaken();
    const passwordHash = await hashPassword(password);
    const now = clock();
    const id = randomUUID();
    let mailId: number;
    try {
      mailId = await db.transaction(async (tx) => {
        await insertAccount(tx, {
          id, storeKey: req.storeKey, email: email as string, emailLower, passwordHash, salutation: profile.salutation, title: profile.title,
          firstName: profile.firstName, lastName: profile.lastName, phone: profile.phone, accountType: profile.accountType,
          companyName: profile.companyName, vatId: profile.vatId, language: profile.language, newsletterOptIn: profile.newsletterOptIn, now,
        });
        const row = (await customerById(tx, id)) as CustomerRow;
        return sendActivation(tx, req, row, now);
      });
    } catch (err) {
      // two registrations of one address at the same moment: the unique index decides
      if ((err as { code?: string }).code === '23505') throw emailTaken();
      throw err;
    }
    outbox.deliver([mailId]);
    const customer = await loadCustomer(db, id);
    void reply.status(201);
    return { customer, verificationRequired: true };
  });

  app.get<{ Querystring: { emailToken: string } }>('/customers/email-verification', {
    schema: {
      tags: ['customers'],
      summary: 'Verifies the e-mail address with the token of the activation link.',
      querystring: EmailVerificationQuery,
      response: { 200: EmailVerificationResponse, ...errorResponses },
    },
  }, async (req) => {
    const now = clock();
    return db.transaction(async (tx) => {
      const t = await verificationTokenForUpdate(tx, sha256(req.query.emailToken));
      if (!t || t.store_key !== req.storeKey) fail('invalid_email_token');
      // A second click on the same link (mail scanners, impatient users) is not an error once verified.
      if (t.used_at && t.email_verified_at) return { verified: true, alreadyVerified: true };
      if (t.used_at || t.voided_at) fail('invalid_email_token', { message: 'This activation link is invalid. Please use the most recent e-mail or request a new one.' });
      if (t.expires_at <= now) fail('email_token_expired');
      await useOneTimeToken(tx, sha256(req.query.emailToken), now);
      const already = t.email_verified_at !== null;
      if (!already) await markEmailVerified(tx, t.customer_id, now);
      return { verified: true, alreadyVerified: already };
    });
  });

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
    const now = clock();
    const account = await accountByEmail(db, req.storeKey, normalizeEmail(email));
    if (account && !account.email_verified_at) {
      const rate = await hitRate(db, 'activation_mail', tokenRateKey(account.id), now, ACTIVATION_MAIL_RATE);
      if (rate.allowed) outbox.deliver([await db.transaction((tx) => sendActivation(tx, req, account, now))]);
    }
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
    const now = clock();
    const account = await accountByEmail(db, req.storeKey, normalizeEmail(email));
    if (account) {
      const rate = await hitRate(db, 'reset_mail', tokenRateKey(account.id), now, RESET_MAIL_RATE);
      if (rate.allowed) {
        const lang = mailLanguage(req.body.languageTag, account.language ?? 'de');
        const id = await db.transaction(async (tx) => {
          const token = await newOneTimeToken(tx, account.id, 'password_reset', now, RESET_TOKEN_TTL_S);
          const link = resetLink(shopOrigin(req, req.storeKey, config), lang, token);
          const mail = renderMail('account.passwordReset', lang, { store: req.storeKey, shop, name: displayName(account), link });
          return outbox.add(tx, { channel: 'mail', customerId: account.id, storeKey: req.storeKey, to: account.email as string, ...mail }, now);
        });
        outbox.deliver([id]);
      }
    }
    void reply.status(202);
    return { accepted: true };
  });

  app.put<{ Body: ResetPasswordBody }>('/customers/password', {
    attachValidation: true,
    schema: {
      tags: ['customers'],
      summary: 'Sets a new password with the token of the reset link; every session of the account ends.',
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
    const hash = sha256(input.token as string);
    const passwordHash = await hashPassword(password as string);
    const now = clock();
    await db.transaction(async (tx) => {
      const customerId = await resetTokenCustomerForUpdate(tx, hash, req.storeKey, now);
      if (!customerId) fail('invalid_reset_token');
      await useOneTimeToken(tx, hash, now);
      // The link reached the mailbox, so the address is proven as well.
      await setPasswordHash(tx, customerId, passwordHash, now, { verifyEmail: true });
      await revokeCustomerTokens(tx, customerId, now);
    });
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
    const account = await customerById(db, auth.customerId);
    if (!account?.password_hash) throw customerNotFound();
    await checkPasswordConfirmation(req, account, current as string);
    const passwordHash = await hashPassword(password as string);
    const now = clock();
    await db.transaction(async (tx) => {
      await setPasswordHash(tx, account.id, passwordHash, now);
      // Whoever might know the old password is signed out everywhere else; this session stays.
      await revokeCustomerTokens(tx, account.id, now, auth.familyId);
    });
    return { ok: true };
  });

  /**
   * A password confirmation (change password, account deletion) counts against the same throttle as
   * sign-in, so a stolen session cannot be used to guess the password. Wrong: 400
   * invalid_current_password 'Entered password is incorrect.' (spec 8) with the field.
   */
  async function checkPasswordConfirmation(req: FastifyRequest, account: CustomerRow, password: string, field = 'currentPassword'): Promise<void> {
    const now = clock();
    const subject = subjectKey('login', req.storeKey, account.email_lower ?? '', clientIp(req, config));
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
    const account = await accountByEmail(db, req.storeKey, normalizeEmail(req.query.email));
    return { firstTimeLoggingIn: !!account && account.last_login_at === null };
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
    const account = await accountByEmail(db, req.query.storeKey ?? req.storeKey, normalizeEmail(req.query.email));
    return { exists: !!account };
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
    const account = await customerById(db, auth.customerId);
    if (!account) throw customerNotFound();
    await checkPasswordConfirmation(req, account, input.password, 'password');
    await db.transaction(async (tx) => {
      await lockCustomer(tx, account.id);
      // Messages addressed to the person, also those written before the account existed under this id.
      const to = [account.email, account.phone].filter((v): v is string => !!v);
      await deleteMessagesOf(tx, account.id, to);
      // what other plugins keep; the first hooks refuse (rolling all of it back): open limit orders
      // (limit_orders_exist), then metal in the depot (deposit_not_empty); then alerts, newsletter, contact
      // messages; then orders in progress (orders_in_progress, the lifecycle's hook)
      const deletion = { customerId: account.id, storeKey: req.storeKey, emailLower: account.email_lower, now: clock() };
      for (const hook of app.commerce.accountDeletionHooks) await hook(tx, deletion);
      // addresses, tokens, one-time tokens, SMS codes, orders and limit orders follow by cascade
      await deleteCustomer(tx, account.id);
    });
    return { ok: true };
  });
};

const invalidEmail = () => new AppError('validation_failed', { message: messages.invalid_email, details: { fields: [fieldError('email', 'invalid_email')] } });
