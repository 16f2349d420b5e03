// /api newsletter (spec 7 POST /newsletters/subscriptions with the page's language tag; issue 10): double
// opt-in for any address (202 from the service: a confirmation mail), a signed-in customer's own verified
// address confirmed at once; spec 8: a confirmed duplicate answers 409 newsletter_already_subscribed with
// its message. The links of the mails (confirm, unsubscribe) and the account's subscription state.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Result } from '../../../contracts/result.ts';
import { NOT_SIGNED_IN } from '../../commerce-client/account.ts';
import { cartLanguageTag } from '../../commerce-client/carts.ts';
import { apiLanguage } from './errors.ts';
import { fail, route } from './respond.ts';

export async function newsletterRoutes(api: FastifyInstance) {
  const client = (req: FastifyRequest, reply: FastifyReply) => api.sessions.clientFor(req, reply);
  const query = (req: FastifyRequest) => ({ languageTag: cartLanguageTag(req.store, apiLanguage(req)) });
  const signedIn = (req: FastifyRequest, reply: FastifyReply) => client(req, reply).session.current?.level === 'User';

  async function call<T>(req: FastifyRequest, reply: FastifyReply, opts: { method?: 'GET' | 'POST' | 'DELETE'; path: string; body?: unknown }): Promise<T | FastifyReply> {
    const r: Result<T> = await client(req, reply).call<T>({ ...opts, query: query(req) });
    return r.error ? fail(req, reply, r.error) : r.data;
  }

  route(api, 'subscribeNewsletter', async (req, reply) => call(req, reply, { method: 'POST', path: '/newsletters/subscriptions', body: req.body }));
  route(api, 'confirmNewsletter', async (req, reply) => call(req, reply, { method: 'POST', path: '/newsletters/subscriptions/confirmation', body: req.body }));
  route(api, 'unsubscribeNewsletter', async (req, reply) => call(req, reply, { method: 'POST', path: '/newsletters/subscriptions/unsubscribe', body: req.body }));

  route(api, 'myNewsletter', async (req, reply) => {
    if (!signedIn(req, reply)) return fail(req, reply, { ...NOT_SIGNED_IN });
    return call(req, reply, { path: '/newsletters/subscriptions/me' });
  });

  route(api, 'unsubscribeMyNewsletter', async (req, reply) => {
    if (!signedIn(req, reply)) return fail(req, reply, { ...NOT_SIGNED_IN });
    return call(req, reply, { method: 'DELETE', path: '/newsletters/subscriptions/me' });
  });
}
