// /api limit orders (spec 3, 4, 5, 7; issue 10): give, list, read, change and delete the signed-in
// customer's limit orders. The service checks the rules of spec 5 (target at most 500,000.00, expiry in
// the future) and answers field errors, which go on with their messages in the customer's language.
// Another customer's limit order (or an id that is no uuid) answers 404 limit_order_not_found.
import type { FastifyInstance } from 'fastify';
import { accountAreaFor, PER_PAGE } from './account-area.ts';
import { fail, refuse, route, UUID } from './respond.ts';

export async function limitOrderRoutes(api: FastifyInstance) {
  route(api, 'limitOrders', async (req, reply) => {
    const page = req.query.page ?? 1;
    const r = await accountAreaFor(api, req, reply).limitOrders({ status: req.query.status, limit: PER_PAGE, offset: (page - 1) * PER_PAGE });
    if (r.error) return fail(req, reply, r.error);
    return r.data;
  });

  route(api, 'createLimitOrder', async (req, reply) => {
    const r = await accountAreaFor(api, req, reply).createLimitOrder(req.body);
    if (r.error) return fail(req, reply, r.error);
    return { limitOrder: r.data };
  });

  route(api, 'limitOrder', async (req, reply) => {
    if (!UUID.test(req.params.id)) return refuse(req, reply, 404, 'limit_order_not_found');
    const r = await accountAreaFor(api, req, reply).limitOrder(req.params.id);
    if (r.error) return fail(req, reply, r.error);
    return { limitOrder: r.data };
  });

  route(api, 'updateLimitOrder', async (req, reply) => {
    if (!UUID.test(req.params.id)) return refuse(req, reply, 404, 'limit_order_not_found');
    const r = await accountAreaFor(api, req, reply).updateLimitOrder(req.params.id, req.body);
    if (r.error) return fail(req, reply, r.error);
    return { limitOrder: r.data };
  });

  route(api, 'deleteLimitOrder', async (req, reply) => {
    if (!UUID.test(req.params.id)) return refuse(req, reply, 404, 'limit_order_not_found');
    const r = await accountAreaFor(api, req, reply).deleteLimitOrder(req.params.id);
    if (r.error) return fail(req, reply, r.error);
    return { limitOrder: r.data };
  });
}
