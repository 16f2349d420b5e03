// Cart calls (spec 7 Carts; spec 4 cart rules; spec 5 limits; spec 8 errors). A cart belongs to the token's
// customer (anonymous or signed in): another customer's cart answers 404 cart_not_found. Issue 24: each route
// parses, calls one function of the cart service (service.ts: the rules, one transaction per write) and answers.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/swagger';
import {
  AddLineBody, Cart, CartAddressesBody, CartChangeResponse, CartLineParams, CartModeBody, CartParams, CartQuery, CartReadQuery, CartsQuery,
  CartsResponse, CouponBody, CreateCartBody, IdentityDocumentBody, LineItemBody, PayoutAccountBody, RemoveCouponBody, RemoveLineItemBody,
  ScrapEstimate, ScrapEstimateQuery, ScrapItemBody, UpdateCartBody,
  type CartChangeResponse as CartChangeResponseT, type CartPrices, type CartQuery as CartQueryT,
} from '../../contracts/cart.ts';
import { requireAuth, bearer } from '../http/auth.ts';
import { errorResponses } from '../http/errors.ts';
import { shopOrigin } from '../lib/http.ts';
import { addMergeHook } from '../customers/index.ts';
import { mergeCarts } from './merge.ts';
import { expectedVersion, notFoundOnBadParams } from './route-helpers.ts';
import {
  addLine, addScrapItem, addScrapToSellCart, applyCoupon, createCart, deleteOwnCart, readCart, readCarts, recalculate, removeCoupon, removeLine,
  removeScrapItem, scrapEstimate, setAddresses, setIdentityDocument, setMode, setPayoutAccount, setQuantity, updateCart, type CartCall,
} from './service.ts';

type Params = { id: string };
const cartResponses = { 200: Cart, ...errorResponses };
const tags = ['carts'];

/** spec 7 languageTag (language on the addresses call) */
const languageOf = (q: CartQueryT | undefined) => q?.languageTag ?? q?.language;

export const cartRoutes: FastifyPluginAsync = async (app) => {
  const { db, clock } = app.commerce;
  notFoundOnBadParams(app, 'cart_not_found');
  addMergeHook(app, mergeCarts);

  /** The service's view of a request: the caller, store, now, language, currency and the version it expects. */
  async function callOf(req: FastifyRequest<{ Querystring: CartQueryT }>): Promise<CartCall> {
    const auth = await requireAuth(req);
    return { auth, storeKey: req.storeKey, now: clock(), languageTag: languageOf(req.query), currency: req.query.currency, expectedVersion: expectedVersion(req) };
  }

  /** Answers a cart with its version as the ETag. */
  function withEtag<T extends { version: number }>(reply: FastifyReply, cart: T): T {
    void reply.header('etag', `"${cart.version}"`);
    return cart;
  }

  const writeSchema = <B>(summary: string, body?: B) => ({
    attachValidation: true,
    schema: { tags, summary, security: bearer, params: CartParams, querystring: CartQuery, ...(body ? { body } : {}), response: cartResponses },
  });
  const changeSchema = <B>(summary: string, body: B, params?: typeof CartParams) => ({
    attachValidation: true,
    schema: {
      tags, summary, security: bearer, querystring: CartQuery, body, ...(params ? { params } : {}), response: { 200: CartChangeResponse, ...errorResponses },
    },
  });

  // ---------------------------------------------------------------- create, read, delete

  app.post<{ Body: CreateCartBody; Querystring: CartQueryT }>('/carts', {
    attachValidation: true,
    schema: {
      tags, summary: 'Creates the active cart of a type (spec 4: one per type, created on demand); answers the existing one (200) if there is one.',
      security: bearer, body: CreateCartBody, querystring: CartQuery, response: { 200: Cart, 201: Cart, ...errorResponses },
    },
  }, async (req, reply) => {
    const { cart, created } = await createCart(db, await callOf(req), req.body);
    return reply.status(created ? 201 : 200).send(withEtag(reply, cart));
  });

  app.get<{ Querystring: CartQueryT & { ownerId?: string; prices?: CartPrices } }>('/carts', {
    schema: {
      tags, summary: 'The caller\'s active carts (at most one buy and one sell cart), priced from the current price set unless prices=held, in the '
        + 'currency given (issue 24: a cart in another currency is answered priced in it); a read stores nothing.',
      security: bearer, querystring: CartsQuery,
      response: { 200: CartsResponse, ...errorResponses },
    },
  }, async (req) => ({ results: await readCarts(db, await callOf(req), req.query) }));

  app.get<{ Params: Params; Querystring: CartQueryT & { prices?: CartPrices } }>('/carts/:id', {
    attachValidation: true,
    schema: {
      tags, summary: 'One of the caller\'s active carts, priced from the current price set unless prices=held, in the currency given; a read stores nothing.',
      security: bearer, params: CartParams, querystring: CartReadQuery, response: cartResponses,
    },
  }, async (req, reply) => {
    const cart = await readCart(db, await callOf(req), req.params.id, req.query.prices);
    // the ETag is the stored version (a read in another currency changes none)
    return withEtag(reply, cart);
  });

  app.delete<{ Params: Params; Querystring: CartQueryT }>('/carts/:id', writeSchema('Deletes the cart (spec 4: the deposit mode recreates the cart; a deleted cart is removed locally). Answers it as it was.'), async (req) =>
    deleteOwnCart(db, await callOf(req), req.params.id));

  // ---------------------------------------------------------------- cart settings

  app.put<{ Params: Params; Body: UpdateCartBody; Querystring: CartQueryT }>('/carts/:id', writeSchema(
    'Locale, shipping method (id or key), payment method and store of the cart. Card and PayPal are coming soon (409).', UpdateCartBody,
  ), async (req, reply) => withEtag(reply, await updateCart(db, await callOf(req), req.params.id, req.body)));

  // ---------------------------------------------------------------- line items

  app.put<{ Params: Params; Body: LineItemBody; Querystring: CartQueryT }>('/carts/:id/line-items', writeSchema(
    'Sets the quantity of a product in the cart (adds the line if missing).', LineItemBody,
  ), async (req, reply) => withEtag(reply, await setQuantity(db, await callOf(req), req.params.id, req.body)));

  // ---------------------------------------------------------------- one call per click (issue 16, 24)

  app.post<{ Body: AddLineBody; Querystring: CartQueryT }>('/carts/lines', changeSchema(
    'Add to cart in one call: adds pieces to what the active cart of the type holds (created on demand, in the delivery mode given by deposit; '
      + 'a cart with goods in the other mode is started anew), in one transaction: concurrent adds all count; 409 line_quantity_exceeded beyond '
      + '10,000 pieces a line, 409 cart_limit_exceeded beyond the cart maximum, and then nothing changes.',
    AddLineBody,
  ), async (req, reply): Promise<CartChangeResponseT> => {
    const out = await addLine(db, await callOf(req), req.body);
    withEtag(reply, out.cart);
    return out;
  });

  app.post<{ Body: ScrapItemBody; Querystring: CartQueryT }>('/carts/scrap-items', changeSchema(
    'A scrap item in one call (issue 24): added to the sell cart (created on demand in the currency given), which leaves the deposit mode in the '
      + 'same transaction (spec 4: scrap is sent in or brought; a depositSell cart with goods is started anew: recreated). Concurrent adds all count.',
    ScrapItemBody,
  ), async (req, reply): Promise<CartChangeResponseT> => {
    const out = await addScrapToSellCart(db, await callOf(req), req.body);
    withEtag(reply, out.cart);
    return out;
  });

  app.put<{ Params: Params; Body: CartModeBody; Querystring: CartQueryT }>('/carts/:id/mode', changeSchema(
    'The delivery mode in one call (spec 4): deposit true sets the Deposit method (buy) or depositSell (sell), false leaves it; a cart with '
      + 'goods in the other mode is deleted and started anew (recreated: true, a new id).',
    CartModeBody, CartParams,
  ), async (req, reply): Promise<CartChangeResponseT> => {
    const out = await setMode(db, await callOf(req), req.params.id, req.body.deposit);
    withEtag(reply, out.cart);
    return out;
  });

  app.delete<{ Params: Params; Body: RemoveLineItemBody; Querystring: CartQueryT }>('/carts/:id/line-items', writeSchema(
    'Removes quantity pieces of a product, or its whole line when quantity is absent.', RemoveLineItemBody,
  ), async (req, reply) => withEtag(reply, await removeLine(db, await callOf(req), req.params.id, req.body)));

  app.post<{ Params: Params; Body: ScrapItemBody; Querystring: CartQueryT }>('/carts/:id/scrap-items', writeSchema(
    'Adds a scrap item to the sell cart: metal, fineness (per mille) and weight in grams, priced from the current bid price. A piece whose estimate rounds to nothing: 400 scrap_estimate_zero.', ScrapItemBody,
  ), async (req, reply) => withEtag(reply, await addScrapItem(db, await callOf(req), req.params.id, req.body)));

  app.delete<{ Params: Params & { lineItemId: string }; Querystring: CartQueryT }>('/carts/:id/scrap-items/:lineItemId', {
    attachValidation: true,
    schema: { tags, summary: 'Removes a scrap item.', security: bearer, params: CartLineParams, querystring: CartQuery, response: cartResponses },
  }, async (req, reply) => withEtag(reply, await removeScrapItem(db, await callOf(req), req.params.id, req.params.lineItemId)));

  // ---------------------------------------------------------------- checkout data

  app.put<{ Params: Params; Body: CartAddressesBody; Querystring: CartQueryT }>('/carts/:id/addresses', writeSchema(
    'E-mail, shipping and billing address (spec 5 rules; the country among the store\'s shipping countries). The cart is priced for the shipping country.',
    CartAddressesBody,
  ), async (req, reply) => withEtag(reply, await setAddresses(db, await callOf(req), req.params.id, req.body)));

  app.put<{ Params: Params; Body: PayoutAccountBody; Querystring: CartQueryT }>('/carts/:id/payout-account', writeSchema(
    'The account a sell order is paid out to: IBAN and BIC, or account and routing number on the US store (checked with ibantools).', PayoutAccountBody,
  ), async (req, reply) => withEtag(reply, await setPayoutAccount(app.commerce, { ...(await callOf(req)), origin: shopOrigin(req, req.storeKey, app.commerce.config) }, req.params.id, req.body)));

  app.put<{ Params: Params; Body: IdentityDocumentBody; Querystring: CartQueryT }>('/carts/:id/identity-document', writeSchema(
    'Identity document details for cash payments that reach the anti-money-laundering threshold of the store\'s country.', IdentityDocumentBody,
  ), async (req, reply) => withEtag(reply, await setIdentityDocument(db, await callOf(req), req.params.id, req.body)));

  app.post<{ Params: Params; Querystring: CartQueryT }>('/carts/:id/recalculate', writeSchema(
    'Reprices the cart from the current price set and removes what is sold out or no longer available (spec 4, with notifications).',
  ), async (req, reply) => withEtag(reply, await recalculate(db, await callOf(req), req.params.id)));

  // ---------------------------------------------------------------- coupons (spec 6: admin-prefixed path)

  app.put<{ Params: Params; Body: CouponBody; Querystring: CartQueryT }>('/admin/carts/:id/coupon', writeSchema(
    'Adds a coupon code (spec 5: code must be given; only one coupon).', CouponBody,
  ), async (req, reply) => withEtag(reply, await applyCoupon(db, await callOf(req), req.params.id, req.body.code)));

  app.delete<{ Params: Params; Body: RemoveCouponBody; Querystring: CartQueryT }>('/admin/carts/:id/coupon', writeSchema(
    'Removes the coupon code.', RemoveCouponBody,
  ), async (req, reply) => withEtag(reply, await removeCoupon(db, await callOf(req), req.params.id, req.body.discountCodeId)));

  // ---------------------------------------------------------------- sell-to-us estimate

  app.get<{ Querystring: ScrapEstimateQuery }>('/scrap/estimate', {
    schema: {
      tags, summary: 'Estimated price of scrap metal (sell to us): metal, fineness, weight in grams, from the current bid price.',
      querystring: ScrapEstimateQuery, response: { 200: ScrapEstimate, ...errorResponses },
    },
  }, async (req) => scrapEstimate(db, req.storeKey, req.query));
};
