// spec 1 "A user can switch to USD": the switch's action in the browser. The choice goes into the currency
// cookie (src/contracts/display-currency.ts; the server renders the next pages in it and keeps the visitor's
// carts in it), the price socket and every price hook follow at once, and the carts are read again: the
// storefront re-prices a cart in another currency as it reads it (routes/api/carts.ts), so the header's
// cart, the cart page and the checkout show the new currency's prices and the order is placed in it.
import { mutate } from 'swr';
import { currencyCookieString } from '../../src/contracts/display-currency.ts';
import type { Currency } from '../../src/stores.ts';
import { setPriceCurrency } from './price-socket.ts';
import { CARTS_KEY, pushNotice, type CartsState } from './cart-store.ts';

export async function switchCurrency(currency: Currency): Promise<void> {
  document.cookie = currencyCookieString(currency, window.location.protocol === 'https:');
  setPriceCurrency(currency);
  const carts = await mutate<CartsState>(CARTS_KEY);
  // a coupon with no amount in the new currency was removed by the service: say so, like a removed line
  for (const cart of [carts?.buy, carts?.sell]) {
    if (cart?.notifications.some((n) => n.code === 'coupon_not_applicable')) {
      pushNotice({ kind: 'removed', transactionType: cart.transactionType, code: 'coupon_not_applicable', name: null });
    }
  }
}
