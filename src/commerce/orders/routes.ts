// Order calls (spec 7 Orders): placing an order exactly once, the signed-in customer's orders, one order,
// the shipping methods for a cart (spec 3 keys, spec 5 rules) and the shipping cost table.
import type { FastifyPluginAsync } from 'fastify';
import type {} from '@fastify/swagger';
import {
  CreateOrderBody, Order, OrderLanguageQuery, OrderParams, OrdersQuery, OrdersResponse, ShippingCostsQuery, ShippingCostsResponse,
  ShippingMethodsQuery, ShippingMethodsResponse, type OrdersQuery as OrdersQueryT, type ShippingMethodsQuery as ShippingMethodsQueryT,
} from '../../contracts/order.ts';
import type { Currency } from '../../stores.ts';
import { stores } from '../../stores.ts';
import { requireAuth, requireUser, bearer } from '../http/auth.ts';
import { errorResponses } from '../http/errors.ts';
import { langOf } from '../lib/lang.ts';
import { type CartRow, cartById, cartView } from '../carts/index.ts';
import { addMergeHook, customerById } from '../customers/index.ts';
import { ifMatchVersion, notFoundOnBadParams } from '../http/request.ts';
import { currentPriceSet } from '../prices/index.ts';
import { depositRefusal, scrapBoxCapCents } from '../../contracts/checkout-rules.ts';
import { methodRuleViolation, shippingCost, shippingCostTable, shippingMethodDefs, shippingMethodId, pickupStoresFor, toPickupStore } from '../shipping/index.ts';
import { placeOrder } from './create.ts';
import { orderError } from './error-codes.ts';
import { answerOrder, listedOrder, toOrder } from './model.ts';
import { countCustomerOrders, customerOrders, customerOrder, moveGuestOrders } from './repository.ts';

const tags = ['orders'];
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

export const orderRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.commerce;
  const { db } = ctx;
  notFoundOnBadParams(app, 'order_not_found');
  // a guest's orders follow it into the account at sign-in (after the carts' hook: orders depend on carts)
  addMergeHook(app, (tx, args) => moveGuestOrders(tx, args.anonymousId, args.customerId));

  app.post<{ Body: CreateOrderBody; Querystring: { languageTag?: string } }>('/orders', {
    attachValidation: true,
    schema: {
      tags,
      summary: 'Places the order of a cart, exactly once: header Idempotency-Key; the same key and body answer the same order. The cart version the customer reviewed (If-Match: "<version>" and/or cartVersion) must be the current one, else 409 cart_version_conflict with details.currentVersion. Refusals carry the spec 8 code (co001-co005 and the rest) and details.reasons.',
      security: bearer,
      headers: { type: 'object', properties: { 'idempotency-key': { type: 'string', maxLength: 200 }, 'if-match': { type: 'string', maxLength: 200 } } },
      body: CreateOrderBody,
      querystring: OrderLanguageQuery,
      response: { 201: Order, ...errorResponses },
    },
  }, async (req, reply) => {
    const auth = await requireAuth(req);
    const key = req.headers['idempotency-key'];
    if (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key)) throw orderError('idempotency_key_required');
    // the version the customer reviewed, from the header and/or the body (both given: both must be current)
    const reviewed = [ifMatchVersion(req.headers['if-match']), req.body.cartVersion ?? null].filter((v): v is number => v !== null);
    const placed = await placeOrder(ctx, {
      auth, storeKey: req.storeKey, body: req.body, idempotencyKey: key, languageTag: req.query.languageTag, reviewedVersions: reviewed,
    });
    ctx.outbox.deliver(placed.outboxIds);
    if (placed.replayed) void reply.header('idempotent-replayed', 'true');
    else req.log.info({ orderId: placed.row.id, orderNumber: placed.row.order_number }, 'order placed');
    const lang = langOf(req.query.languageTag, langOf(placed.row.data.locale, 'de'));
    return reply.status(201).send(toOrder(placed.row, lang));
  });

  app.get<{ Querystring: OrdersQueryT }>('/orders', {
    schema: {
      tags, summary: 'The signed-in customer\'s orders, newest first, paged; type buy or sell lists one kind.', security: bearer, querystring: OrdersQuery,
      response: { 200: OrdersResponse, ...errorResponses },
    },
  }, async (req) => {
    const auth = await requireUser(req);
    const limit = req.query.limit ?? 20;
    const offset = req.query.offset ?? 0;
    const type = req.query.type ?? null;
    const n = await countCustomerOrders(db, auth.customerId, req.storeKey, type);
    const rows = await customerOrders(db, auth.customerId, req.storeKey, { limit, offset, type });
    // issue 15: the list carries the transfer's due date (cheap: a column); the timeline is on the order itself
    return {
      results: rows.map((r) => listedOrder(r, req.query.languageTag)),
      total: n, limit, offset,
    };
  });

  app.get<{ Querystring: ShippingMethodsQueryT }>('/orders/shipping-methods', {
    schema: {
      tags, summary: 'Shipping methods (spec 3 keys and delivery methods) for a cart with their price and whether spec 5 allows them; without cartId every method of the store.',
      security: bearer, querystring: ShippingMethodsQuery, response: { 200: ShippingMethodsResponse, ...errorResponses },
    },
  }, async (req) => {
    const store = stores[req.storeKey];
    let cart: CartRow | null = null;
    if (req.query.cartId !== undefined) {
      const auth = await requireAuth(req);
      cart = /^[0-9a-f-]{36}$/i.test(req.query.cartId) ? await cartById(db, req.query.cartId) : null;
      if (!cart || cart.customer_id !== auth.customerId || cart.store_key !== req.storeKey || cart.status !== 'active') throw orderError('cart_not_found');
    }
    const lang = langOf(req.query.languageTag, langOf(cart?.locale, store.key === 'us' ? 'en' : 'de'));
    const currency: Currency = cart?.currency ?? store.currency;
    const totals = cart ? (await cartView(db, cart)).totals : null;
    const set = cart ? await currentPriceSet(db) : null;
    const depot = cart && cart.transaction_type === 'sell' ? await ctx.depotHoldings(db, cart.customer_id, req.storeKey) : null;
    // issue 23: a guest is shown the deposit with the reason it needs an account (the order refuses it too)
    const hasAccount = cart ? (await customerById(db, cart.customer_id))?.kind === 'registered' : false;
    const methods = shippingMethodDefs
      .filter((m) => !cart || m.transactionType === cart.transaction_type)
      // a sale from the deposit is offered to a customer whose deposit holds metal (or whose cart has chosen it)
      .filter((m) => !cart || m.key !== 'depositSell' || (depot?.size ?? 0) > 0 || cart.shipping_method === 'depositSell')
      .map((m) => {
        const reason = cart && totals
          ? methodRuleViolation(m, { transactionType: cart.transaction_type, currency }, totals.ruleLines, totals.goods, set?.eurRates[currency] ?? null, depot)
            ?? depositRefusal(m.key, hasAccount)
          : null;
        return {
          id: shippingMethodId(m.key), key: m.key, name: m.name[lang], description: m.description[lang], transactionType: m.transactionType,
          deliveryMethod: m.deliveryMethod, requiresPickupStore: m.requiresPickupStore,
          price: { centAmount: totals?.goods != null ? shippingCost(m.key, currency, totals.goods) : 0, currencyCode: currency },
          available: reason === null, reason,
        };
      });
    const cap = cart ? scrapBoxCapCents(currency, set?.eurRates[currency] ?? null) : null;
    return {
      cartId: cart?.id ?? null, currency, methods, pickupStores: pickupStoresFor(req.storeKey).map((s) => toPickupStore(s, lang)),
      scrapBoxCap: cap === null ? null : { centAmount: cap, currencyCode: currency },
    };
  });

  app.get<{ Querystring: { currency?: Currency; languageTag?: string } }>('/orders/shipping-costs', {
    schema: {
      tags, summary: 'The shipping cost table (by goods value) for the product page; the same table prices carts.',
      querystring: ShippingCostsQuery, response: { 200: ShippingCostsResponse, ...errorResponses },
    },
  }, async (req) => {
    const store = stores[req.storeKey];
    const currency = req.query.currency ?? store.currency;
    const lang = langOf(req.query.languageTag, store.key === 'us' ? 'en' : 'de');
    return {
      currency,
      methods: shippingMethodDefs.map((m) => ({ key: m.key, name: m.name[lang], transactionType: m.transactionType, ...shippingCostTable[currency][m.key] })),
    };
  });

  app.get<{ Params: { id: string }; Querystring: { languageTag?: string } }>('/orders/:id', {
    attachValidation: true,
    schema: {
      tags, summary: 'One of the caller\'s orders (a guest reads the order with the anonymous token that placed it).', security: bearer,
      params: OrderParams, querystring: OrderLanguageQuery, response: { 200: Order, ...errorResponses },
    },
  }, async (req) => {
    const auth = await requireAuth(req);
    const row = await customerOrder(db, { customerId: auth.customerId, storeKey: req.storeKey }, req.params.id);
    if (!row) throw orderError('order_not_found');
    const lang = langOf(req.query.languageTag, langOf(row.data.locale, 'de'));
    // issue 15: the timeline (customer-safe), parcels with tracking links, the transfer's due date, the assay:
    // what the lifecycle adds through its order answer hook (orders never import the lifecycle, which builds on them)
    return answerOrder(ctx, toOrder(row, lang), lang);
  });
};
