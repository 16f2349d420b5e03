// The price hand-over: after every good recalculation the price service sends the whole new price set to
// the commerce service (PUT {COMMERCE_API_URL}/admin/prices, loopback or ADMIN_TOKEN) BEFORE it announces
// RecalculationProcessFinished. Commerce is the system of record for carts and orders and prices them from
// the set it holds; it never calls the price service (which reads product attributes from commerce: a call
// back would make a cycle). One definition for both ends.
//
// The body is JSON, gzip-compressed on the wire (Content-Encoding: gzip): every product for every store
// country (AT, CH, DE, LI, US) and currency (EUR, CHF, USD), about 0.6 MB of JSON for the seed catalogue and
// about a tenth of that compressed.
import Type, { type Static } from 'typebox';
import { CurrencyCode, PriceCountry, PriceType } from './prices.ts';
import { MetalName } from './pricing-attributes.ts';

const IsoTimestamp = Type.String({ format: 'date-time', description: 'ISO 8601, UTC' });
const Cents = Type.Integer({ minimum: 0, maximum: 1e13 });

/** A product price as handed over: the public ProductPrice plus the VAT it includes. */
export const HandOverPrice = Type.Object({
  type: PriceType,
  /** per piece, VAT included (buy types); the payout per piece (sell) */
  centAmount: Cents,
  minQuantity: Type.Integer({ minimum: 1, maximum: 1000000 }),
  /**
   * The VAT included in centAmount, per piece (0 when exempt; margin-scheme VAT on the margin only). Absent
   * when the sender cannot say: a cart line priced without it has no total tax (order reason co004).
   */
  taxCentAmount: Type.Optional(Cents),
}, { additionalProperties: false });
export type HandOverPrice = Static<typeof HandOverPrice>;

export const HandOverProduct = Type.Object({
  sku: Type.String({ minLength: 1, maxLength: 64 }),
  prices: Type.Array(HandOverPrice, { maxItems: 200 }),
}, { additionalProperties: false });
export type HandOverProduct = Static<typeof HandOverProduct>;

export const PriceSetList = Type.Object({
  country: PriceCountry,
  currency: CurrencyCode,
  products: Type.Array(HandOverProduct, { maxItems: 20000 }),
}, { additionalProperties: false });
export type PriceSetList = Static<typeof PriceSetList>;

/** Spot prices per troy ounce of fine metal (scrap and sell-to-us estimates are priced from bid). */
export const PriceSetMetal = Type.Object({
  name: MetalName,
  prices: Type.Array(Type.Object({
    currency: CurrencyCode,
    type: Type.Union([Type.Literal('bid'), Type.Literal('ask')]),
    centAmount: Cents,
  }, { additionalProperties: false }), { maxItems: 6 }),
}, { additionalProperties: false });
export type PriceSetMetal = Static<typeof PriceSetMetal>;

const Rate = Type.Number({ exclusiveMinimum: 0, maximum: 1000 });

export const PriceSet = Type.Object({
  /** chosen by the price service, unique per recalculation (its timestamp and a digest of the content) */
  id: Type.String({ pattern: '^[A-Za-z0-9._:-]{1,64}$' }),
  /** when the recalculation ended (spec 4) */
  lastRecalculatedAt: IsoTimestamp,
  /** spec 9: prices are valid 180 s after the recalculation; commerce refuses orders on a set long past it */
  validUntil: IsoTimestamp,
  /** units of each currency per EUR at the set's quote (the Scrap Metal Box cap of spec 5 is in EUR) */
  eurRates: Type.Object({ EUR: Rate, CHF: Rate, USD: Rate }, { additionalProperties: false }),
  metals: Type.Array(PriceSetMetal, { maxItems: 4 }),
  lists: Type.Array(PriceSetList, { maxItems: 15 }),
}, { additionalProperties: false });
export type PriceSet = Static<typeof PriceSet>;

/** Answer of PUT /admin/prices: current false when a newer set had arrived first (the set is then ignored). */
export const PriceSetReceipt = Type.Object({
  id: Type.String(),
  lastRecalculatedAt: IsoTimestamp,
  current: Type.Boolean(),
});
export type PriceSetReceipt = Static<typeof PriceSetReceipt>;

/** GET /admin/prices: the set commerce prices carts from. */
export const CurrentPriceSetResponse = Type.Object({
  id: Type.Union([Type.String(), Type.Null()]),
  lastRecalculatedAt: Type.Union([IsoTimestamp, Type.Null()]),
  validUntil: Type.Union([IsoTimestamp, Type.Null()]),
  receivedAt: Type.Union([IsoTimestamp, Type.Null()]),
});
export type CurrentPriceSetResponse = Static<typeof CurrentPriceSetResponse>;
