// /api order list (spec 3, 7; issue 10): the signed-in customer's purchase and sell orders, newest first,
// a page of ten. One order is /api/orders/:orderId (orders.ts, shared with the confirmation page). Guests
// get 401 (not_signed_in) without a call to the service.
import type { FastifyInstance } from 'fastify';
import { accountAreaFor, PER_PAGE } from './account-area.ts';
import { fail, route } from './respond.ts';

export async function accountOrderRoutes(api: FastifyInstance) {
  route(api, 'orders', async (req, reply) => {
    const page = req.query.page ?? 1;
    const r = await accountAreaFor(api, req, reply).orders({ type: req.query.type, limit: PER_PAGE, offset: (page - 1) * PER_PAGE });
    if (r.error) return fail(req, reply, r.error);
    return r.data;
  });
}
