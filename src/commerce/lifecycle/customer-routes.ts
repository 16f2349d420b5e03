// The customer's own step of the lifecycle (issue 23): the owner of a sale answers the counter-offer of its
// assay. Decision (issue 24): the route belongs to the lifecycle's plugin, not to the orders' (whose other order
// reads it kept): the lifecycle builds on orders, so orders never import it; the path stays /orders/:id/....
import type { FastifyPluginAsync } from 'fastify';
import { CounterOfferAnswerBody, Order, OrderLanguageQuery, OrderParams } from '../../contracts/order.ts';
import { bearer, requireAuth } from '../http/auth.ts';
import { errorResponses, orderError } from '../http/errors.ts';
import { notFoundOnBadParams } from '../http/request.ts';
import { langOf } from '../lib/lang.ts';
import { answerOrder, toOrder } from '../orders/index.ts';
import { lifeOrderById } from './repository.ts';
import { decideCounterOffer } from './steps.ts';

const tags = ['orders'];

export const customerOrderRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.commerce;
  const { db } = ctx;
  notFoundOnBadParams(app, 'order_not_found');

  app.post<{ Params: { id: string }; Querystring: { languageTag?: string }; Body: CounterOfferAnswerBody }>('/orders/:id/counter-offer', {
    attachValidation: true,
    schema: {
      tags, summary: 'Issue 23: the owner of a sale accepts the counter-offer of its assay, or declines it (the goods are returned insured, at the shop\'s cost). 409 counter_offer_not_open once answered or past the deadline.',
      security: bearer, params: OrderParams, querystring: OrderLanguageQuery, body: CounterOfferAnswerBody, response: { 200: Order, ...errorResponses },
    },
  }, async (req) => {
    const auth = await requireAuth(req);
    const row = await lifeOrderById(db, req.params.id);
    if (!row || row.customer_id !== auth.customerId || row.store_key !== req.storeKey) throw orderError('order_not_found');
    await decideCounterOffer(ctx, row.id, { customerId: auth.customerId, storeKey: req.storeKey }, req.body.decision);
    const after = (await lifeOrderById(db, row.id))!;
    const lang = langOf(req.query.languageTag, langOf(after.data.locale, 'de'));
    // the order as GET /orders/{id} answers it, with what every feature adds (the lifecycle's own hook among them)
    return answerOrder(ctx, toOrder(after, lang), lang);
  });
};
