// What crosses the boundary between the price service and its clients (the storefront's price hub):
// HTTP responses, query strings and WebSocket messages. One definition for both ends.
// Amounts are integer cents (spec 3: "Amounts are in cents"); timestamps are ISO 8601 strings in UTC,
// except chart points, which carry epoch milliseconds (compact, and what d3 scales take).
import Type, { type Static } from 'typebox';
import { MetalName } from './pricing-attributes.ts';

export { MetalName } from './pricing-attributes.ts';

export const CurrencyCode = Type.Union([Type.Literal('EUR'), Type.Literal('CHF'), Type.Literal('USD')]);
export type CurrencyCode = Static<typeof CurrencyCode>;
export const priceCurrencies: CurrencyCode[] = ['EUR', 'CHF', 'USD'];

export const PriceCountry = Type.Union([
  Type.Literal('AT'), Type.Literal('CH'), Type.Literal('DE'), Type.Literal('LI'), Type.Literal('US'),
]);
export type PriceCountry = Static<typeof PriceCountry>;
export const priceCountries: PriceCountry[] = ['AT', 'CH', 'DE', 'LI', 'US'];

export const IsoTimestamp = Type.String({ format: 'date-time', description: 'ISO 8601, UTC' });

// ---------------------------------------------------------------- product prices

/**
 * - buy: what the customer pays per piece paying by bank transfer (or cash in store), VAT included
 *   (spec 9: bank wire or check get the discount prices).
 * - buy-card: the same paying by credit card or PayPal (bank price + 2.9 %, VAT included).
 * - buy-dutyfree: net of VAT, for duty-free storage; only for products flagged dutyFree, sold only via
 *   customer support (spec 6); bank-transfer terms.
 * - sell: what the shop pays the customer per piece when buying back (no VAT, see src/pricing/README.md).
 * Buy types come once per quantity tier, sell once with minQuantity 1.
 */
export const PriceType = Type.Union([
  Type.Literal('buy'), Type.Literal('buy-card'), Type.Literal('buy-dutyfree'), Type.Literal('sell'),
]);
export type PriceType = Static<typeof PriceType>;

export const ProductPrice = Type.Object({
  type: PriceType,
  /** price per piece in cents of the requested currency */
  centAmount: Type.Integer({ minimum: 0 }),
  /** this price applies from this many pieces on (spec 9: base price from 1) */
  minQuantity: Type.Integer({ minimum: 1 }),
});
export type ProductPrice = Static<typeof ProductPrice>;

/** spec 3 "Product price": prices sorted by type (buy, buy-card, buy-dutyfree, sell), then ascending minQuantity. */
export const ProductPrices = Type.Object({
  sku: Type.String(),
  prices: Type.Array(ProductPrice),
});
export type ProductPrices = Static<typeof ProductPrices>;

export const maxSkusPerRequest = 200;

export const ProductPricesQuery = Type.Object({
  country: PriceCountry,
  currency: CurrencyCode,
  /** comma list; at most 200 skus; omit for every product of the country and currency */
  skus: Type.Optional(Type.String({ maxLength: 20000 })),
});
export type ProductPricesQuery = Static<typeof ProductPricesQuery>;

/** GET /api/prices/products. Unknown skus are absent from products. */
export const ProductPricesResponse = Type.Object({
  products: Type.Array(ProductPrices),
  lastRecalculatedAt: IsoTimestamp,
});
export type ProductPricesResponse = Static<typeof ProductPricesResponse>;

// ---------------------------------------------------------------- metal (spot) prices

export const SpotPriceType = Type.Union([Type.Literal('bid'), Type.Literal('ask')]);
export type SpotPriceType = Static<typeof SpotPriceType>;

export const MetalPrice = Type.Object({
  currency: CurrencyCode,
  /** spec 3: a customer's sell is priced from bid, everything else from ask */
  type: SpotPriceType,
  /** per troy ounce of fine metal, in cents, no VAT */
  centAmount: Type.Integer({ minimum: 0 }),
});
export type MetalPrice = Static<typeof MetalPrice>;

/** Change of the mid price against 24 h before the last recalculation, in basis points (125 = +1.25 %). */
export const MetalChange = Type.Object({
  EUR: Type.Integer(),
  CHF: Type.Integer(),
  USD: Type.Integer(),
});
export type MetalChange = Static<typeof MetalChange>;

export const MetalPrices = Type.Object({
  name: MetalName,
  prices: Type.Array(MetalPrice),
  /** absent while the service has no quote from 24 h ago (an external feed that just started) */
  change: Type.Optional(MetalChange),
  lastRecalculatedAt: IsoTimestamp,
});
export type MetalPrices = Static<typeof MetalPrices>;

/** GET /api/prices/metals: the spot prices of the last recalculation. */
export const MetalPricesResponse = Type.Object({
  serverTimestamp: IsoTimestamp,
  metals: Type.Array(MetalPrices),
  lastRecalculatedAt: IsoTimestamp,
});
export type MetalPricesResponse = Static<typeof MetalPricesResponse>;

// ---------------------------------------------------------------- chart history

export const SnapshotRange = Type.Union([Type.Literal('1w'), Type.Literal('6m'), Type.Literal('1y')]);
export type SnapshotRange = Static<typeof SnapshotRange>;

export const SnapshotsQuery = Type.Object({
  metal: MetalName,
  currency: CurrencyCode,
  range: SnapshotRange,
  /** default ask */
  type: Type.Optional(SpotPriceType),
});
export type SnapshotsQuery = Static<typeof SnapshotsQuery>;

export const SnapshotPoint = Type.Object({
  /** epoch milliseconds */
  t: Type.Integer(),
  /** per troy ounce, in cents */
  centAmount: Type.Integer({ minimum: 0 }),
});
export type SnapshotPoint = Static<typeof SnapshotPoint>;

/** GET /prices/metals/snapshots: 1w hourly points, 6m and 1y one point per UTC day (the day's last
 * quote); the last point is the quote of the last recalculation. Ascending by t. */
export const SnapshotsResponse = Type.Object({
  metal: MetalName,
  currency: CurrencyCode,
  range: SnapshotRange,
  type: SpotPriceType,
  points: Type.Array(SnapshotPoint),
});
export type SnapshotsResponse = Static<typeof SnapshotsResponse>;

// ---------------------------------------------------------------- WebSocket (GET /ws)

/** spec 4: prices are being recalculated; clear shown prices, fetching is on. */
export const RecalculationProcessStarted = Type.Object({
  type: Type.Literal('RecalculationProcessStarted'),
});
export type RecalculationProcessStarted = Static<typeof RecalculationProcessStarted>;

/** spec 4: new product and metal prices are ready; refetch them. Prices are valid until
 * nextRecalculationAt (spec 9: 180 s after lastRecalculatedAt with the default interval). */
export const RecalculationProcessFinished = Type.Object({
  type: Type.Literal('RecalculationProcessFinished'),
  lastRecalculatedAt: IsoTimestamp,
  nextRecalculationAt: IsoTimestamp,
});
export type RecalculationProcessFinished = Static<typeof RecalculationProcessFinished>;

/**
 * The public messages of the price socket (the hubs also get the new prices pushed between them:
 * src/contracts/price-upstream.ts). On connect a subscriber gets the current state at once: Started
 * while a recalculation runs, else Finished with the last good recalculation (none before the first).
 * A failed recalculation sends Finished with the unchanged lastRecalculatedAt of the prices still valid.
 * The server pings every 30 s and drops a client that did not answer the previous ping.
 */
export const PriceSocketMessage = Type.Union([RecalculationProcessStarted, RecalculationProcessFinished]);
export type PriceSocketMessage = Static<typeof PriceSocketMessage>;

// ---------------------------------------------------------------- service

/** POST /admin/recalculate answers when the recalculation finished. */
export const RecalculateResponse = Type.Object({
  lastRecalculatedAt: IsoTimestamp,
});
export type RecalculateResponse = Static<typeof RecalculateResponse>;

export const PricingHealth = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('starting'), Type.Literal('degraded')]),
  service: Type.Literal('pricing'),
  feed: Type.String(),
  subscribers: Type.Integer({ minimum: 0 }),
  recalculating: Type.Boolean(),
  lastRecalculatedAt: Type.Union([IsoTimestamp, Type.Null()]),
  products: Type.Integer({ minimum: 0 }),
  /** code of the last failed recalculation while it is not followed by a good one */
  lastError: Type.Union([Type.String(), Type.Null()]),
  /** issue 27: with PRICE_SERVICE_ELECTION=on one instance is active, the others standby (they announce nothing) */
  role: Type.Union([Type.Literal('active'), Type.Literal('standby')]),
});
export type PricingHealth = Static<typeof PricingHealth>;

/** Error codes of the price service (answered as { statusCode, code, message }). */
export const pricingErrorCodes = {
  invalidQuery: 'invalid_query',
  tooManySkus: 'too_many_skus',
  notReady: 'prices_not_ready',
  forbidden: 'forbidden',
  recalculationFailed: 'recalculation_failed',
  standby: 'price_service_standby',
} as const;
