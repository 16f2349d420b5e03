// The browser's API (/api on the storefront): every call with its method, path, body and answer, as TypeBox
// schemas. One definition for both ends: the storefront validates bodies and serialises answers with these
// schemas (src/storefront/routes/api/), the browser calls each through one typed function
// (views/state/shop-api.ts). Renaming a field here breaks the typecheck on both sides. The methods and paths
// live in shop-api-routes.ts, free of TypeBox, so the browser bundle carries no schema code.
// Bodies check types and lengths only; the field rules of spec 5 are the commerce service's, which reports
// every invalid field at once (spec 8: the count of invalid fields).
import Type, { type Static, type TSchema } from 'typebox';
import { Address, FieldError, PhoneVerificationResponse } from './commerce.ts';
import { Cart, CartPrices, CouponBody, IdentityDocumentBody, PayoutAccountBody, RemoveCouponBody, ScrapMetal, TransactionType, UpdateCartBody } from './cart.ts';
import { CounterOfferAnswerBody, Order, OrdersResponse, ShippingMethodsResponse, UtmParams } from './order.ts';
import { CreateLimitOrderBody, LimitOrder, LimitOrdersResponse, UpdateLimitOrderBody } from './limit-order.ts';
import { Deposit, SellPreview } from './deposit.ts';
import { DepotStatement } from './depot-statement.ts';
import { Wishlist } from './wishlist.ts';
import { Passkey, PasskeyList } from './passkeys.ts';
import { AlertTokenBody, AlertTokenResponse, AlertsResponse, AvailabilityAlert, CreateAlertBody, CreateAlertResponse, UpdateAlertBody } from './availability-alert.ts';
import { NewsletterMeResponse, NewsletterSubscriptionBody, NewsletterSubscriptionResponse, NewsletterTokenBody, NewsletterTokenResponse } from './newsletter.ts';
import { ContactBody, ContactReceipt, WhistleblowAccessBody, WhistleblowBody, WhistleblowCase, WhistleblowFollowUpBody, WhistleblowReceipt } from './application.ts';
import { apiRoutes, type ApiRoute, type ApiRouteName } from './shop-api-routes.ts';

export { apiRoutes, type ApiRoute, type ApiRouteName };

// ------------------------------------------------------------------ shared shapes

/** spec 4: no token (guest), anonymous, or signed-in user; notice 'expired' (spec 8: 'Your session has
 * expired. We have logged you out.') when the session ended on its own. Never a token. */
export const SessionInfo = Type.Object({
  level: Type.Union([Type.Literal('guest'), Type.Literal('anonymous'), Type.Literal('user')]),
  notice: Type.Optional(Type.Literal('expired')),
});
export type SessionInfo = Static<typeof SessionInfo>;

/** An address as the shop shows it (spec 3). */
export const ShopAddress = Address;
export type ShopAddress = Static<typeof ShopAddress>;

const Nullable = <T extends TSchema>(s: T) => Type.Union([s, Type.Null()]);

/** The signed-in customer as the shop's pages see it (no store key, nothing of the session). */
export const ShopCustomer = Type.Object({
  id: Type.String(),
  email: Type.String(),
  salutation: Nullable(Type.Union([Type.Literal('mr'), Type.Literal('ms'), Type.Literal('diverse')])),
  title: Nullable(Type.String()),
  firstName: Type.String(),
  lastName: Type.String(),
  phone: Nullable(Type.String()),
  phoneVerified: Type.Boolean(),
  accountType: Type.Union([Type.Literal('individual'), Type.Literal('company')]),
  companyName: Nullable(Type.String()),
  vatId: Nullable(Type.String()),
  language: Type.Union([Type.Literal('de'), Type.Literal('en')]),
  newsletterOptIn: Type.Boolean(),
  addresses: Type.Array(ShopAddress),
  defaultShippingAddressId: Nullable(Type.String()),
  defaultBillingAddressId: Nullable(Type.String()),
  createdAt: Type.String(),
});
export type ShopCustomer = Static<typeof ShopCustomer>;

/** An error answer of /api: the message is in the customer's language (spec 5 and 8 wording). */
/** An invalid field: the commerce service's shape, its message translated by the storefront. */
export const ApiFieldError = FieldError;
export type ApiFieldError = Static<typeof ApiFieldError>;
export const ApiErrorBody = Type.Object({
  statusCode: Type.Integer(),
  code: Type.String(),
  message: Type.String(),
  details: Type.Optional(Type.Object({
    fields: Type.Optional(Type.Array(ApiFieldError)),
    retryAfter: Type.Optional(Type.Number()),
    attemptsLeft: Type.Optional(Type.Integer()),
    reason: Type.Optional(Type.String()),
    /** 409 cart_version_conflict: the version the cart has now (the browser reloads it and asks again) */
    currentVersion: Type.Optional(Type.Integer()),
    /** issue 26, 403 step_up_required: what the step-up dialog asks for */
    method: Type.Optional(Type.Union([Type.Literal('password'), Type.Literal('second_factor')])),
  })),
});
export type ApiErrorBody = Static<typeof ApiErrorBody>;
export type ApiErrorDetails = NonNullable<ApiErrorBody['details']>;

// ------------------------------------------------------------------ bodies

const Str = (max: number) => Type.String({ maxLength: max });
const OptStr = (max: number) => Type.Optional(Str(max));
const OptNullStr = (max: number) => Type.Optional(Nullable(Str(max)));
const closed = { additionalProperties: false } as const;

export const LoginBody = Type.Object({ email: OptStr(254), password: OptStr(128) }, closed);

/** The customer's own data (spec 3), the same in registration and the profile. */
const profileFields = {
  salutation: Type.Optional(Type.Union([Type.Literal('mr'), Type.Literal('ms'), Type.Literal('diverse'), Type.Literal(''), Type.Null()])),
  title: OptNullStr(40),
  firstName: OptStr(100),
  lastName: OptStr(100),
  phone: OptNullStr(30),
  accountType: Type.Optional(Type.Union([Type.Literal('individual'), Type.Literal('company')])),
  companyName: OptNullStr(100),
  vatId: OptNullStr(30),
  language: Type.Optional(Type.Union([Type.Literal('de'), Type.Literal('en')])),
  newsletterOptIn: Type.Optional(Type.Boolean()),
};

export const RegisterBody = Type.Object({
  email: OptStr(254),
  password: OptStr(128),
  /** checked by the storefront as well as in the browser: "Passwords don't match." (spec 5) */
  passwordRepeat: OptStr(128),
  ...profileFields,
}, closed);

export const EmailBody = Type.Object({ email: OptStr(254) }, closed);
export const TokenBody = Type.Object({ token: OptStr(200) }, closed);
export const ResetBody = Type.Object({ token: OptStr(200), newPassword: OptStr(128), newPasswordRepeat: OptStr(128) }, closed);
export const ProfileBody = Type.Object(profileFields, closed);
export const ChangePasswordBody = Type.Object({ currentPassword: OptStr(128), newPassword: OptStr(128), newPasswordRepeat: OptStr(128) }, closed);
export const DeleteAccountBody = Type.Object({ password: OptStr(128) }, closed);

/** spec 3 address, flat (the commerce service's body nests it under address). */
export const AddressBody = Type.Object({
  title: OptNullStr(40),
  firstName: OptStr(100),
  lastName: OptStr(100),
  company: OptNullStr(100),
  streetName: OptStr(100),
  streetNumber: OptStr(20),
  apartment: OptNullStr(40),
  zipCode: OptStr(12),
  city: OptStr(100),
  state: OptNullStr(40),
  country: OptStr(2),
  phone: OptNullStr(30),
  defaultShipping: Type.Optional(Type.Boolean()),
  defaultBilling: Type.Optional(Type.Boolean()),
}, closed);

export const AddressParams = Type.Object({ addressId: Str(100) });
export const DefaultAddressBody = Type.Object({ shipping: Type.Optional(Type.Boolean()), billing: Type.Optional(Type.Boolean()) }, closed);
export const PhoneCodeBody = Type.Object({ code: OptStr(12) }, closed);
export const EmailQuery = Type.Object({ email: Str(254) });

// ------------------------------------------------------------------ answers

export const SessionResponse = Type.Object({ session: SessionInfo });
export const LoginResponse = Type.Object({ session: SessionInfo, customer: Nullable(ShopCustomer), merged: Type.Boolean() });
/** Issue 26: a passkey ceremony's options for the browser's WebAuthn call (its id stays in an httpOnly cookie). */
export const PasskeyOptionsResponse = Type.Object({ options: Type.Unknown() });
/** the authenticator's answer (PublicKeyCredential as JSON; the commerce service checks its inside) */
const PasskeyCredential = Type.Object({ id: Type.String({ maxLength: 1400 }) }, { additionalProperties: true });
export const PasskeyLoginApiBody = Type.Object({ response: PasskeyCredential }, closed);
export const PasskeyOptionsApiBody = Type.Object({ password: OptStr(128) }, closed);
export const AddPasskeyApiBody = Type.Object({ name: Type.String({ minLength: 1, maxLength: 60 }), response: PasskeyCredential }, closed);
export const PasskeyIdParams = Type.Object({ passkeyId: Str(64) });
export { Passkey, PasskeyList };
/** Issue 26: the sign-in's second step (its pending token stays in an httpOnly cookie): a code of the app or a recovery code. */
export const LoginSecondFactorBody = Type.Object({ code: Type.String({ minLength: 1, maxLength: 20 }), rememberDevice: Type.Optional(Type.Boolean()) }, closed);
export const SecondFactorStatusResponse = Type.Object({ totp: Type.Boolean(), recoveryCodesLeft: Type.Integer() });
export const TotpEnrolmentResponse = Type.Object({ secret: Type.String(), uri: Type.String(), qrSvg: Type.String() });
export const TotpCodeBody = Type.Object({ code: Type.String({ minLength: 1, maxLength: 20 }) }, closed);
export const RecoveryCodesResponse = Type.Object({ recoveryCodes: Type.Array(Type.String()) });
/** removing the app: without a code first; after 403 step_up_required with the app's code (or a recovery code) */
export const DeleteTotpBody = Type.Object({ code: Type.Optional(Type.String({ minLength: 1, maxLength: 20 })) }, closed);
/** issue 26: the step-up's proof: the password, or a code of the authenticator app (or a recovery code) */
export const StepUpApiBody = Type.Object({ password: OptStr(200), code: OptStr(20) }, closed);
export const StepUpApiResponse = Type.Object({ method: Type.String(), validUntil: Type.String() });
/** issue 26: the account's sessions as the commerce service lists them (device: the user agent as sent) */
export const SessionsApiResponse = Type.Object({
  sessions: Type.Array(Type.Object({
    id: Type.String(), device: Nullable(Type.String()), ipRange: Nullable(Type.String()), lastUsedAt: Type.String(), current: Type.Boolean(),
  })),
});
export type SessionsApiResponse = Static<typeof SessionsApiResponse>;
export const SessionIdParams = Type.Object({ sessionId: Str(64) });
export const MeResponse = Type.Object({ session: SessionInfo, customer: Nullable(ShopCustomer) });
export const CustomerResponse = Type.Object({ customer: ShopCustomer });
export const RegisterResponse = Type.Object({ verificationRequired: Type.Boolean(), email: Type.String() });
export const AcceptedResponse = Type.Object({ accepted: Type.Boolean() });
export const OkResponse = Type.Object({ ok: Type.Boolean() });
export const OkSessionResponse = Type.Object({ ok: Type.Boolean(), session: SessionInfo });
export const ActivationResponse = Type.Object({ verified: Type.Boolean(), alreadyVerified: Type.Boolean() });
export const EmailExistsResponse = Type.Object({ exists: Type.Boolean() });
export const PhoneCodeResponse = PhoneVerificationResponse;

/** The header search's suggestions: the best matches of the catalogue's full-text search. */
export const SuggestionsQuery = Type.Object({ q: Type.String({ minLength: 1, maxLength: 100 }) });
export const SearchSuggestion = Type.Object({
  sku: Type.String(),
  name: Type.String(),
  /** the product page in the caller's language */
  path: Type.String(),
  /** the product image (a path on the storefront), or null */
  image: Nullable(Type.String()),
  /** weight and manufacturer, e.g. "1 oz · South African Mint" */
  details: Type.String(),
});
export type SearchSuggestion = Static<typeof SearchSuggestion>;
export const SuggestionsResponse = Type.Object({
  query: Type.String(),
  /** every product the search finds (the search page shows them all) */
  total: Type.Integer(),
  suggestions: Type.Array(SearchSuggestion),
});
export type SuggestionsResponse = Static<typeof SuggestionsResponse>;

// ------------------------------------------------------------------ carts, checkout, orders, wishlist (issue 9)
// The cart as the browser gets it: the commerce service's cart (already in the shop's words: names in the
// page's language, prices in cents) without the owner's id.

export const ShopCart = Type.Omit(Cart, ['ownerId']);
export type ShopCart = Static<typeof ShopCart>;

/** Adds pieces of a product to the cart of a type, created on demand (spec 4). deposit: the product is
 * bought into the deposit (true) or delivered (false); on a sell cart, sold from the deposit (true: method
 * depositSell) or sent in (false); a cart in the other mode is started anew (spec 4). */
export const AddToCartBody = Type.Object({
  transactionType: TransactionType,
  sku: Type.String({ minLength: 1, maxLength: 64 }),
  quantity: Type.Integer({ minimum: 1, maximum: 10000 }),
  deposit: Type.Optional(Type.Boolean()),
}, closed);
export type AddToCartBody = Static<typeof AddToCartBody>;

/** A scrap item for the sell cart (sell to us, scrap metals): one item whatever its weight (spec 3). */
export const AddScrapItemBody = Type.Object({
  metal: ScrapMetal,
  fineness: Type.Number({ minimum: 1, maximum: 1000 }),
  weightGrams: Type.Number({ exclusiveMinimum: 0, maximum: 100000 }),
}, closed);
export type AddScrapItemBody = Static<typeof AddScrapItemBody>;

const Version = Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 }));
export const LineQuantityBody = Type.Object({ sku: Type.String({ minLength: 1, maxLength: 64 }), quantity: Type.Integer({ minimum: 1, maximum: 10000 }), version: Version }, closed);
export const RemoveLineBody = Type.Object({ sku: Type.String({ minLength: 1, maxLength: 64 }), version: Version }, closed);

/** E-mail and the two addresses of the checkout's "My data" step; null removes an address. */
export const CartAddressesApiBody = Type.Object({
  email: OptStr(254),
  shippingAddress: Type.Optional(Nullable(AddressBody)),
  billingAddress: Type.Optional(Nullable(AddressBody)),
  version: Version,
}, closed);
export type CartAddressesApiBody = Static<typeof CartAddressesApiBody>;

/** spec 3 order creation input; the browser makes the Idempotency-Key once per attempt to place the order,
 * so a repeated request (a double click, a retry after a network fault) answers the same order. */
export const PlaceOrderBody = Type.Object({
  cartId: Str(64),
  comment: OptStr(1000),
  optInTrustedShops: Type.Optional(Type.Boolean()),
  utmParams: Type.Optional(UtmParams),
  /** the cart version the review step showed (issue 14): another one is refused with 409 cart_version_conflict */
  cartVersion: Version,
  idempotencyKey: Type.String({ minLength: 8, maxLength: 200, pattern: '^[\\x21-\\x7e]+$' }),
}, closed);
export type PlaceOrderBody = Static<typeof PlaceOrderBody>;

export const ToggleWishlistBody = Type.Object({ sku: Type.String({ minLength: 1, maxLength: 64 }) }, closed);

export const CartIdParams = Type.Object({ cartId: Str(64) });
export const CartLineIdParams = Type.Object({ cartId: Str(64), lineItemId: Str(64) });
export const OrderIdParams = Type.Object({ orderId: Str(64) });
export const WishlistLineIdParams = Type.Object({ lineItemId: Str(64) });

export const CartsApiResponse = Type.Object({ carts: Type.Array(ShopCart) });
/** issue 16: current (default) prices the carts from the current set as they are read; held: as the carts hold them (cart and checkout pages) */
export const CartsApiQuery = Type.Object({ prices: Type.Optional(CartPrices) }, closed);
/** notice cart_recreated: the cart was started anew for the other delivery mode (spec 4 Deposit rule) */
export const CartApiResponse = Type.Object({ cart: ShopCart, notice: Type.Optional(Type.Literal('cart_recreated')) });
export type CartApiResponse = Static<typeof CartApiResponse>;
export const OrderApiResponse = Type.Object({ order: Order });
export const WishlistApiResponse = Type.Object({ wishlist: Nullable(Wishlist) });
export const ToggleWishlistResponse = Type.Object({ wishlist: Wishlist, added: Type.Boolean() });

// ------------------------------------------------------------------ the account area (issue 10)
// Orders, limit orders and the deposit are the commerce service's answers as they are (already in the
// shop's words: names in the page's language, money in cents); the browser pages by page number.

const Page = Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 }));
/** type: purchase (buy) or sell orders only; both when absent */
export const OrdersApiQuery = Type.Object({ type: Type.Optional(TransactionType), page: Page }, closed);
export type OrdersApiQuery = Static<typeof OrdersApiQuery>;
/** status: a comma list of spec 4 statuses (the overview asks for the open ones); all when absent */
export const LimitOrdersApiQuery = Type.Object({
  status: Type.Optional(Type.String({ maxLength: 80, pattern: '^(active|inactive|executed|cancelled|pending|failed)(,(active|inactive|executed|cancelled|pending|failed))*$' })),
  page: Page,
}, closed);
export type LimitOrdersApiQuery = Static<typeof LimitOrdersApiQuery>;
export const ShopLimitOrderBody = CreateLimitOrderBody;
export const ShopLimitOrderChangeBody = UpdateLimitOrderBody;
export const IdParams = Type.Object({ id: Str(64) });
export const SellPreviewApiQuery = Type.Object({ sku: Type.String({ minLength: 1, maxLength: 64 }), quantity: Type.Integer({ minimum: 1, maximum: 100000 }) }, closed);

export const LimitOrderApiResponse = Type.Object({ limitOrder: LimitOrder });
/** the customer's deposit in this store; null when there is none yet */
export const DepositApiResponse = Type.Object({ deposit: Nullable(Deposit) });
export const SellPreviewApiResponse = Type.Object({ preview: SellPreview });
/** issue 25: the customer's depot statements, newest first; url is the storefront's download of its PDF */
export const DepotStatementsApiResponse = Type.Object({ statements: Type.Array(DepotStatement) });
export const DepotStatementApiResponse = Type.Object({ statement: DepotStatement });
// ------------------------------------------------------------------ alerts, newsletter, contact, whistleblower (issue 10)
// The commerce service's own bodies and answers (src/contracts/availability-alert.ts, newsletter.ts,
// application.ts) pass through unchanged: the storefront adds the session and the language tag only.

export const AlertIdParams = Type.Object({ alertId: Str(64) });
export { AvailabilityAlert };
/** alreadySubscribed: the signed-in customer had this notification already (it is enabled again), so the
 * page says so instead of "we will let you know" twice. A guest's answer never tells (no address leaks). */
export const CreateAlertApiResponse = Type.Object({ ...CreateAlertResponse.properties, alreadySubscribed: Type.Boolean() });
export type CreateAlertApiResponse = Static<typeof CreateAlertApiResponse>;

// ------------------------------------------------------------------ the calls

export interface ApiCall<R extends TSchema = TSchema, B extends TSchema | undefined = TSchema | undefined, P extends TSchema | undefined = TSchema | undefined, Q extends TSchema | undefined = TSchema | undefined> extends ApiRoute {
  body: B;
  params: P;
  query: Q;
  /** the 2xx answer */
  response: R;
}

function call<R extends TSchema, B extends TSchema | undefined = undefined, P extends TSchema | undefined = undefined, Q extends TSchema | undefined = undefined>(
  route: ApiRoute,
  response: R,
  opts: { body?: B; params?: P; query?: Q } = {},
): ApiCall<R, B, P, Q> {
  return { ...route, response, body: opts.body as B, params: opts.params as P, query: opts.query as Q };
}

const r = apiRoutes;

/** Every call of the browser's API with its schemas (the routes in shop-api-routes.ts). */
export const shopApi = {
  session: call(r.session, SessionResponse),
  login: call(r.login, LoginResponse, { body: LoginBody }),
  logout: call(r.logout, SessionResponse),
  passkeyLoginOptions: call(r.passkeyLoginOptions, PasskeyOptionsResponse),
  passkeyLogin: call(r.passkeyLogin, LoginResponse, { body: PasskeyLoginApiBody }),
  passkeys: call(r.passkeys, PasskeyList),
  passkeyOptions: call(r.passkeyOptions, PasskeyOptionsResponse, { body: PasskeyOptionsApiBody }),
  addPasskey: call(r.addPasskey, Passkey, { body: AddPasskeyApiBody }),
  deletePasskey: call(r.deletePasskey, OkResponse, { params: PasskeyIdParams }),
  loginSecondFactor: call(r.loginSecondFactor, LoginResponse, { body: LoginSecondFactorBody }),
  secondFactor: call(r.secondFactor, SecondFactorStatusResponse),
  startTotp: call(r.startTotp, TotpEnrolmentResponse),
  confirmTotp: call(r.confirmTotp, RecoveryCodesResponse, { body: TotpCodeBody }),
  deleteTotp: call(r.deleteTotp, OkResponse, { body: DeleteTotpBody }),
  stepUp: call(r.stepUp, StepUpApiResponse, { body: StepUpApiBody }),
  sessions: call(r.sessions, SessionsApiResponse),
  endSession: call(r.endSession, OkResponse, { params: SessionIdParams }),
  endOtherSessions: call(r.endOtherSessions, OkResponse),
  register: call(r.register, RegisterResponse, { body: RegisterBody }),
  activationMail: call(r.activationMail, AcceptedResponse, { body: EmailBody }),
  activate: call(r.activate, ActivationResponse, { body: TokenBody }),
  forgotPassword: call(r.forgotPassword, AcceptedResponse, { body: EmailBody }),
  resetPassword: call(r.resetPassword, OkResponse, { body: ResetBody }),
  checkEmail: call(r.checkEmail, EmailExistsResponse, { query: EmailQuery }),
  me: call(r.me, MeResponse),
  updateProfile: call(r.updateProfile, CustomerResponse, { body: ProfileBody }),
  changePassword: call(r.changePassword, OkResponse, { body: ChangePasswordBody }),
  deleteAccount: call(r.deleteAccount, OkSessionResponse, { body: DeleteAccountBody }),
  addAddress: call(r.addAddress, CustomerResponse, { body: AddressBody }),
  updateAddress: call(r.updateAddress, CustomerResponse, { body: AddressBody, params: AddressParams }),
  deleteAddress: call(r.deleteAddress, CustomerResponse, { params: AddressParams }),
  setDefaultAddress: call(r.setDefaultAddress, CustomerResponse, { body: DefaultAddressBody, params: AddressParams }),
  sendPhoneCode: call(r.sendPhoneCode, PhoneCodeResponse),
  verifyPhoneCode: call(r.verifyPhoneCode, CustomerResponse, { body: PhoneCodeBody }),
  searchSuggestions: call(r.searchSuggestions, SuggestionsResponse, { query: SuggestionsQuery }),
  carts: call(r.carts, CartsApiResponse, { query: CartsApiQuery }),
  addToCart: call(r.addToCart, CartApiResponse, { body: AddToCartBody }),
  addScrapItem: call(r.addScrapItem, CartApiResponse, { body: AddScrapItemBody }),
  setLineQuantity: call(r.setLineQuantity, CartApiResponse, { body: LineQuantityBody, params: CartIdParams }),
  removeLine: call(r.removeLine, CartApiResponse, { body: RemoveLineBody, params: CartIdParams }),
  removeScrapItem: call(r.removeScrapItem, CartApiResponse, { params: CartLineIdParams }),
  updateCart: call(r.updateCart, CartApiResponse, { body: UpdateCartBody, params: CartIdParams }),
  setCartAddresses: call(r.setCartAddresses, CartApiResponse, { body: CartAddressesApiBody, params: CartIdParams }),
  setPayoutAccount: call(r.setPayoutAccount, CartApiResponse, { body: PayoutAccountBody, params: CartIdParams }),
  setIdentityDocument: call(r.setIdentityDocument, CartApiResponse, { body: IdentityDocumentBody, params: CartIdParams }),
  recalculateCart: call(r.recalculateCart, CartApiResponse, { params: CartIdParams }),
  applyCoupon: call(r.applyCoupon, CartApiResponse, { body: CouponBody, params: CartIdParams }),
  removeCoupon: call(r.removeCoupon, CartApiResponse, { body: RemoveCouponBody, params: CartIdParams }),
  shippingMethods: call(r.shippingMethods, ShippingMethodsResponse, { params: CartIdParams }),
  placeOrder: call(r.placeOrder, OrderApiResponse, { body: PlaceOrderBody }),
  order: call(r.order, OrderApiResponse, { params: OrderIdParams }),
  answerCounterOffer: call(r.answerCounterOffer, OrderApiResponse, { params: OrderIdParams, body: CounterOfferAnswerBody }),
  wishlist: call(r.wishlist, WishlistApiResponse),
  toggleWishlist: call(r.toggleWishlist, ToggleWishlistResponse, { body: ToggleWishlistBody }),
  removeWishlistItem: call(r.removeWishlistItem, WishlistApiResponse, { params: WishlistLineIdParams }),
  orders: call(r.orders, OrdersResponse, { query: OrdersApiQuery }),
  limitOrders: call(r.limitOrders, LimitOrdersResponse, { query: LimitOrdersApiQuery }),
  createLimitOrder: call(r.createLimitOrder, LimitOrderApiResponse, { body: ShopLimitOrderBody }),
  limitOrder: call(r.limitOrder, LimitOrderApiResponse, { params: IdParams }),
  updateLimitOrder: call(r.updateLimitOrder, LimitOrderApiResponse, { body: ShopLimitOrderChangeBody, params: IdParams }),
  deleteLimitOrder: call(r.deleteLimitOrder, LimitOrderApiResponse, { params: IdParams }),
  deposit: call(r.deposit, DepositApiResponse),
  sellPreview: call(r.sellPreview, SellPreviewApiResponse, { params: IdParams, query: SellPreviewApiQuery }),
  depotStatements: call(r.depotStatements, DepotStatementsApiResponse),
  createDepotStatement: call(r.createDepotStatement, DepotStatementApiResponse),
  createAlert: call(r.createAlert, CreateAlertApiResponse, { body: CreateAlertBody }),
  confirmAlert: call(r.confirmAlert, AlertTokenResponse, { body: AlertTokenBody }),
  cancelAlert: call(r.cancelAlert, AlertTokenResponse, { body: AlertTokenBody }),
  alerts: call(r.alerts, AlertsResponse),
  updateAlert: call(r.updateAlert, AvailabilityAlert, { body: UpdateAlertBody, params: AlertIdParams }),
  deleteAlert: call(r.deleteAlert, AvailabilityAlert, { params: AlertIdParams }),
  subscribeNewsletter: call(r.subscribeNewsletter, NewsletterSubscriptionResponse, { body: NewsletterSubscriptionBody }),
  confirmNewsletter: call(r.confirmNewsletter, NewsletterTokenResponse, { body: NewsletterTokenBody }),
  unsubscribeNewsletter: call(r.unsubscribeNewsletter, NewsletterTokenResponse, { body: NewsletterTokenBody }),
  myNewsletter: call(r.myNewsletter, NewsletterMeResponse),
  unsubscribeMyNewsletter: call(r.unsubscribeMyNewsletter, NewsletterTokenResponse),
  contact: call(r.contact, ContactReceipt, { body: ContactBody }),
  whistleblow: call(r.whistleblow, WhistleblowReceipt, { body: WhistleblowBody }),
  whistleblowCase: call(r.whistleblowCase, WhistleblowCase, { body: WhistleblowAccessBody }),
  whistleblowReply: call(r.whistleblowReply, WhistleblowCase, { body: WhistleblowFollowUpBody }),
} as const satisfies Record<ApiRouteName, ApiCall>;

export type ShopApi = typeof shopApi;
/** The body, params, query and answer types of a call. */
export type BodyOf<C extends ApiCall> = C['body'] extends TSchema ? Static<C['body']> : undefined;
export type ParamsOf<C extends ApiCall> = C['params'] extends TSchema ? Static<C['params']> : undefined;
export type QueryOf<C extends ApiCall> = C['query'] extends TSchema ? Static<C['query']> : undefined;
export type AnswerOf<C extends ApiCall> = Static<C['response']>;
