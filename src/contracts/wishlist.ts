// Wishlists (spec 3 Wishlist: id, lineItems[] (id, productId); entry sku, quantity; storeKey; spec 7 calls).
import Type, { type Static } from 'typebox';
import { LanguageTag } from './cart.ts';

const IsoTimestamp = Type.String({ format: 'date-time', description: 'ISO 8601, UTC' });
const Id = Type.String({ format: 'uuid' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

export const WishlistEntryBody = Type.Object({
  sku: Type.String({ minLength: 1, maxLength: 64 }),
  quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
}, { additionalProperties: false });
export type WishlistEntryBody = Static<typeof WishlistEntryBody>;

/** POST /wishlists: creates the customer's wishlist, optionally with its first product (spec 4). */
export const CreateWishlistBody = Type.Object({
  sku: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
}, { additionalProperties: false });
export type CreateWishlistBody = Static<typeof CreateWishlistBody>;

/** Issue 24: the spec 4 toggle in one call: on the wishlist it goes, off it comes (the wishlist created on demand). */
export const ToggleWishlistBody = Type.Object({ sku: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false });
export type ToggleWishlistBody = Static<typeof ToggleWishlistBody>;

export const WishlistQuery = Type.Object({
  languageTag: LanguageTag,
  language: LanguageTag,
}, { additionalProperties: false });

export const WishlistStoreParams = Type.Object({ wishlistId: Type.String({ maxLength: 64 }), storeKey: Type.String({ maxLength: 10 }) });
export const WishlistLineParams = Type.Object({ id: Type.String({ maxLength: 64 }), storeKey: Type.String({ maxLength: 10 }), lineItemId: Type.String({ maxLength: 64 }) });

export const WishlistLineItem = Type.Object({
  id: Id,
  productId: Type.String(),
  sku: Type.String(),
  quantity: Type.Integer(),
  name: Type.String(),
  slug: Nullable(Type.String()),
  imageUrl: Nullable(Type.String()),
  availability: Nullable(Type.String()),
  /** false when the product left the shop (spec 4: a notice says so) */
  published: Type.Boolean(),
  addedAt: IsoTimestamp,
});
export type WishlistLineItem = Static<typeof WishlistLineItem>;

export const Wishlist = Type.Object({
  id: Id,
  storeKey: Type.String(),
  lineItems: Type.Array(WishlistLineItem),
  createdAt: IsoTimestamp,
  updatedAt: IsoTimestamp,
});
export type Wishlist = Static<typeof Wishlist>;

export const WishlistsResponse = Type.Object({ results: Type.Array(Wishlist) });

/** The toggle's answer: the wishlist as it is now and whether the product is on it. */
export const ToggleWishlistResponse = Type.Object({ wishlist: Wishlist, added: Type.Boolean() });
export type ToggleWishlistResponse = Static<typeof ToggleWishlistResponse>;
