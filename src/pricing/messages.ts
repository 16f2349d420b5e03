// The price socket's messages (spec 4; their names are a contract), built typed from the contract in
// src/contracts/prices.ts.
import type { RecalculationProcessFinished, RecalculationProcessStarted } from '../contracts/prices.ts';
import type { PriceBook } from './engine/price-book.ts';

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
