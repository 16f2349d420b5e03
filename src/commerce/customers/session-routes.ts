// Sessions (spec 4, 7): anonymous token, refresh with rotation, sign-in with optional merge of the guest's
// data, the current customer, and merge on its own.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import Type from 'typebox';
import type {} from '@fastify/swagger';
import {
  LoginBody, LoginResponse, MeResponse, MergeBody, MergeResponse, RefreshTokenBody, TokenResponse,
} from '../../contracts/commerce.ts';
import { validationFields } from '../../lib/errors.ts';
import { revokeFamily, rotateRefreshToken } from '../auth/tokens.ts';
import { requireAuth, requireUser } from '../http/auth.ts';
import { clientIp, fromStorefront, shopOrigin } from '../lib/http.ts';
import { takeLoginAttempt } from '../lib/rate.ts';
import { bearer, errorResponses } from './common.ts';
import { SecondStepBody } from '../../contracts/second-factor.ts';
import { anonymousSession, mergeGuest, sessionCustomer, signIn, signInSecondStep } from './session-service.ts';
import { FieldErrors, asInput, emailField } from './validation.ts';

/**
 * Issue 14: the proof a caller holds the guest it wants merged. The guest's anonymous access token in this
 * header (the storefront takes it from its httpOnly ctToken cookie only). An id alone (anonymousId, the
 * script-readable ctUserId cookie) proves nothing: whoever learns it could take the guest's cart, orders and
 * deposit into their own account.
 */
export const ANONYMOUS_TOKEN_HEADER = 'x-anonymous-token';

/**
 * Issue 14, parallel first writes: the storefront's browser key (a random value in an httpOnly cookie, given
 * with the first page). Requests of one browser that carry the same key get tokens of ONE anonymous customer,
 * so two tabs writing at once fill one cart. The id is derived (sha256 of store and key), never taken from
 * outside; the key is a credential like a refresh token and never stored.
 */
export const ANONYMOUS_KEY_HEADER = 'x-anonymous-key';
/** Issue 26: the storefront's device cookie (httpOnly, 30 days): a device the account signed in on before. */
export const DEVICE_TOKEN_HEADER = 'x-device-token';
const ANONYMOUS_KEY = /^[A-Za-z0-9_-]{32,128}$/;

export const sessionRoutes: FastifyPluginAsync = async (app) => {
  const { db, clock, ttl, config } = app.commerce;

  /** The x-anonymous-token header (issue 14: the proof of the guest to merge), when one is given. */
  const anonymousToken = (req: FastifyRequest): string | undefined => {
    const raw = req.headers[ANONYMOUS_TOKEN_HEADER];
    return typeof raw === 'string' ? raw : undefined;
  };

  /** What both steps of a sign-in bring: store, time, address, budget, the guest's proof, the device cookie. */
  const signInCall = (req: FastifyRequest) => {
    const device = req.headers[DEVICE_TOKEN_HEADER];
    const ua = req.headers['x-client-user-agent'] ?? req.headers['user-agent'];
    return {
      storeKey: req.storeKey, now: clock(), clientIp: clientIp(req, config), takeAttempt: () => takeLoginAttempt(req), anonymousToken: anonymousToken(req),
      deviceToken: typeof device === 'string' ? device : undefined, userAgent: typeof ua === 'string' ? ua : undefined,
      origin: shopOrigin(req, req.storeKey, config),
    };
  };

  app.get('/admin/customers/anonymous', {
    schema: {
      tags: ['session'],
      summary: 'Creates an anonymous customer (a guest\'s cart owner) with a token set (spec 4: guests get one before creating a cart). '
        + 'With x-anonymous-key (the storefront\'s browser key) every call with the same key answers a new token set of the same anonymous customer.',
      response: { 200: TokenResponse, ...errorResponses },
    },
  }, async (req) => {
    const now = clock();
    const raw = req.headers[ANONYMOUS_KEY_HEADER];
    if (raw !== undefined && !(typeof raw === 'string' && ANONYMOUS_KEY.test(raw))) {
      const errors = new FieldErrors();
      errors.add(ANONYMOUS_KEY_HEADER, 'invalid_format');
      errors.throwIfAny();
    }
    // The key is the storefront's (from its httpOnly cookie): from anyone else it is ignored.
    const key = typeof raw === 'string' && fromStorefront(req, config) ? raw : null;
    return anonymousSession(app.commerce, req.storeKey, key, now);
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
      summary: 'Signs in with e-mail and password; anonymousId moves the guest\'s data into the account when x-anonymous-token proves it (the guest\'s live anonymous access token); merged false otherwise.',
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

    return signIn(app.commerce, signInCall(req), { email: email as string, password: password as string, anonymousId });
  });

  app.post<{ Body: SecondStepBody }>('/customers/login/second-factor', {
    schema: {
      tags: ['session'],
      summary: 'Issue 26: the second step of a sign-in after 401 second_factor_required: its pendingToken (5 minutes, single use) and a code of the '
        + 'authenticator app or a recovery code (each once). rememberDevice: this device skips the second step for 30 days (deviceToken). '
        + 'Wrong codes count against the account\'s lock (5 in 10 minutes: 429 too_many_attempts).',
      body: SecondStepBody,
      response: { 200: LoginResponse, ...errorResponses },
    },
  }, async (req) => signInSecondStep(app.commerce, signInCall(req), req.body));

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
  }, async (req) => sessionCustomer(app.commerce, await requireAuth(req)));

  app.post<{ Body: MergeBody }>('/customers/merge', {
    schema: {
      tags: ['session'],
      summary: 'Moves an anonymous customer\'s data (carts, wishlists, orders, deposit) into the signed-in customer when x-anonymous-token is that guest\'s live anonymous access token; merged false when there was nothing to move or no proof.',
      security: bearer,
      body: MergeBody,
      response: { 200: MergeResponse, ...errorResponses },
    },
  }, async (req) => {
    const auth = await requireUser(req);
    return mergeGuest(app.commerce, { storeKey: req.storeKey, now: clock(), anonymousToken: anonymousToken(req) }, auth, req.body);
  });
};
