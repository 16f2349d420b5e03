// A cart's currency (spec 1: "A user can switch to USD"): a cart is priced in the currency it holds, from
// the current price set when read (repository.ts), so switching it re-prices every line, scrap item and
// shipping cost at once. The storefront keeps the visitor's carts in the currency the visitor chose.
import { stores, type Currency, type StoreKey } from '../../stores.ts';
import type { Db } from '../db/index.ts';
import { discountCodeById, usableOn } from '../discounts/index.ts';
import { commerceOrderErrors, fail } from '../http/errors.ts';
import type { CartRow } from './model.ts';

/** The currencies a cart of the store may be kept in: the store's own and USD (else 400 currency_not_allowed). */
export function checkCartCurrency(storeKey: StoreKey, currency: string): Currency {
  const own = stores[storeKey].currency;
  if (currency !== own && currency !== 'USD') fail('currency_not_allowed');
  return currency;
}

/**
 * Puts the cart in another currency (no change when it already is). A coupon with no amount in the new
 * currency no longer applies: it is removed and the cart says so (notification coupon_not_applicable).
 * The caller saves the cart in its transaction; reading it prices it in the new currency.
 */
export async function setCartCurrency(tx: Db, cart: CartRow, currency: string, now: Date): Promise<void> {
  const next = checkCartCurrency(cart.store_key, currency);
  if (cart.currency === next) return;
  cart.currency = next;
  if (!cart.discount_code_id) return;
  const code = await discountCodeById(tx, cart.discount_code_id);
  if (code && usableOn(code, { storeKey: cart.store_key, transactionType: cart.transaction_type, currency: next }, now)) return;
  cart.discount_code_id = null;
  cart.notifications = [...cart.notifications, { code: 'coupon_not_applicable', sku: null, message: commerceOrderErrors.coupon_not_applicable.message }];
}
