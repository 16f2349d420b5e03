// /api deposit (spec 3, 7; issue 10): the signed-in customer's deposit in this store (null when there is
// none yet) with holdings and tax lots, and the preview of which lots a sale would take (oldest first).
// Another customer's deposit answers 404 deposit_not_found.
import type { FastifyInstance } from 'fastify';
import { accountAreaFor } from './account-area.ts';
import { fail, refuse, route, UUID } from './respond.ts';

export async function depositRoutes(api: FastifyInstance) {
  route(api, 'deposit', async (req, reply) => {
    const r = await accountAreaFor(api, req, reply).deposit();
    if (r.error) return fail(req, reply, r.error);
    return { deposit: r.data };
  });

  route(api, 'sellPreview', async (req, reply) => {
    if (!UUID.test(req.params.id)) return refuse(req, reply, 404, 'deposit_not_found');
    const r = await accountAreaFor(api, req, reply).sellPreview(req.params.id, req.query.sku, req.query.quantity);
    if (r.error) return fail(req, reply, r.error);
    return { preview: r.data };
  });
}
