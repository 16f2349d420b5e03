// Limit orders as they cross the wire (spec 3 Limit order: id, number, type, item, target article unit
// price, current unit price, expiration date and time (also in days), status; spec 4 statuses; spec 5
// rules; spec 7 calls POST, GET /limit-orders, GET, PUT, DELETE /limit-orders/{id}). The names of the
// issue's contract (sku, quantity, targetCentAmount, currentCentAmount, expiresAt, status) are kept exactly.
// src/commerce/README.md (limit orders) explains execution, expiry and the states.
import Type, { type Static } from 'typebox';
import { LanguageTag } from './cart.ts';
import { CurrencyCode } from './prices.ts';

const IsoTimestamp = Type.String({ format: 'date-time', description: 'ISO 8601, UTC' });
const Id = Type.String({ format: 'uuid' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

/**
 * spec 4: active (waiting for its price), inactive (expired), executed (became an order), cancelled (the
 * customer deleted it), pending (its execution is under way), failed (its price came but it could not
 * execute: failureReason says why).
 */
export const LimitOrderStatus = Type.Union([
  Type.Literal('active'), Type.Literal('inactive'), Type.Literal('executed'), Type.Literal('cancelled'), Type.Literal('pending'),
  Type.Literal('failed'),
]);
export type LimitOrderStatus = Static<typeof LimitOrderStatus>;
export const limitOrderStatuses: LimitOrderStatus[] = ['active', 'inactive', 'executed', 'cancelled', 'pending', 'failed'];

/**
 * POST /limit-orders. targetCentAmount: the target unit price (per piece) in cents of the store's currency
 * (spec 5 / 9: at most 500,000.00); expiresAt in the future (spec 5), at most 12 months ahead. Range checks
 * answer field codes (limit_price_too_high, date_in_past, date_too_far), so the schema only types them.
 */
export const CreateLimitOrderBody = Type.Object({
  sku: Type.String({ minLength: 1, maxLength: 64 }),
  quantity: Type.Integer({ minimum: 1, maximum: 10000 }),
  targetCentAmount: Type.Integer({ minimum: 1 }),
  expiresAt: Type.String({ maxLength: 40 }),
}, { additionalProperties: false });
export type CreateLimitOrderBody = Static<typeof CreateLimitOrderBody>;

/** PUT /limit-orders/{id}: any of the three; a new future expiresAt makes an expired (inactive) one active again. */
export const UpdateLimitOrderBody = Type.Object({
  quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })),
  targetCentAmount: Type.Optional(Type.Integer({ minimum: 1 })),
  expiresAt: Type.Optional(Type.String({ maxLength: 40 })),
}, { additionalProperties: false });
export type UpdateLimitOrderBody = Static<typeof UpdateLimitOrderBody>;

export const LimitOrderParams = Type.Object({ id: Id });

export const LimitOrderQuery = Type.Object({ languageTag: LanguageTag }, { additionalProperties: false });

export const LimitOrdersQuery = Type.Object({
  /** comma list of statuses (the account overview asks for active,inactive,pending); all when absent */
  status: Type.Optional(Type.String({ maxLength: 80, pattern: '^(active|inactive|executed|cancelled|pending|failed)(,(active|inactive|executed|cancelled|pending|failed))*$' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000, default: 0 })),
  languageTag: LanguageTag,
}, { additionalProperties: false });
export type LimitOrdersQuery = Static<typeof LimitOrdersQuery>;

/** A code with its English message (the storefront translates form.error.<code>). */
export const Notice = Type.Object({ code: Type.String(), message: Type.String() });
export type Notice = Static<typeof Notice>;

export const LimitOrder = Type.Object({
  id: Id,
  /** readable number, e.g. CH-L-2026-000042 */
  number: Type.String(),
  /** spec 3 type: limit orders buy from the shop */
  type: Type.Literal('buy'),
  sku: Type.String(),
  productId: Nullable(Type.String()),
  /** spec 3 item, in the requested language */
  name: Type.String(),
  slug: Nullable(Type.String()),
  imageUrl: Nullable(Type.String()),
  /** false when the product left the shop: notice says so (spec 4) */
  published: Type.Boolean(),
  quantity: Type.Integer(),
  /** the target unit price, cents of currency */
  targetCentAmount: Type.Integer(),
  /** the current buy price per piece for this quantity (bank transfer), null while no price set holds one */
  currentCentAmount: Nullable(Type.Integer()),
  currency: CurrencyCode,
  expiresAt: IsoTimestamp,
  /** spec 3: the expiry in days from now (0 on its last day and after) */
  expiresInDays: Type.Integer(),
  status: LimitOrderStatus,
  /** limit_order_product_unpublished while the product is no longer published */
  notice: Nullable(Notice),
  /** executed: the order it became */
  orderId: Nullable(Type.String()),
  orderNumber: Nullable(Type.String()),
  /** executed: the unit price it was bought at (the limit price or better) */
  executedCentAmount: Nullable(Type.Integer()),
  executedAt: Nullable(IsoTimestamp),
  /** failed: why (product_out_of_stock, product_no_longer_available, no_default_address or an order reason) */
  failureReason: Nullable(Notice),
  createdAt: IsoTimestamp,
  updatedAt: IsoTimestamp,
});
export type LimitOrder = Static<typeof LimitOrder>;

export const LimitOrdersResponse = Type.Object({
  results: Type.Array(LimitOrder),
  total: Type.Integer(),
  limit: Type.Integer(),
  offset: Type.Integer(),
});
export type LimitOrdersResponse = Static<typeof LimitOrdersResponse>;
