// One typed function per call of the browser's API (src/contracts/shop-api.ts): the body a call takes and
// the answer it gives come from the contract, so a page can neither send a misspelt field nor read one
// the server does not send. Each returns { data, error } (spec 7). The schemas are imported as types only:
// the browser bundle carries the routes (shop-api-routes.ts), not TypeBox.
import type { AnswerOf, BodyOf, ParamsOf, QueryOf, ShopApi } from '../../src/contracts/shop-api.ts';
import { apiRoutes, type ApiRouteName } from '../../src/contracts/shop-api-routes.ts';
import { request, type Result } from './api.ts';
import { appEvents, emitAppEvent } from '../../src/contracts/app-events.ts';

type Input<N extends ApiRouteName> = (BodyOf<ShopApi[N]> extends undefined ? { body?: undefined } : { body: BodyOf<ShopApi[N]> }) &
  (ParamsOf<ShopApi[N]> extends undefined ? { params?: undefined } : { params: ParamsOf<ShopApi[N]> }) &
  (QueryOf<ShopApi[N]> extends undefined ? { query?: undefined } : { query: QueryOf<ShopApi[N]> });

function call<N extends ApiRouteName>(name: N, input: Input<N>, opts: { signal?: AbortSignal } = {}): Promise<Result<AnswerOf<ShopApi[N]>>> {
  return request<AnswerOf<ShopApi[N]>>(apiRoutes[name], input as { body?: unknown; params?: Record<string, string>; query?: Record<string, string> }, opts);
}

type Body<N extends ApiRouteName> = BodyOf<ShopApi[N]>;

// session
export const getSession = () => call('session', {});
export const login = (body: Body<'login'>) => call('login', { body });
export const logout = () => call('logout', {});
// issue 26: passkeys
export const passkeyLoginOptions = () => call('passkeyLoginOptions', { body: {} as never });
export const passkeyLogin = (body: Body<'passkeyLogin'>) => call('passkeyLogin', { body });
export const listPasskeys = () => call('passkeys', {});
export const passkeyOptions = (password?: string) => call('passkeyOptions', { body: password === undefined ? {} : { password } });
export const addPasskey = (body: Body<'addPasskey'>) => call('addPasskey', { body });
export const deletePasskey = (passkeyId: string) => call('deletePasskey', { params: { passkeyId } });
// issue 26: the authenticator app (the sign-in's second step; enrolment and removal in the account)
export const loginSecondFactor = (body: Body<'loginSecondFactor'>) => call('loginSecondFactor', { body });
export const getSecondFactor = () => call('secondFactor', {});
export const startTotp = () => call('startTotp', { body: {} as never });
export const confirmTotp = (code: string) => call('confirmTotp', { body: { code } });
export const deleteTotp = (code?: string) => call('deleteTotp', { body: code === undefined ? {} : { code } });
// issue 26: the step-up (views/components/StepUpDialog.tsx) and the account's sessions
export const stepUp = (body: Body<'stepUp'>) => call('stepUp', { body });
export const listSessions = () => call('sessions', {});
export const endSession = (sessionId: string) => call('endSession', { params: { sessionId } });
export const endOtherSessions = () => call('endOtherSessions', {});
// registration, activation and passwords
export const register = (body: Body<'register'>) => call('register', { body });
export const sendActivationMail = (email: string) => call('activationMail', { body: { email } });
export const activate = (token: string) => call('activate', { body: { token } });
export const forgotPassword = (email: string) => call('forgotPassword', { body: { email } });
export const resetPassword = (body: Body<'resetPassword'>) => call('resetPassword', { body });
export const checkEmail = (email: string) => call('checkEmail', { query: { email } });
// the signed-in customer
export const getMe = () => call('me', {});
export const updateProfile = (body: Body<'updateProfile'>) => call('updateProfile', { body });
export const changePassword = (body: Body<'changePassword'>) => call('changePassword', { body });
export const deleteAccount = (password: string) => call('deleteAccount', { body: { password } });
// addresses
export const addAddress = (body: Body<'addAddress'>) => call('addAddress', { body });
export const updateAddress = (addressId: string, body: Body<'updateAddress'>) => call('updateAddress', { body, params: { addressId } });
export const deleteAddress = (addressId: string) => call('deleteAddress', { params: { addressId } });
export const setDefaultAddress = (addressId: string, body: Body<'setDefaultAddress'>) => call('setDefaultAddress', { body, params: { addressId } });
// phone verification by SMS code
export const sendPhoneCode = () => call('sendPhoneCode', {});
export const verifyPhoneCode = (code: string) => call('verifyPhoneCode', { body: { code } });
// search
export const searchSuggestions = (q: string, signal?: AbortSignal) => call('searchSuggestions', { query: { q } }, { signal });
// carts, checkout, orders and the wishlist (issue 9)
/** issue 16: current (default) prices the carts as they are read; held, as they hold them (cart and checkout pages) */
export const getCarts = (prices?: 'current' | 'held') => call('carts', { query: prices ? { prices } : {} });
export const addToCart = (body: Body<'addToCart'>) => call('addToCart', { body });
export const addScrapItem = (body: Body<'addScrapItem'>) => call('addScrapItem', { body });
export const setLineQuantity = (cartId: string, body: Body<'setLineQuantity'>) => call('setLineQuantity', { body, params: { cartId } });
export const removeLine = (cartId: string, body: Body<'removeLine'>) => call('removeLine', { body, params: { cartId } });
export const removeScrapItem = (cartId: string, lineItemId: string) => call('removeScrapItem', { params: { cartId, lineItemId } });
export const updateCart = (cartId: string, body: Body<'updateCart'>) => call('updateCart', { body, params: { cartId } });
export const setCartAddresses = (cartId: string, body: Body<'setCartAddresses'>) => call('setCartAddresses', { body, params: { cartId } });
export const setPayoutAccount = (cartId: string, body: Body<'setPayoutAccount'>) => call('setPayoutAccount', { body, params: { cartId } });
export const setIdentityDocument = (cartId: string, body: Body<'setIdentityDocument'>) => call('setIdentityDocument', { body, params: { cartId } });
/** spec 4: CartRecalculating before, CartRecalculated after (ok false when it failed) */
export const recalculateCart = async (cartId: string) => {
  emitAppEvent(appEvents.cartRecalculating, { cartId });
  const r = await call('recalculateCart', { params: { cartId } });
  emitAppEvent(appEvents.cartRecalculated, { cartId, ok: !r.error });
  return r;
};
export const applyCoupon = (cartId: string, code: string) => call('applyCoupon', { body: { code }, params: { cartId } });
export const removeCoupon = (cartId: string, discountCodeId: string) => call('removeCoupon', { body: { discountCodeId }, params: { cartId } });
export const getShippingMethods = (cartId: string) => call('shippingMethods', { params: { cartId } });
export const placeOrder = (body: Body<'placeOrder'>) => call('placeOrder', { body });
export const getOrder = (orderId: string) => call('order', { params: { orderId } });
export const getWishlist = () => call('wishlist', {});
export const toggleWishlist = (sku: string) => call('toggleWishlist', { body: { sku } });
export const removeWishlistItem = (lineItemId: string) => call('removeWishlistItem', { params: { lineItemId } });
// the account area: orders, limit orders and the deposit (issue 10)
/** the query without its absent parameters (they would go out as "undefined") */
function present<Q extends object>(q: Q): Q {
  return Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined)) as Q;
}
export const getOrders = (query: Partial<{ type: 'buy' | 'sell'; page: number }> = {}) => call('orders', { query: present(query) });
export const getLimitOrders = (query: Partial<{ status: string; page: number }> = {}) => call('limitOrders', { query: present(query) });
export const createLimitOrder = (body: Body<'createLimitOrder'>) => call('createLimitOrder', { body });
export const getLimitOrder = (id: string) => call('limitOrder', { params: { id } });
export const updateLimitOrder = (id: string, body: Body<'updateLimitOrder'>) => call('updateLimitOrder', { body, params: { id } });
export const deleteLimitOrder = (id: string) => call('deleteLimitOrder', { params: { id } });
// issue 23: the seller's answer to a counter-offer
export const answerCounterOffer = (orderId: string, decision: Body<'answerCounterOffer'>['decision']) => call('answerCounterOffer', { params: { orderId }, body: { decision } });
export const getDeposit = () => call('deposit', {});
export const getSellPreview = (depositId: string, sku: string, quantity: number) => call('sellPreview', { params: { id: depositId }, query: { sku, quantity } });
// issue 25: the depot statements
export const getDepotStatements = () => call('depotStatements', {});
export const createDepotStatement = () => call('createDepotStatement', {});
// availability alerts, newsletter, contact and whistleblower (issue 10)
export const createAlert = (body: Body<'createAlert'>) => call('createAlert', { body });
export const confirmAlert = (token: string) => call('confirmAlert', { body: { token } });
export const cancelAlert = (token: string) => call('cancelAlert', { body: { token } });
export const getAlerts = () => call('alerts', {});
export const setAlertEnabled = (alertId: string, enabled: boolean) => call('updateAlert', { body: { enabled }, params: { alertId } });
export const deleteAlert = (alertId: string) => call('deleteAlert', { params: { alertId } });
export const subscribeNewsletter = (email: string) => call('subscribeNewsletter', { body: { email } });
export const confirmNewsletter = (token: string) => call('confirmNewsletter', { body: { token } });
export const unsubscribeNewsletter = (token: string) => call('unsubscribeNewsletter', { body: { token } });
export const getMyNewsletter = () => call('myNewsletter', {});
export const unsubscribeMyNewsletter = () => call('unsubscribeMyNewsletter', {});
export const sendContact = (body: Body<'contact'>) => call('contact', { body });
export const sendWhistleblow = (body: Body<'whistleblow'>) => call('whistleblow', { body });
export const readWhistleblowCase = (caseReference: string, secret: string) => call('whistleblowCase', { body: { caseReference, secret } });
export const replyWhistleblowCase = (body: Body<'whistleblowReply'>) => call('whistleblowReply', { body });
