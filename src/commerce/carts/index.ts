// The carts feature's only door: cart routes, repricing and totals, the merge at sign-in, checkout field
// rules; what orders and limit orders use of it: the stored cart, its totals and repricing.
import { commerceFeature } from '../http/plugin.ts';
import { cartRoutes } from './routes.ts';

// customers: the cart merge runs as a merge hook of the sign-in
export const cartsPlugin = commerceFeature('carts', [cartRoutes], ['customers', 'catalogue', 'prices', 'discounts', 'shipping']);
export default cartsPlugin;

export { CART_MAX_CENTS, CART_MIN_CENTS, cartTotals, type CartTotals } from './calculate.ts';
export {
  langOf, maskBankDetails, scrapName, type BankDetails, type CartRow, type IdentityDocument, type Lang, type StoredLine,
} from './model.ts';
export { cartById, cartView, productsOf, repriceCart, saveCart } from './repository.ts';
// the limit orders' cart is built by the carts' service (issue 24)
export { limitOrderCart } from './service.ts';
