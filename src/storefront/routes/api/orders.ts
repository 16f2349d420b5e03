// /api order calls (spec 3, 7, 8; issue 9): placing the order of a cart exactly once (the browser's
// Idempotency-Key goes to the commerce service as the header), and reading one of the customer's orders
// for the confirmation page. Refusals keep the service's code (co001 ..., price_not_equal: the browser
// recalculates and shows the price modal; cart_version_conflict with details.currentVersion: the cart is not
// the one the review step showed) with the message in the customer's language.
//
// Issue 23: a placement without an answer (commerce slower than the client's timeout, a cut connection, a
// 5xx) may have made the order. Decision: the browser reads it as order_outcome_open ("not confirmed yet,
// place it again: an order already placed is shown"), keeps its Idempotency-Key for the repeat
// (views/state/order-attempt.ts), and commerce answers the repeat with the order (also under a new key).
import type { FastifyInstance } from 'fastify';
import { cartsFor } from './carts.ts';
import { apiError, apiLanguage } from './errors.ts';
import { fail, refuse, route, send, UUID } from './respond.ts';

export async function orderRoutes(api: FastifyInstance) {
  route(api, 'placeOrder', async (req, reply) => {
    const { idempotencyKey, cartId, comment, optInTrustedShops, utmParams, cartVersion } = req.body;
    if (!UUID.test(cartId)) return refuse(req, reply, 404, 'co001');
    const carts = cartsFor(api, req, reply);
    // a guest without any token has no cart to order
    if (!carts.session.session.current) return refuse(req, reply, 404, 'co001');
    const body = {
      cartId,
      ...(comment !== undefined && comment.trim() !== '' ? { comment: comment.trim() } : {}),
      ...(optInTrustedShops !== undefined ? { optInTrustedShops } : {}),
      ...(utmParams && Object.keys(utmParams).length > 0 ? { utmParams } : {}),
      // the version the review step showed: commerce places only that one (409 cart_version_conflict otherwise)
      ...(cartVersion !== undefined ? { cartVersion } : {}),
    };
    // Issue 24: reads answer the cart in the visitor's currency without storing it. An order is placed in the
    // cart's own currency, so a cart still held in another one first takes the visitor's (the customer acts), and
    // the customer reviews its new prices: 409 cart_version_conflict, as for any cart changed since the review.
    const stored = await carts.storedCart(cartId);
    if (!stored.error && stored.data.currency !== carts.currency) {
      const moved = await carts.update(cartId, {});
      if (moved.error) return fail(req, reply, moved.error);
      return fail(req, reply, { code: 'cart_version_conflict', status: 409, message: '', details: { currentVersion: moved.data.version } });
    }
    const r = await carts.placeOrder(body, idempotencyKey);
    if (r.error) {
      const answer = apiError(r.error, apiLanguage(req), { store: req.store });
      // no answer or a failure of the service (not a refusal): the outcome is open, never "failed"
      if (answer.code === 'service_unavailable') return refuse(req, reply, answer.statusCode, 'order_outcome_open');
      return send(reply, answer);
    }
    return { order: r.data };
  });

  route(api, 'order', async (req, reply) => {
    if (!UUID.test(req.params.orderId)) return refuse(req, reply, 404, 'order_not_found');
    const carts = cartsFor(api, req, reply);
    if (!carts.session.session.current) return refuse(req, reply, 404, 'order_not_found');
    const r = await carts.order(req.params.orderId);
    if (r.error) return fail(req, reply, r.error);
    return { order: r.data };
  });
}
