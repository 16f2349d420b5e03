// Cart calls (spec 7 Carts; spec 4 cart rules; spec 5 limits; spec 8 errors). A cart belongs to the token's
// customer (anonymous or signed in): another customer's cart answers 404 cart_not_found. Every write takes
// the cart's row lock, checks the version the client expects (If-Match or version in the body: 409
// cart_version_conflict with the current version), changes the cart, reprices it from the current price
// set and stores it with the next version, in one transaction. A write that changes nothing keeps the version.
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/swagger';
import {
  AddLineBody, Cart, CartAddressesBody, CartChangeResponse, CartLineParams, CartModeBody, CartParams, CartQuery, CartReadQuery, CartsQuery,
  CartsResponse, CouponBody, CreateCartBody, IdentityDocumentBody, LineItemBody, PayoutAccountBody, RemoveCouponBody, RemoveLineItemBody,
  ScrapEstimate, ScrapEstimateQuery, ScrapItemBody, UpdateCartBody,
  type Cart as CartT, type CartNotification, type CartChangeResponse as CartChangeResponseT, type CartPrices, type CartQuery as CartQueryT,
} from '../../contracts/cart.ts';
import { LINE_MAX_PIECES } from '../../contracts/cart-limits.ts';
import { stores } from '../../stores.ts';
import type { AuthContext } from '../auth/tokens.ts';
import { productsBySkus } from '../catalogue/index.ts';
import { requireAuth, bearer } from '../http/auth.ts';
import { errorResponses, fail } from '../http/errors.ts';
import { addMergeHook, customerById } from '../customers/index.ts';
import type { Db } from '../db/index.ts';
import type { CatalogueProduct } from '../catalogue/index.ts';
import { discountCodeByCode, normalizeCode, usableOn } from '../discounts/index.ts';
import { scrapPrice, currentPriceSet } from '../prices/index.ts';
import { findPickupStore, findShippingMethod } from '../shipping/index.ts';
import { CART_MAX_CENTS } from './calculate.ts';
import { mergeCarts } from './merge.ts';
import { checkCartCurrency, setCartCurrency } from './currency.ts';
import { stableJson, type CartRow, type StoredLine } from './model.ts';
import {
  activeCarts, cartById, cartReadView, cartView, deleteCart, insertActiveCart, lockActiveCart, repriceCart, saveCart,
} from './repository.ts';
import { checkVersion, notFoundOnBadParams } from './route-helpers.ts';
import { validateCartAddresses, validateIdentityDocument, validatePayoutAccount } from './validation.ts';
import { comingSoonPayments } from '../../contracts/checkout-rules.ts';

type Params = { id: string };
const cartResponses = { 200: Cart, ...errorResponses };
const tags = ['carts'];

/** The mutable part of a row: unchanged after a write means nothing to store (and no new version). */
function snapshot(c: CartRow): string {
  const { version: _v, updated_at: _u, notifications: _n, ...rest } = c;
  return stableJson(rest);
}

/** spec 7 languageTag (language on the addresses call) */
const languageOf = (q: CartQueryT | undefined) => q?.languageTag ?? q?.language;

export const cartRoutes: FastifyPluginAsync = async (app) => {
  const { db, clock } = app.commerce;
  notFoundOnBadParams(app, 'cart_not_found');
  addMergeHook(app, mergeCarts);

  /** The caller's active cart, locked for the transaction; anything else is 404. */
  async function ownCart(tx: Db, auth: AuthContext, req: FastifyRequest, id: string): Promise<CartRow> {
    const cart = await cartById(tx, id, { forUpdate: true });
    if (!cart || cart.customer_id !== auth.customerId || cart.store_key !== req.storeKey || cart.status !== 'active') fail('cart_not_found');
    return cart;
  }

  /**
   * One cart write: lock, version check, change, reprice, store. `grows` writes (more goods) are refused
   * when the cart would pass the spec 9 maximum of 500,000; lowering or repricing never is.
   */
  async function changeCart(
    req: FastifyRequest<{ Params: Params; Querystring: CartQueryT }>,
    reply: FastifyReply,
    change: (cart: CartRow, tx: Db, auth: AuthContext) => Promise<{ grows?: boolean } | void>,
  ): Promise<CartT> {
    const auth = await requireAuth(req);
    const now = clock();
    const cart = await db.transaction(async (tx) => {
      const row = await ownCart(tx, auth, req, req.params.id);
      checkVersion(req, row.version);
      const before = snapshot(row);
      const held = row.notifications.length;
      const { grows } = (await change(row, tx, auth)) ?? {};
      return finish(tx, row, { languageTag: languageOf(req.query), before, grows: grows === true, now, told: row.notifications.slice(held) });
    });
    void reply.header('etag', `"${cart.version}"`);
    return cart;
  }

  const writeSchema = <B>(summary: string, body?: B) => ({
    attachValidation: true,
    schema: { tags, summary, security: bearer, params: CartParams, querystring: CartQuery, ...(body ? { body } : {}), response: cartResponses },
  });

  // ---------------------------------------------------------------- create, read, delete

  app.post<{ Body: CreateCartBody; Querystring: CartQueryT }>('/carts', {
    attachValidation: true,
    schema: {
      tags, summary: 'Creates the active cart of a type (spec 4: one per type, created on demand); answers the existing one (200) if there is one.',
      security: bearer, body: CreateCartBody, querystring: CartQuery, response: { 200: Cart, 201: Cart, ...errorResponses },
    },
  }, async (req, reply) => {
    const auth = await requireAuth(req);
    const store = stores[req.storeKey];
    const { transactionType, country, currency } = req.body;
    if (!(store.shippingCountries as string[]).includes(country)) fail('country_not_allowed');
    // spec 1: currency by store, and a user can switch to USD
    if (currency !== store.currency && currency !== 'USD') fail('currency_not_allowed');
    const now = clock();
    const { row, created } = await db.transaction(async (tx) => {
      const customer = await customerById(tx, auth.customerId);
      const inserted = await insertActiveCart(tx, {
        customerId: auth.customerId, storeKey: req.storeKey, transactionType, country, currency, locale: req.body.locale ?? store.locales.de,
        customerGroup: customer?.kind === 'registered' ? customer.account_type ?? 'individual' : null,
        customerEmail: customer?.kind === 'registered' ? customer.email : null, now,
      });
      if (inserted) return { row: inserted, created: true };
      const existing = (await activeCarts(tx, auth.customerId)).find((c) => c.transaction_type === transactionType);
      if (!existing) fail('cart_not_found'); // deleted in between: the client retries
      return { row: existing, created: false };
    });
    const view = await cartView(db, row, { languageTag: req.query.languageTag });
    void reply.header('etag', `"${row.version}"`);
    return reply.status(created ? 201 : 200).send(view.cart);
  });

  app.get<{ Querystring: { languageTag?: string; ownerId?: string; prices?: CartPrices } }>('/carts', {
    schema: {
      tags, summary: 'The caller\'s active carts (at most one buy and one sell cart), priced from the current price set unless prices=held; a read stores nothing.',
      security: bearer, querystring: CartsQuery,
      response: { 200: CartsResponse, ...errorResponses },
    },
  }, async (req) => {
    const auth = await requireAuth(req);
    // spec 7 ownerId: only the token's own carts are ever answered
    if (req.query.ownerId !== undefined && req.query.ownerId !== auth.customerId) fail('cart_not_found');
    const rows = (await activeCarts(db, auth.customerId)).filter((c) => c.store_key === req.storeKey);
    const results: CartT[] = [];
    for (const row of rows) results.push((await cartReadView(db, row, { languageTag: req.query.languageTag, prices: req.query.prices })).cart);
    return { results };
  });

  app.get<{ Params: Params; Querystring: CartQueryT & { prices?: CartPrices } }>('/carts/:id', {
    attachValidation: true,
    schema: {
      tags, summary: 'One of the caller\'s active carts, priced from the current price set unless prices=held; a read stores nothing.',
      security: bearer, params: CartParams, querystring: CartReadQuery, response: cartResponses,
    },
  }, async (req, reply) => {
    const auth = await requireAuth(req);
    const row = await cartById(db, req.params.id);
    if (!row || row.customer_id !== auth.customerId || row.store_key !== req.storeKey || row.status !== 'active') fail('cart_not_found');
    void reply.header('etag', `"${row.version}"`);
    return (await cartReadView(db, row, { languageTag: languageOf(req.query), prices: req.query.prices })).cart;
  });

  app.delete<{ Params: Params; Querystring: CartQueryT }>('/carts/:id', writeSchema('Deletes the cart (spec 4: the deposit mode recreates the cart; a deleted cart is removed locally). Answers it as it was.'), async (req) => {
    const auth = await requireAuth(req);
    return db.transaction(async (tx) => {
      const row = await ownCart(tx, auth, req, req.params.id);
      checkVersion(req, row.version);
      const view = await cartView(tx, row, { languageTag: languageOf(req.query) });
      await deleteCart(tx, row.id);
      return view.cart;
    });
  });

  // ---------------------------------------------------------------- cart settings

  app.put<{ Params: Params; Body: UpdateCartBody; Querystring: CartQueryT }>('/carts/:id', writeSchema(
    'Locale, shipping method (id or key), payment method and store of the cart. Card and PayPal are coming soon (409).', UpdateCartBody,
  ), async (req, reply) => changeCart(req, reply, async (cart, tx) => {
    // (JSON bodies are validated without coercion, src/lib/service.ts: null arrives as null and clears)
    const b = req.body;
    if (b.locale !== undefined) cart.locale = b.locale;
    if (b.shippingMethodId !== undefined) {
      if (b.shippingMethodId === null) cart.shipping_method = null;
      else {
        const method = findShippingMethod(b.shippingMethodId);
        // spec 8: "Shipping method not found" also for a method of the other transaction type
        if (!method || method.transactionType !== cart.transaction_type) fail('shipping_method_not_found');
        cart.shipping_method = method.key;
      }
    }
    if (b.paymentMethod !== undefined) {
      // spec 9: card and PayPal are coming soon; refused until a payment provider exists
      if (b.paymentMethod !== null && comingSoonPayments.includes(b.paymentMethod)) fail('payment_method_unavailable');
      cart.payment_method = b.paymentMethod;
    }
    if (b.pickupStore !== undefined) {
      if (b.pickupStore !== null && !findPickupStore(cart.store_key, b.pickupStore)) fail('pickup_store_not_found');
      cart.pickup_store = b.pickupStore;
    }
    // spec 1: a user can switch to USD; the cart is priced in it from now on
    if (b.currency !== undefined) await setCartCurrency(tx, cart, b.currency, clock());
  }));

  // ---------------------------------------------------------------- line items

  app.put<{ Params: Params; Body: LineItemBody; Querystring: CartQueryT }>('/carts/:id/line-items', writeSchema(
    'Sets the quantity of a product in the cart (adds the line if missing).', LineItemBody,
  ), async (req, reply) => changeCart(req, reply, async (cart, tx) => {
    const { sku, quantity } = req.body;
    const before = setLineQuantity(cart, await productFor(tx, cart, sku), () => quantity, clock());
    return { grows: quantity > before };
  }));

  // ---------------------------------------------------------------- one call per click (issue 16)

  /** The cart type's deposit method: bought into the deposit (buy) or sold from it (sell). */
  const depositKeyOf = (cart: CartRow) => (cart.transaction_type === 'buy' ? 'deposit' : 'depositSell');

  /**
   * spec 4: the cart in the delivery mode the next item needs. A cart with goods in the other mode is deleted
   * and started anew (the same customer, store, country, currency and locale), an empty one changes its method.
   */
  async function inMode(tx: Db, cart: CartRow, deposit: boolean | undefined, now: Date): Promise<{ cart: CartRow; recreated: boolean }> {
    const key = depositKeyOf(cart);
    if (deposit === undefined || (cart.shipping_method === key) === deposit) return { cart, recreated: false };
    let row = cart;
    let recreated = false;
    if (cart.line_items.length > 0) {
      await deleteCart(tx, cart.id);
      const fresh = await insertActiveCart(tx, {
        customerId: cart.customer_id, storeKey: cart.store_key, transactionType: cart.transaction_type, country: cart.country, currency: cart.currency,
        locale: cart.locale, customerGroup: cart.customer_group, customerEmail: cart.customer_email, now,
      });
      if (!fresh) throw new Error('the deleted cart\'s type is still taken');
      row = fresh;
      recreated = true;
    }
    row.shipping_method = deposit ? key : null;
    return { cart: row, recreated };
  }

  /** Prices, stores (when something changed) and answers a cart changed in the transaction; the cart maximum for growing changes. */
  async function finish(tx: Db, row: CartRow, opts: { languageTag?: string; before: string | null; grows: boolean; now: Date; told?: CartNotification[] }): Promise<CartT> {
    const repriced = await repriceCart(tx, row);
    // what the change itself said (a coupon that no longer applies) stays beside what pricing removed
    if (opts.told?.length) row.notifications = [...opts.told, ...row.notifications];
    const changed = opts.before === null || snapshot(row) !== opts.before || row.notifications.length > 0;
    const stored = changed ? await saveCart(tx, row, opts.now) : row;
    const view = await cartView(tx, stored, { languageTag: opts.languageTag, repriced });
    if (opts.grows && view.totals.goods !== null && view.totals.goods > CART_MAX_CENTS) fail('cart_limit_exceeded');
    return view.cart;
  }

  app.post<{ Body: AddLineBody; Querystring: CartQueryT }>('/carts/lines', {
    attachValidation: true,
    schema: {
      tags, security: bearer, querystring: CartQuery, body: AddLineBody, response: { 200: CartChangeResponse, ...errorResponses },
      summary: 'Add to cart in one call: adds pieces to what the active cart of the type holds (created on demand, in the delivery mode given by deposit; '
        + 'a cart with goods in the other mode is started anew), in one transaction: concurrent adds all count; 409 line_quantity_exceeded beyond '
        + '10,000 pieces a line, 409 cart_limit_exceeded beyond the cart maximum, and then nothing changes.',
    },
  }, async (req, reply): Promise<CartChangeResponseT> => {
    const auth = await requireAuth(req);
    const store = stores[req.storeKey];
    const b = req.body;
    const country = b.country ?? store.country;
    if (!(store.shippingCountries as string[]).includes(country)) fail('country_not_allowed');
    const currency = checkCartCurrency(req.storeKey, b.currency ?? store.currency);
    const now = clock();
    const out = await db.transaction(async (tx) => {
      const locked = await lockActiveCart(tx, {
        customerId: auth.customerId, storeKey: req.storeKey, transactionType: b.transactionType, country, currency, locale: b.locale ?? store.locales.de, now,
        customer: async () => {
          const customer = await customerById(tx, auth.customerId);
          return {
            customerGroup: customer?.kind === 'registered' ? customer.account_type ?? 'individual' : null,
            customerEmail: customer?.kind === 'registered' ? customer.email : null,
          };
        },
      });
      const { cart, recreated } = await inMode(tx, locked, b.deposit, now);
      // the pieces are added at the prices the shopper saw: in their currency (spec 1), the cart follows it
      const told = cart.notifications.length;
      if (b.currency !== undefined) await setCartCurrency(tx, cart, currency, now);
      const product = await productFor(tx, cart, b.sku);
      let sum = 0;
      setLineQuantity(cart, product, (held) => (sum = held + b.quantity), now);
      if (sum > LINE_MAX_PIECES) fail('line_quantity_exceeded');
      return { cart: await finish(tx, cart, { languageTag: req.query.languageTag, before: null, grows: true, now, told: cart.notifications.slice(told) }), recreated };
    });
    void reply.header('etag', `"${out.cart.version}"`);
    return out;
  });

  app.put<{ Params: Params; Body: CartModeBody; Querystring: CartQueryT }>('/carts/:id/mode', {
    attachValidation: true,
    schema: {
      tags, security: bearer, params: CartParams, querystring: CartQuery, body: CartModeBody, response: { 200: CartChangeResponse, ...errorResponses },
      summary: 'The delivery mode in one call (spec 4): deposit true sets the Deposit method (buy) or depositSell (sell), false leaves it; a cart with '
        + 'goods in the other mode is deleted and started anew (recreated: true, a new id).',
    },
  }, async (req, reply): Promise<CartChangeResponseT> => {
    const auth = await requireAuth(req);
    const now = clock();
    const out = await db.transaction(async (tx) => {
      const row = await ownCart(tx, auth, req, req.params.id);
      checkVersion(req, row.version);
      const before = snapshot(row);
      const { cart, recreated } = await inMode(tx, row, req.body.deposit, now);
      return { cart: await finish(tx, cart, { languageTag: languageOf(req.query), before: recreated ? null : before, grows: false, now }), recreated };
    });
    void reply.header('etag', `"${out.cart.version}"`);
    return out;
  });

  app.delete<{ Params: Params; Body: RemoveLineItemBody; Querystring: CartQueryT }>('/carts/:id/line-items', writeSchema(
    'Removes quantity pieces of a product, or its whole line when quantity is absent.', RemoveLineItemBody,
  ), async (req, reply) => changeCart(req, reply, async (cart) => {
    const { sku, quantity } = req.body;
    const line = cart.line_items.find((l) => l.kind === 'product' && l.sku === sku);
    if (!line) fail('line_item_not_found');
    if (quantity !== undefined && quantity < line.quantity) line.quantity -= quantity;
    else cart.line_items = cart.line_items.filter((l) => l !== line);
  }));

  app.post<{ Params: Params; Body: ScrapItemBody; Querystring: CartQueryT }>('/carts/:id/scrap-items', writeSchema(
    'Adds a scrap item to the sell cart: metal, fineness (per mille) and weight in grams, priced from the current bid price. A piece whose estimate rounds to nothing: 400 scrap_estimate_zero.', ScrapItemBody,
  ), async (req, reply) => changeCart(req, reply, async (cart, tx) => {
    if (cart.transaction_type !== 'sell') fail('scrap_only_in_sell_cart');
    const { metal, fineness, weightGrams } = req.body;
    const scrap = { metal, fineness: Math.round(fineness * 10) / 10, weightGrams: Math.round(weightGrams * 100) / 100 };
    // Decision (issue 23): a line whose weight (to the hundredth of a gram), fine content (to the milligram)
    // or estimate (at today's bid) rounds to nothing is refused: it could never be assayed nor paid out.
    // Without prices the estimate cannot be checked: the cart prices the line later as before.
    const price = scrapPrice(await currentPriceSet(tx), scrap, cart.currency);
    if (scrap.weightGrams <= 0 || Math.round((scrap.weightGrams * scrap.fineness) / 1000 * 1000) <= 0 || (price !== null && price.centAmount <= 0)) {
      fail('scrap_estimate_zero');
    }
    cart.line_items.push(newLine({ kind: 'scrap', sku: null, productId: null, quantity: 1, scrap }, clock()));
    return { grows: true };
  }));

  app.delete<{ Params: Params & { lineItemId: string }; Querystring: CartQueryT }>('/carts/:id/scrap-items/:lineItemId', {
    attachValidation: true,
    schema: { tags, summary: 'Removes a scrap item.', security: bearer, params: CartLineParams, querystring: CartQuery, response: cartResponses },
  }, async (req, reply) => changeCart(req, reply, async (cart) => {
    const line = cart.line_items.find((l) => l.kind === 'scrap' && l.id === req.params.lineItemId);
    if (!line) fail('line_item_not_found');
    cart.line_items = cart.line_items.filter((l) => l !== line);
  }));

  // ---------------------------------------------------------------- checkout data

  app.put<{ Params: Params; Body: CartAddressesBody; Querystring: CartQueryT }>('/carts/:id/addresses', writeSchema(
    'E-mail, shipping and billing address (spec 5 rules; the country among the store\'s shipping countries). The cart is priced for the shipping country.',
    CartAddressesBody,
  ), async (req, reply) => changeCart(req, reply, async (cart, tx) => {
    const change = validateCartAddresses(req.body, cart.store_key);
    if (change.email !== undefined) cart.customer_email = change.email;
    if (change.shippingAddress !== undefined) {
      cart.shipping_address = change.shippingAddress;
      // VAT depends on where the goods go: the cart is priced from the shipping country's list
      if (change.shippingAddress) cart.country = change.shippingAddress.country;
    }
    if (change.billingAddress !== undefined) cart.billing_address = change.billingAddress;
    const owner = await customerById(tx, cart.customer_id);
    // an account's orders go to the account's address (issue 14): its cart always names that one
    if (owner?.kind === 'registered' && owner.email) cart.customer_email = owner.email;
    // A guest's customer group comes from the billing address; an account's from its account type.
    if (owner?.kind !== 'registered' && cart.billing_address) cart.customer_group = cart.billing_address.company ? 'company' : 'individual';
  }));

  app.put<{ Params: Params; Body: PayoutAccountBody; Querystring: CartQueryT }>('/carts/:id/payout-account', writeSchema(
    'The account a sell order is paid out to: IBAN and BIC, or account and routing number on the US store (checked with ibantools).', PayoutAccountBody,
  ), async (req, reply) => changeCart(req, reply, async (cart) => {
    cart.payout_account = validatePayoutAccount(req.body, cart.store_key);
  }));

  app.put<{ Params: Params; Body: IdentityDocumentBody; Querystring: CartQueryT }>('/carts/:id/identity-document', writeSchema(
    'Identity document details for cash payments that reach the anti-money-laundering threshold of the store\'s country.', IdentityDocumentBody,
  ), async (req, reply) => changeCart(req, reply, async (cart) => {
    cart.identity_document = validateIdentityDocument(req.body, clock().toISOString().slice(0, 10));
  }));

  app.post<{ Params: Params; Querystring: CartQueryT }>('/carts/:id/recalculate', writeSchema(
    'Reprices the cart from the current price set and removes what is sold out or no longer available (spec 4, with notifications).',
  ), async (req, reply) => changeCart(req, reply, async () => {}));

  // ---------------------------------------------------------------- coupons (spec 6: admin-prefixed path)

  app.put<{ Params: Params; Body: CouponBody; Querystring: CartQueryT }>('/admin/carts/:id/coupon', writeSchema(
    'Adds a coupon code (spec 5: code must be given; only one coupon).', CouponBody,
  ), async (req, reply) => changeCart(req, reply, async (cart, tx) => {
    const code = normalizeCode(req.body.code);
    if (code === '') fail('coupon_code_required');
    const found = await discountCodeByCode(tx, code);
    if (cart.discount_code_id) {
      if (found && found.id === cart.discount_code_id) return;
      fail('only_one_coupon');
    }
    if (!found) fail('coupon_not_found');
    if (!usableOn(found, { storeKey: cart.store_key, transactionType: cart.transaction_type, currency: cart.currency }, clock())) fail('coupon_not_applicable');
    cart.discount_code_id = found.id;
  }));

  app.delete<{ Params: Params; Body: RemoveCouponBody; Querystring: CartQueryT }>('/admin/carts/:id/coupon', writeSchema(
    'Removes the coupon code.', RemoveCouponBody,
  ), async (req, reply) => changeCart(req, reply, async (cart) => {
    if (!cart.discount_code_id || cart.discount_code_id !== req.body.discountCodeId) fail('coupon_not_found');
    cart.discount_code_id = null;
  }));

  // ---------------------------------------------------------------- sell-to-us estimate

  app.get<{ Querystring: ScrapEstimateQuery }>('/scrap/estimate', {
    schema: {
      tags, summary: 'Estimated price of scrap metal (sell to us): metal, fineness, weight in grams, from the current bid price.',
      querystring: ScrapEstimateQuery, response: { 200: ScrapEstimate, ...errorResponses },
    },
  }, async (req) => {
    const { metal, fineness, weightGrams } = req.query;
    const currency = req.query.currency ?? stores[req.storeKey].currency;
    const set = await currentPriceSet(db);
    const price = scrapPrice(set, { metal, fineness, weightGrams }, currency);
    if (!set || !price) fail('prices_unavailable');
    return {
      metal, fineness, weightGrams, price: { centAmount: price.centAmount, currencyCode: currency }, priceSetId: set.id,
      validUntil: set.validUntil.toISOString(),
    };
  });
};

/** The product of a line about to be set, with the reasons it cannot go into this cart (spec 4, 6, 8). */
async function productFor(tx: Db, cart: CartRow, sku: string): Promise<CatalogueProduct> {
  const [product] = await productsBySkus(tx, [sku]);
  if (!product) fail('product_not_found');
  if (!product.published) fail('product_no_longer_available');
  // spec 6: duty-free products are sold only via customer support
  if (product.dutyFree) fail('duty_free_via_support');
  if (cart.transaction_type === 'buy' && product.availability === 'soldOut') fail('product_out_of_stock', { message: 'This product is out of stock.' });
  if (cart.transaction_type === 'sell' && product.metal === null) fail('product_not_bought_back');
  return product;
}

/** Sets a product line's quantity from what it held (adds the line if missing); answers what it held. */
function setLineQuantity(cart: CartRow, product: CatalogueProduct, quantity: (held: number) => number, now: Date): number {
  const line = cart.line_items.find((l) => l.kind === 'product' && l.sku === product.sku);
  const held = line?.quantity ?? 0;
  if (line) line.quantity = quantity(held);
  else cart.line_items.push(newLine({ kind: 'product', sku: product.sku, productId: product.productId, quantity: quantity(0), scrap: null }, now));
  return held;
}

function newLine(l: Omit<StoredLine, 'id' | 'price' | 'addedAt'>, now: Date): StoredLine {
  return { id: randomUUID(), price: null, addedAt: now.toISOString(), ...l };
}
