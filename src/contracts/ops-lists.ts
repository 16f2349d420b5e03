// Issue 24, the back office as a workbench: what the order list's saved views, the bulk steps, the packing
// slips and the Scrap Metal Box call send to and get from commerce's /ops API. Beside ops.ts (which holds
// the list's query itself) so that the lists' calls read as one piece; the same contract rules apply.
import Type, { type Static } from 'typebox';
import { CartAddress } from './cart.ts';
import { OrderState, PaymentState } from './order.ts';
import { OpsOrdersQuery, PaymentBody, ShipmentBody } from './ops.ts';

const Id = Type.String({ format: 'uuid' });
const IsoTimestamp = Type.String({ format: 'date-time', description: 'ISO 8601, UTC' });

// ---------------------------------------------------------------- saved views (per operator)

/** A view's filters and sort: the list's query without its page. */
export const SavedViewQuery = Type.Omit(OpsOrdersQuery, ['limit', 'offset']);
export type SavedViewQuery = Static<typeof SavedViewQuery>;

/** Decision: an operator keeps at most 50 views; a name is its own per operator (saving a name again replaces that view). */
export const SAVED_VIEWS_MAX = 50;

/** POST /ops/saved-views: 201 SavedView (200 when it replaced the operator's view of that name); 409 saved_views_full */
export const SavedViewBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 60, pattern: '\\S' }),
  query: SavedViewQuery,
}, { additionalProperties: false });
export type SavedViewBody = Static<typeof SavedViewBody>;

export const SavedView = Type.Object({
  id: Id,
  name: Type.String(),
  query: SavedViewQuery,
  createdAt: IsoTimestamp,
});
export type SavedView = Static<typeof SavedView>;

/** GET /ops/saved-views: the signed-in operator's own views, by name. Another operator's view id: 404 saved_view_not_found. */
export const SavedViewsResponse = Type.Object({ results: Type.Array(SavedView) });
export type SavedViewsResponse = Static<typeof SavedViewsResponse>;

/** GET /ops/pickup-stores: the shop's stores an order may be collected at (the list's pickupStore filter). */
export const OpsPickupStoresResponse = Type.Object({
  results: Type.Array(Type.Object({
    slug: Type.String(),
    store: Type.String(),
    name: Type.Object({ de: Type.String(), en: Type.String() }),
  })),
});
export type OpsPickupStoresResponse = Static<typeof OpsPickupStoresResponse>;

// ---------------------------------------------------------------- bulk steps

/** Decision: at most 100 orders per bulk call (a day's shipments; one list page holds 100 at most). */
export const BULK_MAX = 100;

/** POST /ops/bulk/shipments (warehouse): per order its carrier and tracking number; each order its own transaction. */
export const BulkShipmentsBody = Type.Object({
  items: Type.Array(Type.Object({ orderId: Id, ...ShipmentBody.properties }, { additionalProperties: false }), { minItems: 1, maxItems: BULK_MAX }),
}, { additionalProperties: false });
export type BulkShipmentsBody = Static<typeof BulkShipmentsBody>;

/** POST /ops/bulk/payments (finance): per order the transfer that arrived; each order its own transaction. */
export const BulkPaymentsBody = Type.Object({
  items: Type.Array(Type.Object({ orderId: Id, ...PaymentBody.properties }, { additionalProperties: false }), { minItems: 1, maxItems: BULK_MAX }),
}, { additionalProperties: false });
export type BulkPaymentsBody = Static<typeof BulkPaymentsBody>;

/** One order's outcome: done (its states after the step) or refused with the error the single call would answer. */
export const BulkOutcome = Type.Object({
  orderId: Id,
  /** null when the step was refused (the caller names the row by the id it sent) */
  orderNumber: Type.Union([Type.String(), Type.Null()]),
  ok: Type.Boolean(),
  orderState: Type.Optional(OrderState),
  paymentState: Type.Optional(PaymentState),
  /** the single call's refusal; details as it gives them (invalid_transition: the order's states) */
  error: Type.Optional(Type.Object({ code: Type.String(), status: Type.Integer(), message: Type.String(), details: Type.Optional(Type.Record(Type.String(), Type.Unknown())) })),
});
export type BulkOutcome = Static<typeof BulkOutcome>;

/** 200 whatever each order's outcome (in the order sent): a refused order never stops the others. */
export const BulkResult = Type.Object({
  results: Type.Array(BulkOutcome),
  done: Type.Integer(),
  failed: Type.Integer(),
});
export type BulkResult = Static<typeof BulkResult>;

// ---------------------------------------------------------------- packing slips

/** POST /ops/packing-slips: the slips of these orders (one per order, in the order given); an unknown id: 404 order_not_found. */
export const PackingSlipsBody = Type.Object({
  orderIds: Type.Array(Id, { minItems: 1, maxItems: BULK_MAX, uniqueItems: true }),
  /** names of the items in this language (default: each order's) */
  languageTag: Type.Optional(Type.String({ maxLength: 10 })),
}, { additionalProperties: false });
export type PackingSlipsBody = Static<typeof PackingSlipsBody>;

/** A packing slip: what goes into the parcel, no prices (the invoice is the documents issue's). */
export const PackingSlip = Type.Object({
  orderId: Id,
  orderNumber: Type.String(),
  createdAt: IsoTimestamp,
  shippingMethod: Type.String(),
  shipTo: CartAddress,
  lines: Type.Array(Type.Object({
    sku: Type.Union([Type.String(), Type.Null()]),
    name: Type.String(),
    quantity: Type.Integer(),
    /** the line's fine weight in milligrams (catalogue fine weight per piece times the quantity); 0 when unknown */
    fineWeightMg: Type.Integer(),
  })),
  /** the parcel's fine weight in milligrams */
  fineWeightMg: Type.Integer(),
});
export type PackingSlip = Static<typeof PackingSlip>;

export const PackingSlipsResponse = Type.Object({ slips: Type.Array(PackingSlip) });
export type PackingSlipsResponse = Static<typeof PackingSlipsResponse>;

// ---------------------------------------------------------------- the Scrap Metal Box

/**
 * POST /ops/orders/{id}/scrap-box-sent (warehouse): the empty insured Scrap Metal Box with its prepaid return
 * label went to the seller; the order leaves the queue scrap_box_to_send. Not a sale by box, not Requested,
 * goods already here or the box sent already: 409 invalid_transition.
 */
export const ScrapBoxSentBody = Type.Object({
  carrier: Type.Optional(Type.String({ minLength: 1, maxLength: 60 })),
  trackingNumber: Type.Optional(Type.String({ minLength: 3, maxLength: 60, pattern: '^[A-Za-z0-9 -]+$' })),
}, { additionalProperties: false });
export type ScrapBoxSentBody = Static<typeof ScrapBoxSentBody>;
