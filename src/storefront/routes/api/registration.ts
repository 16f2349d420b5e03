// /api registration, e-mail verification and passwords (spec 2 and 4: registration requires e-mail
// verification before login; the mail can be resent; forgot and reset password).
import type { FastifyInstance } from 'fastify';
import type { RegisterBody as RegisterWire } from '../../../contracts/commerce.ts';
import { cartLanguageTag } from '../../commerce-client/carts.ts';
import { apiLanguage, languageTag } from './errors.ts';
import { emptyToNull, fail, mismatch, refuse, route } from './respond.ts';

export async function registrationRoutes(api: FastifyInstance) {
  const { sessions } = api;

  route(api, 'register', async (req, reply) => {
    const { passwordRepeat, ...rest } = req.body;
    if (passwordRepeat !== undefined && passwordRepeat !== rest.password) return mismatch(req, reply, 'passwordRepeat');
    const body = emptyToNull({ ...rest, language: rest.language ?? apiLanguage(req) }, ['salutation', 'title', 'phone', 'companyName', 'vatId']);
    const r = await sessions.accountFor(req, reply).register(body as RegisterWire);
    if (r.error) return fail(req, reply, r.error);
    // The newsletter box at registration is a request like the footer's: double opt-in, a confirmation mail
    // to the address (POST /newsletters/subscriptions). The account exists either way: a refusal here (rate
    // limit, service fault) is logged, not the customer's problem; the profile offers the newsletter again.
    if (rest.newsletterOptIn === true) {
      const n = await sessions.clientFor(req, reply).call({
        method: 'POST', path: '/newsletters/subscriptions', body: { email: r.data.customer.email }, query: { languageTag: cartLanguageTag(req.store, apiLanguage(req)) },
      });
      if (n.error) req.log.warn({ code: n.error.code }, 'newsletter request at registration not taken');
    }
    return { verificationRequired: true, email: r.data.customer.email };
  });

  route(api, 'activationMail', async (req, reply) => {
    const r = await sessions.accountFor(req, reply).resendActivation(req.body.email ?? '');
    if (r.error) return fail(req, reply, r.error);
    return { accepted: true };
  });

  route(api, 'activate', async (req, reply) => {
    const token = req.body.token ?? '';
    if (token === '') return refuse(req, reply, 400, 'invalid_email_token');
    const r = await sessions.accountFor(req, reply).verifyEmail(token);
    if (r.error) return fail(req, reply, r.error);
    return r.data;
  });

  route(api, 'forgotPassword', async (req, reply) => {
    const r = await sessions.accountFor(req, reply).requestPasswordReset(req.body.email ?? '', languageTag(req, apiLanguage(req)));
    if (r.error) return fail(req, reply, r.error);
    return { accepted: true };
  });

  route(api, 'resetPassword', async (req, reply) => {
    const { token, newPassword, newPasswordRepeat } = req.body;
    if (newPasswordRepeat !== undefined && newPasswordRepeat !== newPassword) return mismatch(req, reply, 'newPasswordRepeat');
    if (!token) return refuse(req, reply, 400, 'invalid_reset_token');
    const r = await sessions.accountFor(req, reply).resetPassword(token, newPassword ?? '');
    if (r.error) return fail(req, reply, r.error);
    return { ok: true };
  });

  route(api, 'checkEmail', async (req, reply) => {
    const r = await sessions.accountFor(req, reply).emailExists(req.query.email);
    if (r.error) return fail(req, reply, r.error);
    return { exists: r.data.exists };
  });
}
