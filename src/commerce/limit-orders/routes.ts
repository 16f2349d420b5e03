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
import { stores, type StoreKey } from '../../stores.ts';
import { AccountFieldErrors, accountError } from '../account-error-codes.ts';
import { notFoundOnBadId, requestLang } from '../account-routes-common.ts';
import type { AuthContext } from '../auth/tokens.ts';
import { CART_MAX_CENTS } from '../carts/index.ts';
import { langOf } from '../lib/lang.ts';
import { productsBySkus } from '../catalogue/index.ts';
import { requireUser, bearer } from '../http/auth.ts';
import { errorResponses, fail, orderError } from '../http/errors.ts';
import { addressesOf, customerById, lockCustomer } from '../customers/index.ts';
import type { Db } from '../db/index.ts';
import { createJob } from '../lib/jobs.ts';
import { createLimitOrderExecutor } from './execute.ts';
import {
  LIMIT_ORDER_MAX_DAYS, LIMIT_PRICE_MAX_CENTS, OPEN_LIMIT_ORDERS_MAX, OPEN_STATUSES, limitOrderViews, nextLimitOrderNumber,
} from './model.ts';
import {
  cancelLimitOrder, countCustomerLimitOrders, countWithStatus, customerLimitOrders, insertLimitOrder, limitOrderById, openLimitOrderCount,
  updateLimitOrder, type LimitOrderRow,
} from './repository.ts';

/** Decision: expiry is checked every minute (and before every execution run): "on time" within a minute. */
export const EXPIRY_INTERVAL_S = 60;

const tags = ['limit-orders'];
type Params = { id: string };
type LangQuery = { languageTag?: string };

/** A limit order of the caller in the request's store, locked when asked; anything else is 404. */
export async function ownLimitOrder(db: Db, auth: AuthContext, req: FastifyRequest, id: string, forUpdate = false): Promise<LimitOrderRow> {
  const row = await limitOrderById(db, id, forUpdate);
  if (!row || row.customer_id !== auth.customerId || row.store_key !== req.storeKey) throw accountError('limit_order_not_found');
  return row;
}

/**
 * Issue 17: a limit order is saved only when it could be executed, which places an order to the default
 * shipping and billing addresses (execute.ts): without both, 409 no_default_address; with a shipping country
 * the store does not deliver to, 400 country_not_allowed. Execution checks them again (an address can be
 * deleted later). Answers the default shipping address.
 */
async function executableAddress(db: Db, customerId: string, storeKey: StoreKey): Promise<{ country: string }> {
  const addresses = await addressesOf(db, customerId);
  const shipping = addresses.find((a) => a.default_shipping);
  if (!shipping || !addresses.some((a) => a.default_billing)) throw accountError('no_default_address');
  if (!(stores[storeKey].shippingCountries as string[]).includes(shipping.country)) throw orderError('country_not_allowed');
  return shipping;
}

const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** spec 5: the expiry is required and in the future; Decision: at most LIMIT_ORDER_MAX_DAYS ahead. */
function checkExpiry(value: string, now: Date, errors: AccountFieldErrors): Date | null {
  // a moment, not a wall-clock time: the offset (Z or +01:00) is required, so the server's zone never decides
  const at = ISO_MOMENT.test(value) ? new Date(value) : new Date(NaN);
  if (Number.isNaN(at.getTime())) errors.add('expiresAt', value.trim() === '' ? 'required' : 'invalid_value');
  else if (at <= now) errors.add('expiresAt', 'date_in_past');
  else if (at.getTime() > now.getTime() + LIMIT_ORDER_MAX_DAYS * 86_400_000) errors.add('expiresAt', 'date_too_far');
  else return at;
  return null;
}

/** spec 5 / 9: the limit price at most 500,000.00; the order it becomes within the cart maximum. */
function checkTarget(target: number, quantity: number, errors: AccountFieldErrors): void {
  if (target > LIMIT_PRICE_MAX_CENTS) errors.add('targetCentAmount', 'limit_price_too_high');
  errors.throwIfAny();
  if (target * quantity > CART_MAX_CENTS) throw orderError('cart_limit_exceeded');
}

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
  ctx.accountDeletionHooks.push(async (tx, account) => {
    if (await openLimitOrderCount(tx, account.customerId) > 0) fail('limit_orders_exist');
  });

  notFoundOnBadId(app, 'limit_order_not_found');

  const lang = (req: FastifyRequest) => requestLang(req);
  const one = async (row: LimitOrderRow, req: FastifyRequest<{ Querystring: LangQuery }>) => (await limitOrderViews(db, [row], lang(req), clock()))[0];

  app.post<{ Body: CreateLimitOrderBody; Querystring: LangQuery }>('/limit-orders', {
    schema: {
      tags, summary: 'Gives a limit order: it buys quantity pieces as soon as a new price set puts the buy price at or below targetCentAmount (per piece), until expiresAt.',
      security: bearer, body: CreateLimitOrderBody, querystring: LimitOrderQuery, response: { 201: LimitOrder, ...errorResponses },
    },
  }, async (req, reply) => {
    const auth = await requireUser(req);
    const now = clock();
    const { sku, quantity, targetCentAmount } = req.body;
    const errors = new AccountFieldErrors();
    const expiresAt = checkExpiry(req.body.expiresAt, now, errors);
    checkTarget(targetCentAmount, quantity, errors);
    const [product] = await productsBySkus(db, [sku]);
    if (!product) throw orderError('product_not_found');
    if (!product.published) throw orderError('product_no_longer_available');
    // spec 6: duty-free products are sold only via customer support
    if (product.dutyFree) throw orderError('duty_free_via_support');
    if (product.availability === 'soldOut') throw orderError('product_out_of_stock', undefined, 'This product is out of stock.');
    const customer = await customerById(db, auth.customerId);
    const store = stores[req.storeKey];
    // the list it watches: the default shipping address's country (its VAT)
    const shipping = await executableAddress(db, auth.customerId, req.storeKey);
    const country = shipping.country;
    const language = langOf(req.query.languageTag, customer?.language ?? 'de');
    const row = await db.transaction(async (tx) => {
      await lockCustomer(tx, auth.customerId);
      const n = await countWithStatus(tx, auth.customerId, OPEN_STATUSES);
      if (n >= OPEN_LIMIT_ORDERS_MAX) throw accountError('too_many_limit_orders');
      return insertLimitOrder(tx, {
        customerId: auth.customerId, storeKey: req.storeKey, number: await nextLimitOrderNumber(tx, req.storeKey, now), sku, quantity,
        targetCents: targetCentAmount, currency: store.currency, country, language, expiresAt, now,
      });
    });
    req.log.info({ limitOrderId: row.id }, 'limit order given');
    return reply.status(201).send(await one(row, req));
  });

  app.get<{ Querystring: LimitOrdersQueryT }>('/limit-orders', {
    schema: {
      tags, summary: 'The signed-in customer\'s limit orders, newest first, paged; status filters (comma list).', security: bearer,
      querystring: LimitOrdersQuery, response: { 200: LimitOrdersResponse, ...errorResponses },
    },
  }, async (req) => {
    const auth = await requireUser(req);
    const limit = req.query.limit ?? 20;
    const offset = req.query.offset ?? 0;
    const status = req.query.status ?? null;
    const n = await countCustomerLimitOrders(db, auth.customerId, req.storeKey, status);
    const rows = await customerLimitOrders(db, auth.customerId, req.storeKey, { status, limit, offset });
    return { results: await limitOrderViews(db, rows, lang(req), clock()), total: n, limit, offset };
  });

  app.get<{ Params: Params; Querystring: LangQuery }>('/limit-orders/:id', {
    attachValidation: true,
    schema: {
      tags, summary: 'One of the caller\'s limit orders (with the notice when its product is no longer published).', security: bearer,
      params: LimitOrderParams, querystring: LimitOrderQuery, response: { 200: LimitOrder, ...errorResponses },
    },
  }, async (req) => one(await ownLimitOrder(db, await requireUser(req), req, req.params.id), req));

  app.put<{ Params: Params; Body: UpdateLimitOrderBody; Querystring: LangQuery }>('/limit-orders/:id', {
    attachValidation: true,
    schema: {
      tags, summary: 'Changes quantity, target price or expiry of an active or inactive limit order; a new future expiry makes an expired one active again.',
      security: bearer, params: LimitOrderParams, body: UpdateLimitOrderBody, querystring: LimitOrderQuery, response: { 200: LimitOrder, ...errorResponses },
    },
  }, async (req) => {
    const auth = await requireUser(req);
    const now = clock();
    const row = await db.transaction(async (tx) => {
      const lo = await ownLimitOrder(tx, auth, req, req.params.id, true);
      // pending: its execution is under way; executed, cancelled and failed are closed
      if (lo.status !== 'active' && lo.status !== 'inactive') throw accountError('limit_order_not_editable');
      // a changed limit order is saved under the same rule as a new one
      await executableAddress(tx, auth.customerId, req.storeKey);
      const errors = new AccountFieldErrors();
      const expiresAt = req.body.expiresAt !== undefined ? checkExpiry(req.body.expiresAt, now, errors) : null;
      const quantity = req.body.quantity ?? lo.quantity;
      const target = req.body.targetCentAmount ?? lo.target_cents;
      checkTarget(target, quantity, errors);
      const reactivate = expiresAt !== null;
      return updateLimitOrder(tx, lo.id, {
        quantity, targetCents: target, expiresAt: expiresAt ?? lo.expires_at, status: reactivate ? 'active' : lo.status,
        closedAt: reactivate ? null : lo.closed_at, now,
      });
    });
    return one(row, req);
  });

  app.delete<{ Params: Params; Querystring: LangQuery }>('/limit-orders/:id', {
    attachValidation: true,
    schema: {
      tags, summary: 'Deletes (cancels) an active or inactive limit order; it stays in the list as cancelled. Spec 6: account deletion waits for this.',
      security: bearer, params: LimitOrderParams, querystring: LimitOrderQuery, response: { 200: LimitOrder, ...errorResponses },
    },
  }, async (req) => {
    const auth = await requireUser(req);
    const now = clock();
    const row = await db.transaction(async (tx) => {
      const lo = await ownLimitOrder(tx, auth, req, req.params.id, true);
      if (lo.status === 'cancelled') return lo;
      if (lo.status !== 'active' && lo.status !== 'inactive') throw accountError('limit_order_not_editable');
      return cancelLimitOrder(tx, lo.id, now);
    });
    return one(row, req);
  });
};
