// /api session calls: the session level (and a CSRF cookie for a page that has none yet), sign-in, sign-out.
import type { FastifyInstance } from 'fastify';
import { fail, route } from './respond.ts';
import { keepPendingSignIn } from './second-factor.ts';

export async function sessionRoutes(api: FastifyInstance) {
  const { sessions } = api;

  route(api, 'session', async (req) => ({ session: req.shopSession?.info() ?? { level: 'guest' } }));

  route(api, 'login', async (req, reply) => {
    const r = await sessions.accountFor(req, reply).login({ email: req.body.email ?? '', password: req.body.password ?? '' });
    // issue 26: 401 second_factor_required: the page asks for the code (second-factor.ts keeps the pending sign-in)
    keepPendingSignIn(req, reply, r.error, sessions.flags.secure);
    if (r.error) return fail(req, reply, r.error);
    return { session: r.data.session, customer: r.data.customer, merged: r.data.merged };
  });

  // Sign-out ends the session at the commerce service too (its tokens stop working), then forgets the
  // cookies. A failure there still signs the browser out: the customer asked to leave.
  route(api, 'logout', async (req, reply) => {
    if (req.cookies.ctToken || req.cookies.ctRefreshToken) {
      const r = await sessions.clientFor(req, reply).call({ method: 'POST', path: '/customers/logout', anonymousOn401: false });
      if (r.error) req.log.warn({ code: r.error.code, status: r.error.status }, 'server-side sign-out failed');
    }
    sessions.sessionFor(req, reply).end('logout');
    return { session: { level: 'guest' as const } };
  });
}
