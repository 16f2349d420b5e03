// /api contact form and whistleblower system (spec 7 POST /application/contact, POST
// /application/whistleblow; issue 10). Both work for guests. A signed-in sender's contact message carries
// the account (the service keeps it with the account; account deletion removes it). Decision: a
// whistleblower call never carries the session's token, whoever is signed in: a report must not be tied
// to an account, the case reference and access code are the only key to it.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Result } from '../../../contracts/result.ts';
import { cartLanguageTag } from '../../commerce-client/carts.ts';
import { apiLanguage } from './errors.ts';
import { fail, route } from './respond.ts';

export async function applicationRoutes(api: FastifyInstance) {
  const query = (req: FastifyRequest) => ({ languageTag: cartLanguageTag(req.store, apiLanguage(req)) });

  async function call<T>(req: FastifyRequest, reply: FastifyReply, path: string, body: unknown, auth: 'session' | 'none'): Promise<T | FastifyReply> {
    const r: Result<T> = await api.sessions.clientFor(req, reply).call<T>({ method: 'POST', path, body, query: query(req), auth });
    return r.error ? fail(req, reply, r.error) : r.data;
  }

  route(api, 'contact', async (req, reply) => call(req, reply, '/application/contact', req.body, 'session'));
  route(api, 'whistleblow', async (req, reply) => call(req, reply, '/application/whistleblow', req.body, 'none'));
  route(api, 'whistleblowCase', async (req, reply) => call(req, reply, '/application/whistleblow/case', req.body, 'none'));
  route(api, 'whistleblowReply', async (req, reply) => call(req, reply, '/application/whistleblow/case/messages', req.body, 'none'));
}
