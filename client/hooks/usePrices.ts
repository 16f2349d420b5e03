// SWR hooks for live prices (spec 4 and 7): the browser's side of the port's prices (views/hooks/usePrices.ts
// derives the currency, the countdown and the refreshing flag from them). Metal prices mostly arrive with
// the socket's Finished message; product prices are fetched from the storefront's cache, every sku any component asks for
// within 50 ms going out as one request. During a recalculation the hooks return no prices (spec 4:
// prices cleared) and refreshing = true; the price socket refetches them when it finishes.
// Server render and the first browser render see no prices and no countdown, so hydration matches;
// everything time- or price-dependent appears right after.
import { useSyncExternalStore } from 'react';
import useSWR, { type SWRConfiguration } from 'swr';
import type { CurrencyCode, ProductPrices, StoreMetalPricesResponse, StoreProductPricesResponse } from '../../src/contracts/price-stream.ts';
import { priceTiming, serverTimeHeader } from '../../src/contracts/price-stream-constants.ts';
import { useShop } from '../../views/lib/context.tsx';
import {
  getPriceState, getShopNow, priceKeys, reportPriceFetch, subscribePriceState, subscribeShopNow,
  type PriceState, type PricesUpdateErrorDetail,
} from '../state/price-socket.ts';
import { serverPriceState, type MetalPricesView, type ProductPricesView } from '../../views/lib/browser-types.ts';
import { shownCurrency } from '../../views/hooks/usePrices.ts';
import { createBatcher, type Batcher } from './batch.ts';

export { priceEvents, setPriceCurrency } from '../state/price-socket.ts';
export type { PriceState, PricesUpdateErrorDetail } from '../state/price-socket.ts';

/** A failed price request (status 0: no answer at all). */
export class PriceFetchError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'PriceFetchError';
    this.status = status;
  }
}

export function usePriceState(): PriceState {
  return useSyncExternalStore(subscribePriceState, getPriceState, () => serverPriceState);
}

/** The currency prices are shown in: the store's, or USD after setPriceCurrency('USD') (spec 1). */
export function usePriceCurrency(): CurrencyCode {
  return shownCurrency(useShop(), usePriceState());
}

function currencyQuery(currency: CurrencyCode, storeCurrency: CurrencyCode, sep: '?' | '&'): string {
  return currency === storeCurrency ? '' : `${sep}currency=${currency}`;
}

async function fetchPrices<T>(url: string, source: PricesUpdateErrorDetail['source']): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
  } catch {
    reportPriceFetch(false, { source, status: 0 });
    throw new PriceFetchError(0, 'Failed metal price fetch: PricesUpdateError');
  }
  if (!res.ok) {
    reportPriceFetch(false, { source, status: res.status });
    throw new PriceFetchError(res.status, 'Failed metal price fetch: PricesUpdateError');
  }
  const body = (await res.json()) as T;
  reportPriceFetch(true, { serverTime: res.headers.get(serverTimeHeader), metals: source === 'metals' ? (body as StoreMetalPricesResponse) : undefined });
  return body;
}

const swrPriceOptions: SWRConfiguration = {
  // The socket says when prices change; focus and staleness are no reason to ask again.
  revalidateOnFocus: false,
  revalidateIfStale: false,
  revalidateOnReconnect: true,
  dedupingInterval: 1_000,
  errorRetryInterval: priceTiming.reconnectMs,
  errorRetryCount: 6,
  keepPreviousData: false,
};

/** The four metals' spot prices per troy ounce (bid and ask) in the shown currency. */
export function useMetalPrices(): MetalPricesView {
  const shop = useShop();
  const s = usePriceState();
  const currency = usePriceCurrency();
  const { data } = useSWR<StoreMetalPricesResponse>(
    s.refreshing ? null : priceKeys.metals(currency),
    () => fetchPrices<StoreMetalPricesResponse>(`/api/prices/metals${currencyQuery(currency, shop.currency, '?')}`, 'metals'),
    swrPriceOptions,
  );
  return { data: s.refreshing ? undefined : data, refreshing: s.refreshing, stale: s.stale, error: s.error };
}

const batchers = new Map<string, Batcher<string, ProductPrices>>();

/** One batcher per currency and store (a page shows one store; tests may mount several). */
export function productPriceBatcher(currency: CurrencyCode, storeCurrency: CurrencyCode): Batcher<string, ProductPrices> {
  const id = `${currency}|${storeCurrency}`;
  let b = batchers.get(id);
  if (!b) {
    b = createBatcher<string, ProductPrices>({
      delayMs: priceTiming.batchMs,
      maxBatch: 200,
      async fetchBatch(skus) {
        const url = `/api/prices/products?skus=${encodeURIComponent(skus.join(','))}${currencyQuery(currency, storeCurrency, '&')}`;
        const body = await fetchPrices<StoreProductPricesResponse>(url, 'products');
        return new Map(body.products.map((p) => [p.sku, p]));
      },
    });
    batchers.set(id, b);
  }
  return b;
}

/** Prices of these skus. Every component may ask for its own: requests within 50 ms become one. */
export function useProductPrices(skus: readonly string[]): ProductPricesView {
  const shop = useShop();
  const s = usePriceState();
  const currency = usePriceCurrency();
  const wanted = [...new Set(skus)].sort();
  const key = wanted.length > 0 && !s.refreshing ? priceKeys.products(currency, wanted) : null;
  const { data } = useSWR<Record<string, ProductPrices | null>>(
    key,
    async () => {
      const batcher = productPriceBatcher(currency, shop.currency);
      const list = await Promise.all(wanted.map((sku) => batcher.load(sku)));
      return Object.fromEntries(wanted.map((sku, i) => [sku, list[i]]));
    },
    swrPriceOptions,
  );
  return { prices: s.refreshing ? undefined : data, refreshing: s.refreshing, stale: s.stale, error: s.error };
}

/** The shop's clock in ms; 0 on the server and in the first browser render. */
export function useShopNow(): number {
  return useSyncExternalStore(subscribeShopNow, getShopNow, () => 0);
}
