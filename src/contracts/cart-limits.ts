// spec 9: cart maximum 500,000 (in the cart's currency: USD on the US store, CHF and EUR elsewhere) and
// minimum cart value 1.00. One definition without TypeBox, so the browser can import it: the service
// refuses beyond them, the cart page and the checkout say so before.
export const CART_MAX_CENTS = 50_000_000;
export const CART_MIN_CENTS = 100;
/** spec 9 / the cart API: at most 10,000 pieces in one cart line */
export const LINE_MAX_PIECES = 10_000;
