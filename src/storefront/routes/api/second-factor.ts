// Issue 26: the browser's calls for the authenticator app: the sign-in's second step and, in the account, the
// enrolment (QR code and secret, the typed code, then the 10 recovery codes shown once) and removal.
// The pending sign-in (the commerce service's token for "the password was right", 5 minutes) stays here, in an
// httpOnly SameSite=Strict cookie for /api: the page's script only learns that a code is needed, and a pending
// sign-in started in one browser cannot be finished from another (as the passkey ceremony's cookie).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CallError } from '../../../contracts/result.ts';
import { fail, refuse, route } from './respond.ts';

const PENDING_COOKIE = 'ctSignInPending';
const PENDING_MAX_AGE_S = 300; // the service's pending token lives 5 minutes
const PENDING_TOKEN = /^[A-Za-z0-9_-]{10,200}$/;

/**
 * After a right password for an account with an authenticator: keeps the pending token for the second step.
 * Any other answer of a password sign-in forgets an older pending one.
 */
export function keepPendingSignIn(req: FastifyRequest, reply: FastifyReply, err: CallError | null, secure: boolean): void {
  const token = err?.code === 'second_factor_required' ? (err.details as { pendingToken?: unknown } | undefined)?.pendingToken : undefined;
  if (typeof token === 'string' && PENDING_TOKEN.test(token)) {
    void reply.setCookie(PENDING_COOKIE, token, { path: '/api', sameSite: 'strict', secure, httpOnly: true, maxAge: PENDING_MAX_AGE_S });
  } else if (req.cookies[PENDING_COOKIE]) {
    void reply.clearCookie(PENDING_COOKIE, { path: '/api' });
  }
}

export async function secondFactorRoutes(api: FastifyInstance) {
  const { sessions } = api;

  // Decision: a wrong code keeps the pending sign-in (the customer corrects a typo without typing the
  // password again; the service's lock counts every wrong code); a signed-in or expired one forgets it.
  route(api, 'loginSecondFactor', async (req, reply) => {
    const pending = req.cookies[PENDING_COOKIE];
    if (typeof pending !== 'string' || !PENDING_TOKEN.test(pending)) return refuse(req, reply, 401, 'invalid_pending_sign_in');
    const r = await sessions.accountFor(req, reply).loginSecondStep({ pendingToken: pending, code: req.body.code.trim(), rememberDevice: req.body.rememberDevice === true });
    if (r.error) {
      if (r.error.code === 'invalid_pending_sign_in') void reply.clearCookie(PENDING_COOKIE, { path: '/api' });
      return fail(req, reply, r.error);
    }
    void reply.clearCookie(PENDING_COOKIE, { path: '/api' });
    return { session: r.data.session, customer: r.data.customer, merged: r.data.merged };
  });

  route(api, 'secondFactor', async (req, reply) => {
    const r = await sessions.accountFor(req, reply).secondFactor();
    return r.error ? fail(req, reply, r.error) : r.data;
  });

  route(api, 'startTotp', async (req, reply) => {
    const r = await sessions.accountFor(req, reply).startTotp();
    return r.error ? fail(req, reply, r.error) : r.data;
  });

  route(api, 'confirmTotp', async (req, reply) => {
    const r = await sessions.accountFor(req, reply).confirmTotp(req.body.code.trim());
    return r.error ? fail(req, reply, r.error) : r.data;
  });

  route(api, 'deleteTotp', async (req, reply) => {
    const code = req.body?.code?.trim();
    const r = await sessions.accountFor(req, reply).removeTotp(code === '' ? undefined : code);
    return r.error ? fail(req, reply, r.error) : { ok: true };
  });
}
