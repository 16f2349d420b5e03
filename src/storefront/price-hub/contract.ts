// What the storefront's price hub says to browsers: the messages on /ws/prices, the answers of
// /api/prices/*, and the timing constants both ends share. Types and constants only (no server code),
// so that the browser (client/, views/) can import it.
import type { CurrencyCode, MetalPrices, ProductPrices } from '../../contracts/prices.ts';

export type { CurrencyCode, MetalPrices, ProductPrices };

export const priceTiming = {
  /** spec 9: a price is valid 180 s after the last recalculation */
  validityMs: 180_000,
  /** spec 9: countdown tick 1 s */
  tickMs: 1_000,
  /** spec 9: the impending-update event fires at 3 s or less */
  impendingMs: 3_000,
  /** spec 7 and 9: reconnect 10 s after an error or close */
  reconnectMs: 10_000,
  /** spec 7 and 9: product price requests are batched with a 50 ms debounce */
  batchMs: 50,
} as const;

/** Path of the browsers' price socket on every store host. */
export const priceSocketPath = '/ws/prices';

/** spec 4: a recalculation runs; shown prices are cleared and shown as refreshing. */
export interface PricesStartedMessage {
  type: 'RecalculationProcessStarted';
}

/** spec 4: new prices are ready. Carries the store's metal prices, so browsers need no request for them;
 * product prices are fetched again (GET /api/prices/products). */
export interface PricesFinishedMessage {
  type: 'RecalculationProcessFinished';
  lastRecalculatedAt: string;
  /** lastRecalculatedAt + 180 s (spec 9) */
  validUntil: string;
  /** when the price service plans the next recalculation */
  nextRecalculationAt: string;
  currency: CurrencyCode;
  /** the metals' spot prices per troy ounce in `currency` only (bid and ask) */
  metals: MetalPrices[];
  /** the hub's clock when the message was sent: browsers correct their own clock for the countdown */
  serverTimestamp: string;
}

/** Decision: the hub lost its connection to the price service (or could not fetch the new prices). Shown
 * prices stay, marked as possibly outdated, until the next Finished. */
export interface PricesStaleMessage {
  type: 'PricesStale';
  /** the recalculation the cached prices come from (null before the first) */
  lastRecalculatedAt: string | null;
  serverTimestamp: string;
}

export type BrowserPriceMessage = PricesStartedMessage | PricesFinishedMessage | PricesStaleMessage;

/** GET /api/prices/metals on a store host (spec 7 shape; prices only in the requested currency). */
export interface StoreMetalPricesResponse {
  /** when the hub fetched these prices; the live clock is the x-server-time response header */
  serverTimestamp: string;
  lastRecalculatedAt: string;
  validUntil: string;
  currency: CurrencyCode;
  metals: MetalPrices[];
}

/** GET /api/prices/products on a store host (spec 7 shape). Unknown skus are absent. */
export interface StoreProductPricesResponse {
  products: ProductPrices[];
  lastRecalculatedAt: string;
}

/** GET /api/prices/snapshots: chart points, epoch ms and cents per troy ounce, ascending. */
export interface StoreSnapshotsResponse {
  metal: MetalPrices['name'];
  currency: CurrencyCode;
  range: '1w' | '6m' | '1y';
  points: { t: number; centAmount: number }[];
  /** true when the series was thinned out for the requested width */
  downsampled: boolean;
}

/** Response header with the hub's clock in epoch milliseconds (countdown clock correction). */
export const serverTimeHeader = 'x-server-time';

/** Error codes of the storefront's price routes (answered as { statusCode, code, message }). */
export const priceHubErrorCodes = {
  invalidQuery: 'invalid_price_query',
  notReady: 'prices_not_ready',
  unavailable: 'prices_unavailable',
} as const;
