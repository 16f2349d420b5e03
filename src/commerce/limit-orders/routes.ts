// Limit orders (spec 7: POST, GET /limit-orders, GET, PUT, DELETE /limit-orders/{id}) of the signed-in
// customer, and the two jobs that move them: execution after every new price set (execute.ts) and expiry
// on a one-minute timer. Another customer's limit order, one of another store and a malformed id answer
// 404 limit_order_not_found.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type {} from '@fastify/swagger';
import {
  CreateLimitOrderBody, LimitOrder, LimitOrderParams, LimitOrderQuery, LimitOrdersQuery, LimitOrdersResponse, UpdateLimitOrderBody,
  type LimitOrdersQuery as LimitOrdersQueryT,
} from '../../contracts/limit-order.ts';
import { notFoundOnBadId, requestLang } from '../account-routes-common.ts';
import { requireUser, bearer } from '../http/auth.ts';
import { errorResponses } from '../http/errors.ts';
import { createJob } from '../lib/jobs.ts';
import { createLimitOrderExecutor } from './execute.ts';
import {
  cancelOwnLimitOrder, changeLimitOrder, giveLimitOrder, limitOrderOf, listLimitOrders, refuseDeletionWithOpenLimitOrders, type LimitOrderCall,
} from './service.ts';

/** Decision: expiry is checked every minute (and before every execution run): "on time" within a minute. */
export const EXPIRY_INTERVAL_S = 60;

const tags = ['limit-orders'];
type Params = { id: string };
type LangQuery = { languageTag?: string };

export const limitOrderRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.commerce;
  const { db, clock } = ctx;

  const executor = createLimitOrderExecutor(ctx, app.log);
  const execution = createJob({ name: 'limit-order-execution', work: executor.onPriceSet, log: app.log });
  const expiry = createJob({ name: 'limit-order-expiry', work: executor.onTimer, log: app.log, intervalMs: EXPIRY_INTERVAL_S * 1000 });
  ctx.jobs.set(execution.name, execution);
  ctx.jobs.set(expiry.name, expiry);
  ctx.priceSetListeners.push(() => execution.trigger());
  // expiries that fell into a restart are written at start, not a minute later
  app.addHook('onReady', async () => expiry.trigger());

  // Account deletion (customers runs the hooks in its transaction; this one is registered before the deposits'
  // check, so it answers first). Spec 6: blocked until all limit orders are deleted; closed ones (executed,
  // cancelled, failed) are history and go with the account.
  ctx.accountDeletionHooks.push(refuseDeletionWithOpenLimitOrders);

  notFoundOnBadId(app, 'limit_order_not_found');

  const callOf = async (req: FastifyRequest<{ Querystring: LangQuery }>): Promise<LimitOrderCall> => ({
    customerId: (await requireUser(req)).customerId, storeKey: req.storeKey, now: clock(), lang: requestLang(req), languageTag: req.query.languageTag,
  });

  app.post<{ Body: CreateLimitOrderBody; Querystring: LangQuery }>('/limit-orders', {
    schema: {
      tags, summary: 'Gives a limit order: it buys quantity pieces as soon as a new price set puts the buy price at or below targetCentAmount (per piece), until expiresAt.',
      security: bearer, body: CreateLimitOrderBody, querystring: LimitOrderQuery, response: { 201: LimitOrder, ...errorResponses },
    },
  }, async (req, reply) => {
    const limitOrder = await giveLimitOrder(db, await callOf(req), req.body);
    req.log.info({ limitOrderId: limitOrder.id }, 'limit order given');
    return reply.status(201).send(limitOrder);
  });

  app.get<{ Querystring: LimitOrdersQueryT }>('/limit-orders', {
    schema: {
      tags, summary: 'The signed-in customer\'s limit orders, newest first, paged; status filters (comma list).', security: bearer,
      querystring: LimitOrdersQuery, response: { 200: LimitOrdersResponse, ...errorResponses },
    },
  }, async (req) => listLimitOrders(db, await callOf(req), req.query));

  app.get<{ Params: Params; Querystring: LangQuery }>('/limit-orders/:id', {
    attachValidation: true,
    schema: {
      tags, summary: 'One of the caller\'s limit orders (with the notice when its product is no longer published).', security: bearer,
      params: LimitOrderParams, querystring: LimitOrderQuery, response: { 200: LimitOrder, ...errorResponses },
    },
  }, async (req) => limitOrderOf(db, await callOf(req), req.params.id));

  app.put<{ Params: Params; Body: UpdateLimitOrderBody; Querystring: LangQuery }>('/limit-orders/:id', {
    attachValidation: true,
    schema: {
      tags, summary: 'Changes quantity, target price or expiry of an active or inactive limit order; a new future expiry makes an expired one active again.',
      security: bearer, params: LimitOrderParams, body: UpdateLimitOrderBody, querystring: LimitOrderQuery, response: { 200: LimitOrder, ...errorResponses },
    },
  }, async (req) => changeLimitOrder(db, await callOf(req), req.params.id, req.body));

  app.delete<{ Params: Params; Querystring: LangQuery }>('/limit-orders/:id', {
    attachValidation: true,
    schema: {
      tags, summary: 'Deletes (cancels) an active or inactive limit order; it stays in the list as cancelled. Spec 6: account deletion waits for this.',
      security: bearer, params: LimitOrderParams, querystring: LimitOrderQuery, response: { 200: LimitOrder, ...errorResponses },
    },
  }, async (req) => cancelOwnLimitOrder(db, await callOf(req), req.params.id));
};
