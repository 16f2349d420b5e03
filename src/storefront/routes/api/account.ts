// /api calls of the signed-in customer: who is signed in, the profile, the password, account deletion
// (spec 6: password confirmation; the session ends with it) and phone verification by SMS code.
import type { FastifyInstance } from 'fastify';
import type { ProfileBody as ProfileWire } from '../../../contracts/commerce.ts';
import { emptyToNull, fail, mismatch, route } from './respond.ts';

export async function accountRoutes(api: FastifyInstance) {
  const { sessions } = api;

  route(api, 'me', async (req, reply) => {
    const r = await sessions.accountFor(req, reply).me();
    if (r.error) return fail(req, reply, r.error);
    return r.data;
  });

  route(api, 'updateProfile', async (req, reply) => {
    const body = emptyToNull(req.body, ['salutation', 'title', 'phone', 'companyName', 'vatId']);
    const r = await sessions.accountFor(req, reply).updateProfile(body as ProfileWire);
    if (r.error) return fail(req, reply, r.error);
    return { customer: r.data };
  });

  route(api, 'changePassword', async (req, reply) => {
    const { currentPassword, newPassword, newPasswordRepeat } = req.body;
    if (newPasswordRepeat !== undefined && newPasswordRepeat !== newPassword) return mismatch(req, reply, 'newPasswordRepeat');
    const r = await sessions.accountFor(req, reply).changePassword({ currentPassword: currentPassword ?? '', newPassword: newPassword ?? '' });
    if (r.error) return fail(req, reply, r.error);
    return { ok: true };
  });

  route(api, 'deleteAccount', async (req, reply) => {
    const account = sessions.accountFor(req, reply);
    const r = await account.deleteAccount(req.body?.password ?? '');
    if (r.error) return fail(req, reply, r.error);
    // spec 6: all personal data is gone; so is the session
    account.session.session.end('logout');
    return { ok: true, session: { level: 'guest' as const } };
  });

  route(api, 'sendPhoneCode', async (req, reply) => {
    const r = await sessions.accountFor(req, reply).sendPhoneCode();
    if (r.error) return fail(req, reply, r.error);
    return r.data;
  });

  route(api, 'verifyPhoneCode', async (req, reply) => {
    const r = await sessions.accountFor(req, reply).verifyPhoneCode(req.body.code ?? '');
    if (r.error) return fail(req, reply, r.error);
    return { customer: r.data };
  });
}
