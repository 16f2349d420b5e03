// What an open tab does about its carts when the shop announces new prices (spec 4: outside the cart and
// checkout pages the carts show the new prices; on those pages new prices are offered through the price
// lock). Issue 16: this used to be one cart recalculation, a commerce write, per tab with a cart within a
// second of every tick. Now commerce prices a cart from the current set whenever it is read, so a tab only
// reads its carts again, and:
// - only a visible tab does so (a hidden one reads them when it is shown again: SWR's revalidate on focus);
// - spread over CART_REFRESH_SPREAD_MS, so 10,000 tabs do not ask within the same second;
// - a tab on the cart or checkout page holds its carts' prices (reads with prices=held) and reads nothing.
// Plain data and functions without the DOM: the browser (cart-store.ts) and the carts benchmark
// (test/bench/carts) decide with the same code.
import { apiRoutes, type ApiMethod } from '../../src/contracts/shop-api-routes.ts';

/** Decision: the reads of a tick are spread over 20 s (a ninth of the 180 s a price set is valid, spec 9). */
export const CART_REFRESH_SPREAD_MS = 20_000;

export interface TabState {
  /** document.visibilityState === 'visible' */
  visible: boolean;
  /** the cart or checkout page is open: its carts keep the prices they hold */
  holdsPrices: boolean;
  /** carts of this tab with at least one line */
  cartsWithLines: number;
}

export type PriceUpdatePlan = { read: false } | { read: true; delayMs: number; method: ApiMethod; path: string; query: { prices: 'current' } };

/** The request a tab sends after a price update, and when (random: Math.random in the browser). */
export function afterPriceUpdate(tab: TabState, random: () => number): PriceUpdatePlan {
  if (!tab.visible || tab.holdsPrices || tab.cartsWithLines === 0) return { read: false };
  return { read: true, delayMs: Math.floor(random() * CART_REFRESH_SPREAD_MS), method: apiRoutes.carts.method, path: apiRoutes.carts.path, query: { prices: 'current' } };
}

/** The cart's shown prices are the ones it holds, from the set that is current now (nothing to take). */
export function pricesTaken(cart: { priceSetId: string | null; heldPriceSetId: string | null; pricesValidUntil: string | null }, now: number): boolean {
  return cart.priceSetId === cart.heldPriceSetId && cart.pricesValidUntil !== null && Date.parse(cart.pricesValidUntil) > now;
}
