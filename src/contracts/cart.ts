// Carts as they cross the wire between the commerce service and the storefront (spec 3 Cart, spec 7 Carts
// calls): request bodies and queries (they validate the routes) and the cart answered by every call.
// Money is integer cents with its currency. src/commerce/README.md (carts and orders) explains the rules.
import Type, { type Static } from 'typebox';
import { Address, AddressInput } from './commerce.ts';
import { CurrencyCode, PriceCountry, PriceType } from './prices.ts';

const IsoTimestamp = Type.String({ format: 'date-time', description: 'ISO 8601, UTC' });
const Id = Type.String({ format: 'uuid' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

export const Money = Type.Object({
  centAmount: Type.Integer(),
  currencyCode: CurrencyCode,
});
export type Money = Static<typeof Money>;

/** spec 3: transactionType buy (the customer buys from the shop) or sell (the customer sells to it) */
export const TransactionType = Type.Union([Type.Literal('buy'), Type.Literal('sell')]);
export type TransactionType = Static<typeof TransactionType>;

/** spec 9: bank transfer, cash in store, credit card, PayPal (card and PayPal: coming soon, refused until a provider exists) */
export const PaymentMethod = Type.Union([Type.Literal('bank-transfer'), Type.Literal('cash'), Type.Literal('card'), Type.Literal('paypal')]);
export type PaymentMethod = Static<typeof PaymentMethod>;
export const paymentMethods: PaymentMethod[] = ['bank-transfer', 'cash', 'card', 'paypal'];

/** spec 3 sell metals: gold, silver, platinum, palladium, dental gold */
export const ScrapMetal = Type.Union([
  Type.Literal('gold'), Type.Literal('silver'), Type.Literal('platinum'), Type.Literal('palladium'), Type.Literal('dental-gold'),
]);
export type ScrapMetal = Static<typeof ScrapMetal>;

/**
 * spec 3 shipping method keys, and one of ours after them: depositSell, a sale to the shop of metal the
 * customer's online deposit holds (issue 10: it takes the oldest lots first). Named like shippingBuy and
 * shippingSell, because `deposit` already names the buy method and a key belongs to one transaction type.
 */
export const ShippingMethodKey = Type.Union([
  Type.Literal('pickup'), Type.Literal('shipping'), Type.Literal('shippingBuy'), Type.Literal('shippingSell'),
  Type.Literal('insured-shipping'), Type.Literal('leave-in-store'), Type.Literal('send-to-store'), Type.Literal('deposit'),
  Type.Literal('scrapMetalBox'), Type.Literal('depositSell'),
]);
export type ShippingMethodKey = Static<typeof ShippingMethodKey>;

/** spec 9 locales */
export const CartLocale = Type.Union([
  Type.Literal('de-AT'), Type.Literal('de-CH'), Type.Literal('de-DE'), Type.Literal('de-LI'), Type.Literal('en-GB'), Type.Literal('en-US'),
]);

/** spec 7: the language of names in answers (de, en, de-CH, en-US ...) */
export const LanguageTag = Type.Optional(Type.String({ maxLength: 10 }));

/** Optimistic concurrency: the version the client last saw (or the If-Match header). A stale one: 409. */
const Version = Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 }));

// ---------------------------------------------------------------- requests

export const CreateCartBody = Type.Object({
  transactionType: TransactionType,
  orderType: Type.Literal('order'),
  /** one of the store's shipping countries; the cart is priced from that country's price list */
  country: PriceCountry,
  /** the store's currency, or USD (spec 1: a user can switch to USD) */
  currency: CurrencyCode,
  /** default: the store's German locale */
  locale: Type.Optional(CartLocale),
}, { additionalProperties: false });
export type CreateCartBody = Static<typeof CreateCartBody>;

export const CartParams = Type.Object({ id: Id });
export const CartLineParams = Type.Object({ id: Id, lineItemId: Id });

/**
 * Issue 24: the currency the customer sees carts in (the store's or USD, spec 1). A read answers the cart in
 * it and stores nothing; a write keeps the cart in it (and in the store locale languageTag names).
 */
const ViewCurrency = Type.Optional(CurrencyCode);

/** spec 7: languageTag on cart calls (language on the addresses call): names of line items */
export const CartQuery = Type.Object({
  languageTag: LanguageTag,
  language: LanguageTag,
  currency: ViewCurrency,
}, { additionalProperties: false });
export type CartQuery = Static<typeof CartQuery>;

/**
 * Issue 16: which prices a read answers. current (the default): the lines priced from the current price set
 * as the cart is read, nothing stored (a price tick costs no cart write); held: the prices the cart holds
 * (its last write or recalculation: what an order is checked against), for the cart and checkout pages,
 * where new prices are offered instead of changing under the customer's eyes (spec 4).
 */
export const CartPrices = Type.Union([Type.Literal('current'), Type.Literal('held')]);
export type CartPrices = Static<typeof CartPrices>;

/** GET /carts/{id} */
export const CartReadQuery = Type.Object({
  languageTag: LanguageTag,
  language: LanguageTag,
  prices: Type.Optional(CartPrices),
  currency: ViewCurrency,
}, { additionalProperties: false });
export type CartReadQuery = Static<typeof CartReadQuery>;

export const CartsQuery = Type.Object({
  languageTag: LanguageTag,
  /** must be the token's own customer id when given */
  ownerId: Type.Optional(Type.String({ maxLength: 64 })),
  prices: Type.Optional(CartPrices),
  currency: ViewCurrency,
}, { additionalProperties: false });
export type CartsQuery = Static<typeof CartsQuery>;

export const UpdateCartBody = Type.Object({
  locale: Type.Optional(CartLocale),
  /** a shipping method's id or key (spec 3); null clears it */
  shippingMethodId: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
  paymentMethod: Type.Optional(Nullable(PaymentMethod)),
  /** slug of one of our stores (pickup, send-to-store, leave-in-store; spec 5: a store for pickup) */
  pickupStore: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
  /** the store's currency or USD (spec 1: a user can switch to USD): the cart is priced in it from now on,
   * a coupon that has no amount in it is removed; another currency: 400 currency_not_allowed */
  currency: Type.Optional(CurrencyCode),
  version: Version,
}, { additionalProperties: false });
export type UpdateCartBody = Static<typeof UpdateCartBody>;

/** PUT sets the line's quantity (idempotent); spec 9: amounts in cents, quantities whole pieces */
export const LineItemBody = Type.Object({
  sku: Type.String({ minLength: 1, maxLength: 64 }),
  quantity: Type.Integer({ minimum: 1, maximum: 10000 }),
  version: Version,
}, { additionalProperties: false });
export type LineItemBody = Static<typeof LineItemBody>;

/**
 * Issue 16, add to cart in one call: adds quantity pieces to what the customer's active cart of the type holds
 * (created on demand, spec 4), in the delivery mode the product needs. deposit true: bought into the deposit
 * (buy, method Deposit) or sold from it (sell, method depositSell); false: delivered or sent in; absent: as
 * the cart is. A cart with goods in the other mode is deleted and started anew (spec 4), an empty one just
 * changes its method. One transaction: concurrent adds all count; the line maximum (10,000 pieces) and the
 * cart maximum (spec 9) are checked on the sum.
 */
export const AddLineBody = Type.Object({
  transactionType: TransactionType,
  sku: Type.String({ minLength: 1, maxLength: 64 }),
  quantity: Type.Integer({ minimum: 1, maximum: 10000 }),
  deposit: Type.Optional(Type.Boolean()),
  /** for a cart created by this call; default: the store's country and currency */
  country: Type.Optional(PriceCountry),
  currency: Type.Optional(CurrencyCode),
  locale: Type.Optional(CartLocale),
}, { additionalProperties: false });
export type AddLineBody = Static<typeof AddLineBody>;

/** Issue 16: the cart's delivery mode in one call (see AddLineBody's deposit). */
export const CartModeBody = Type.Object({
  deposit: Type.Boolean(),
}, { additionalProperties: false });
export type CartModeBody = Static<typeof CartModeBody>;

/** DELETE removes quantity pieces, or the whole line when quantity is absent */
export const RemoveLineItemBody = Type.Object({
  sku: Type.String({ minLength: 1, maxLength: 64 }),
  quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })),
  version: Version,
}, { additionalProperties: false });
export type RemoveLineItemBody = Static<typeof RemoveLineItemBody>;

/** A scrap line of the sell cart (sell-to-us, scrap metals): one item whatever its weight. */
export const ScrapItemBody = Type.Object({
  metal: ScrapMetal,
  /** parts per thousand of fine metal: 333, 585, 750, 900, 999.9 ... */
  fineness: Type.Number({ minimum: 1, maximum: 1000 }),
  /** gross weight in grams (spec 3: units ounce, gram; the form converts ounces) */
  weightGrams: Type.Number({ exclusiveMinimum: 0, maximum: 100000 }),
  version: Version,
}, { additionalProperties: false });
export type ScrapItemBody = Static<typeof ScrapItemBody>;

export const ScrapEstimateQuery = Type.Object({
  metal: ScrapMetal,
  fineness: Type.Number({ minimum: 1, maximum: 1000 }),
  weightGrams: Type.Number({ exclusiveMinimum: 0, maximum: 100000 }),
  /** default: the store's currency */
  currency: Type.Optional(CurrencyCode),
}, { additionalProperties: false });
export type ScrapEstimateQuery = Static<typeof ScrapEstimateQuery>;

export const ScrapEstimate = Type.Object({
  metal: ScrapMetal,
  fineness: Type.Number(),
  weightGrams: Type.Number(),
  /** what the shop pays, from the current bid price less the refining deduction */
  price: Money,
  priceSetId: Type.String(),
  validUntil: IsoTimestamp,
});
export type ScrapEstimate = Static<typeof ScrapEstimate>;

/** Address of a cart: the customer address fields (spec 3) without id and default flags. */
export const CartAddress = Type.Omit(Address, ['id', 'defaultShipping', 'defaultBilling']);
export type CartAddress = Static<typeof CartAddress>;

/** Each given address replaces the stored one; null removes it. A company in the billing address makes the
 * cart a company cart (customer group) for guests. */
export const CartAddressesBody = Type.Object({
  email: Type.Optional(Type.String({ maxLength: 254 })),
  shippingAddress: Type.Optional(Nullable(AddressInput)),
  billingAddress: Type.Optional(Nullable(AddressInput)),
  version: Version,
}, { additionalProperties: false });
export type CartAddressesBody = Static<typeof CartAddressesBody>;

export const CouponBody = Type.Object({
  code: Type.String({ maxLength: 50 }),
  version: Version,
}, { additionalProperties: false });
export type CouponBody = Static<typeof CouponBody>;

export const RemoveCouponBody = Type.Object({
  discountCodeId: Type.String({ maxLength: 64 }),
  version: Version,
}, { additionalProperties: false });
export type RemoveCouponBody = Static<typeof RemoveCouponBody>;

/** spec 3 bank details: IBAN and BIC, or on the US store account and routing number. */
export const PayoutAccountBody = Type.Object({
  accountOwner: Type.String({ maxLength: 100 }),
  iban: Type.Optional(Type.String({ maxLength: 50 })),
  bic: Type.Optional(Type.String({ maxLength: 20 })),
  accountNumber: Type.Optional(Type.String({ maxLength: 30 })),
  routingNumber: Type.Optional(Type.String({ maxLength: 20 })),
  version: Version,
}, { additionalProperties: false });
export type PayoutAccountBody = Static<typeof PayoutAccountBody>;

export const IdentityDocumentType = Type.Union([Type.Literal('passport'), Type.Literal('id-card'), Type.Literal('residence-permit')]);

/** Identity document details the anti-money-laundering rules require for large cash payments. */
export const IdentityDocumentBody = Type.Object({
  documentType: IdentityDocumentType,
  documentNumber: Type.String({ maxLength: 40 }),
  /** ISO 3166-1 alpha-2 */
  issuingCountry: Type.String({ maxLength: 2 }),
  issuingAuthority: Type.Optional(Type.String({ maxLength: 100 })),
  /** YYYY-MM-DD */
  expiryDate: Type.String({ maxLength: 10 }),
  dateOfBirth: Type.String({ maxLength: 10 }),
  placeOfBirth: Type.String({ maxLength: 100 }),
  /** ISO 3166-1 alpha-2 */
  nationality: Type.String({ maxLength: 2 }),
  version: Version,
}, { additionalProperties: false });
export type IdentityDocumentBody = Static<typeof IdentityDocumentBody>;

// ---------------------------------------------------------------- the cart

export const LinePrice = Type.Object({
  /** buy (bank transfer, cash), buy-card (card, PayPal), sell (buy-back) or scrap */
  type: Type.Union([PriceType, Type.Literal('scrap')]),
  /** per piece (scrap: the whole line) */
  centAmount: Type.Integer(),
  /** the quantity tier the price comes from */
  minQuantity: Type.Integer(),
  /** VAT included per piece; null when the price set did not say */
  taxCentAmount: Nullable(Type.Integer()),
});
export type LinePrice = Static<typeof LinePrice>;

export const CartLineItem = Type.Object({
  id: Id,
  kind: Type.Union([Type.Literal('product'), Type.Literal('scrap')]),
  sku: Nullable(Type.String()),
  productId: Nullable(Type.String()),
  /** in the requested language */
  name: Type.String(),
  slug: Nullable(Type.String()),
  imageUrl: Nullable(Type.String()),
  quantity: Type.Integer(),
  /** null while the current price set has no price for the line (order reason co005) */
  price: Nullable(LinePrice),
  totalPrice: Nullable(Money),
  metal: Nullable(Type.String()),
  availability: Nullable(Type.String()),
  depositable: Type.Boolean(),
  dutyFree: Type.Boolean(),
  scrap: Nullable(Type.Object({ metal: ScrapMetal, fineness: Type.Number(), weightGrams: Type.Number() })),
});
export type CartLineItem = Static<typeof CartLineItem>;

export const CartDiscount = Type.Object({
  discountCodeId: Id,
  code: Type.String(),
  kind: Type.Union([Type.Literal('shipping-percentage'), Type.Literal('fixed-amount')]),
  /** what the code takes off now (0 while a minimum order value is not reached) */
  amount: Money,
  applies: Type.Boolean(),
});
export type CartDiscount = Static<typeof CartDiscount>;

export const ShippingInfo = Type.Object({
  shippingMethodId: Type.String(),
  key: ShippingMethodKey,
  name: Type.String(),
  /** spec 3: buy/sell shipping maps onto delivery methods; shippingSell maps to none (null) */
  deliveryMethod: Nullable(Type.String()),
  price: Money,
  /** after a shipping discount */
  totalGrossPrice: Money,
});
export type ShippingInfo = Static<typeof ShippingInfo>;

export const MaskedBankDetails = Type.Object({
  accountOwner: Type.String(),
  /** CH93 **** **** **** *295 7 */
  iban: Nullable(Type.String()),
  bic: Nullable(Type.String()),
  accountNumber: Nullable(Type.String()),
  routingNumber: Nullable(Type.String()),
});
export type MaskedBankDetails = Static<typeof MaskedBankDetails>;

export const CartNotification = Type.Object({
  /** product_out_of_stock, product_no_longer_available, prices_updated */
  code: Type.String(),
  sku: Nullable(Type.String()),
  message: Type.String(),
});
export type CartNotification = Static<typeof CartNotification>;

export const Cart = Type.Object({
  id: Id,
  version: Type.Integer(),
  ownerId: Id,
  storeKey: Type.String(),
  locale: Type.String(),
  orderType: Type.Literal('order'),
  transactionType: TransactionType,
  country: Type.String(),
  currency: CurrencyCode,
  /** individual or company; null for a guest until the addresses are given (order reason co003) */
  customerGroup: Nullable(Type.Union([Type.Literal('individual'), Type.Literal('company')])),
  lineItems: Type.Array(CartLineItem),
  /** spec 3: scrap lines count as one item each */
  itemCount: Type.Integer(),
  /** the goods: sum of the lines */
  totalPrice: Nullable(Money),
  discount: Nullable(CartDiscount),
  discountCodes: Type.Array(Type.Object({ discountCodeId: Id, code: Type.String() })),
  shippingInfo: Nullable(ShippingInfo),
  /** what the customer pays (buy) or is paid (sell): goods + shipping - discounts */
  totalGrossPrice: Nullable(Money),
  /** the VAT in totalGrossPrice */
  totalTaxPrice: Nullable(Money),
  customerEmail: Nullable(Type.String()),
  paymentMethod: Nullable(PaymentMethod),
  pickupStore: Nullable(Type.String()),
  shippingAddress: Nullable(CartAddress),
  billingAddress: Nullable(CartAddress),
  payoutAccount: Nullable(MaskedBankDetails),
  /** only whether one is recorded and until when it is valid: the number never leaves the service */
  identityDocument: Nullable(Type.Object({ documentType: Type.String(), expiryDate: Type.String() })),
  /** the price set the lines are priced from, and when its prices expire (spec 9: 180 s; null: not the current set) */
  priceSetId: Nullable(Type.String()),
  pricesValidUntil: Nullable(IsoTimestamp),
  /**
   * Issue 16: the set whose prices the cart holds (its last write or recalculation; an order is checked
   * against them). Equal to priceSetId except in a read priced from the current set (prices=current) after a
   * new set came: then the answer shows the new prices, and the cart takes them with its next write.
   */
  heldPriceSetId: Nullable(Type.String()),
  /** what the last change did by itself (spec 4: an out-of-stock product is removed with a message) */
  notifications: Type.Array(CartNotification),
  createdAt: IsoTimestamp,
  updatedAt: IsoTimestamp,
});
export type Cart = Static<typeof Cart>;

export const CartsResponse = Type.Object({ results: Type.Array(Cart) });

/** Issue 16: add line and mode switch answer the cart and whether it was started anew for the other mode (spec 4). */
export const CartChangeResponse = Type.Object({ cart: Cart, recreated: Type.Boolean() });
export type CartChangeResponse = Static<typeof CartChangeResponse>;
export type CartsResponse = Static<typeof CartsResponse>;

/** 409 cart_version_conflict carries the version the cart has now. */
export const VersionConflictDetails = Type.Object({ currentVersion: Type.Integer() });
