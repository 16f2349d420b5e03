// Live prices for the views (spec 4 and 7), read through the browser port (views/lib/browser-port.ts):
// in the browser client/hooks/usePrices.ts answers them from the price socket and SWR, on the server the
// inert port answers what the hydrating render sees. During a recalculation the hooks return no prices
// (spec 4: prices cleared) and refreshing = true. Server render and the first browser render see no prices
// and no countdown, so hydration matches; everything time- or price-dependent appears right after.
import { useSyncExternalStore } from 'react';
import type { CurrencyCode, ProductPrices } from '../../src/contracts/price-stream.ts';
import { priceTiming } from '../../src/contracts/price-stream-constants.ts';
import { useShop, type Shop } from '../lib/context.tsx';
import { useBrowser } from '../lib/browser-port.ts';
import type { MetalPricesView, PriceState, ProductPricesView } from '../lib/browser-types.ts';

export { priceEvents } from '../lib/browser-types.ts';
export type { MetalPricesView, PriceState, PricesUpdateErrorDetail, ProductPricesView } from '../lib/browser-types.ts';

export function usePriceState(): PriceState {
  return useBrowser().prices.useState();
}

/** The currency prices are shown in: the store's until the socket runs, then the socket's (spec 1: USD). */
export function shownCurrency(shop: Pick<Shop, 'priceCurrency'>, s: PriceState): CurrencyCode {
  return s.connection === 'idle' ? shop.priceCurrency : s.currency;
}

/** The currency prices are shown in: the store's, or USD after the visitor switched to it (spec 1). */
export function usePriceCurrency(): CurrencyCode {
  return shownCurrency(useShop(), usePriceState());
}

/** The four metals' spot prices per troy ounce (bid and ask) in the shown currency. */
export function useMetalPrices(): MetalPricesView {
  return useBrowser().prices.useMetals();
}

/** Prices of these skus. Every component may ask for its own: requests within 50 ms become one. */
export function useProductPrices(skus: readonly string[]): ProductPricesView {
  return useBrowser().prices.useProducts(skus);
}

export function useProductPrice(sku: string): { prices: ProductPrices | null | undefined; refreshing: boolean; stale: boolean } {
  const v = useProductPrices([sku]);
  return { prices: v.prices ? v.prices[sku] : undefined, refreshing: v.refreshing, stale: v.stale };
}

const noSubscription = () => () => {};

/** False on the server and in the hydrating render, true after: for attributes such as aria-busy that
 * describe the browser's loading state and must not appear in the server's HTML. */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}

/** The shop's clock in whole seconds; 0 on the server and in the first browser render. */
export function useShopNow(): number {
  return useBrowser().prices.useShopNow();
}

export interface Countdown {
  /** m:ss until the prices' time runs out; null before the first prices (and on the server) */
  label: string | null;
  remainingSeconds: number | null;
  /** spec 9: 3 s or less */
  impending: boolean;
  expired: boolean;
  refreshing: boolean;
}

export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** spec 4 and 9: a countdown m:ss to lastRecalculatedAt + 180 s, ticking each second. */
export function useCountdown(): Countdown {
  const now = useShopNow();
  const s = usePriceState();
  if (now === 0 || s.validUntil === null) return { label: null, remainingSeconds: null, impending: false, expired: false, refreshing: s.refreshing };
  const remaining = Math.max(0, Math.ceil((s.validUntil - now) / 1000));
  return {
    label: formatCountdown(remaining),
    remainingSeconds: remaining,
    impending: remaining * 1000 <= priceTiming.impendingMs,
    expired: remaining === 0,
    refreshing: s.refreshing,
  };
}

/**
 * spec 4: next-step navigation is disabled during a price refresh. True from RecalculationProcessStarted
 * until the new prices are in, and while the shown prices' 180 s have run out. False on the server and
 * in the first browser render (the page cannot be used before hydration anyway).
 */
export function usePricesRefreshing(): boolean {
  const now = useShopNow();
  const s = usePriceState();
  if (now === 0) return false;
  return s.refreshing || (s.validUntil !== null && now >= s.validUntil);
}
