// What the storefront's price hub says to browsers: the messages on /ws/prices and the answers of
// /api/prices/* (TypeBox schemas and their static types). Built typed in the hub and its workers
// (workers/price-payload.ts), read typed by the browser (client/state/price-socket.ts, views/hooks/
// usePrices.ts): a renamed field breaks the typecheck on both ends. The browser imports the types only
// (`import type`) and the constants from price-stream-constants.ts, so the schema library stays out
// of its bundle. The server imports the constants from there too: that module reads this one's message type,
// so this one never imports it back (no import circle, issue 24).
import Type, { type Static } from 'typebox';
import {
  CurrencyCode, IsoTimestamp, MetalName, MetalPrices, ProductPrices, RecalculationProcessFinished, RecalculationProcessStarted,
  SnapshotPoint, SnapshotRange,
} from './prices.ts';

export type { CurrencyCode, MetalPrices, ProductPrices } from './prices.ts';

// ---------------------------------------------------------------- messages on /ws/prices

/** spec 4: a recalculation runs; shown prices are cleared and shown as refreshing. The price service's
 * message, passed on as it is. */
export const PricesStartedMessage = RecalculationProcessStarted;
export type PricesStartedMessage = Static<typeof PricesStartedMessage>;

/** spec 4: new prices are ready: the price service's Finished with the store's prices. Carries the
 * store's metal prices, so browsers need no request for them; product prices are fetched again
 * (GET /api/prices/products). */
export const PricesFinishedMessage = Type.Object({
  ...RecalculationProcessFinished.properties,
  /** lastRecalculatedAt + 180 s (spec 9) */
  validUntil: IsoTimestamp,
  currency: CurrencyCode,
  /** the metals' spot prices per troy ounce in `currency` only (bid and ask) */
  metals: Type.Array(MetalPrices),
  /** the hub's clock when the message was sent: browsers correct their own clock for the countdown */
  serverTimestamp: IsoTimestamp,
});
export type PricesFinishedMessage = Static<typeof PricesFinishedMessage>;

/** Decision: the hub lost its connection to the price service (or could not fetch the new prices). Shown
 * prices stay, marked as possibly outdated, until the next Finished. */
export const PricesStaleMessage = Type.Object({
  type: Type.Literal('PricesStale'),
  /** the recalculation the cached prices come from (null before the first) */
  lastRecalculatedAt: Type.Union([IsoTimestamp, Type.Null()]),
  serverTimestamp: IsoTimestamp,
});
export type PricesStaleMessage = Static<typeof PricesStaleMessage>;

export const BrowserPriceMessage = Type.Union([PricesStartedMessage, PricesFinishedMessage, PricesStaleMessage]);
export type BrowserPriceMessage = Static<typeof BrowserPriceMessage>;

/** Finished as the workers build it once per store: everything but the send time. */
export type PricesFinishedWithoutClock = Omit<PricesFinishedMessage, 'serverTimestamp'>;

/** The Finished message of a store serialised once, without its closing brace. */
export function finishedPrefix(m: PricesFinishedWithoutClock): string {
  return JSON.stringify(m).slice(0, -1);
}

const serverTimestampKey: keyof PricesFinishedMessage = 'serverTimestamp';

/** Completes a finishedPrefix with the send time: one string for every socket of the store. */
export function completeFinished(prefix: string, serverTimestamp: string): string {
  return `${prefix},${JSON.stringify(serverTimestampKey)}:${JSON.stringify(serverTimestamp)}}`;
}

// ---------------------------------------------------------------- answers of /api/prices/*

/** GET /api/prices/metals on a store host (spec 7 shape; prices only in the requested currency). */
export const StoreMetalPricesResponse = Type.Object({
  /** when the hub fetched these prices; the live clock is the x-server-time response header */
  serverTimestamp: IsoTimestamp,
  lastRecalculatedAt: IsoTimestamp,
  validUntil: IsoTimestamp,
  currency: CurrencyCode,
  metals: Type.Array(MetalPrices),
});
export type StoreMetalPricesResponse = Static<typeof StoreMetalPricesResponse>;

/** GET /api/prices/products on a store host (spec 7 shape). Unknown skus are absent. */
export const StoreProductPricesResponse = Type.Object({
  products: Type.Array(ProductPrices),
  lastRecalculatedAt: IsoTimestamp,
});
export type StoreProductPricesResponse = Static<typeof StoreProductPricesResponse>;

const productListKeys: { [K in keyof StoreProductPricesResponse]: K } = { products: 'products', lastRecalculatedAt: 'lastRecalculatedAt' };

/** A StoreProductPricesResponse from products already serialised one by one (the hub keeps one JSON
 * fragment per sku and answers any subset without serialising again). */
export function productListJson(fragments: readonly string[], lastRecalculatedAt: string): string {
  const k = productListKeys;
  return `{${JSON.stringify(k.products)}:[${fragments.join(',')}],${JSON.stringify(k.lastRecalculatedAt)}:${JSON.stringify(lastRecalculatedAt)}}`;
}

/** GET /api/prices/snapshots: chart points, epoch ms and cents per troy ounce, ascending. */
export const StoreSnapshotsResponse = Type.Object({
  metal: MetalName,
  currency: CurrencyCode,
  range: SnapshotRange,
  points: Type.Array(SnapshotPoint),
  /** true when the series was thinned out for the requested width */
  downsampled: Type.Boolean(),
});
export type StoreSnapshotsResponse = Static<typeof StoreSnapshotsResponse>;
