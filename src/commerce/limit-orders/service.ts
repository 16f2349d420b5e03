// The limit orders' rules (spec 5, 6, 7; issue 17; issue 24: a service layer): what may be given, changed and
// cancelled by the signed-in customer, and the account deletion they block. The route closures parse, call one
// function here and answer; the SQL stays in repository.ts, the execution and expiry in execute.ts.
import type { CreateLimitOrderBody, LimitOrder, LimitOrdersQuery, UpdateLimitOrderBody } from '../../contracts/limit-order.ts';
import { stores, type StoreKey } from '../../stores.ts';
import { AccountFieldErrors, accountError } from '../account-error-codes.ts';
import { CART_MAX_CENTS } from '../carts/index.ts';
import { productsBySkus } from '../catalogue/index.ts';
import type { AccountDeletionHook } from '../context.ts';
import { addressesOf, customerById, lockCustomer } from '../customers/index.ts';
import type { Db } from '../db/index.ts';
import { fail, orderError } from '../http/errors.ts';
import { langOf, type Lang } from '../lib/lang.ts';
import {
  LIMIT_ORDER_MAX_DAYS, LIMIT_PRICE_MAX_CENTS, OPEN_LIMIT_ORDERS_MAX, OPEN_STATUSES, limitOrderViews, nextLimitOrderNumber,
} from './model.ts';
import {
  cancelLimitOrder, countCustomerLimitOrders, countWithStatus, customerLimitOrders, insertLimitOrder, limitOrderById, openLimitOrderCount,
  updateLimitOrder, type LimitOrderRow,
} from './repository.ts';

/** Who asks (a signed-in customer), in which store, when; the answer's language and the languageTag asked for. */
export interface LimitOrderCall {
  customerId: string;
  storeKey: StoreKey;
  now: Date;
  /** the answer's language (the request's, else the store's) */
  lang: Lang;
  /** the languageTag of the request: a new limit order's mails follow it, else the account's language */
  languageTag?: string;
}

/** A limit order of the caller in the request's store, locked when asked; anything else is 404. */
async function ownLimitOrder(db: Db, call: LimitOrderCall, id: string, forUpdate = false): Promise<LimitOrderRow> {
  const row = await limitOrderById(db, id, forUpdate);
  if (!row || row.customer_id !== call.customerId || row.store_key !== call.storeKey) throw accountError('limit_order_not_found');
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

/** One row as the customer sees it. */
async function view(db: Db, call: LimitOrderCall, row: LimitOrderRow): Promise<LimitOrder> {
  return (await limitOrderViews(db, [row], call.lang, call.now))[0];
}

/**
 * Gives a limit order: a product the shop sells now (not duty-free: spec 6, via support), a future expiry, a
 * target within the limits, the default addresses an execution needs, at most OPEN_LIMIT_ORDERS_MAX open ones
 * (counted under the customer's lock, so two tabs cannot both take the last place).
 */
export async function giveLimitOrder(db: Db, call: LimitOrderCall, body: CreateLimitOrderBody): Promise<LimitOrder> {
  const { now } = call;
  const { sku, quantity, targetCentAmount } = body;
  const errors = new AccountFieldErrors();
  const expiresAt = checkExpiry(body.expiresAt, now, errors);
  checkTarget(targetCentAmount, quantity, errors);
  const [product] = await productsBySkus(db, [sku]);
  if (!product) throw orderError('product_not_found');
  if (!product.published) throw orderError('product_no_longer_available');
  // spec 6: duty-free products are sold only via customer support
  if (product.dutyFree) throw orderError('duty_free_via_support');
  if (product.availability === 'soldOut') throw orderError('product_out_of_stock', undefined, 'This product is out of stock.');
  const customer = await customerById(db, call.customerId);
  const store = stores[call.storeKey];
  // the list it watches: the default shipping address's country (its VAT)
  const shipping = await executableAddress(db, call.customerId, call.storeKey);
  const country = shipping.country;
  const language = langOf(call.languageTag, customer?.language ?? 'de');
  const row = await db.transaction(async (tx) => {
    await lockCustomer(tx, call.customerId);
    const n = await countWithStatus(tx, call.customerId, OPEN_STATUSES);
    if (n >= OPEN_LIMIT_ORDERS_MAX) throw accountError('too_many_limit_orders');
    return insertLimitOrder(tx, {
      customerId: call.customerId, storeKey: call.storeKey, number: await nextLimitOrderNumber(tx, call.storeKey, now), sku, quantity,
      targetCents: targetCentAmount, currency: store.currency, country, language, expiresAt, now,
    });
  });
  return view(db, call, row);
}

/** The caller's limit orders in the request's store, newest first, paged; status filters (comma list). */
export async function listLimitOrders(db: Db, call: LimitOrderCall, q: LimitOrdersQuery): Promise<{ results: LimitOrder[]; total: number; limit: number; offset: number }> {
  const limit = q.limit ?? 20;
  const offset = q.offset ?? 0;
  const status = q.status ?? null;
  const n = await countCustomerLimitOrders(db, call.customerId, call.storeKey, status);
  const rows = await customerLimitOrders(db, call.customerId, call.storeKey, { status, limit, offset });
  return { results: await limitOrderViews(db, rows, call.lang, call.now), total: n, limit, offset };
}

/** One of the caller's limit orders. */
export async function limitOrderOf(db: Db, call: LimitOrderCall, id: string): Promise<LimitOrder> {
  return view(db, call, await ownLimitOrder(db, call, id));
}

/** Changes quantity, target or expiry of an active or inactive limit order; a new future expiry makes it active again. */
export async function changeLimitOrder(db: Db, call: LimitOrderCall, id: string, body: UpdateLimitOrderBody): Promise<LimitOrder> {
  const { now } = call;
  const row = await db.transaction(async (tx) => {
    const lo = await ownLimitOrder(tx, call, id, true);
    // pending: its execution is under way; executed, cancelled and failed are closed
    if (lo.status !== 'active' && lo.status !== 'inactive') throw accountError('limit_order_not_editable');
    // a changed limit order is saved under the same rule as a new one
    await executableAddress(tx, call.customerId, call.storeKey);
    const errors = new AccountFieldErrors();
    const expiresAt = body.expiresAt !== undefined ? checkExpiry(body.expiresAt, now, errors) : null;
    const quantity = body.quantity ?? lo.quantity;
    const target = body.targetCentAmount ?? lo.target_cents;
    checkTarget(target, quantity, errors);
    const reactivate = expiresAt !== null;
    return updateLimitOrder(tx, lo.id, {
      quantity, targetCents: target, expiresAt: expiresAt ?? lo.expires_at, status: reactivate ? 'active' : lo.status,
      closedAt: reactivate ? null : lo.closed_at, now,
    });
  });
  return view(db, call, row);
}

/** Cancels an active or inactive limit order (a cancelled one stays as it is); it stays in the list as cancelled. */
export async function cancelOwnLimitOrder(db: Db, call: LimitOrderCall, id: string): Promise<LimitOrder> {
  const row = await db.transaction(async (tx) => {
    const lo = await ownLimitOrder(tx, call, id, true);
    if (lo.status === 'cancelled') return lo;
    if (lo.status !== 'active' && lo.status !== 'inactive') throw accountError('limit_order_not_editable');
    return cancelLimitOrder(tx, lo.id, call.now);
  });
  return view(db, call, row);
}

/**
 * Account deletion (customers runs the hooks in its transaction). Spec 6: blocked until all limit orders are
 * deleted; closed ones (executed, cancelled, failed) are history and go with the account.
 */
export const refuseDeletionWithOpenLimitOrders: AccountDeletionHook = async (tx, account) => {
  if (await openLimitOrderCount(tx, account.customerId) > 0) fail('limit_orders_exist');
};
