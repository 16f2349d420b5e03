// /api order list (spec 3, 7; issue 10): the signed-in customer's purchase and sell orders, newest first,
// a page of ten. One order is /api/orders/:orderId (orders.ts, shared with the confirmation page). Guests
// get 401 (not_signed_in) without a call to the service.
import type { FastifyInstance } from 'fastify';
import { accountAreaFor, PER_PAGE } from './account-area.ts';
import { fail, refuse, route, UUID } from './respond.ts';

export async function accountOrderRoutes(api: FastifyInstance) {
  route(api, 'orders', async (req, reply) => {
    const page = req.query.page ?? 1;
    const r = await accountAreaFor(api, req, reply).orders({ type: req.query.type, limit: PER_PAGE, offset: (page - 1) * PER_PAGE });
    if (r.error) return fail(req, reply, r.error);
    return r.data;
  });

  // issue 23: the seller answers the counter-offer; another's order or a bad id: 404 order_not_found
  route(api, 'answerCounterOffer', async (req, reply) => {
    if (!UUID.test(req.params.orderId)) return refuse(req, reply, 404, 'order_not_found');
    const r = await accountAreaFor(api, req, reply).answerCounterOffer(req.params.orderId, req.body.decision);
    if (r.error) return fail(req, reply, r.error);
    return { order: r.data };
  });
}
