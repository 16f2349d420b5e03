// The visitor's currency as it crosses from the browser to the server (spec 1: "Currency by locale ...
// A user can switch to USD"). Each store has its own currency (src/stores.ts); a visitor may switch to USD
// and back. The choice lives in a cookie the browser writes (views/components/CurrencySwitch.tsx) and the
// storefront reads: the server render shows prices' captions and the switch in it, the page cache keeps a
// page per currency (PageCache.keyOf), and the visitor's carts are priced in it (routes/api/carts.ts).
// Decision: on the US store USD is the store's own currency, so there is nothing to switch to there.
import { stores, type Currency, type StoreKey } from '../stores.ts';

/** Not httpOnly: the browser reads it too (the price socket starts in it). */
export const CURRENCY_COOKIE = 'currency';
/** 365 days, like the language cookies (spec 3) */
export const CURRENCY_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

/** The currencies a store shows: its own and USD (spec 1), the store's own first. */
export function currenciesOf(store: StoreKey): Currency[] {
  const own = stores[store].currency;
  return own === 'USD' ? ['USD'] : [own, 'USD'];
}

/** The currency a visitor of a store sees: the cookie's when the store shows it, else the store's own (an
 * absent, foreign or malformed value counts as no choice). */
export function chosenCurrency(store: StoreKey, raw: string | undefined | null): Currency {
  const own = stores[store].currency;
  if (!raw || raw.length > 3) return own;
  return (currenciesOf(store) as string[]).includes(raw) ? (raw as Currency) : own;
}

/** The Set-Cookie / document.cookie string that stores a choice: path /, SameSite Lax, Secure on https. */
export function currencyCookieString(currency: Currency, secure: boolean): string {
  return `${CURRENCY_COOKIE}=${currency}; Path=/; Max-Age=${CURRENCY_COOKIE_MAX_AGE_S}; SameSite=Lax${secure ? '; Secure' : ''}`;
}
