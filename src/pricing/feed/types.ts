// The spot-price feed seen by the rest of the price service. A feed quotes the four metals in US dollars
// per troy ounce (the unit and currency the metals markets quote in) plus the two FX rates the shop needs;
// EUR and CHF prices are derived here, in one place, so every price of one recalculation uses one rate.
import type { MetalName } from '../../contracts/pricing-attributes.ts';
import type { CurrencyCode } from '../../contracts/prices.ts';

/** Milliseconds since the epoch. Injected everywhere time matters, so tests can pin or advance it. */
export type Clock = () => number;

export interface BidAsk {
  bid: number;
  ask: number;
}

export interface SpotQuote {
  /** when the quote was taken, epoch ms */
  t: number;
  /** USD per troy ounce of fine metal */
  usd: Record<MetalName, BidAsk>;
  /** mid rates: EURUSD = USD per EUR, USDCHF = CHF per USD */
  fx: { EURUSD: number; USDCHF: number };
}

export interface SpotFeed {
  /** for /health and logs: 'simulated' or the feed's host */
  readonly name: string;
  /** The current quote. Rejects when the feed cannot give a fresh, plausible one. */
  quote(): Promise<SpotQuote>;
  /** Hourly quotes in [from, to], ascending, to fill the charts at start; may be empty. */
  history(from: number, to: number): Promise<SpotQuote[]>;
  close?(): Promise<void>;
}

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** Units of `currency` for one US dollar. */
export function usdTo(currency: CurrencyCode, fx: SpotQuote['fx']): number {
  switch (currency) {
    case 'USD': return 1;
    case 'EUR': return 1 / fx.EURUSD;
    case 'CHF': return fx.USDCHF;
  }
}

/** Units of `currency` for one euro (fixed premiums and accessory prices are kept in EUR). */
export function eurTo(currency: CurrencyCode, fx: SpotQuote['fx']): number {
  return fx.EURUSD * usdTo(currency, fx);
}

/** Price per troy ounce in `currency` units (not cents, not rounded). */
export function perOunce(q: SpotQuote, metal: MetalName, currency: CurrencyCode, side: 'bid' | 'ask'): number {
  return q.usd[metal][side] * usdTo(currency, q.fx);
}

export function midPerOunce(q: SpotQuote, metal: MetalName, currency: CurrencyCode): number {
  return ((q.usd[metal].bid + q.usd[metal].ask) / 2) * usdTo(currency, q.fx);
}
