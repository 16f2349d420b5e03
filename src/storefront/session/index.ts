// The session layer of the storefront (a Fastify plugin, `app.sessions`): pages and /api get their
// RequestSession (validated cookies) and a CSRF token cookie through scoped hooks (`useSessions(scope)`),
// so static files and build assets never touch cookies; routes and loaders get the session-aware
// commerce client.
//
// For other capabilities (cart, wishlist, checkout):
//   sessions.clientFor(req, reply).call({ method, path, body, anonymousOn401: true })  -> { data, error }
//   sessions.clientFor(req, reply).ensureSession()   // spec 4: a guest's anonymous token before a cart write
//   sessionOf(req)                                   // { level: guest | anonymous | user }
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionInfo } from '../../contracts/shop-api.ts';
import { AccountClient } from '../commerce-client/account.ts';
import type { CommerceHttp } from '../commerce-client/http.ts';
import { SessionClient } from '../commerce-client/session-client.ts';
import { isPublicAnswer } from '../render/surrogate-keys.ts';
import { CSRF_COOKIE, writeCsrfCookie, type CookieFlags } from './cookies.ts';
import { isCsrfToken, newCsrfToken } from './csrf.ts';
import { Refresher } from './refresh.ts';
import { RequestSession } from './request-session.ts';
import { SERVICE_TOKEN_HEADER } from '../../lib/service-secret.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** this request's session (set by the session layer's onRequest hook) */
    shopSession: RequestSession | null;
    /** the CSRF token valid for this request's page (cookie value, or the one just issued) */
    csrfToken: string | null;
  }
  interface FastifyInstance {
    /** customer sessions: cookies, token refresh, the session-aware commerce client */
    sessions: SessionLayer;
  }
}

export interface SessionLayerOptions {
  http: CommerceHttp;
  flags: CookieFlags;
  /** grace period of a settled refresh (tests) */
  refreshGraceMs?: number;
  /** SERVICE_SECRET (or ADMIN_TOKEN): sent as x-service-token, without which commerce ignores x-client-ip and
   * counts every visitor as the storefront's own address (src/lib/service-secret.ts) */
  serviceToken?: string;
  now?: () => number;
}

export interface SessionLayer {
  flags: CookieFlags;
  refresher: Refresher;
  sessionFor(req: FastifyRequest, reply: FastifyReply): RequestSession;
  clientFor(req: FastifyRequest, reply: FastifyReply): SessionClient;
  accountFor(req: FastifyRequest, reply: FastifyReply): AccountClient;
}

/** Headers every commerce call of this request carries. */
export function forwardedHeaders(req: FastifyRequest): Record<string, string> {
  return {
    // the commerce service throttles sign-in, password reset and SMS codes per visitor
    'x-client-ip': req.ip,
    'x-request-id': req.id,
    // links in the mails a call causes (activation, password reset, newsletter, alerts, orders) open the
    // shop the customer is on
    ...shopOriginHeader(req),
  };
}

/**
 * The shop's own origin, for links in mails (the service accepts it only for the store's own hosts).
 * Sent for https requests and development hosts; a plain-http production request (a proxy without
 * TRUST_PROXY) would otherwise put http:// links in mails, so the service's canonical https origin wins.
 */
function shopOriginHeader(req: FastifyRequest): Record<string, string> {
  const dev = req.hostname === 'localhost' || req.hostname.endsWith('.localhost');
  return req.protocol === 'https' || dev ? { 'x-shop-origin': `${req.protocol}://${req.host}` } : {};
}

export function createSessionLayer(opts: SessionLayerOptions): SessionLayer {
  const refresher = new Refresher(opts.http, { graceMs: opts.refreshGraceMs });
  const sessionFor = (req: FastifyRequest, reply: FastifyReply): RequestSession => {
    req.shopSession ??= new RequestSession(req, reply, opts.flags);
    return req.shopSession;
  };
  const clientFor = (req: FastifyRequest, reply: FastifyReply): SessionClient =>
    new SessionClient({ http: opts.http, refresher, session: sessionFor(req, reply), headers: { ...forwardedHeaders(req), ...(opts.serviceToken ? { [SERVICE_TOKEN_HEADER]: opts.serviceToken } : {}) }, log: req.log, now: opts.now });
  return {
    flags: opts.flags,
    refresher,
    sessionFor,
    clientFor,
    accountFor: (req, reply) => new AccountClient(clientFor(req, reply)),
  };
}

/** Decorates the app with `sessions` and the requests with their session fields. */
export const sessionPlugin = fp<SessionLayerOptions>(async (app, opts) => {
  app.decorate('sessions', createSessionLayer(opts));
  app.decorateRequest('shopSession', null);
  app.decorateRequest('csrfToken', null);
}, { name: 'shop-session', fastify: '5.x', dependencies: ['@fastify/cookie'] });

/** The session hooks for one encapsulated scope (pages, /api): the request's session from its cookies,
 * and a CSRF cookie for a page or answer that has none yet (not for redirects, files or unsafe methods). */
export function useSessions(scope: FastifyInstance): void {
  const { flags } = scope.sessions;
  scope.addHook('onRequest', async (req, reply) => {
    req.shopSession = new RequestSession(req, reply, flags);
    const given = req.cookies[CSRF_COOKIE];
    if (isCsrfToken(given)) req.csrfToken = given;
  });
  scope.addHook('onSend', async (req, reply, payload) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || reply.statusCode >= 300) return payload;
    // issue 27: an answer a CDN may keep for everyone sets no cookie of one visitor; the browser's first API
    // call gets them from /api/session (views/state/api.ts), as for any page served before they existed
    if (isPublicAnswer(reply)) return payload;
    // issue 14: the browser key for the first cart writes, before the first write (see ANONYMOUS_KEY_COOKIE)
    req.shopSession?.issueAnonymousKey();
    if (req.csrfToken) return payload;
    req.csrfToken = newCsrfToken();
    writeCsrfCookie(reply, req.csrfToken, flags);
    return payload;
  });
}

/** spec 4 session level of a request, without any token. */
export function sessionOf(req: FastifyRequest): SessionInfo {
  return req.shopSession?.info() ?? { level: 'guest' };
}

export { RequestSession, SessionClient, AccountClient, Refresher };
