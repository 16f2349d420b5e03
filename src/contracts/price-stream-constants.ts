// Names, timings and the message guard both ends of the browsers' live prices share (the storefront's
// price hub and the browser's price socket). Plain code without the schema library, so that the browser
// bundle can import it; the message and answer shapes are in price-stream.ts.
import type { BrowserPriceMessage } from './price-stream.ts';

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
  /**
   * Decision (issue 27, fan-out): browsers hear RecalculationProcessStarted only when the recalculation is still
   * running this long after the price service announced it (src/storefront/price-hub/hub.ts). A recalculation
   * that ends sooner reaches them as one RecalculationProcessFinished: no frame, no cleared prices and no refetch
   * of product prices for a change that is over before it could be shown. 250 ms: the whole chain (the price
   * service, commerce storing the set, the hub building the frames) takes 90-130 ms on the 2-core machine, and
   * before this the last of 10,000 sockets heard Started 165-235 ms after the request anyway (npm run
   * bench:fanout). The money rule does not depend on it: commerce refuses an order on prices that are not the
   * current set's (409 price_not_equal), whatever the browser was shown.
   */
  startedGraceMs: 250,
} as const;

/** Path of the browsers' price socket on every store host. */
export const priceSocketPath = '/ws/prices';

/** Response header with the hub's clock in epoch milliseconds (countdown clock correction). */
export const serverTimeHeader = 'x-server-time';

/** Error codes of the storefront's price routes (answered as { statusCode, code, message }; catalogue
 * codes, src/lib/errors.ts). */
export const priceHubErrorCodes = {
  invalidQuery: 'invalid_price_query',
  notReady: 'prices_not_ready',
  unavailable: 'prices_unavailable',
} as const;

/** The message types a browser acts on; anything else on the socket is ignored. A type renamed in the
 * contract breaks this table's typecheck. */
export const browserPriceMessageTypes: Record<BrowserPriceMessage['type'], true> = {
  RecalculationProcessStarted: true,
  RecalculationProcessFinished: true,
  PricesStale: true,
};

/** A parsed socket message a browser understands (by its type; the hub sends nothing else). */
export function isBrowserPriceMessage(m: unknown): m is BrowserPriceMessage {
  const type = (m as { type?: unknown } | null)?.type;
  return typeof type === 'string' && Object.hasOwn(browserPriceMessageTypes, type);
}
