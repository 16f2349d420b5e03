// The carts, orders, wishlists and price hand-over codes live in the shared error catalogue
// (src/lib/errors.ts, cartOrderErrors); their helpers moved to the commerce kernel (http/errors.ts) and
// are re-exported here for the order modules that import them from this file.
export {
  commerceOrderErrors, orderError, orderFieldMessages, userVisibleOrderCodes, type CommerceOrderErrorCode, type OrderFieldCode,
} from '../http/errors.ts';
