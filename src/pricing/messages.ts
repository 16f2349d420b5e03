// The price socket's messages (spec 4; their names are a contract), built typed from the contracts in
// src/contracts/prices.ts and (the prices pushed to the hubs) src/contracts/price-upstream.ts.
import type { RecalculationPricesPrepared } from '../contracts/price-upstream.ts';
import type { CurrencyCode, PriceCountry, RecalculationProcessFinished, RecalculationProcessStarted } from '../contracts/prices.ts';
import type { PriceBook } from './engine/price-book.ts';

/** The new prices for the hubs, before commerce confirmed them: exactly the answers of GET /api/prices/metals
 * and /api/prices/products (every product, each country and currency). */
export function recalculationPrepared(book: PriceBook, nextAt: number, serverTimestamp: number): RecalculationPricesPrepared {
  return {
    type: 'RecalculationPricesPrepared',
    lastRecalculatedAt: book.lastRecalculatedAt,
    nextRecalculationAt: new Date(nextAt).toISOString(),
    metals: { serverTimestamp: new Date(serverTimestamp).toISOString(), metals: book.metals, lastRecalculatedAt: book.lastRecalculatedAt },
    lists: [...book.lists].map(([key, list]) => {
      const [country, currency] = key.split(':') as [PriceCountry, CurrencyCode];
      return { country, currency, products: list.products };
    }),
  };
}

export function recalculationStarted(): RecalculationProcessStarted {
  return { type: 'RecalculationProcessStarted' };
}

/** nextAt: when the schedule runs next (null: not scheduled; the book's time plus one interval). */
export function recalculationFinished(book: PriceBook, nextAt: number | null, intervalMs: number): RecalculationProcessFinished {
  return {
    type: 'RecalculationProcessFinished',
    lastRecalculatedAt: book.lastRecalculatedAt,
    nextRecalculationAt: new Date(nextAt ?? Date.parse(book.lastRecalculatedAt) + intervalMs).toISOString(),
  };
}
