// The browser's carts (spec 4): one active cart per type, kept in SWR under one key and read from the
// storefront (/api/carts), which is the truth. No cart id lives anywhere else in the browser: after a
// placed order, a reload or a sign-in, the carts are whatever the server says now (a cart that is gone
// stays gone: STYLE, Hydrogen #2524; a sign-in that merged the guest's cart shows the merged one).
//
// Writes go out one at a time per tab: the first write of a guest creates the anonymous session, and two
// at once would create two anonymous customers. Add to cart is optimistic for the line (its count and the
// header's count move at once), never for totals (STYLE: vercel/commerce #995): a cart with a pending line
// carries `pending` and views show its totals as being updated until the server's cart replaces it.
// spec 4: a cart that answers 404 is removed locally; a line the service removed (sold out, no longer
// available) comes back as a notification and is shown as a message.
import { mutate } from 'swr';
import { cache } from 'swr/_internal';
import type { CartLineItem, TransactionType } from '../../src/contracts/cart.ts';
import type { Result } from '../../src/contracts/result.ts';
import type { CartApiResponse, ShopCart } from '../../src/contracts/shop-api.ts';
import * as api from '../../views/state/shop-api.ts';
import { getSession, SESSION_ENDED_EVENT, setSession, subscribeSession } from './session.ts';
import { appEvents, emitAppEvent } from '../../src/contracts/app-events.ts';
import { saveSellPoint, sellPointOf } from './customer-storage.ts';
import { track } from './data-layer.ts';
import {
  emptyCarts, toMajor, trackedItem, type AddInput, type CartNotice, type CartsState, type CartView, type ScrapInput, type TrackedItem,
} from '../../views/lib/browser-types.ts';
import { afterPriceUpdate } from '../../views/state/cart-prices.ts';

export type { ShopCart, TransactionType };

// the shapes views read (CartView, CartsState, CartNotice, AddInput) live in views/ (the port's types)
export type { AddInput, CartNotice, CartsState, CartView } from '../../views/lib/browser-types.ts';
export { emptyCarts, trackedItem } from '../../views/lib/browser-types.ts';

export const CARTS_KEY = 'shop:carts';

// ---------------------------------------------------------------- notices (added to cart, removed lines)

type NewNotice = CartNotice extends infer N ? (N extends { id: number } ? Omit<N, 'id'> : never) : never;

/**
 * Where a notice was caused (issue 17): the id of the add-to-cart button that was pressed. While that button
 * is on the page the notice is shown right after it in DOM order, so Tab from the button reaches "View cart"
 * (a non-modal status, focus is not moved); the header's live region still announces it. Without an origin,
 * or once the button is gone, the header shows it.
 */
const noticeOrigins = new Map<number, string>();

export function noticeOrigin(id: number): string | undefined {
  return noticeOrigins.get(id);
}

/** The button the notices came from leaves the page: its notices go back to the header. */
export function releaseNoticeOrigin(origin: string): void {
  let changed = false;
  for (const [id, o] of noticeOrigins) {
    if (o === origin) {
      noticeOrigins.delete(id);
      changed = true;
    }
  }
  if (changed) setNotices([...notices]);
}

let notices: CartNotice[] = [];
let noticeId = 0;
const noticeListeners = new Set<() => void>();

function setNotices(next: CartNotice[]) {
  notices = next;
  for (const l of noticeListeners) l();
}

export function pushNotice(n: NewNotice, origin?: string): void {
  // the latest few: a stream of adds must not pile up on the page
  const id = ++noticeId;
  if (origin) noticeOrigins.set(id, origin);
  const kept = notices.slice(-2);
  for (const old of notices) if (!kept.includes(old)) noticeOrigins.delete(old.id);
  setNotices([...kept, { ...n, id } as CartNotice]);
}

export function dismissNotice(id: number): void {
  noticeOrigins.delete(id);
  setNotices(notices.filter((n) => n.id !== id));
}

export function clearNotices(): void {
  if (notices.length) setNotices([]);
}

/**
 * Issue 28: a notice never outlives the cart it speaks of. The cart of this type was ordered (or replaced):
 * its added, removed and undo notices go; errors stay.
 */
export function dismissCartNotices(type: TransactionType): void {
  const kept = notices.filter((n) => !('transactionType' in n) || n.transactionType !== type);
  if (kept.length === notices.length) return;
  for (const n of notices) if (!kept.includes(n)) noticeOrigins.delete(n.id);
  setNotices(kept);
}

export function getNotices(): CartNotice[] {
  return notices;
}

export function subscribeNotices(fn: () => void): () => void {
  noticeListeners.add(fn);
  return () => noticeListeners.delete(fn);
}

// ---------------------------------------------------------------- reading

export function splitCarts(list: ShopCart[]): CartsState {
  return { buy: list.find((c) => c.transactionType === 'buy') ?? null, sell: list.find((c) => c.transactionType === 'sell') ?? null };
}

/** Pages open in this tab that hold their carts' prices (cart, checkout). */
let priceHolds = 0;

/**
 * spec 4: the cart and checkout pages show the prices the cart holds until the customer takes new ones
 * (the price lock); every other page reads carts priced from the current set (issue 16). Call while such a
 * page is mounted; returns the release.
 */
export function holdCartPrices(): () => void {
  priceHolds++;
  let held = true;
  return () => {
    if (held) priceHolds--;
    held = false;
  };
}

/** SWR fetcher of CARTS_KEY. A guest without a session has no carts and asks nothing. */
export async function fetchCarts(): Promise<CartsState> {
  if (getSession().level === 'guest') return emptyCarts;
  const r = await api.getCarts(priceHolds > 0 ? 'held' : undefined);
  if (r.error) throw Object.assign(new Error(r.error.message), { code: r.error.code, status: r.error.status });
  return splitCarts(r.data.carts);
}

/**
 * Issue 14: after a sign-in that merged the guest's cart (the login page calls this): the merge never passes
 * the cart maximum nor 10,000 pieces a line, and a guest line that did not fit whole comes back as a
 * cart_limit_exceeded (or line_quantity_exceeded) notification,
 * shown like a removed line. The carts read here become the cache's.
 */
export async function noticeMergeCuts(): Promise<void> {
  const r = await api.getCarts();
  if (r.error) return;
  for (const cart of r.data.carts) {
    for (const n of cart.notifications) {
      if (n.code !== 'cart_limit_exceeded' && n.code !== 'line_quantity_exceeded') continue;
      const name = cart.lineItems.find((l) => l.sku === n.sku)?.name ?? null;
      pushNotice({ kind: 'removed', transactionType: cart.transactionType, code: n.code, name });
    }
  }
  void mutate(CARTS_KEY, splitCarts(r.data.carts), { revalidate: false });
}

let watching = false;

/** Sign-in, sign-out and expiry change whose carts these are: read them again (once per page). */
export function watchSession(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  let level = getSession().level;
  subscribeSession(() => {
    const next = getSession().level;
    if (next === level) return;
    level = next;
    void mutate(CARTS_KEY);
  });
  window.addEventListener(SESSION_ENDED_EVENT, () => {
    clearNotices();
    void mutate(CARTS_KEY, emptyCarts, { revalidate: false });
  });
}

// ---------------------------------------------------------------- writing

let queue: Promise<unknown> = Promise.resolve();

/** One cart write at a time per tab (see the head of this file). */
function serial<T>(fn: () => Promise<T>): Promise<T> {
  const run = queue.then(fn, fn);
  queue = run.catch(() => undefined);
  return run;
}

function replaceCart(state: CartsState | undefined, cart: CartView | null, type: TransactionType): CartsState {
  return { ...(state ?? emptyCarts), [type]: cart };
}

/** Puts the server's cart in place (no request), and shows what the service removed by itself. */
export function applyCart(cart: ShopCart, previous: CartView | null = null): void {
  void mutate<CartsState>(CARTS_KEY, (s) => replaceCart(s, cart, cart.transactionType), { revalidate: false });
  for (const n of cart.notifications) {
    if (n.code === 'product_out_of_stock' || n.code === 'product_no_longer_available') {
      const name = previous?.lineItems.find((l) => l.sku === n.sku)?.name ?? null;
      pushNotice({ kind: 'removed', transactionType: cart.transactionType, code: n.code, name });
    }
  }
}

/** After a placed order: the cart is gone for good (the server marked it ordered); read again. */
export function forgetCart(type: TransactionType): void {
  dismissCartNotices(type);
  void mutate<CartsState>(CARTS_KEY, (s) => replaceCart(s, null, type), { revalidate: true });
}

/**
 * The cache's value, read without a request and without a write. Issue 28: this was
 * `mutate(CARTS_KEY, (s) => s, { revalidate: false })`, a write: SWR then discards a read of /api/carts that
 * is under way (it started before a mutation), and with no revalidation the header's counts stayed missing
 * until the tab was focused again. The first price update of a page (refreshCartsAfterPriceUpdate) came
 * exactly while the first /api/carts read was under way: 2 in 6 signed-in loads on the DE store.
 */
async function currentCarts(): Promise<CartsState | undefined> {
  return (cache.get(CARTS_KEY) as { data?: CartsState } | undefined)?.data;
}

/**
 * Runs one cart write: optimistic view first (if any), the call in the queue, then the server's cart.
 * spec 4: a cart that answers 404 is removed locally (the carts are read again). Any failure puts the
 * server's state back.
 */
export async function cartWrite(
  type: TransactionType,
  call: () => Promise<Result<CartApiResponse>>,
  optimistic?: (cart: CartView | null) => CartView | null,
): Promise<Result<CartApiResponse>> {
  const before = (await currentCarts())?.[type] ?? null;
  if (optimistic) void mutate<CartsState>(CARTS_KEY, (s) => replaceCart(s, optimistic(s?.[type] ?? null), type), { revalidate: false });
  const r = await serial(call);
  if (r.error) {
    await mutate(CARTS_KEY);
    return r;
  }
  // the first cart write of a guest made an anonymous session (spec 4)
  if (getSession().level === 'guest') setSession({ level: 'anonymous' });
  applyCart(r.data.cart, before);
  return r;
}

/** A skeleton for the optimistic first line of a cart that does not exist yet (never shown with totals). */
function skeleton(type: TransactionType, currency: ShopCart['currency']): CartView {
  return {
    id: '', version: 0, storeKey: '', locale: '', orderType: 'order', transactionType: type, country: '', currency, customerGroup: null, lineItems: [],
    itemCount: 0, totalPrice: null, discount: null, discountCodes: [], shippingInfo: null, totalGrossPrice: null, totalTaxPrice: null, customerEmail: null,
    paymentMethod: null, pickupStore: null, shippingAddress: null, billingAddress: null, payoutAccount: null, identityDocument: null, priceSetId: null,
    pricesValidUntil: null, heldPriceSetId: null, notifications: [], createdAt: '', updatedAt: '', pending: true,
  };
}

function withQuantity(cart: CartView, sku: string, name: string, quantity: (held: number) => number): CartView {
  const held = cart.lineItems.find((l) => l.kind === 'product' && l.sku === sku);
  const next = quantity(held?.quantity ?? 0);
  const lines: CartLineItem[] = held
    ? cart.lineItems.map((l) => (l === held ? { ...l, quantity: next } : l))
    : [...cart.lineItems, {
      id: `pending-${sku}`, kind: 'product', sku, productId: null, name, slug: null, imageUrl: null, quantity: next, price: null, totalPrice: null,
      metal: null, availability: null, depositable: false, dutyFree: false, scrap: null,
    }];
  return { ...cart, lineItems: lines, itemCount: cart.itemCount - (held?.quantity ?? 0) + next, pending: true };
}

/** The line's sell point (where it was put in), read back from local storage for tracking. */
function withSellPoint(cart: Pick<ShopCart, 'id' | 'transactionType'>, item: TrackedItem): TrackedItem {
  const point = cart.id && item.item_id !== 'scrap' ? sellPointOf(cart.id, cart.transactionType, item.item_id) : null;
  return point ? { ...item, item_list_id: point } : item;
}

/** Add to cart (product pages, cards, the price list): optimistic line, added-to-cart notice, add_to_cart. */
export async function addProduct(input: AddInput): Promise<Result<CartApiResponse>> {
  const { transactionType, sku, quantity, name } = input;
  const r = await cartWrite(
    transactionType,
    () => api.addToCart({ transactionType, sku, quantity, ...(input.deposit !== undefined ? { deposit: input.deposit } : {}) }),
    (cart) => withQuantity(cart ?? skeleton(transactionType, input.currency), sku, name, (held) => held + quantity),
  );
  if (r.error) {
    pushNotice({ kind: 'error', message: r.error.message }, input.origin);
    return r;
  }
  const cart = r.data.cart;
  const line = cart.lineItems.find((l) => l.sku === sku);
  const sellPoint = input.sellPoint ?? (typeof window === 'undefined' ? 'unknown' : window.location.pathname);
  if (cart.id) saveSellPoint(cart.id, transactionType, sku, sellPoint);
  pushNotice({ kind: 'added', transactionType, name: line?.name ?? name, quantity, recreated: r.data.notice === 'cart_recreated' }, input.origin);
  track({
    event: 'add_to_cart', transaction_type: transactionType,
    ecommerce: { currency: cart.currency, value: line?.price ? toMajor(line.price.centAmount * quantity) : undefined, items: [{ ...trackedItem(line ?? { sku, name, price: null, metal: null }, quantity), item_list_id: sellPoint }] },
  });
  return r;
}

/**
 * The deposit page's "sell these N from my deposit": afterwards the sell cart (method depositSell) holds N
 * pieces of the product, however often the customer clicks. A depositSell cart that already holds the
 * product gets its quantity set; otherwise the pieces are added with the deposit flag (a sell cart of
 * items sent in is started anew: spec 4's rule).
 */
export async function sellFromDeposit(input: Omit<AddInput, 'transactionType' | 'deposit'>): Promise<Result<CartApiResponse>> {
  const sell = (await currentCarts())?.sell ?? null;
  const line = sell && !sell.pending && sell.shippingInfo?.key === 'depositSell'
    ? sell.lineItems.find((l) => l.kind === 'product' && l.sku === input.sku)
    : undefined;
  if (sell && line) return changeQuantity(sell, line, input.quantity);
  return addProduct({ ...input, transactionType: 'sell', deposit: true });
}

/** The cart page's quantity field: optimistic count, totals wait for the server. */
export function changeQuantity(cart: ShopCart, line: CartLineItem, quantity: number): Promise<Result<CartApiResponse>> {
  const sku = line.sku ?? '';
  return cartWrite(cart.transactionType, () => api.setLineQuantity(cart.id, { sku, quantity }), (c) => (c ? withQuantity(c, sku, line.name, () => quantity) : c));
}

/** Removes a product or scrap line (remove_from_cart). */
export async function removeCartLine(cart: ShopCart, line: CartLineItem): Promise<Result<CartApiResponse>> {
  const r = await cartWrite(cart.transactionType, () => (line.kind === 'scrap' ? api.removeScrapItem(cart.id, line.id) : api.removeLine(cart.id, { sku: line.sku ?? '' })), (c) =>
    c ? { ...c, lineItems: c.lineItems.filter((l) => l.id !== line.id), itemCount: c.itemCount - line.quantity, pending: true } : c);
  if (!r.error) {
    // issue 28: removing a line can be undone from the notice (a product line; scrap is typed again)
    if (line.kind === 'product' && line.sku) {
      pushNotice({ kind: 'line-removed', transactionType: cart.transactionType, name: line.name, sku: line.sku, quantity: line.quantity, deposit: cart.shippingInfo?.key === 'deposit' || cart.shippingInfo?.key === 'depositSell' });
    }
    track({
      event: 'remove_from_cart', transaction_type: cart.transactionType,
      ecommerce: { currency: cart.currency, value: line.totalPrice ? toMajor(line.totalPrice.centAmount) : undefined, items: [withSellPoint(cart, trackedItem(line, line.quantity))] },
    });
  }
  return r;
}

/** Issue 28: the undo of a removed line puts the product back in the quantity it had (no added notice). */
export async function undoLineRemoval(notice: Extract<CartNotice, { kind: 'line-removed' }>, currency: ShopCart['currency']): Promise<Result<CartApiResponse>> {
  dismissNotice(notice.id);
  const { transactionType, sku, quantity, name } = notice;
  const r = await cartWrite(
    transactionType,
    () => api.addToCart({ transactionType, sku, quantity, ...(notice.deposit ? { deposit: true } : {}) }),
    (cart) => withQuantity(cart ?? skeleton(transactionType, currency), sku, name, (held) => held + quantity),
  );
  if (r.error) pushNotice({ kind: 'error', message: r.error.message });
  return r;
}

/** A scrap item for the sell cart (sell to us, scrap metals). */
export async function addScrap(input: ScrapInput): Promise<Result<CartApiResponse>> {
  const r = await cartWrite('sell', () => api.addScrapItem({ metal: input.metal, fineness: input.fineness, weightGrams: input.weightGrams }));
  if (r.error) return r;
  pushNotice({ kind: 'added', transactionType: 'sell', name: input.name, quantity: 1, recreated: false });
  const line = r.data.cart.lineItems[r.data.cart.lineItems.length - 1];
  track({ event: 'add_to_cart', transaction_type: 'sell', ecommerce: { currency: r.data.cart.currency, items: [trackedItem(line, 1)] } });
  return r;
}

/** Any other write of a cart (checkout data, coupon, recalculation): the server's answer replaces the cart. */
export function writeCart(type: TransactionType, call: () => Promise<Result<CartApiResponse>>): Promise<Result<CartApiResponse>> {
  return cartWrite(type, call);
}

let refreshTimer: ReturnType<typeof setTimeout> | null = null;

/**
 * spec 4: on a price update outside the cart and checkout pages the carts show the new prices. Issue 16: by
 * reading them again (commerce prices a cart from the current set when it is read, and stores nothing),
 * spread over a few seconds and only in a visible tab (cart-prices.ts); an update while a read waits adds
 * none. No cart write: the cart takes the prices with the customer's next change.
 */
export async function refreshCartsAfterPriceUpdate(): Promise<void> {
  const carts = await currentCarts();
  const plan = afterPriceUpdate({
    visible: typeof document === 'undefined' || document.visibilityState === 'visible',
    holdsPrices: priceHolds > 0,
    cartsWithLines: [carts?.buy, carts?.sell].filter((c) => c && c.id && c.lineItems.length > 0).length,
  }, Math.random);
  // a read still waiting will see the newest prices anyway (they are the current set's when it runs)
  if (!plan.read || refreshTimer) return;
  await new Promise<void>((resolve) => {
    refreshTimer = setTimeout(() => {
      refreshTimer = null;
      resolve();
    }, plan.delayMs);
  });
  if (priceHolds > 0 || getSession().level === 'guest') return;
  // in the write queue: a write answered meanwhile is never overwritten by this older read
  emitAppEvent(appEvents.cartRecalculating, { cartId: null });
  const r = await serial(() => api.getCarts(plan.query.prices));
  emitAppEvent(appEvents.cartRecalculated, { cartId: null, ok: !r.error });
  if (r.error) {
    // spec 8: 'something went wrong while recalculating cart'; a session that ended is no failure of this
    if (r.error.status !== 401 && r.error.status !== 404) pushNotice({ kind: 'recalculation-failed' });
    return;
  }
  void mutate(CARTS_KEY, splitCarts(r.data.carts), { revalidate: false });
}
