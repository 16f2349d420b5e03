// Sessions (spec 4, 7): anonymous token, refresh with rotation, sign-in with optional merge of the guest's
// data, the current customer, and merge on its own.
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import Type from 'typebox';
import type {} from '@fastify/swagger';
import {
  LoginBody, LoginResponse, MeResponse, MergeBody, MergeResponse, RefreshTokenBody, TokenResponse,
} from '../../contracts/commerce.ts';
import { AppError, validationFields } from '../../lib/errors.ts';
import { dummyHash, verifyPassword } from '../auth/passwords.ts';
import { issueTokenSet, revokeFamily, rotateRefreshToken } from '../auth/tokens.ts';
import { requireAuth, requireUser } from '../context.ts';
import { clientIp } from '../lib/http.ts';
import { clearLoginFailures, loginLockRemaining, recordLoginFailure, subjectKey, takeLoginAttempt } from '../lib/rate.ts';
import { bearer, customerNotFound, errorResponses } from './common.ts';
import { mergeAnonymous } from './merge.ts';
import { accountByEmail, loadCustomer } from './repository.ts';
import { FieldErrors, asInput, emailField, normalizeEmail } from './validation.ts';

export const invalidCredentials = () => new AppError('invalid_credentials');
export const tooManyAttempts = (retryAfter: number) =>
  new AppError('too_many_attempts', { details: { retryAfter } });

export const sessionRoutes: FastifyPluginAsync = async (app) => {
  const { db, clock, ttl, config } = app.commerce;

  app.get('/admin/customers/anonymous', {
    schema: {
      tags: ['session'],
      summary: 'Creates an anonymous customer (a guest\'s cart owner) with a token set (spec 4: guests get one before creating a cart).',
      response: { 200: TokenResponse, ...errorResponses },
    },
  }, async (req) => {
    const now = clock();
    const id = randomUUID();
    return db.transaction(async (tx) => {
      await tx.query(
        `insert into customers (id, store_key, kind, created_at, updated_at) values ($1, $2, 'anonymous', $3, $3)`,
        [id, req.storeKey, now],
      );
      return issueTokenSet(tx, { customerId: id, level: 'Anonymous', storeKey: req.storeKey, now, ttl });
    });
  });

  app.post<{ Body: RefreshTokenBody }>('/admin/customers/refresh-token', {
    schema: {
      tags: ['session'],
      summary: 'Exchanges a refresh token for a new token set; the old refresh token stops working (reuse: 400 and the session ends).',
      body: RefreshTokenBody,
      response: { 200: TokenResponse, ...errorResponses },
    },
  }, async (req) => rotateRefreshToken(db, req.body.refreshToken, req.storeKey, clock(), ttl));

  app.post<{ Body: LoginBody }>('/customers/login', {
    attachValidation: true,
    schema: {
      tags: ['session'],
      summary: 'Signs in with e-mail and password; anonymousId moves the guest\'s data into the account.',
      body: LoginBody,
      response: { 200: LoginResponse, ...errorResponses },
    },
  }, async (req) => {
    const input = asInput(req.body);
    const errors = new FieldErrors();
    const email = emailField(input, errors);
    const password = input.password;
    if (typeof password !== 'string' || password === '') errors.add('password', 'required');
    const anonymousId = typeof input.anonymousId === 'string' ? input.anonymousId : undefined;
    if (req.validationError && errors.empty) errors.list.push(...validationFields(req.validationError.validation));
    errors.throwIfAny();

    const now = clock();
    const emailLower = normalizeEmail(email as string);
    const subject = subjectKey('login', req.storeKey, emailLower, clientIp(req, config.TRUST_PROXY === 'on'));
    const wait = await loginLockRemaining(db, subject, now);
    if (wait > 0) throw tooManyAttempts(wait);
    const attempt = await takeLoginAttempt(req); // issue 14: failed sign-ins per client address

    const account = await accountByEmail(db, req.storeKey, emailLower);
    // Unknown e-mails cost one scrypt as well, so the answer time does not tell whether the account exists.
    const ok = await verifyPassword(password as string, account?.password_hash ?? (await dummyHash()));
    if (!account || !ok) {
      const lock = await recordLoginFailure(db, subject, now);
      if (lock > 0) throw tooManyAttempts(lock);
      throw invalidCredentials();
    }
    await clearLoginFailures(db, subject);
    await attempt.succeeded();
    // Only after the right password: telling a stranger that an address is registered but unverified
    // would confirm the account.
    if (!account.email_verified_at) {
      throw new AppError('email_not_verified');
    }

    const out = await db.transaction(async (tx) => {
      await tx.query('update customers set last_login_at = $2 where id = $1', [account.id, now]);
      const merged = anonymousId
        ? await mergeAnonymous(tx, app.commerce.mergeHooks, { anonymousId, customerId: account.id, storeKey: req.storeKey, now })
        : false;
      const tokens = await issueTokenSet(tx, { customerId: account.id, level: 'User', storeKey: req.storeKey, now, ttl });
      return { tokens, merged };
    });
    const customer = await loadCustomer(db, account.id);
    if (!customer) throw invalidCredentials(); // deleted in between
    return { ...out.tokens, customer, merged: out.merged };
  });

  // Not in spec 7's list: sign-out must end the session on the server too, not only forget the cookies,
  // so a copied token is worthless afterwards.
  app.post('/customers/logout', {
    schema: {
      tags: ['session'],
      summary: 'Signs out: revokes the access and refresh tokens of this session (other sessions stay).',
      security: bearer,
      response: { 200: Type.Object({ ok: Type.Literal(true) }), ...errorResponses },
    },
  }, async (req) => {
    const auth = await requireAuth(req);
    await revokeFamily(db, auth.familyId, clock());
    return { ok: true as const };
  });

  app.get('/customers/me', {
    schema: {
      tags: ['session'],
      summary: 'The session\'s customer; tokenLevel says Anonymous (customer null) or User.',
      security: bearer,
      response: { 200: MeResponse, ...errorResponses },
    },
  }, async (req) => {
    const auth = await requireAuth(req);
    if (auth.level === 'Anonymous') return { tokenLevel: 'Anonymous' as const, ownerId: auth.customerId, customer: null };
    const customer = await loadCustomer(db, auth.customerId);
    if (!customer) throw new AppError('invalid_token');
    return { tokenLevel: 'User' as const, ownerId: auth.customerId, customer };
  });

  app.post<{ Body: MergeBody }>('/customers/merge', {
    schema: {
      tags: ['session'],
      summary: 'Moves an anonymous customer\'s data (carts, wishlists) into the signed-in customer; merged false when there was nothing to move.',
      security: bearer,
      body: MergeBody,
      response: { 200: MergeResponse, ...errorResponses },
    },
  }, async (req) => {
    const auth = await requireUser(req);
    if (auth.customerId !== req.body.customerId) throw customerNotFound();
    const now = clock();
    const merged = await db.transaction((tx) =>
      mergeAnonymous(tx, app.commerce.mergeHooks, { anonymousId: req.body.anonymousId, customerId: auth.customerId, storeKey: req.storeKey, now }),
    );
    return { merged };
  });
};
