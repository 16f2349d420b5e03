// spec 1 "A user can switch to USD": the switch's action in the browser. The choice goes into the currency
// cookie (src/contracts/display-currency.ts; the server renders the next pages in it and keeps the visitor's
// carts in it), the price socket and every price hook follow at once, and the carts are read again: the
// storefront re-prices a cart in another currency as it reads it (routes/api/carts.ts), so the header's
// cart, the cart page and the checkout show the new currency's prices and the order is placed in it.
import { mutate } from 'swr';
import { currencyCookieString } from '../../src/contracts/display-currency.ts';
import type { Currency } from '../../src/stores.ts';
import { setPriceCurrency } from './price-socket.ts';
import { CARTS_KEY } from './cart-store.ts';

export function switchCurrency(currency: Currency): void {
  document.cookie = currencyCookieString(currency, window.location.protocol === 'https:');
  setPriceCurrency(currency);
  void mutate(CARTS_KEY);
}
