// Sign-in and sign-out: the operator's access token goes into the session cookie (session.ts), a new session
// gets a new CSRF token.
import { createElement } from 'react';
import { randomToken } from '../../../lib/random.ts';
import type { Screen } from '../../screen.ts';
import { COOKIE, cookieBase } from '../../session.ts';
import { send } from '../../ui/page.ts';
import { str, type Body } from '../../ui/request.ts';
import { SignInView } from './view.tsx';

export const signInScreen: Screen = async (app, { ops }) => {
  app.get('/', async (req, reply) => reply.redirect(req.bo.token ? '/orders' : '/sign-in', 303));

  app.get('/sign-in', async (req, reply) => {
    const { f } = req.bo;
    const reason = (req.query as Record<string, string>).reason;
    const message = reason === 'expired' ? f.t('signIn.expired') : reason === 'required' ? f.t('signIn.required') : reason === 'signedOut' ? f.t('signIn.signedOut') : null;
    return send(reply, 200, f.t('signIn.title'), createElement(SignInView, { f, csrf: req.bo.csrf, message: reason === 'signedOut' ? null : message }), req, null, reason === 'signedOut' ? { kind: 'success', text: message as string } : null);
  });

  app.post('/sign-in', async (req, reply) => {
    const { f } = req.bo;
    const body = req.body as Body;
    const email = str(body.email).slice(0, 254);
    const password = typeof body.password === 'string' ? body.password.slice(0, 200) : '';
    const again = (status: number, message: string) => send(reply, status, f.t('signIn.title'), createElement(SignInView, { f, csrf: req.bo.csrf, email, message }), req, null);
    if (email.length < 3 || !password) return again(400, f.t('signIn.missing'));
    // the staff member's address: commerce counts failed sign-ins per address (issue 23), and without it
    // every operator would share the back office's one budget
    const ua = req.headers['user-agent'];
    const res = await ops.login({ email, password }, req.ip, typeof ua === 'string' ? ua : undefined);
    if (res.error) {
      if (res.error.code === 'too_many_attempts' || res.error.status === 429) {
        const secs = Number(res.error.details?.retryAfter ?? 900);
        return again(429, f.t('signIn.locked', { minutes: Math.max(1, Math.ceil(secs / 60)) }));
      }
      if (res.error.status === 401 || res.error.status === 400) return again(401, f.t('signIn.invalid'));
      return again(503, f.t('refusal.unavailable'));
    }
    reply.setCookie(COOKIE.token, res.data.accessToken, { ...cookieBase, maxAge: res.data.expiresIn });
    // a new session gets a new CSRF token
    reply.setCookie(COOKIE.csrf, randomToken(32), cookieBase);
    // issue 26: the token opens only the second step until it is passed (screens/second-step)
    return reply.redirect('/sign-in/second-step', 303);
  });

  app.post('/sign-out', async (req, reply) => {
    if (req.bo.token) await ops.logout(req.bo.token);
    reply.clearCookie(COOKIE.token, cookieBase);
    reply.setCookie(COOKIE.csrf, randomToken(32), cookieBase);
    return reply.redirect('/sign-in?reason=signedOut', 303);
  });
};
