// Issue 26: the step-up before a change that moves money or takes over the account (the storefront's dialog
// posts the password or the code here, then repeats the refused call), and the account's session list with
// ending one session or all others. The commerce service checks, rate-limits and revokes; this passes through.
import type { FastifyInstance } from 'fastify';
import { fail, route, UUID, refuse } from './respond.ts';

export async function securityRoutes(api: FastifyInstance) {
  const { sessions } = api;

  route(api, 'stepUp', async (req, reply) => {
    // Decision: an empty field is no proof at all (the service then names the one it expects)
    const { password, code } = req.body;
    const proof = { ...(password ? { password } : {}), ...(code?.trim() ? { code: code.trim() } : {}) };
    const r = await sessions.accountFor(req, reply).stepUp(proof);
    if (r.error) return fail(req, reply, r.error);
    return { method: r.data.method, validUntil: r.data.validUntil };
  });

  route(api, 'sessions', async (req, reply) => {
    const r = await sessions.accountFor(req, reply).sessions();
    if (r.error) return fail(req, reply, r.error);
    return { sessions: r.data.sessions.map((s) => ({ id: s.id, device: s.device, ipRange: s.ipRange, lastUsedAt: s.lastUsedAt, current: s.current })) };
  });

  route(api, 'endSession', async (req, reply) => {
    if (!UUID.test(req.params.sessionId)) return refuse(req, reply, 404, 'session_not_found');
    const r = await sessions.accountFor(req, reply).endSession(req.params.sessionId);
    if (r.error) return fail(req, reply, r.error);
    return { ok: true };
  });

  route(api, 'endOtherSessions', async (req, reply) => {
    const r = await sessions.accountFor(req, reply).endOtherSessions();
    if (r.error) return fail(req, reply, r.error);
    return { ok: true };
  });
}
