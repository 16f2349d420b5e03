// The store's current prices for server-side readers (loaders: the product page's JSON-LD Offer for
// crawlers). Reads the hub's cache; never asks the price service itself.
import type { CurrentPrices, PriceReader } from '../../contracts/loader-ports.ts';
import type { ProductPrices } from '../../contracts/prices.ts';
import type { StoreKey } from '../../stores.ts';
import type { PriceHub } from './hub.ts';

export function priceReader(hub: PriceHub, store: StoreKey): PriceReader {
  return {
    current(sku: string): CurrentPrices | null {
      const key = hub.keyFor(store);
      const payload = key ? hub.payload(key) : null;
      const i = payload?.index.get(sku);
      if (!payload || i === undefined) return null;
      const entry = JSON.parse(payload.fragments[i]) as ProductPrices;
      return { currency: payload.currency, lastRecalculatedAt: payload.lastRecalculatedAt, validUntil: payload.validUntil, prices: entry.prices };
    },
  };
}
