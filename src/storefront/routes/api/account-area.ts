// The account area's client for one /api request (store and language of the request), shared by the
// orders, limit-order and deposit plugins.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AccountAreaClient } from '../../commerce-client/account-area.ts';
import { apiLanguage } from './errors.ts';

export function accountAreaFor(api: FastifyInstance, req: FastifyRequest, reply: FastifyReply): AccountAreaClient {
  return new AccountAreaClient(api.sessions.clientFor(req, reply), req.store, apiLanguage(req));
}

/** Account pages list 10 rows a page (the commerce service pages by limit and offset). */
export const PER_PAGE = 10;
