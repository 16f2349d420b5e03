// The carts feature's door (its service and types; the cart routes and the merge at sign-in are its plugin,
// plugin.ts): what orders and limit orders use of it: the stored cart, its totals and repricing.

export { CART_MAX_CENTS, CART_MIN_CENTS, cartTotals, type CartTotals } from './calculate.ts';
export {
  langOf, maskBankDetails, scrapName, type BankDetails, type CartRow, type IdentityDocument, type Lang, type StoredLine,
} from './model.ts';
export { cartById, cartView, productsOf, repriceCart, saveCart } from './repository.ts';
// the limit orders' cart is built by the carts' service (issue 24)
export { limitOrderCart } from './service.ts';
