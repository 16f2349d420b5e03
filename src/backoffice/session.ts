// The operator's session and the forms' protection (issue 15):
// - Session: the operator's access token (8 h) in an httpOnly, Secure, SameSite=Strict cookie. Secure
//   always, as the storefront's (browsers accept Secure cookies from http://localhost and 127.0.0.1).
// - CSRF: a random token per session in its own httpOnly cookie, repeated in a hidden field of every form;
//   a POST whose field differs, or whose Origin / Sec-Fetch-Site names another site, is refused (403) with
//   a message. The sign-in form has one too (no login CSRF).
// - Language: a cookie, else Accept-Language; ?lang= switches it and reloads the page.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import type { Language } from '../stores.ts';
import { randomToken } from '../lib/random.ts';
import { fmtFor, pickLanguage } from './format.ts';
import type { OpsClient, OpsError } from './ops-client.ts';
import { MessageView, type Viewer } from './ui/frame.tsx';
import { refusalText, safeBack, send, shownStatus } from './ui/page.ts';
import { str, type Body } from './ui/request.ts';

export const COOKIE = { token: 'bo_session', csrf: 'bo_csrf', lang: 'bo_lang' } as const;
export const cookieBase = { path: '/', httpOnly: true, secure: true, sameSite: 'strict' as const };

/** A page's handler for a signed-in operator. */
export type SignedInHandler = (req: FastifyRequest, reply: FastifyReply, viewer: Viewer) => Promise<unknown>;
/** Wraps a handler: it gets the operator; without a session, the browser goes to the sign-in page. */
export type SignedIn = (handler: SignedInHandler) => (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** Language, CSRF token and session token of every request, and the CSRF check of every POST. */
export function sessionHooks(app: FastifyInstance) {
  app.decorateRequest('bo', null as unknown as FastifyRequest['bo']);

  app.addHook('onRequest', async (req, reply) => {
    const url = new URL(req.url, 'http://x');
    const asked = url.searchParams.get('lang');
    if (req.method === 'GET' && (asked === 'de' || asked === 'en')) {
      url.searchParams.delete('lang');
      reply.setCookie(COOKIE.lang, asked, { ...cookieBase, maxAge: 365 * 86400 });
      // one leading slash: a request line like /.//evil.example resolves to the path //evil.example, which a
      // browser would follow to another site
      return reply.redirect(`/${url.pathname.replace(/^[/\\]+/, '')}${url.search}`, 303);
    }
    const lang: Language = pickLanguage(req.cookies[COOKIE.lang], req.headers['accept-language']);
    let csrf = req.cookies[COOKIE.csrf];
    if (!csrf || !/^[A-Za-z0-9_-]{32,64}$/.test(csrf)) {
      csrf = randomToken(32);
      reply.setCookie(COOKIE.csrf, csrf, cookieBase);
    }
    const token = req.cookies[COOKIE.token];
    req.bo = { f: fmtFor(lang), csrf, token: token && token.length <= 4096 ? token : null };
  });

  // Every POST: the hidden token equals the session's, and the browser says it came from this site.
  app.addHook('preHandler', async (req, reply) => {
    if (req.method !== 'POST') return;
    const body = (req.body ?? {}) as Body;
    const origin = req.headers.origin;
    const site = req.headers['sec-fetch-site'];
    let sameOrigin = true;
    if (typeof origin === 'string' && origin !== 'null') {
      try {
        sameOrigin = new URL(origin).host === req.headers.host;
      } catch {
        sameOrigin = false;
      }
    } else if (origin === 'null') sameOrigin = false;
    if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') sameOrigin = false;
    const given = typeof body === 'object' ? str(body._csrf) : '';
    if (!sameOrigin || !given || given !== req.cookies[COOKIE.csrf]) {
      req.log.warn({ sameOrigin, hasToken: Boolean(given) }, 'backoffice form refused: csrf');
      return send(reply, 403, req.bo.f.t('refusal.csrf.title'), createElement(MessageView, { f: req.bo.f, text: req.bo.f.t('refusal.csrf.text'), link: { href: safeBack(req), label: req.bo.f.t('refusal.csrf.back') } }), req, null);
    }
  });
}

export function toSignIn(reply: FastifyReply, reason: 'expired' | 'required') {
  reply.clearCookie(COOKIE.token, cookieBase);
  return reply.redirect(`/sign-in?reason=${reason}`, 303);
}

/** A refusal of the /ops API as the page: the sign-in when the session ended, else the message. */
export async function refused(req: FastifyRequest, reply: FastifyReply, viewer: Viewer, e: OpsError, title: string, action?: string) {
  if (e.status === 401) return toSignIn(reply, 'expired');
  return send(reply, shownStatus(e), title, createElement(MessageView, { f: req.bo.f, text: refusalText(req.bo.f, e, action) }), req, viewer, { kind: 'error', text: refusalText(req.bo.f, e, action) });
}

/** `signedIn` over the ops client: the operator comes from /ops/me with the session's token. */
export function signedInWith(ops: OpsClient): SignedIn {
  /** The signed-in operator, or a redirect to the sign-in page (null). */
  async function viewerOf(req: FastifyRequest, reply: FastifyReply): Promise<Viewer | null> {
    if (!req.bo.token) {
      await toSignIn(reply, 'required');
      return null;
    }
    const me = await ops.me(req.bo.token);
    if (me.error) {
      if (me.error.status === 401) await toSignIn(reply, 'expired');
      // issue 26: signed in with the password only: the second step first, before any page
      else if (me.error.code === 'operator_second_step_required') await reply.redirect('/sign-in/second-step', 303);
      else await send(reply, shownStatus(me.error), req.bo.f.t('refusal.title'), createElement(MessageView, { f: req.bo.f, text: refusalText(req.bo.f, me.error) }), req, null);
      return null;
    }
    return { email: me.data.email, roles: me.data.roles };
  }
  return (handler) => async (req, reply) => {
    const viewer = await viewerOf(req, reply);
    return viewer ? handler(req, reply, viewer) : reply;
  };
}
