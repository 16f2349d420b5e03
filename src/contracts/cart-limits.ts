// spec 9: cart maximum 500,000 (in the cart's currency: USD on the US store, CHF and EUR elsewhere) and
// minimum cart value 1.00. One definition without TypeBox, so the browser can import it: the service
// refuses beyond them, the cart page and the checkout say so before.
export const CART_MAX_CENTS = 50_000_000;
export const CART_MIN_CENTS = 100;
/** spec 9 / the cart API: at most 10,000 pieces in one cart line */
export const LINE_MAX_PIECES = 10_000;
/** spec 9: a limit order's price at most 500,000 (in the store's currency) */
export const LIMIT_PRICE_MAX_CENTS = 50_000_000;
/** spec 9: cash payout in store at most 15,000 (in the store's currency) */
export const CASH_PAYOUT_MAX_CENTS = 1_500_000;
/** spec 5 / 9: the Scrap Metal Box takes sales up to 5,000 EUR (converted for other currencies) */
export const SCRAP_BOX_CAP_EUR_CENTS = 500_000;
/** an order's comment: at most 1,000 characters (the order API's schema) */
export const ORDER_COMMENT_MAX_CHARS = 1000;
