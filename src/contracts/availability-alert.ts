// Availability notifications (spec 3 "availability alert subscription: e-mail and product"; spec 4
// "notification per product can be enabled or disabled"): subscribe to a sold-out product with an e-mail,
// enable and disable in the account, one e-mail when the product is back in stock. And the admin call
// that changes a product's availability (and publication). src/commerce/README.md explains the rules.
import Type, { type Static } from 'typebox';
import { LanguageTag } from './cart.ts';
import { Availability } from './catalogue.ts';

const IsoTimestamp = Type.String({ format: 'date-time', description: 'ISO 8601, UTC' });
const Id = Type.String({ format: 'uuid' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

/**
 * POST /availability-alerts. A signed-in customer subscribes with the account's e-mail (email may be left
 * out); anyone else gives an e-mail and confirms it through the link we mail (double opt-in).
 */
export const CreateAlertBody = Type.Object({
  sku: Type.String({ minLength: 1, maxLength: 64 }),
  email: Type.Optional(Type.String({ maxLength: 254 })),
}, { additionalProperties: false });
export type CreateAlertBody = Static<typeof CreateAlertBody>;

export const AlertQuery = Type.Object({ languageTag: LanguageTag }, { additionalProperties: false });
export const AlertParams = Type.Object({ id: Id });

/** PUT /availability-alerts/{id}: spec 4 enable or disable */
export const UpdateAlertBody = Type.Object({ enabled: Type.Boolean() }, { additionalProperties: false });
export type UpdateAlertBody = Static<typeof UpdateAlertBody>;

/** The token of the link in the confirmation mail: confirms the subscription, or cancels it. */
export const AlertTokenBody = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false });
export type AlertTokenBody = Static<typeof AlertTokenBody>;

export const AvailabilityAlert = Type.Object({
  id: Id,
  sku: Type.String(),
  productId: Nullable(Type.String()),
  name: Type.String(),
  slug: Nullable(Type.String()),
  imageUrl: Nullable(Type.String()),
  availability: Nullable(Availability),
  published: Type.Boolean(),
  email: Type.String(),
  /** spec 4: the customer enables and disables it; a notification sent disables it (enable it for the next restock) */
  enabled: Type.Boolean(),
  /** when the back-in-stock e-mail went out (null: not yet) */
  notifiedAt: Nullable(IsoTimestamp),
  createdAt: IsoTimestamp,
  updatedAt: IsoTimestamp,
});
export type AvailabilityAlert = Static<typeof AvailabilityAlert>;

/** 201/200: the signed-in customer's alert; 202: a confirmation mail went to the e-mail (alert null). */
export const CreateAlertResponse = Type.Object({
  alert: Nullable(AvailabilityAlert),
  confirmationRequired: Type.Boolean(),
});
export type CreateAlertResponse = Static<typeof CreateAlertResponse>;

export const AlertsResponse = Type.Object({ results: Type.Array(AvailabilityAlert) });
export type AlertsResponse = Static<typeof AlertsResponse>;

export const AlertTokenResponse = Type.Object({
  sku: Type.String(),
  status: Type.Union([Type.Literal('confirmed'), Type.Literal('cancelled')]),
});
export type AlertTokenResponse = Static<typeof AlertTokenResponse>;

// ---------------------------------------------------------------- admin: product availability

/** PUT /admin/products/{sku}/availability (loopback or ADMIN_TOKEN): at least one of the two. */
export const ProductAvailabilityBody = Type.Object({
  availability: Type.Optional(Availability),
  published: Type.Optional(Type.Boolean()),
}, { additionalProperties: false, minProperties: 1 });
export type ProductAvailabilityBody = Static<typeof ProductAvailabilityBody>;

export const ProductAvailabilityParams = Type.Object({ sku: Type.String({ minLength: 1, maxLength: 64 }) });

export const ProductAvailabilityResponse = Type.Object({
  sku: Type.String(),
  availability: Availability,
  published: Type.Boolean(),
  /** true when the product came back in stock (sold out before, available or pre-order now) */
  restocked: Type.Boolean(),
  /** back-in-stock e-mails written (one per subscriber) */
  notified: Type.Integer(),
});
export type ProductAvailabilityResponse = Static<typeof ProductAvailabilityResponse>;
