// Orders, shipping methods and shipping costs as they cross the wire (spec 3 Order, Shipping method; spec 4
// states; spec 7 Orders calls). src/commerce/README.md (carts and orders) explains the rules and states.
import Type, { type Static } from 'typebox';
import {
  CartAddress, CartDiscount, CartLineItem, LanguageTag, LinePrice, MaskedBankDetails, Money, PaymentMethod, ShippingInfo, ShippingMethodKey, TransactionType,
} from './cart.ts';
import { CurrencyCode } from './prices.ts';

const IsoTimestamp = Type.String({ format: 'date-time', description: 'ISO 8601, UTC' });
const Id = Type.String({ format: 'uuid' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

/** spec 4 order states. Buy orders start Open, sell orders Requested (transitions: src/commerce/lifecycle/transitions.ts). */
export const OrderState = Type.Union([
  Type.Literal('Open'), Type.Literal('Created'), Type.Literal('Confirmed'), Type.Literal('Complete'), Type.Literal('Cancelled'),
  Type.Literal('Requested'), Type.Literal('Accepted'),
]);
export type OrderState = Static<typeof OrderState>;
/** spec 4 payment states; every order starts Pending */
export const PaymentState = Type.Union([Type.Literal('Paid'), Type.Literal('Pending'), Type.Literal('Failed')]);
export type PaymentState = Static<typeof PaymentState>;

// the payment state as people read it: its own module without TypeBox, for the browser (order-states.ts)
export { shownPaymentState } from './order-states.ts';

/** spec 3 sessionStorage utmParams */
export const UtmParams = Type.Object({
  utm_campaign: Type.Optional(Type.String({ maxLength: 200 })),
  utm_content: Type.Optional(Type.String({ maxLength: 200 })),
  utm_source: Type.Optional(Type.String({ maxLength: 200 })),
  utm_id: Type.Optional(Type.String({ maxLength: 200 })),
  utm_medium: Type.Optional(Type.String({ maxLength: 200 })),
  utm_term: Type.Optional(Type.String({ maxLength: 200 })),
}, { additionalProperties: false });
export type UtmParams = Static<typeof UtmParams>;

/** spec 3 order creation input. Header Idempotency-Key is required. */
export const CreateOrderBody = Type.Object({
  cartId: Id,
  /**
   * The cart version the customer reviewed (issue 14): any other version is refused with 409
   * cart_version_conflict (details.currentVersion). Same as the header If-Match: "<version>". Without
   * either the order is placed from the cart as it is.
   */
  cartVersion: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
  comment: Type.Optional(Type.String({ maxLength: 1000 })),
  optInTrustedShops: Type.Optional(Type.Boolean()),
  utmParams: Type.Optional(UtmParams),
}, { additionalProperties: false });
export type CreateOrderBody = Static<typeof CreateOrderBody>;

export const OrderLanguageQuery = Type.Object({
  /** language of the confirmation mail and of names in the answer */
  languageTag: LanguageTag,
}, { additionalProperties: false });
export type OrderLanguageQuery = Static<typeof OrderLanguageQuery>;

export const OrdersQuery = Type.Object({
  /** purchase orders (buy) or sell orders only (the account's two lists); both when absent */
  type: Type.Optional(TransactionType),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000, default: 0 })),
  languageTag: LanguageTag,
}, { additionalProperties: false });
export type OrdersQuery = Static<typeof OrdersQuery>;

export const OrderParams = Type.Object({ id: Id });

// An order line is the cart line frozen: always priced; product facts that change (availability, deposit
// eligibility) are not part of it.
const { price: _price, totalPrice: _total, metal: _metal, availability: _availability, depositable: _depositable, dutyFree: _dutyFree, ...frozen } =
  CartLineItem.properties;
export const OrderLineItem = Type.Object({ ...frozen, price: LinePrice, totalPrice: Money });
export type OrderLineItem = Static<typeof OrderLineItem>;

/** Where to pay a bank-transfer buy order (from configuration, checked with ibantools at start). */
export const PaymentInstructions = Type.Object({
  accountOwner: Type.String(),
  iban: Nullable(Type.String()),
  bic: Nullable(Type.String()),
  accountNumber: Nullable(Type.String()),
  routingNumber: Nullable(Type.String()),
  /** the order number: the transfer's reference */
  reference: Type.String(),
  amount: Money,
});
export type PaymentInstructions = Static<typeof PaymentInstructions>;

export const PickupStore = Type.Object({
  slug: Type.String(),
  name: Type.String(),
  streetAddress: Type.String(),
  postalCode: Type.String(),
  city: Type.String(),
  country: Type.String(),
  openingHours: Type.Array(Type.Object({ dayFrom: Type.String(), dayTo: Type.String(), hourFrom: Type.String(), hourTo: Type.String() })),
});
export type PickupStore = Static<typeof PickupStore>;

/**
 * A sale from the deposit (method depositSell): one part of one lot the sale took, oldest lot first. Cost in
 * the deposit's currency; proceeds at the order's price in the order's currency; the gain only when both are
 * the same currency (a European deposit sold in USD has no gain in one currency).
 */
export const OrderDepositPart = Type.Object({
  sku: Type.String(),
  /** the purchase that made the lot */
  lotOrderNumber: Type.String(),
  acquiredAt: IsoTimestamp,
  quantity: Type.Integer({ minimum: 1 }),
  unitCost: Money,
  cost: Money,
  proceeds: Money,
  gain: Nullable(Money),
});
export type OrderDepositPart = Static<typeof OrderDepositPart>;

/**
 * What happened to an order. `placed` is written when the order is created; the rest by the transitions
 * (src/commerce/README.md, the lifecycle table).
 */
export const OrderEventKind = Type.Union([
  Type.Literal('placed'),
  Type.Literal('payment_recorded'), // money arrived; details: amount, reference, valueDate
  Type.Literal('payment_flagged'), // a bank statement line that could not be applied; details: amount, reason
  Type.Literal('payment_failed'),
  Type.Literal('confirmed'),
  Type.Literal('payment_reminder'), // 3 working days without the transfer
  Type.Literal('shipped'), // details: carrier, trackingNumber, trackingUrl
  Type.Literal('collected'), // handed over at the store counter
  Type.Literal('stored'), // booked into the deposit
  Type.Literal('goods_received'), // sell: the parcel or the counter delivery arrived
  Type.Literal('assayed'), // sell: final fine weights; details: estimate, final amount, lines
  Type.Literal('paid_out'), // sell: details: amount, iban (masked), valueDate
  Type.Literal('cancelled'), // details: reason
  // issue 23: the counter-offer after an assay far below the estimate
  Type.Literal('offer_accepted'), // the customer accepted; details: amount
  Type.Literal('offer_declined'), // the customer asked for the goods back
  Type.Literal('offer_expired'), // no answer by the deadline: the offer counts as accepted; details: amount
  Type.Literal('goods_returned'), // the goods went back to the customer (insured, at the shop's cost); the order ends Cancelled
]);
export type OrderEventKind = Static<typeof OrderEventKind>;

/** One line of the timeline on the customer's order page (no operator names, no internal notes). */
export const OrderTimelineEntry = Type.Object({
  at: IsoTimestamp,
  kind: OrderEventKind,
  orderState: OrderState,
  paymentState: PaymentState,
  /** kind-specific facts a customer may read: amount (Money), carrier, trackingNumber, trackingUrl, reason, ... */
  details: Type.Record(Type.String(), Type.Unknown()),
});
export type OrderTimelineEntry = Static<typeof OrderTimelineEntry>;

/** issue 15: a parcel sent for an order, with the carrier's tracking page when the carrier is known */
export const OrderShipment = Type.Object({
  carrier: Type.String(),
  trackingNumber: Type.String(),
  trackingUrl: Nullable(Type.String()),
  shippedAt: IsoTimestamp,
});

/** issue 15: one line of a sale's assay: the estimated and the final fine weight and payout */
export const OrderAssayLine = Type.Object({
  lineId: Type.String(),
  name: Type.String(),
  estimatedFineWeightGrams: Type.Number(),
  finalFineWeightGrams: Type.Number(),
  estimate: Money,
  final: Money,
});

/** issue 15: a sale's assay, the final payout beside the estimate */
export const OrderAssay = Type.Object({
  estimate: Money,
  final: Money,
  lines: Type.Array(OrderAssayLine),
  note: Nullable(Type.String()),
});

/**
 * Issue 23, the counter-offer. Decision: when the assay's total comes out more than COUNTER_OFFER_THRESHOLD
 * (5 %) below the estimate, the assayed amount is an offer, not a done deal: the customer accepts it or asks
 * for the goods back (returned insured, at the shop's cost), within COUNTER_OFFER_DAYS (14 calendar days from
 * the assay, to the minute); without an answer by then the offer counts as accepted (the job
 * `counter-offer-deadline`). Finance pays out only an accepted offer. 5 % is above what the refining spread
 * and weighing explain (the shop's terms state both figures); 14 days is the usual term of German dealers'
 * terms for objecting to an assay.
 */
export { COUNTER_OFFER_DAYS, COUNTER_OFFER_THRESHOLD } from './counter-offer.ts';
export const CounterOfferStatus = Type.Union([Type.Literal('open'), Type.Literal('accepted'), Type.Literal('declined'), Type.Literal('expired')]);
export type CounterOfferStatus = Static<typeof CounterOfferStatus>;
export const OrderCounterOffer = Type.Object({
  /** open: awaiting the customer; accepted, expired (counts as accepted): to be paid out; declined: the goods go back */
  status: CounterOfferStatus,
  estimate: Money,
  offer: Money,
  /** the customer answers until then; afterwards the offer counts as accepted */
  deadline: IsoTimestamp,
  decidedAt: Nullable(IsoTimestamp),
  /** declined: when the goods were sent back */
  returnedAt: Nullable(IsoTimestamp),
});
export type OrderCounterOffer = Static<typeof OrderCounterOffer>;

/**
 * POST /orders/{id}/counter-offer (issue 23, the owner only; another's order or an unknown id: 404
 * order_not_found): accept the offer, or decline it (the goods come back). Answers the order. Not open (answered,
 * past its deadline, none made): 409 counter_offer_not_open.
 */
export const CounterOfferAnswerBody = Type.Object({
  decision: Type.Union([Type.Literal('accept'), Type.Literal('decline')]),
}, { additionalProperties: false });
export type CounterOfferAnswerBody = Static<typeof CounterOfferAnswerBody>;

/** Issue 25: a document issued for the order (the invoice), as stored: downloaded from `url` (application/pdf). */
export const OrderDocument = Type.Object({
  id: Id,
  kind: Type.Union([Type.Literal('invoice'), Type.Literal('cancellation_invoice'), Type.Literal('credit_note')]),
  /** RE-DE-2026-000123 */
  number: Type.String(),
  issuedAt: IsoTimestamp,
  /** the commerce path of its PDF: GET /orders/{id}/documents/{documentId} */
  url: Type.String(),
  /** a company customer's e-invoice (DE, AT): the commerce path of its XRechnung CII XML, GET /orders/{id}/documents/{documentId}/xml */
  xmlUrl: Type.Optional(Type.String()),
});
export type OrderDocument = Static<typeof OrderDocument>;

export const OrderDocumentParams = Type.Object({ id: Id, documentId: Id });

export const Order = Type.Object({
  id: Id,
  orderNumber: Type.String(),
  /** spec 3 date */
  createdAt: IsoTimestamp,
  type: TransactionType,
  orderState: OrderState,
  paymentState: PaymentState,
  paymentMethod: PaymentMethod,
  paymentDate: Nullable(IsoTimestamp),
  /** spec 3 amount: what is paid (buy) or paid out (sell); a sale after its assay: the accepted amount, not the estimate (totalGrossPrice) */
  amount: Money,
  /** spec 3 delivery method; shippingSell maps to none (null) */
  deliveryMethod: Nullable(Type.String()),
  shippingInfo: ShippingInfo,
  pickupStore: Nullable(PickupStore),
  billingAddress: CartAddress,
  shippingAddress: CartAddress,
  lineItems: Type.Array(OrderLineItem),
  itemCount: Type.Integer(),
  totalPrice: Money,
  discount: Nullable(CartDiscount),
  totalTaxPrice: Money,
  totalGrossPrice: Money,
  customerEmail: Type.String(),
  locale: Type.String(),
  country: Type.String(),
  currency: CurrencyCode,
  comment: Nullable(Type.String()),
  optInTrustedShops: Type.Boolean(),
  priceSetId: Type.String(),
  /** buy by bank transfer: the shop's account and the reference */
  paymentInstructions: Nullable(PaymentInstructions),
  /** sell by bank transfer: where the shop pays to (masked) */
  payoutAccount: Nullable(MaskedBankDetails),
  /** anti-money-laundering: identity document recorded with the order; US cash over 10,000 USD: form-8300 */
  identityDocumentRecorded: Type.Boolean(),
  cashReport: Nullable(Type.Literal('form-8300')),
  /** only on a sale from the deposit: the lots it took, oldest first */
  depositParts: Type.Optional(Type.Array(OrderDepositPart)),
  /** issue 15: what happened to the order so far, oldest first (GET /orders/{id} and the ops detail; lists may omit it) */
  timeline: Type.Optional(Type.Array(OrderTimelineEntry)),
  /** issue 15: parcels sent for this order, with the carrier's tracking link */
  shipments: Type.Optional(Type.Array(OrderShipment)),
  /** issue 15, buy by bank transfer while unpaid: the last day the transfer may arrive (5 working days), YYYY-MM-DD */
  paymentDueBy: Type.Optional(Nullable(Type.String())),
  /** issue 15, sell after the assay: the final payout beside the estimate, per line (grams of fine metal) */
  assay: Type.Optional(Nullable(OrderAssay)),
  /** issue 23, sell: the counter-offer after an assay far below the estimate (COUNTER_OFFER_THRESHOLD); null when none */
  counterOffer: Type.Optional(Nullable(OrderCounterOffer)),
  /** issue 25: the order's documents, oldest first (GET /orders/{id}; lists may omit it) */
  documents: Type.Optional(Type.Array(OrderDocument)),
});
export type Order = Static<typeof Order>;

export const OrdersResponse = Type.Object({
  results: Type.Array(Order),
  total: Type.Integer(),
  limit: Type.Integer(),
  offset: Type.Integer(),
});
export type OrdersResponse = Static<typeof OrdersResponse>;

// ---------------------------------------------------------------- shipping methods and costs

export const ShippingMethodsQuery = Type.Object({
  cartId: Type.Optional(Type.String({ maxLength: 64 })),
  languageTag: LanguageTag,
}, { additionalProperties: false });
export type ShippingMethodsQuery = Static<typeof ShippingMethodsQuery>;

export const ShippingMethod = Type.Object({
  id: Type.String(),
  key: ShippingMethodKey,
  name: Type.String(),
  description: Type.String(),
  transactionType: TransactionType,
  deliveryMethod: Nullable(Type.String()),
  requiresPickupStore: Type.Boolean(),
  /** for the cart (0 without a cart: see /orders/shipping-costs) */
  price: Money,
  /** false with the reason's code when the cart's contents rule the method out (spec 5) */
  available: Type.Boolean(),
  reason: Nullable(Type.String()),
});
export type ShippingMethod = Static<typeof ShippingMethod>;

export const ShippingMethodsResponse = Type.Object({
  cartId: Nullable(Type.String()),
  currency: CurrencyCode,
  methods: Type.Array(ShippingMethod),
  /** stores the customer can pick up at, or bring items to (within the store's shipping countries) */
  pickupStores: Type.Array(PickupStore),
  /**
   * A sale's insured postal way (the Scrap Metal Box) carries goods up to this amount, 5,000 EUR in the cart's
   * currency (src/contracts/checkout-rules.ts); above it the checkout says insured shipping is arranged by
   * the store. Null without a cart or a rate.
   */
  scrapBoxCap: Type.Optional(Nullable(Money)),
});
export type ShippingMethodsResponse = Static<typeof ShippingMethodsResponse>;

export const ShippingCostsQuery = Type.Object({
  currency: Type.Optional(CurrencyCode),
  languageTag: LanguageTag,
}, { additionalProperties: false });

export const ShippingCostBand = Type.Object({
  /** the band covers goods values up to this amount (inclusive); null: no upper end */
  upToCentAmount: Nullable(Type.Integer()),
  centAmount: Type.Integer(),
});

export const ShippingCostsResponse = Type.Object({
  currency: CurrencyCode,
  methods: Type.Array(Type.Object({
    key: ShippingMethodKey,
    name: Type.String(),
    transactionType: TransactionType,
    bands: Type.Array(ShippingCostBand),
    /** a share of the goods value in basis points (insured value transport), at least minCentAmount */
    rateBp: Nullable(Type.Integer()),
    minCentAmount: Nullable(Type.Integer()),
  })),
});
export type ShippingCostsResponse = Static<typeof ShippingCostsResponse>;
