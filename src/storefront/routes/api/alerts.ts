// /api availability notifications (spec 3, 4; issue 10): subscribe to a sold-out product (a signed-in
// customer with the account's e-mail, active at once; anyone else confirms the mailed link), the link's
// confirmation and cancellation, and the signed-in customer's list with enable, disable and remove.
// Another customer's alert answers the service's 404 (alert_not_found), as does an id that is no UUID.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CreateAlertResponse } from '../../../contracts/availability-alert.ts';
import type { Result } from '../../../contracts/result.ts';
import { NOT_SIGNED_IN } from '../../commerce-client/account.ts';
import { cartLanguageTag } from '../../commerce-client/carts.ts';
import { apiLanguage } from './errors.ts';
import { fail, refuse, route, UUID } from './respond.ts';

export async function alertRoutes(api: FastifyInstance) {
  const client = (req: FastifyRequest, reply: FastifyReply) => api.sessions.clientFor(req, reply);
  /** names in the answers and the confirmation mail in the page's language */
  const query = (req: FastifyRequest) => ({ languageTag: cartLanguageTag(req.store, apiLanguage(req)) });
  const signedIn = (req: FastifyRequest, reply: FastifyReply) => client(req, reply).session.current?.level === 'User';

  async function call<T>(req: FastifyRequest, reply: FastifyReply, opts: { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; body?: unknown }): Promise<T | FastifyReply> {
    const r: Result<T> = await client(req, reply).call<T>({ ...opts, query: query(req) });
    return r.error ? fail(req, reply, r.error) : r.data;
  }

  route(api, 'createAlert', async (req, reply) => {
    const r = await client(req, reply).call<CreateAlertResponse>({ method: 'POST', path: '/availability-alerts', body: req.body, query: query(req) });
    if (r.error) return fail(req, reply, r.error);
    // the service answers 200 instead of 201 for an alert it had; both times are "now" for a new one
    const alreadySubscribed = r.data.alert !== null && r.data.alert.createdAt !== r.data.alert.updatedAt;
    return { ...r.data, alreadySubscribed };
  });
  // the confirmation mail's link: anyone holding it (no session needed, none is sent)
  route(api, 'confirmAlert', async (req, reply) => call(req, reply, { method: 'POST', path: '/availability-alerts/confirmation', body: req.body }));
  route(api, 'cancelAlert', async (req, reply) => call(req, reply, { method: 'POST', path: '/availability-alerts/cancellation', body: req.body }));

  route(api, 'alerts', async (req, reply) => {
    if (!signedIn(req, reply)) return fail(req, reply, { ...NOT_SIGNED_IN });
    return call(req, reply, { path: '/availability-alerts' });
  });

  route(api, 'updateAlert', async (req, reply) => {
    if (!signedIn(req, reply)) return fail(req, reply, { ...NOT_SIGNED_IN });
    if (!UUID.test(req.params.alertId)) return refuse(req, reply, 404, 'alert_not_found');
    return call(req, reply, { method: 'PUT', path: `/availability-alerts/${req.params.alertId}`, body: req.body });
  });

  route(api, 'deleteAlert', async (req, reply) => {
    if (!signedIn(req, reply)) return fail(req, reply, { ...NOT_SIGNED_IN });
    if (!UUID.test(req.params.alertId)) return refuse(req, reply, 404, 'alert_not_found');
    return call(req, reply, { method: 'DELETE', path: `/availability-alerts/${req.params.alertId}` });
  });
}
