// Issue 26: the browser's passkey calls. The commerce service makes and checks the WebAuthn ceremonies; the
// ceremony's secret id stays here, in an httpOnly cookie of 3 minutes for /api only (the browser's script
// gets only the options for navigator.credentials, and a ceremony started in one browser cannot be answered
// from another). The sign-in answers like POST /api/login (session, customer, merged: the guest's cart moves).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fail, refuse, route } from './respond.ts';

const CEREMONY_COOKIE = 'ctPasskeyCeremony';
const CEREMONY_MAX_AGE_S = 180;
const CEREMONY_ID = /^[A-Za-z0-9_-]{10,100}$/;

export async function passkeyRoutes(api: FastifyInstance) {
  const { sessions } = api;

  const keepCeremony = (reply: FastifyReply, ceremonyId: string) =>
    void reply.setCookie(CEREMONY_COOKIE, ceremonyId, { path: '/api', sameSite: 'strict', secure: sessions.flags.secure, httpOnly: true, maxAge: CEREMONY_MAX_AGE_S });
  /** The ceremony this browser started, once: the cookie is cleared whatever the answer. */
  const takeCeremony = (req: FastifyRequest, reply: FastifyReply): string | null => {
    const id = req.cookies[CEREMONY_COOKIE];
    void reply.clearCookie(CEREMONY_COOKIE, { path: '/api' });
    return typeof id === 'string' && CEREMONY_ID.test(id) ? id : null;
  };

  route(api, 'passkeyLoginOptions', async (req, reply) => {
    const r = await sessions.accountFor(req, reply).passkeyLoginOptions();
    if (r.error) return fail(req, reply, r.error);
    keepCeremony(reply, r.data.ceremonyId);
    return { options: r.data.options };
  });

  route(api, 'passkeyLogin', async (req, reply) => {
    const ceremonyId = takeCeremony(req, reply);
    if (!ceremonyId) return refuse(req, reply, 400, 'passkey_ceremony_expired');
    const r = await sessions.accountFor(req, reply).passkeyLogin(ceremonyId, req.body.response);
    if (r.error) return fail(req, reply, r.error);
    return { session: r.data.session, customer: r.data.customer, merged: r.data.merged };
  });

  route(api, 'passkeys', async (req, reply) => {
    const r = await sessions.accountFor(req, reply).passkeys();
    if (r.error) return fail(req, reply, r.error);
    return r.data;
  });

  route(api, 'passkeyOptions', async (req, reply) => {
    const password = req.body?.password;
    const r = await sessions.accountFor(req, reply).passkeyOptions(password === '' ? undefined : password);
    if (r.error) return fail(req, reply, r.error);
    keepCeremony(reply, r.data.ceremonyId);
    return { options: r.data.options };
  });

  route(api, 'addPasskey', async (req, reply) => {
    const ceremonyId = takeCeremony(req, reply);
    if (!ceremonyId) return refuse(req, reply, 400, 'passkey_ceremony_expired');
    const r = await sessions.accountFor(req, reply).addPasskey(ceremonyId, req.body.name, req.body.response);
    if (r.error) return fail(req, reply, r.error);
    return r.data;
  });

  route(api, 'deletePasskey', async (req, reply) => {
    const r = await sessions.accountFor(req, reply).deletePasskey(req.params.passkeyId);
    if (r.error) return fail(req, reply, r.error);
    return { ok: true };
  });
}
