// Method, path and success status of every call of the browser's API (/api). Plain data without TypeBox:
// the browser imports this at run time, the schemas (shop-api.ts) only as types. shop-api.ts must give
// every name here its schemas (checked by `satisfies`), so the two cannot drift apart.

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ApiRoute {
  method: ApiMethod;
  /** path pattern (:param) */
  path: string;
  /** the success status */
  status: 200 | 201 | 202;
}

const route = (method: ApiMethod, path: string, status: 200 | 201 | 202 = 200): ApiRoute => ({ method, path, status });

export const apiRoutes = {
  // session
  session: route('GET', '/api/session'),
  login: route('POST', '/api/login'),
  logout: route('POST', '/api/logout'),
  // issue 26: passkeys (the sign-in with one; the account's list, adding and removing)
  passkeyLoginOptions: route('POST', '/api/passkey-login/options'),
  passkeyLogin: route('POST', '/api/passkey-login'),
  passkeys: route('GET', '/api/me/passkeys'),
  passkeyOptions: route('POST', '/api/me/passkeys/options'),
  addPasskey: route('POST', '/api/me/passkeys', 201),
  deletePasskey: route('DELETE', '/api/me/passkeys/:passkeyId'),
  // issue 26: the authenticator app (the sign-in's second step; the account's enrolment and removal)
  loginSecondFactor: route('POST', '/api/login/second-factor'),
  secondFactor: route('GET', '/api/me/second-factor'),
  startTotp: route('POST', '/api/me/totp'),
  confirmTotp: route('POST', '/api/me/totp/confirmation'),
  deleteTotp: route('DELETE', '/api/me/totp'),
  // issue 26: the step-up before a guarded change, and the account's sessions
  stepUp: route('POST', '/api/me/step-up'),
  sessions: route('GET', '/api/me/sessions'),
  endSession: route('DELETE', '/api/me/sessions/:sessionId'),
  endOtherSessions: route('DELETE', '/api/me/sessions'),
  // registration, activation and passwords
  register: route('POST', '/api/register', 201),
  activationMail: route('POST', '/api/activation-mail', 202),
  activate: route('POST', '/api/activate'),
  forgotPassword: route('POST', '/api/password/forgot', 202),
  resetPassword: route('POST', '/api/password/reset'),
  checkEmail: route('GET', '/api/check-email'),
  // the signed-in customer
  me: route('GET', '/api/me'),
  updateProfile: route('PUT', '/api/me'),
  changePassword: route('PUT', '/api/me/password'),
  deleteAccount: route('DELETE', '/api/me'),
  // addresses
  addAddress: route('POST', '/api/me/addresses', 201),
  updateAddress: route('PUT', '/api/me/addresses/:addressId'),
  deleteAddress: route('DELETE', '/api/me/addresses/:addressId'),
  setDefaultAddress: route('PUT', '/api/me/addresses/:addressId/default'),
  // phone verification by SMS code (spec 2)
  sendPhoneCode: route('POST', '/api/me/phone/verification', 202),
  verifyPhoneCode: route('POST', '/api/me/phone/verification/verify'),
  // the header search's suggestions while typing (public, no session needed)
  searchSuggestions: route('GET', '/api/search/suggestions'),
  // carts, checkout, orders and the wishlist (spec 4, 7; issue 9)
  carts: route('GET', '/api/carts'),
  addToCart: route('POST', '/api/cart/items'),
  addScrapItem: route('POST', '/api/cart/scrap-items'),
  setLineQuantity: route('PUT', '/api/carts/:cartId/line-items'),
  removeLine: route('DELETE', '/api/carts/:cartId/line-items'),
  removeScrapItem: route('DELETE', '/api/carts/:cartId/scrap-items/:lineItemId'),
  updateCart: route('PUT', '/api/carts/:cartId'),
  setCartAddresses: route('PUT', '/api/carts/:cartId/addresses'),
  setPayoutAccount: route('PUT', '/api/carts/:cartId/payout-account'),
  setIdentityDocument: route('PUT', '/api/carts/:cartId/identity-document'),
  recalculateCart: route('POST', '/api/carts/:cartId/recalculate'),
  applyCoupon: route('PUT', '/api/carts/:cartId/coupon'),
  removeCoupon: route('DELETE', '/api/carts/:cartId/coupon'),
  shippingMethods: route('GET', '/api/carts/:cartId/shipping-methods'),
  placeOrder: route('POST', '/api/orders', 201),
  order: route('GET', '/api/orders/:orderId'),
  // issue 23: the seller accepts or declines the counter-offer of an assay
  answerCounterOffer: route('POST', '/api/orders/:orderId/counter-offer'),
  wishlist: route('GET', '/api/wishlist'),
  toggleWishlist: route('POST', '/api/wishlist/toggle'),
  removeWishlistItem: route('DELETE', '/api/wishlist/items/:lineItemId'),
  // the account area: orders, limit orders and the deposit (spec 7; issue 10)
  orders: route('GET', '/api/orders'),
  limitOrders: route('GET', '/api/limit-orders'),
  createLimitOrder: route('POST', '/api/limit-orders', 201),
  limitOrder: route('GET', '/api/limit-orders/:id'),
  updateLimitOrder: route('PUT', '/api/limit-orders/:id'),
  deleteLimitOrder: route('DELETE', '/api/limit-orders/:id'),
  deposit: route('GET', '/api/deposit'),
  sellPreview: route('GET', '/api/deposits/:id/sell-preview'),
  // issue 25: the depot statements (the PDF itself: GET /api/deposits/statements/:id.pdf, bytes beside the contract)
  depotStatements: route('GET', '/api/deposits/statements'),
  createDepotStatement: route('POST', '/api/deposits/statements', 201),
  // availability alerts, newsletter, contact and whistleblower (spec 3, 4, 7, 8; issue 10)
  createAlert: route('POST', '/api/availability-alerts'),
  confirmAlert: route('POST', '/api/availability-alerts/confirmation'),
  cancelAlert: route('POST', '/api/availability-alerts/cancellation'),
  alerts: route('GET', '/api/me/availability-alerts'),
  updateAlert: route('PUT', '/api/me/availability-alerts/:alertId'),
  deleteAlert: route('DELETE', '/api/me/availability-alerts/:alertId'),
  subscribeNewsletter: route('POST', '/api/newsletter/subscriptions'),
  confirmNewsletter: route('POST', '/api/newsletter/confirmation'),
  unsubscribeNewsletter: route('POST', '/api/newsletter/unsubscribe'),
  myNewsletter: route('GET', '/api/me/newsletter'),
  unsubscribeMyNewsletter: route('DELETE', '/api/me/newsletter'),
  contact: route('POST', '/api/contact', 201),
  whistleblow: route('POST', '/api/whistleblow', 201),
  whistleblowCase: route('POST', '/api/whistleblow/case'),
  whistleblowReply: route('POST', '/api/whistleblow/case/messages', 201),
};

export type ApiRouteName = keyof typeof apiRoutes;
