// The cart's way to the checkout: the cart page and the checkout ask the same question.
import { CART_MAX_CENTS, CART_MIN_CENTS } from '../../../src/contracts/cart-limits.ts';
import type { CartView } from '../../lib/browser-types.ts';

/** Why the cart cannot go to the checkout now (spec 5 and 8 codes), or null. */
export function checkoutBlocker(cart: CartView | null): string | null {
  if (!cart || cart.lineItems.length === 0) return 'no_cart_items';
  if (cart.pending) return 'pending';
  if (cart.totalPrice === null || cart.lineItems.some((l) => l.price === null)) return 'prices_unavailable';
  if (cart.totalPrice.centAmount === 0) return 'cart_total_zero';
  if (cart.totalPrice.centAmount < CART_MIN_CENTS) return 'below_minimum_order_value';
  if (cart.totalPrice.centAmount > CART_MAX_CENTS) return 'cart_limit_exceeded';
  return null;
}
