// The online deposit as it crosses the wire (spec 3 Deposit: online depot number, open date, opening value,
// current value, difference; spec 7 GET /deposits), its holdings per product and its tax lots (issue 10:
// each purchase into the depot is a lot with date, quantity and cost; per lot the current value, gain or
// loss and the days until it has been held one year, on the German and Austrian stores), and the FIFO
// preview of a sale. Money is integer cents of the deposit's currency (the store's).
import Type, { type Static } from 'typebox';
import { LanguageTag, Money } from './cart.ts';
import { CurrencyCode } from './prices.ts';

const IsoTimestamp = Type.String({ format: 'date-time', description: 'ISO 8601, UTC' });
const IsoDate = Type.String({ format: 'date', description: 'YYYY-MM-DD' });
const Id = Type.String({ format: 'uuid' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

/**
 * Where a private sale of physical precious metals is tax-free after one year of holding (the page says so
 * with this source; the countdown shows only on these stores).
 */
export const HoldingPeriodRule = Type.Object({
  country: Type.Union([Type.Literal('DE'), Type.Literal('AT')]),
  /** the statute, e.g. "§ 23 Abs. 1 Satz 1 Nr. 2 EStG" */
  source: Type.String(),
  url: Type.String(),
  holdingPeriodYears: Type.Literal(1),
});
export type HoldingPeriodRule = Static<typeof HoldingPeriodRule>;

/** The holding-period facts of a lot: null on stores without the rule (CH, LI, US). */
export const LotTaxInfo = Type.Object({
  /** the first day a sale is outside the one-year period (the day after the anniversary), store's time zone */
  taxFreeFrom: IsoDate,
  /** days from today until taxFreeFrom; 0 once tax-free */
  daysUntilTaxFree: Type.Integer(),
  taxFree: Type.Boolean(),
});
export type LotTaxInfo = Static<typeof LotTaxInfo>;

export const DepositLot = Type.Object({
  id: Id,
  sku: Type.String(),
  name: Type.String(),
  /** the purchase's date */
  acquiredAt: IsoTimestamp,
  orderNumber: Type.String(),
  /** bought into the deposit */
  quantity: Type.Integer(),
  /** still held (a sale takes the oldest lots first) */
  remainingQuantity: Type.Integer(),
  /** cost per piece (the price paid) */
  unitCost: Money,
  /** cost of what is still held */
  cost: Money,
  /** what is still held, at the current sell price (null while there is no price set) */
  currentValue: Nullable(Money),
  /** currentValue - cost: gain (positive) or loss */
  gain: Nullable(Money),
  heldDays: Type.Integer(),
  tax: Nullable(LotTaxInfo),
});
export type DepositLot = Static<typeof DepositLot>;

export const DepositHolding = Type.Object({
  sku: Type.String(),
  productId: Nullable(Type.String()),
  name: Type.String(),
  slug: Nullable(Type.String()),
  imageUrl: Nullable(Type.String()),
  metal: Nullable(Type.String()),
  quantity: Type.Integer(),
  cost: Money,
  /** the shop's buy-back price per piece now (spec: current value at current sell prices) */
  unitSellPrice: Nullable(Money),
  currentValue: Nullable(Money),
  difference: Nullable(Money),
});
export type DepositHolding = Static<typeof DepositHolding>;

export const Deposit = Type.Object({
  id: Id,
  /** spec 3 online depot number, e.g. CH-D-00000042 */
  number: Type.String(),
  /** spec 3 open date: the first purchase into it */
  openedAt: IsoTimestamp,
  currency: CurrencyCode,
  /** spec 3 opening value: what the metals still held cost */
  openingValue: Money,
  /** spec 3 current value: what they fetch at the current sell prices (null while there is no price set) */
  currentValue: Nullable(Money),
  /** spec 3 difference: current value - opening value */
  difference: Nullable(Money),
  /** the price set the values come from, and until when its prices are valid (spec 9: 180 s) */
  priceSetId: Nullable(Type.String()),
  pricesValidUntil: Nullable(IsoTimestamp),
  /** only metal that is paid for (issue 15): a sale can take these, and only these */
  holdings: Type.Array(DepositHolding),
  /**
   * issue 15: deposit purchases not paid yet, apart from the holdings: their value at today's sell price, no
   * lot and no tax-lot clock (the lot is booked, with the payment's date, when the money arrives). A
   * cancelled order leaves this list and never enters the deposit.
   */
  awaitingPayment: Type.Array(Type.Object({
    orderId: Id,
    orderNumber: Type.String(),
    orderedAt: IsoTimestamp,
    /** the last day the transfer may arrive (YYYY-MM-DD) */
    paymentDueBy: Nullable(Type.String()),
    sku: Type.String(),
    name: Type.String(),
    slug: Nullable(Type.String()),
    imageUrl: Nullable(Type.String()),
    quantity: Type.Integer(),
    cost: Money,
    currentValue: Nullable(Money),
  })),
  /** oldest first */
  lots: Type.Array(DepositLot),
  /** DE and AT stores: the one-year rule and its source; null elsewhere */
  holdingPeriodRule: Nullable(HoldingPeriodRule),
});
export type Deposit = Static<typeof Deposit>;

export const DepositsResponse = Type.Object({ results: Type.Array(Deposit) });
export type DepositsResponse = Static<typeof DepositsResponse>;

export const DepositParams = Type.Object({ id: Id });
export const DepositQuery = Type.Object({ languageTag: LanguageTag }, { additionalProperties: false });

export const SellPreviewQuery = Type.Object({
  sku: Type.String({ minLength: 1, maxLength: 64 }),
  quantity: Type.Integer({ minimum: 1, maximum: 100000 }),
  languageTag: LanguageTag,
}, { additionalProperties: false });
export type SellPreviewQuery = Static<typeof SellPreviewQuery>;

/** The part of one lot a sale would take. */
export const SellPreviewLot = Type.Object({
  lotId: Id,
  acquiredAt: IsoTimestamp,
  orderNumber: Type.String(),
  quantity: Type.Integer(),
  cost: Money,
  proceeds: Nullable(Money),
  gain: Nullable(Money),
  tax: Nullable(LotTaxInfo),
});
export type SellPreviewLot = Static<typeof SellPreviewLot>;

/** GET /deposits/{id}/sell-preview: which lots a sale of quantity pieces would take (oldest first). */
export const SellPreview = Type.Object({
  sku: Type.String(),
  quantity: Type.Integer(),
  /** pieces of this product the deposit holds */
  available: Type.Integer(),
  unitSellPrice: Nullable(Money),
  lots: Type.Array(SellPreviewLot),
  cost: Money,
  proceeds: Nullable(Money),
  gain: Nullable(Money),
  /** DE and AT: pieces the sale takes from lots held longer than a year */
  taxFreeQuantity: Nullable(Type.Integer()),
});
export type SellPreview = Static<typeof SellPreview>;
