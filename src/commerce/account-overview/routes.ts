// GET /customers/me/overview (issue 16, goal 4): the account overview's data in one call: the signed-in
// customer (with addresses, as GET /customers/me), the newest orders (as GET /orders lists them) and the
// newest open limit orders (as GET /limit-orders?status=active,inactive,pending). One token check instead
// of three and no counts: the overview shows a few rows and links to the full lists.
import type { FastifyPluginAsync } from 'fastify';
import type {} from '@fastify/swagger';
import { AccountOverviewQuery, AccountOverviewResponse } from '../../contracts/account-overview.ts';
import { requestLang } from '../account-routes-common.ts';
import { loadCustomer } from '../customers/index.ts';
import { bearer, requireUser } from '../http/auth.ts';
import { errorResponses, fail } from '../http/errors.ts';
import { OPEN_STATUSES, customerLimitOrders, limitOrderViews } from '../limit-orders/index.ts';
import { customerOrders, listedOrder } from '../orders/index.ts';

export const accountOverviewRoutes: FastifyPluginAsync = async (app) => {
  const { db, clock } = app.commerce;

  app.get<{ Querystring: AccountOverviewQuery }>('/customers/me/overview', {
    schema: {
      tags: ['session'],
      summary: 'The account overview in one call: the signed-in customer, the newest orders (orders, default 3) and the newest open limit orders (limitOrders, default 5), each as their own lists show them.',
      security: bearer,
      querystring: AccountOverviewQuery,
      response: { 200: AccountOverviewResponse, ...errorResponses },
    },
  }, async (req) => {
    const auth = await requireUser(req);
    const { orders = 3, limitOrders = 5 } = req.query;
    // one PGlite/PostgreSQL connection serves the queries in turn either way: awaited one after the other
    const customer = await loadCustomer(db, auth.customerId);
    if (!customer) fail('invalid_token');
    const orderRows = orders > 0 ? await customerOrders(db, auth.customerId, req.storeKey, { limit: orders, offset: 0, type: null }) : [];
    const limitRows = limitOrders > 0
      ? await customerLimitOrders(db, auth.customerId, req.storeKey, { status: OPEN_STATUSES.join(','), limit: limitOrders, offset: 0 })
      : [];
    return {
      customer,
      latestOrders: orderRows.map((r) => listedOrder(r, req.query.languageTag)),
      openLimitOrders: await limitOrderViews(db, limitRows, requestLang(req), clock()),
    };
  });
};
