// The carts' rules (spec 4 cart rules, spec 5 limits, spec 7 Carts; issue 24: a service layer). The route
// closures parse, call one function here and answer; the limit orders build their cart here too, so no other
// feature writes the carts table. Every write takes the cart's row lock, checks the version the client
// expects, changes the cart, reprices it from the current price set and stores it with the next version, in
// one transaction. A write that changes nothing keeps the version. The SQL stays in repository.ts.
import { randomUUID } from 'node:crypto';
import type {
  AddLineBody, Cart as CartT, CartAddress, CartAddressesBody, CartChangeResponse, CartNotification, CartPrices, IdentityDocumentBody, PayoutAccountBody,
  ScrapEstimate, ScrapEstimateQuery, ScrapItemBody, UpdateCartBody,
} from '../../contracts/cart.ts';
import { comingSoonPayments } from '../../contracts/checkout-rules.ts';
import { LINE_MAX_PIECES } from '../../contracts/cart-limits.ts';
import { stores, type Currency, type StoreKey } from '../../stores.ts';
import type { AuthContext } from '../auth/tokens.ts';
import { productsBySkus, type CatalogueProduct } from '../catalogue/index.ts';
import { customerById, payoutAccountMail, requireCustomerStepUp } from '../customers/index.ts';
import type { CommerceContext } from '../context.ts';
import type { Db } from '../db/index.ts';
import { discountCodeByCode, normalizeCode, usableOn } from '../discounts/index.ts';
import { fail } from '../http/errors.ts';
import { scrapPrice, currentPriceSet } from '../prices/index.ts';
import { findPickupStore, findShippingMethod } from '../shipping/index.ts';
import { CART_MAX_CENTS } from './calculate.ts';
import { checkCartCurrency, setCartCurrency } from './currency.ts';
import { maskBankDetails, stableJson, type CartRow, type StoredLine } from './model.ts';
import {
  activeCarts, cartById, cartReadView, cartView, deleteCart, insertActiveCart, insertCart, lockActiveCart, repriceCart, saveCart,
} from './repository.ts';
import { validateCartAddresses, validateIdentityDocument, validatePayoutAccount } from './validation.ts';

/** Who asks, in which store, when; in which language and currency the customer sees the cart. */
export interface CartCall {
  auth: AuthContext;
  storeKey: StoreKey;
  now: Date;
  /** names in the answer; a store locale (de-CH, en-US ...) is also the cart's locale from the next write */
  languageTag?: string;
  /** the visitor's currency (spec 1): a read answers the cart in it, a write keeps the cart in it */
  currency?: string;
  /** the version the client expects (If-Match or version in the body); null: the current one */
  expectedVersion?: number | null;
}

/** What a change to one cart may say: grows (more goods) is checked against the cart maximum. */
export type CartChange = (cart: CartRow, tx: Db) => Promise<{ grows?: boolean } | void>;

/** The mutable part of a row: unchanged after a write means nothing to store (and no new version). */
function snapshot(c: CartRow): string {
  const { version: _v, updated_at: _u, notifications: _n, ...rest } = c;
  return stableJson(rest);
}

/** 409 with the version the cart has now (the client reloads it and decides again). */
function checkVersion(expected: number | null | undefined, current: number): void {
  if (expected !== null && expected !== undefined && expected !== current) fail('cart_version_conflict', { details: { currentVersion: current } });
}

/** The store locale a language tag names (de-CH ...), or null for a bare language or a foreign store's tag. */
function storeLocale(storeKey: StoreKey, languageTag: string | undefined): string | null {
  if (!languageTag) return null;
  return (Object.values(stores[storeKey].locales) as string[]).find((l) => l.toLowerCase() === languageTag.toLowerCase()) ?? null;
}

/** The caller's active cart, locked for the transaction; anything else is 404. */
async function ownCart(tx: Db, call: CartCall, id: string, opts: { forUpdate?: boolean } = { forUpdate: true }): Promise<CartRow> {
  const cart = await cartById(tx, id, opts);
  if (!cart || cart.customer_id !== call.auth.customerId || cart.store_key !== call.storeKey || cart.status !== 'active') fail('cart_not_found');
  return cart;
}

/**
 * spec 4 (cart language) and spec 1 (a user can switch to USD): when the customer acts, the cart takes the
 * language and currency the customer sees it in (issue 24: a read never stores them).
 */
async function followTheVisitor(tx: Db, cart: CartRow, call: CartCall): Promise<void> {
  const locale = storeLocale(cart.store_key, call.languageTag);
  if (locale) cart.locale = locale;
  if (call.currency !== undefined) await setCartCurrency(tx, cart, call.currency, call.now);
}

/** Prices, stores (when something changed) and answers a cart changed in the transaction; the cart maximum for growing changes. */
async function finish(tx: Db, row: CartRow, opts: { call: CartCall; before: string | null; grows: boolean; told?: CartNotification[] }): Promise<CartT> {
  const repriced = await repriceCart(tx, row);
  // what the change itself said (a coupon that no longer applies) stays beside what pricing removed
  if (opts.told?.length) row.notifications = [...opts.told, ...row.notifications];
  const changed = opts.before === null || snapshot(row) !== opts.before || row.notifications.length > 0;
  const stored = changed ? await saveCart(tx, row, opts.call.now) : row;
  const view = await cartView(tx, stored, { languageTag: opts.call.languageTag, repriced });
  if (opts.grows && view.totals.goods !== null && view.totals.goods > CART_MAX_CENTS) fail('cart_limit_exceeded');
  return view.cart;
}

/** One write to one of the caller's carts: lock, version check, change, reprice, store. */
export async function changeCart(db: Db, call: CartCall, cartId: string, change: CartChange): Promise<CartT> {
  return db.transaction(async (tx) => {
    const row = await ownCart(tx, call, cartId);
    checkVersion(call.expectedVersion, row.version);
    const before = snapshot(row);
    const held = row.notifications.length;
    await followTheVisitor(tx, row, call);
    const { grows } = (await change(row, tx)) ?? {};
    return finish(tx, row, { call, before, grows: grows === true, told: row.notifications.slice(held) });
  });
}

/** What a new cart of the caller records of its customer: the group and e-mail of an account. */
async function customerFacts(tx: Db, customerId: string) {
  const customer = await customerById(tx, customerId);
  return {
    customerGroup: customer?.kind === 'registered' ? customer.account_type ?? 'individual' : null,
    customerEmail: customer?.kind === 'registered' ? customer.email : null,
  };
}

/** The country a new cart is priced for: the store's own unless the caller names one it ships to. */
function cartCountry(storeKey: StoreKey, country: string | undefined): string {
  const store = stores[storeKey];
  const chosen = country ?? store.country;
  if (!(store.shippingCountries as string[]).includes(chosen)) fail('country_not_allowed');
  return chosen;
}

// ---------------------------------------------------------------- create, read, delete

/** spec 4: one active cart per type, created on demand; the existing one when there is one. */
export async function createCart(
  db: Db, call: CartCall, b: { transactionType: CartRow['transaction_type']; country: string; currency: string; locale?: string },
): Promise<{ cart: CartT; created: boolean }> {
  const country = cartCountry(call.storeKey, b.country);
  const store = stores[call.storeKey];
  // spec 1: currency by store, and a user can switch to USD
  if (b.currency !== store.currency && b.currency !== 'USD') fail('currency_not_allowed');
  const { row, created } = await db.transaction(async (tx) => {
    const inserted = await insertActiveCart(tx, {
      customerId: call.auth.customerId, storeKey: call.storeKey, transactionType: b.transactionType, country, currency: b.currency,
      locale: b.locale ?? store.locales.de, ...(await customerFacts(tx, call.auth.customerId)), now: call.now,
    });
    if (inserted) return { row: inserted, created: true };
    const existing = (await activeCarts(tx, call.auth.customerId)).find((c) => c.transaction_type === b.transactionType);
    if (!existing) fail('cart_not_found'); // deleted in between: the client retries
    return { row: existing, created: false };
  });
  return { cart: (await cartView(db, row, { languageTag: call.languageTag })).cart, created };
}

/**
 * A cart as the customer sees it (issue 16, 24): priced from the current set unless prices=held, in the
 * caller's currency and language. A read stores nothing: a cart in another currency is answered as a copy
 * priced in it (current prices: it holds none in that currency); the cart takes it with the next write.
 */
async function readView(db: Db, row: CartRow, call: CartCall, prices?: CartPrices): Promise<CartT> {
  const currency = call.currency === undefined ? row.currency : checkCartCurrency(row.store_key, call.currency);
  if (currency === row.currency) return (await cartReadView(db, row, { languageTag: call.languageTag, prices })).cart;
  const copy = structuredClone(row);
  await setCartCurrency(db, copy, currency, call.now);
  return (await cartReadView(db, copy, { languageTag: call.languageTag, prices: 'current' })).cart;
}

/** The caller's active carts of this store (at most one buy and one sell cart); spec 7 ownerId must be the caller. */
export async function readCarts(db: Db, call: CartCall, q: { ownerId?: string; prices?: CartPrices }): Promise<CartT[]> {
  if (q.ownerId !== undefined && q.ownerId !== call.auth.customerId) fail('cart_not_found');
  const rows = (await activeCarts(db, call.auth.customerId)).filter((c) => c.store_key === call.storeKey);
  const results: CartT[] = [];
  for (const row of rows) results.push(await readView(db, row, call, q.prices));
  return results;
}

export async function readCart(db: Db, call: CartCall, id: string, prices?: CartPrices): Promise<CartT> {
  return readView(db, await ownCart(db, call, id, {}), call, prices);
}

/** Deletes the cart (spec 4: the deposit mode recreates it); answers it as it was. */
export async function deleteOwnCart(db: Db, call: CartCall, id: string): Promise<CartT> {
  return db.transaction(async (tx) => {
    const row = await ownCart(tx, call, id);
    checkVersion(call.expectedVersion, row.version);
    const view = await cartView(tx, row, { languageTag: call.languageTag });
    await deleteCart(tx, row.id);
    return view.cart;
  });
}

// ---------------------------------------------------------------- the delivery mode (spec 4)

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

/** The caller's active cart of a type, locked, created on demand in the caller's country, currency and locale. */
async function lockedCartOfType(
  tx: Db, call: CartCall, b: { transactionType: CartRow['transaction_type']; country?: string; currency?: string; locale?: string },
): Promise<CartRow> {
  const store = stores[call.storeKey];
  return lockActiveCart(tx, {
    customerId: call.auth.customerId, storeKey: call.storeKey, transactionType: b.transactionType, country: cartCountry(call.storeKey, b.country),
    currency: checkCartCurrency(call.storeKey, b.currency ?? store.currency), locale: b.locale ?? store.locales.de, now: call.now,
    customer: () => customerFacts(tx, call.auth.customerId),
  });
}

/**
 * Add to cart in one call (issue 16): adds pieces to what the active cart of the type holds (created on
 * demand, in the delivery mode deposit names), in one transaction: concurrent adds all count.
 */
export async function addLine(db: Db, call: CartCall, b: AddLineBody): Promise<CartChangeResponse> {
  return db.transaction(async (tx) => {
    const locked = await lockedCartOfType(tx, call, b);
    const { cart, recreated } = await inMode(tx, locked, b.deposit, call.now);
    // the pieces are added at the prices the shopper saw: in their currency (spec 1), the cart follows it
    const told = cart.notifications.length;
    const locale = storeLocale(call.storeKey, call.languageTag);
    if (locale) cart.locale = locale;
    if (b.currency !== undefined) await setCartCurrency(tx, cart, checkCartCurrency(call.storeKey, b.currency), call.now);
    const product = await productFor(tx, cart, b.sku);
    let sum = 0;
    setLineQuantity(cart, product, (held) => (sum = held + b.quantity), call.now);
    if (sum > LINE_MAX_PIECES) fail('line_quantity_exceeded');
    return { cart: await finish(tx, cart, { call, before: null, grows: true, told: cart.notifications.slice(told) }), recreated };
  });
}

/** The delivery mode in one call (spec 4): a cart with goods in the other mode is started anew (recreated). */
export async function setMode(db: Db, call: CartCall, cartId: string, deposit: boolean): Promise<CartChangeResponse> {
  return db.transaction(async (tx) => {
    const row = await ownCart(tx, call, cartId);
    checkVersion(call.expectedVersion, row.version);
    const before = snapshot(row);
    const { cart, recreated } = await inMode(tx, row, deposit, call.now);
    return { cart: await finish(tx, cart, { call, before: recreated ? null : before, grows: false }), recreated };
  });
}

// ---------------------------------------------------------------- lines

/** Sets the quantity of a product in the cart (adds the line if missing). */
export function setQuantity(db: Db, call: CartCall, cartId: string, b: { sku: string; quantity: number }): Promise<CartT> {
  return changeCart(db, call, cartId, async (cart, tx) => {
    const before = setLineQuantity(cart, await productFor(tx, cart, b.sku), () => b.quantity, call.now);
    return { grows: b.quantity > before };
  });
}

/** Removes quantity pieces of a product, or its whole line when quantity is absent. */
export function removeLine(db: Db, call: CartCall, cartId: string, b: { sku: string; quantity?: number }): Promise<CartT> {
  return changeCart(db, call, cartId, async (cart) => {
    const line = cart.line_items.find((l) => l.kind === 'product' && l.sku === b.sku);
    if (!line) fail('line_item_not_found');
    if (b.quantity !== undefined && b.quantity < line.quantity) line.quantity -= b.quantity;
    else cart.line_items = cart.line_items.filter((l) => l !== line);
  });
}

/** A scrap item as stored (fineness to the tenth, weight to the hundredth of a gram), refused when it is worth nothing. */
async function scrapLine(tx: Db, cart: CartRow, b: Pick<ScrapItemBody, 'metal' | 'fineness' | 'weightGrams'>, now: Date): Promise<StoredLine> {
  const scrap = { metal: b.metal, fineness: Math.round(b.fineness * 10) / 10, weightGrams: Math.round(b.weightGrams * 100) / 100 };
  // Decision (issue 23): a line whose weight (to the hundredth of a gram), fine content (to the milligram)
  // or estimate (at today's bid) rounds to nothing is refused: it could never be assayed nor paid out.
  // Without prices the estimate cannot be checked: the cart prices the line later as before.
  const price = scrapPrice(await currentPriceSet(tx), scrap, cart.currency);
  if (scrap.weightGrams <= 0 || Math.round((scrap.weightGrams * scrap.fineness) / 1000 * 1000) <= 0 || (price !== null && price.centAmount <= 0)) {
    fail('scrap_estimate_zero');
  }
  return newLine({ kind: 'scrap', sku: null, productId: null, quantity: 1, scrap }, now);
}

/** Adds a scrap item to one sell cart by id. */
export function addScrapItem(db: Db, call: CartCall, cartId: string, b: ScrapItemBody): Promise<CartT> {
  return changeCart(db, call, cartId, async (cart, tx) => {
    if (cart.transaction_type !== 'sell') fail('scrap_only_in_sell_cart');
    cart.line_items.push(await scrapLine(tx, cart, b, call.now));
    return { grows: true };
  });
}

/**
 * Issue 24: a scrap item in one call. Scrap is always sent in or brought (spec 4): the sell cart, created on
 * demand, leaves the deposit mode in the same transaction (a depositSell cart with goods is started anew:
 * recreated). Two tabs adding at once both count; before, the storefront read the cart, switched its mode
 * and added, and the second tab's add met a deleted cart.
 */
export async function addScrapToSellCart(db: Db, call: CartCall, b: Omit<ScrapItemBody, 'version'>): Promise<CartChangeResponse> {
  return db.transaction(async (tx) => {
    const locked = await lockedCartOfType(tx, call, { transactionType: 'sell', currency: call.currency, locale: storeLocale(call.storeKey, call.languageTag) ?? undefined });
    const { cart, recreated } = await inMode(tx, locked, false, call.now);
    const told = cart.notifications.length;
    await followTheVisitor(tx, cart, call);
    cart.line_items.push(await scrapLine(tx, cart, b, call.now));
    return { cart: await finish(tx, cart, { call, before: null, grows: true, told: cart.notifications.slice(told) }), recreated };
  });
}

export function removeScrapItem(db: Db, call: CartCall, cartId: string, lineItemId: string): Promise<CartT> {
  return changeCart(db, call, cartId, async (cart) => {
    const line = cart.line_items.find((l) => l.kind === 'scrap' && l.id === lineItemId);
    if (!line) fail('line_item_not_found');
    cart.line_items = cart.line_items.filter((l) => l !== line);
  });
}

// ---------------------------------------------------------------- cart settings and checkout data

/** Locale, shipping method (id or key), payment method, pickup store and currency of the cart. */
export function updateCart(db: Db, call: CartCall, cartId: string, b: UpdateCartBody): Promise<CartT> {
  return changeCart(db, call, cartId, async (cart, tx) => {
    // (JSON bodies are validated without coercion, src/lib/service.ts: null arrives as null and clears)
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
    if (b.currency !== undefined) await setCartCurrency(tx, cart, b.currency, call.now);
  });
}

/** E-mail, shipping and billing address (spec 5); the cart is priced for the shipping country. */
export function setAddresses(db: Db, call: CartCall, cartId: string, b: CartAddressesBody): Promise<CartT> {
  return changeCart(db, call, cartId, async (cart, tx) => {
    const change = validateCartAddresses(b, cart.store_key);
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
  });
}

/**
 * Sets the account a sell order is paid out to. Issue 26: for an account this moves money, so the session must
 * have confirmed it within the last 5 minutes (403 step_up_required; the second factor where the customer has
 * one, the password otherwise), and a new account mails the owner. Decision: a guest's cart needs neither (no
 * account to take over, no session to confirm); setting the same account again is no change.
 */
export async function setPayoutAccount(ctx: CommerceContext, call: CartCall & { origin: string }, cartId: string, b: PayoutAccountBody): Promise<CartT> {
  const { db } = ctx;
  const account = call.auth.level === 'User';
  if (account) await requireCustomerStepUp(db, call.auth, call.now);
  let mailId: number | null = null;
  const out = await changeCart(db, call, cartId, async (cart, tx) => {
    const next = validatePayoutAccount(b, cart.store_key);
    const changed = stableJson(next) !== stableJson(cart.payout_account);
    cart.payout_account = next;
    if (account && changed && next) {
      const m = maskBankDetails(next);
      const masked = m?.iban ?? (m?.accountNumber ? `${m.accountNumber} (${m.routingNumber ?? ''})` : '');
      mailId = await payoutAccountMail(ctx, tx, { customerId: call.auth.customerId, storeKey: call.storeKey, now: call.now, origin: call.origin }, masked);
    }
  });
  if (mailId !== null) ctx.outbox.deliver([mailId]);
  return out;
}

export function setIdentityDocument(db: Db, call: CartCall, cartId: string, b: IdentityDocumentBody): Promise<CartT> {
  return changeCart(db, call, cartId, async (cart) => {
    cart.identity_document = validateIdentityDocument(b, call.now.toISOString().slice(0, 10));
  });
}

/** Reprices the cart from the current set and removes what is sold out or no longer available (spec 4). */
export function recalculate(db: Db, call: CartCall, cartId: string): Promise<CartT> {
  return changeCart(db, call, cartId, async () => {});
}

/** spec 5: a code must be given; only one coupon. */
export function applyCoupon(db: Db, call: CartCall, cartId: string, given: string): Promise<CartT> {
  return changeCart(db, call, cartId, async (cart, tx) => {
    const code = normalizeCode(given);
    if (code === '') fail('coupon_code_required');
    const found = await discountCodeByCode(tx, code);
    if (cart.discount_code_id) {
      if (found && found.id === cart.discount_code_id) return;
      fail('only_one_coupon');
    }
    if (!found) fail('coupon_not_found');
    if (!usableOn(found, { storeKey: cart.store_key, transactionType: cart.transaction_type, currency: cart.currency }, call.now)) fail('coupon_not_applicable');
    cart.discount_code_id = found.id;
  });
}

export function removeCoupon(db: Db, call: CartCall, cartId: string, discountCodeId: string): Promise<CartT> {
  return changeCart(db, call, cartId, async (cart) => {
    if (!cart.discount_code_id || cart.discount_code_id !== discountCodeId) fail('coupon_not_found');
    cart.discount_code_id = null;
  });
}

/** Sell to us: the estimate of scrap metal from the current bid price, in the store's currency unless one is given. */
export async function scrapEstimate(db: Db, storeKey: StoreKey, q: ScrapEstimateQuery): Promise<ScrapEstimate> {
  const { metal, fineness, weightGrams } = q;
  const currency = q.currency ?? stores[storeKey].currency;
  const set = await currentPriceSet(db);
  const price = scrapPrice(set, { metal, fineness, weightGrams }, currency);
  if (!set || !price) fail('prices_unavailable');
  return {
    metal, fineness, weightGrams, price: { centAmount: price.centAmount, currencyCode: currency }, priceSetId: set.id,
    validUntil: set.validUntil.toISOString(),
  };
}

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

// ---------------------------------------------------------------- the limit orders' cart

export interface LimitOrderCartInput {
  customerId: string; storeKey: StoreKey; country: string; currency: Currency; locale: string; customerGroup: string;
  sku: string; productId: string; quantity: number; customerEmail: string | null; shippingAddress: CartAddress; billingAddress: CartAddress; now: Date;
}

/**
 * The cart a limit order's execution orders (status limit-order: never a customer's active cart), priced
 * from the current set and stored in the caller's transaction; the execution checks its price and places it.
 */
export async function limitOrderCart(tx: Db, c: LimitOrderCartInput): Promise<CartRow> {
  const line = newLine({ kind: 'product', sku: c.sku, productId: c.productId, quantity: c.quantity, scrap: null }, c.now);
  const row = await insertCart(tx, {
    customerId: c.customerId, storeKey: c.storeKey, transactionType: 'buy', status: 'limit-order', country: c.country, currency: c.currency,
    locale: c.locale, customerGroup: c.customerGroup, customerEmail: c.customerEmail, now: c.now, lineItems: [line],
    shippingMethod: 'shipping', paymentMethod: 'bank-transfer', shippingAddress: c.shippingAddress, billingAddress: c.billingAddress,
  });
  await repriceCart(tx, row);
  return saveCart(tx, row, c.now);
}
