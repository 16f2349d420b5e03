// The session layer of the storefront: every request gets its RequestSession (validated cookies), pages
// get a CSRF token cookie, and routes and loaders get the session-aware commerce client.
//
// For other capabilities (cart, wishlist, checkout):
//   sessions.clientFor(req, reply).call({ method, path, body, anonymousOn401: true })  -> { data, error }
//   sessions.clientFor(req, reply).ensureSession()   // spec 4: a guest's anonymous token before a cart write
//   sessionOf(req)                                   // { level: guest | anonymous | user }
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SessionInfo } from '../../../views/lib/context.tsx';
import { AccountClient } from '../commerce-client/account.ts';
import type { CommerceHttp } from '../commerce-client/http.ts';
import { SessionClient } from '../commerce-client/session-client.ts';
import { CSRF_COOKIE, writeCsrfCookie, type CookieFlags } from './cookies.ts';
import { isCsrfToken, newCsrfToken } from './csrf.ts';
import { Refresher } from './refresh.ts';
import { RequestSession } from './request-session.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** this request's session (set by the session layer's onRequest hook) */
    shopSession: RequestSession | null;
    /** the CSRF token valid for this request's page (cookie value, or the one just issued) */
    csrfToken: string | null;
  }
}

export interface SessionLayerOptions {
  http: CommerceHttp;
  flags: CookieFlags;
  /** grace period of a settled refresh (tests) */
  refreshGraceMs?: number;
  now?: () => number;
}

export interface SessionLayer {
  flags: CookieFlags;
  refresher: Refresher;
  sessionFor(req: FastifyRequest, reply: FastifyReply): RequestSession;
  clientFor(req: FastifyRequest, reply: FastifyReply): SessionClient;
  accountFor(req: FastifyRequest, reply: FastifyReply): AccountClient;
}

// Files (/build/entry-x.js, /favicon.ico) need no page token.
const ASSET = /\.[A-Za-z0-9]{1,8}$/;

/** Headers every commerce call of this request carries. */
export function forwardedHeaders(req: FastifyRequest): Record<string, string> {
  return {
    // the commerce service throttles sign-in, password reset and SMS codes per visitor
    'x-client-ip': req.ip,
    'x-request-id': req.id,
  };
}

/**
 * The shop's own origin, for links in mails (the service accepts it only for the store's own hosts).
 * Sent for https requests and development hosts; a plain-http production request (a proxy without
 * TRUST_PROXY) would otherwise put http:// links in mails, so the service's canonical https origin wins.
 */
export function shopOriginHeader(req: FastifyRequest): Record<string, string> {
  const dev = req.hostname === 'localhost' || req.hostname.endsWith('.localhost');
  return req.protocol === 'https' || dev ? { 'x-shop-origin': `${req.protocol}://${req.host}` } : {};
}

export function registerSessions(app: FastifyInstance, opts: SessionLayerOptions): SessionLayer {
  const refresher = new Refresher(opts.http, { graceMs: opts.refreshGraceMs });
  app.decorateRequest('shopSession', null);
  app.decorateRequest('csrfToken', null);

  app.addHook('onRequest', async (req, reply) => {
    req.shopSession = new RequestSession(req, reply, opts.flags);
    const given = req.cookies[CSRF_COOKIE];
    if (isCsrfToken(given)) req.csrfToken = given;
  });
  // A page (or /__data, /api answer) without a CSRF cookie gets one; redirects and files do not.
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.csrfToken || (req.method !== 'GET' && req.method !== 'HEAD') || reply.statusCode >= 300) return payload;
    if (ASSET.test(req.url.split('?')[0])) return payload;
    req.csrfToken = newCsrfToken();
    writeCsrfCookie(reply, req.csrfToken, opts.flags);
    return payload;
  });

  const sessionFor = (req: FastifyRequest, reply: FastifyReply): RequestSession => {
    req.shopSession ??= new RequestSession(req, reply, opts.flags);
    return req.shopSession;
  };
  const clientFor = (req: FastifyRequest, reply: FastifyReply): SessionClient =>
    new SessionClient({ http: opts.http, refresher, session: sessionFor(req, reply), headers: forwardedHeaders(req), log: req.log, now: opts.now });
  return {
    flags: opts.flags,
    refresher,
    sessionFor,
    clientFor,
    accountFor: (req, reply) => new AccountClient(clientFor(req, reply)),
  };
}

/** spec 4 session level of a request, without any token. */
export function sessionOf(req: FastifyRequest): SessionInfo {
  return req.shopSession?.info() ?? { level: 'guest' };
}

export { RequestSession, SessionClient, AccountClient, Refresher };
