// The session-aware commerce client: CommerceHttp (store key, spec 7 retry rule, { data, error }) plus the
// customer's tokens from the request's cookies, and spec 4's branches on a 401:
// - with a refresh token: refresh (one refresh in flight per session) and retry once;
// - with no token at all: fetch an anonymous token (GET /admin/customers/anonymous) and retry;
// - with a token but no refresh token: authentication failed, 'No refresh token found. Session has
//   expired.' (spec 8), and the session ends.
// A token about to expire (ctTokenExpiresAt) is refreshed before the call. A refresh that fails on a 5xx or
// a network fault keeps the session; only a rejected refresh token ends it (session_expired). New tokens
// go to the answer's cookies at once, also while a page's loaders run.
import type { FastifyBaseLogger } from 'fastify';
import type { MeResponse, TokenResponse } from '../../contracts/commerce.ts';
import type { CallError, Result } from '../../contracts/result.ts';
import type { SessionInfo } from '../../contracts/shop-api.ts';
import type { Refresher } from '../session/refresh.ts';
import { isTokenResponse } from '../session/refresh.ts';
import type { RequestSession } from '../session/request-session.ts';
import { fail, ok, type CallOptions, type CommerceHttp } from './http.ts';

/** Decision: refresh when less than a minute is left, so a call never starts with a token that dies on the way. */
export const REFRESH_AHEAD_MS = 60_000;

/** spec 8 */
export const NO_REFRESH_TOKEN_MESSAGE = 'No refresh token found. Session has expired.';
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. We have logged you out.';

export function sessionExpired(reason: 'no_refresh_token' | 'refresh_rejected' | 'ended'): CallError {
  return {
    code: 'session_expired',
    status: 401,
    message: reason === 'no_refresh_token' ? NO_REFRESH_TOKEN_MESSAGE : SESSION_EXPIRED_MESSAGE,
    details: { reason },
  };
}

/** The session could not be renewed right now (the service is away); the customer stays signed in. */
export const SESSION_UNAVAILABLE: CallError = {
  code: 'session_unavailable',
  status: 503,
  message: 'The session could not be renewed right now. Please try again in a moment.',
};

export type SessionCallOptions = Omit<CallOptions, 'store' | 'token'> & {
  /**
   * session (default): the customer's token when there is one, spec 4's 401 branches;
   * none: public call, no token.
   */
  auth?: 'session' | 'none';
  /** spec 4: a guest without any token gets an anonymous token on a 401 (cart calls). Default false:
   * reading "who am I" must not create a guest customer for every visitor. */
  anonymousOn401?: boolean;
};

export interface SessionClientDeps {
  http: CommerceHttp;
  refresher: Refresher;
  session: RequestSession;
  /** sent with every call: x-client-ip (per-visitor rate limits) with x-service-token (the service credential
   * without which commerce ignores the address, src/lib/service-secret.ts), x-request-id, x-shop-origin */
  headers: Record<string, string>;
  log?: FastifyBaseLogger;
  now?: () => number;
}

/**
 * Issue 26: 401 answers about what the customer typed (a code of the authenticator app), not about the token:
 * neither refreshed nor sent again, so one wrong code counts once against its limit of 5 tries.
 */
const ANSWER_NOT_TOKEN = new Set(['invalid_second_factor', 'second_factor_required', 'invalid_credentials', 'invalid_pending_sign_in']);

export class SessionClient {
  private readonly deps: SessionClientDeps;

  constructor(deps: SessionClientDeps) {
    this.deps = deps;
  }

  get session(): RequestSession {
    return this.deps.session;
  }

  info(): SessionInfo {
    return this.deps.session.info();
  }

  async call<T>(opts: SessionCallOptions): Promise<Result<T>> {
    const { http, session } = this.deps;
    const send = (token: string | null) =>
      http.call<T>({ ...opts, store: session.store, token, headers: { ...this.deps.headers, ...(opts.headers ?? {}) } });
    if (opts.auth === 'none') return send(null);
    // read afresh each time: a refresh or an anonymous token may have replaced the session meanwhile
    const token = (): string | null => session.current?.accessToken ?? null;

    let refreshed = false;
    const before = session.current;
    if (before?.refreshToken && this.dueForRefresh(before.accessToken, before.expiresAt)) {
      const r = await this.refresh();
      if (r === 'ended') return fail(sessionExpired('refresh_rejected'));
      refreshed = r === 'ok';
      // 'failed': try with the old token; it may still work for a few seconds
    }

    const first = await send(token());
    if (first.error?.status !== 401 || ANSWER_NOT_TOKEN.has(first.error.code)) return first;

    const now = session.current;
    if (now?.refreshToken && !refreshed) {
      const r = await this.refresh();
      if (r === 'ended') return fail(sessionExpired('refresh_rejected'));
      if (r === 'failed') return fail({ ...SESSION_UNAVAILABLE });
      return send(token());
    }
    if (!now && opts.anonymousOn401) {
      const anon = await this.ensureSession();
      if (anon.error) return fail(anon.error);
      return send(token());
    }
    if (now && !now.refreshToken) {
      // spec 4: a token but no refresh token: authentication failed
      if (session.canWriteCookies()) session.end('expired');
      return fail(sessionExpired('no_refresh_token'));
    }
    return first;
  }

  /**
   * spec 4: guests get an anonymous token before creating a cart. Answers the session as it is when there
   * is one already; otherwise fetches an anonymous token and writes it to the cookies. For the cart
   * capability; no page view calls it.
   */
  async ensureSession(): Promise<Result<SessionInfo>> {
    const { http, session } = this.deps;
    if (session.current) return ok(session.info());
    if (!session.canWriteCookies()) return fail({ ...SESSION_UNAVAILABLE });
    // issue 14: with the browser key, every first write of this browser (two tabs at once) gets the same
    // anonymous customer, so every add ends up in the one cart the cookies will name
    const key = session.anonymousKey;
    session.anonymous ??= http.call<TokenResponse>({
      path: '/admin/customers/anonymous', store: session.store, headers: { ...this.deps.headers, ...(key ? { 'x-anonymous-key': key } : {}) },
    });
    const res = (await session.anonymous) as Result<TokenResponse>;
    if (res.error || !isTokenResponse(res.data)) {
      // spec 8: a failed anonymous-token call is only logged
      this.deps.log?.warn({ status: res.error?.status, code: res.error?.code }, 'anonymous token failed');
      session.anonymous = null;
      return fail(res.error ?? { ...SESSION_UNAVAILABLE });
    }
    if (!session.current) session.adopt(res.data);
    return ok(session.info());
  }

  /**
   * Issue 14, the proof of a merge at sign-in: the anonymous customer's id and its live access token, as
   * the commerce service confirms them (GET /customers/me with the httpOnly ctToken, refreshed on the way
   * when due). Never from ctUserId or ctTokenLevel: those cookies are the browser's, readable and writable
   * by any script. Null when the session is not an anonymous one (or the service refuses its token). A
   * service that cannot answer just now (no answer, 5xx) is an error, not 'no guest': signing in without
   * the merge would leave the guest's cart, orders and deposit behind for good, so the sign-in waits.
   */
  async anonymousProof(): Promise<Result<{ anonymousId: string; token: string } | null>> {
    if (!this.deps.session.current) return ok(null);
    const me = await this.call<MeResponse>({ path: '/customers/me' });
    if (me.error) return me.error.status === 0 || me.error.status >= 500 ? fail(me.error) : ok(null);
    const token = this.deps.session.current?.accessToken;
    if (me.data.tokenLevel !== 'Anonymous' || !token) return ok(null);
    return ok({ anonymousId: me.data.ownerId, token });
  }

  /** Sign-in or anything else that hands out a token set: it becomes the session. */
  adopt(tokens: TokenResponse): void {
    this.deps.session.adopt(tokens);
  }

  /** Issue 26: what a sign-in tells the service about the device (its cookie, the browser). */
  deviceHeaders(): Record<string, string> {
    const s = this.deps.session;
    return { ...(s.deviceToken ? { 'x-device-token': s.deviceToken } : {}), ...(s.userAgent ? { 'x-client-user-agent': s.userAgent } : {}) };
  }

  /** Issue 26: a sign-in's answer may carry a device token: the browser keeps it. */
  rememberDevice(answer: { deviceToken?: string; deviceTokenExpiresAt?: string }): void {
    if (answer.deviceToken && answer.deviceTokenExpiresAt) this.deps.session.rememberDevice(answer.deviceToken, answer.deviceTokenExpiresAt);
  }

  private dueForRefresh(accessToken: string | null, expiresAt: number | null): boolean {
    if (!accessToken) return true;
    if (expiresAt === null) return false;
    return expiresAt - (this.deps.now ?? Date.now)() <= REFRESH_AHEAD_MS;
  }

  /** ok: new tokens adopted; ended: the refresh token was refused and the session is over; failed: kept. */
  private async refresh(): Promise<'ok' | 'ended' | 'failed'> {
    const { session, refresher } = this.deps;
    const current = session.current;
    if (!current?.refreshToken) return 'failed';
    // After the page's head went out the new tokens could not reach the browser, which would then replay
    // the rotated refresh token and lose the session: leave the refresh to the next request.
    if (!session.canWriteCookies()) return 'failed';
    const outcome = await refresher.refresh({ store: session.store, refreshToken: current.refreshToken, headers: this.deps.headers });
    if (outcome.kind === 'ok') {
      // another call of this request may have adopted the same set already
      if (session.current?.refreshToken !== outcome.tokens.refreshToken) session.adopt(outcome.tokens);
      return 'ok';
    }
    // spec 8: a failed refresh call is only logged
    this.deps.log?.warn({ status: outcome.error.status, code: outcome.error.code, outcome: outcome.kind }, 'token refresh failed');
    if (outcome.kind === 'rejected') {
      if (session.current?.refreshToken === current.refreshToken) session.end('expired');
      return session.current ? 'ok' : 'ended';
    }
    return 'failed';
  }
}
