// The price hand-over: after every good recalculation the price service sends the whole new price set to
// the commerce service (PUT {COMMERCE_API_URL}/admin/prices, loopback or ADMIN_TOKEN) BEFORE it announces
// RecalculationProcessFinished. Commerce is the system of record for carts and orders and prices them from
// the set it holds; it never calls the price service (which reads product attributes from commerce: a call
// back would make a cycle). One definition for both ends.
//
// The body is JSON, gzip-compressed on the wire (Content-Encoding: gzip): every product for every store
// country (AT, CH, DE, LI, US) and currency (EUR, CHF, USD), about 0.6 MB of JSON for the seed catalogue and
// about a tenth of that compressed.
//
// Issue 27: the price service sends each list in the compact form commerce stores (CompactPriceList: one
// array per price, keyed by sku; about a third of the bytes and a fraction of the objects to parse and
// validate), so commerce stores it as it came instead of parsing and reshaping 0.6 MB. Decision: commerce
// still accepts the long form (PriceSetList, one object per price) in the same call, so a price service of
// the previous release keeps working through an upgrade, and tests may send either.
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

/** One price compact: [type, centAmount, minQuantity, taxCentAmount or null when the sender cannot say].
 * Decision: the schema says "four values, each a short string, a whole number 0..1e13 or null" (a tuple's
 * `items: [...]` is not JSON Schema 2020-12, which the OpenAPI document is, and the service's ajv does not
 * know 2020-12's prefixItems). One `type` list, not an anyOf: ajv coerces types (coerceTypes) inside each
 * anyOf branch it tries, which was slow and could turn a null into a 0. Which value stands where, and
 * that the type is a price type, commerce checks (compactPriceError, src/commerce/prices/store.ts). */
const CompactValue = Type.Unsafe<string | number | null>({ type: ['string', 'integer', 'null'], minimum: 0, maximum: 1e13, maxLength: 32 });
export const CompactPrice = Type.Unsafe<[PriceType, number, number, number | null]>(Type.Array(CompactValue, { minItems: 4, maxItems: 4 }));
export type CompactPrice = Static<typeof CompactPrice>;

/** A list as commerce stores it (price_set_lists.prices): sku -> its prices compact. */
export const CompactPriceList = Type.Object({
  v: Type.Literal(2),
  p: Type.Record(Type.String(), Type.Array(CompactPrice, { maxItems: 200 }), { maxProperties: 20000 }),
}, { additionalProperties: false });
export type CompactPriceList = Static<typeof CompactPriceList>;

export const CompactPriceSetList = Type.Object({
  country: PriceCountry,
  currency: CurrencyCode,
  prices: CompactPriceList,
}, { additionalProperties: false });
export type CompactPriceSetList = Static<typeof CompactPriceSetList>;

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

/** What PUT /admin/prices takes: the set with each list compact (what the price service sends) or long. */
export const PriceSetHandOver = Type.Object({
  ...PriceSet.properties,
  lists: Type.Array(Type.Union([CompactPriceSetList, PriceSetList]), { maxItems: 15 }),
}, { additionalProperties: false });
export type PriceSetHandOver = Static<typeof PriceSetHandOver>;

/** The set as the price service sends it: every list compact. */
export type CompactPriceSet = Omit<PriceSet, 'lists'> & { lists: CompactPriceSetList[] };

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
