// Sessions (spec 4, 7): anonymous token, refresh with rotation, sign-in with optional merge of the guest's
// data, the current customer, and merge on its own.
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import Type from 'typebox';
import type {} from '@fastify/swagger';
import {
  LoginBody, LoginResponse, MeResponse, MergeBody, MergeResponse, RefreshTokenBody, TokenResponse,
} from '../../contracts/commerce.ts';
import { AppError, validationFields } from '../../lib/errors.ts';
import { dummyHash, verifyPassword } from '../auth/passwords.ts';
import { authenticate, issueTokenSet, revokeFamily, rotateRefreshToken } from '../auth/tokens.ts';
import { requireAuth, requireUser } from '../http/auth.ts';
import { clientIp, fromStorefront } from '../lib/http.ts';
import { clearLoginFailures, loginLockRemaining, recordLoginFailure, subjectKey, takeLoginAttempt } from '../lib/rate.ts';
import { bearer, customerNotFound, errorResponses } from './common.ts';
import { mergeAnonymous } from './merge.ts';
import { accountByEmail, customerKind, insertAnonymousCustomer, loadCustomer, setLastLogin } from './repository.ts';
import { FieldErrors, asInput, emailField, normalizeEmail } from './validation.ts';
import { fail } from '../http/errors.ts';

export const invalidCredentials = () => new AppError('invalid_credentials');
export const tooManyAttempts = (retryAfter: number) =>
  new AppError('too_many_attempts', { details: { retryAfter } });

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
const ANONYMOUS_KEY = /^[A-Za-z0-9_-]{32,128}$/;
/** How long after its first write a browser key still joins the same anonymous customer. */
export const KEY_JOIN_WINDOW_MS = 60_000;

/** A UUID (version 4 bits) derived from the store and the browser key. */
export function anonymousIdForKey(storeKey: string, key: string): string {
  const b = createHash('sha256').update(`anonymous-customer:${storeKey}:${key}`).digest();
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = b.subarray(0, 16).toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export const sessionRoutes: FastifyPluginAsync = async (app) => {
  const { db, clock, ttl, config } = app.commerce;

  /**
   * True when the request presents a live anonymous access token (not expired, not revoked, Anonymous level,
   * this store) whose customer is `anonymousId`. Decision: the access token, not the refresh token, is the
   * proof; an expired one proves nothing (the storefront refreshes first: it asks GET /customers/me with it,
   * which refreshes on the way).
   */
  async function holdsAnonymous(req: FastifyRequest, anonymousId: string, now: Date): Promise<boolean> {
    const raw = req.headers[ANONYMOUS_TOKEN_HEADER];
    if (typeof raw !== 'string' || raw.trim() === '') return false;
    const auth = await authenticate(db, raw.trim(), req.storeKey, now);
    return auth !== null && auth.level === 'Anonymous' && auth.customerId === anonymousId;
  }

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
    return db.transaction(async (tx) => {
      let id = key ? anonymousIdForKey(req.storeKey, key) : randomUUID();
      // Parallel calls with one key: the first inserts, the others wait for its commit and find the row.
      await insertAnonymousCustomer(tx, id, req.storeKey, now, { ifAbsent: true });
      const row = await customerKind(tx, id);
      // Never a registered customer's tokens (a hash collision is not expected, but cheap to rule out). And a
      // key joins only the first moments of a browser (KEY_JOIN_WINDOW_MS): the storefront drops the key as
      // soon as the browser holds tokens, so a key presented later is a copy, and a copy must not open the
      // guest's cart and orders weeks after; it gets a customer of its own.
      if (row?.kind !== 'anonymous' || row.store_key !== req.storeKey
        || now.getTime() - new Date(row.created_at).getTime() > KEY_JOIN_WINDOW_MS) {
        id = randomUUID();
        await insertAnonymousCustomer(tx, id, req.storeKey, now);
      }
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

    const now = clock();
    const emailLower = normalizeEmail(email as string);
    const subject = subjectKey('login', req.storeKey, emailLower, clientIp(req, config));
    const wait = await loginLockRemaining(db, subject, now);
    if (wait > 0) throw tooManyAttempts(wait);
    const attempt = await takeLoginAttempt(req); // issue 14: failed sign-ins per client address

    const account = await accountByEmail(db, req.storeKey, emailLower);
    // Unknown e-mails cost one scrypt as well, so the answer time does not tell whether the account exists.
    const ok = await verifyPassword(password as string, account?.password_hash ?? (await dummyHash()));
    if (!account || !ok) {
      const { lockS: lock } = await recordLoginFailure(db, subject, now);
      if (lock > 0) throw tooManyAttempts(lock);
      throw invalidCredentials();
    }
    await clearLoginFailures(db, subject);
    await attempt.succeeded();
    // Only after the right password: telling a stranger that an address is registered but unverified
    // would confirm the account.
    if (!account.email_verified_at) {
      fail('email_not_verified');
    }

    // issue 14: only the holder of the guest's anonymous token moves the guest's data (checked before the
    // transaction: PGlite has one connection)
    const proven = anonymousId !== undefined && (await holdsAnonymous(req, anonymousId, now));
    const out = await db.transaction(async (tx) => {
      await setLastLogin(tx, account.id, now);
      const merged = anonymousId && proven
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
    if (!customer) fail('invalid_token');
    return { tokenLevel: 'User' as const, ownerId: auth.customerId, customer };
  });

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
    if (auth.customerId !== req.body.customerId) throw customerNotFound();
    const now = clock();
    if (!(await holdsAnonymous(req, req.body.anonymousId, now))) return { merged: false };
    const merged = await db.transaction((tx) =>
      mergeAnonymous(tx, app.commerce.mergeHooks, { anonymousId: req.body.anonymousId, customerId: auth.customerId, storeKey: req.storeKey, now }),
    );
    return { merged };
  });
};
