// The price service's socket to the storefronts' price hubs (GET /ws on the price service): internal, never
// seen by browsers (they get src/contracts/price-stream.ts from the hub). Besides the two messages of the
// public contract (RecalculationProcessStarted / RecalculationProcessFinished, src/contracts/prices.ts) the
// service pushes the new prices themselves, so a hub needs no HTTP round trips after an announcement:
//
//   Started ─▶ RecalculationPricesPrepared (the new prices, commerce NOT confirmed yet) ─▶ Finished
//
// The order is the guarantee: Prepared goes out as soon as the prices are computed, while commerce stores
// the set; Finished only once commerce confirmed it (or, when commerce could not take it, with the last
// confirmed lastRecalculatedAt). A hub may build its browsers' frames from a Prepared set but must not show
// them to anyone before the Finished with the same lastRecalculatedAt arrives. A hub that missed the Prepared
// (it connected meanwhile) fetches the prices over HTTP as before (GET /api/prices/*, which answer the
// confirmed set only). A (re)connecting hub is greeted with Prepared + Finished of the confirmed set.
import Type, { type Static } from 'typebox';
import {
  CurrencyCode, IsoTimestamp, MetalPricesResponse, PriceCountry, ProductPrices, RecalculationProcessFinished, RecalculationProcessStarted,
} from './prices.ts';

export const PreparedPriceList = Type.Object({
  country: PriceCountry,
  currency: CurrencyCode,
  /** exactly what GET /api/prices/products?country&currency answers (every product) */
  products: Type.Array(ProductPrices),
});
export type PreparedPriceList = Static<typeof PreparedPriceList>;

export const RecalculationPricesPrepared = Type.Object({
  type: Type.Literal('RecalculationPricesPrepared'),
  lastRecalculatedAt: IsoTimestamp,
  /** when the schedule runs next, as the following Finished will say (it may differ: the Finished wins) */
  nextRecalculationAt: IsoTimestamp,
  /** exactly what GET /api/prices/metals answers */
  metals: MetalPricesResponse,
  /** every store country in every currency (5 x 3) */
  lists: Type.Array(PreparedPriceList, { maxItems: 15 }),
});
export type RecalculationPricesPrepared = Static<typeof RecalculationPricesPrepared>;

/** The envelope a hub checks on its main thread: everything but the product lists' content, which its
 * worker threads check against ProductPrices while they build the payloads (no 0.5 MB check on the loop). */
export const PreparedEnvelope = Type.Object({
  ...RecalculationPricesPrepared.properties,
  lists: Type.Array(Type.Object({ ...PreparedPriceList.properties, products: Type.Array(Type.Unknown()) }), { maxItems: 15 }),
});

export type PreparedEnvelope = Static<typeof PreparedEnvelope>;

export const UpstreamPriceMessage = Type.Union([RecalculationProcessStarted, RecalculationPricesPrepared, RecalculationProcessFinished]);
export type UpstreamPriceMessage = Static<typeof UpstreamPriceMessage>;

/** Decision: the hub takes upstream messages up to 16 MiB (the seed catalogue's Prepared is about 0.4 MB). */
export const upstreamMaxPayload = 16 * 1024 * 1024;
