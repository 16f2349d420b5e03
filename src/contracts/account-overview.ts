// GET /customers/me/overview (issue 16, goal 4): what the account overview shows, in one call of the
// commerce service instead of three (the customer, the newest orders, the open limit orders): one token
// check and no counts of lists the page does not page through.
import Type, { type Static } from 'typebox';
import { LanguageTag } from './cart.ts';
import { Customer } from './commerce.ts';
import { LimitOrder } from './limit-order.ts';
import { Order } from './order.ts';

export const AccountOverviewQuery = Type.Object({
  /** how many of the newest orders (buy and sell) */
  orders: Type.Optional(Type.Integer({ minimum: 0, maximum: 20, default: 3 })),
  /** how many of the newest open limit orders (active, inactive, pending) */
  limitOrders: Type.Optional(Type.Integer({ minimum: 0, maximum: 20, default: 5 })),
  languageTag: LanguageTag,
}, { additionalProperties: false });
export type AccountOverviewQuery = Static<typeof AccountOverviewQuery>;

export const AccountOverviewResponse = Type.Object({
  customer: Customer,
  /** newest first, as GET /orders lists them */
  latestOrders: Type.Array(Order),
  /** newest first, as GET /limit-orders?status=active,inactive,pending lists them */
  openLimitOrders: Type.Array(LimitOrder),
});
export type AccountOverviewResponse = Static<typeof AccountOverviewResponse>;
