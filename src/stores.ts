// The store table: the one home of every store's facts (spec 1 and 9).
// Imported by the storefront, the services and the views; it holds data only, no server code.

export type StoreKey = 'at' | 'ch' | 'de' | 'li' | 'us';
export type Language = 'de' | 'en';
export type Currency = 'EUR' | 'CHF' | 'USD';
export type CountryCode = 'AT' | 'CH' | 'DE' | 'LI' | 'US';
/** spec 9: locales en-US, de-DE, en-GB, de-CH, de-AT, de-LI */
export type LocaleTag = 'de-AT' | 'de-CH' | 'de-DE' | 'de-LI' | 'en-GB' | 'en-US';

export interface Store {
  key: StoreKey;
  country: CountryCode;
  /** Decision: currency is a property of the store, not of the language. Spec 1 lists "de-CH and de-LI
   * CHF; de-AT, de-DE and en EUR; en-US USD"; read per store that gives CHF for ch/li, EUR for at/de and
   * USD for us. English pages of the Swiss store therefore also show CHF: a customer of a Swiss store
   * pays in francs whatever language they read. */
  currency: Currency;
  /** locale tag per language (formatting of amounts and dates, the CMS language) */
  locales: Record<Language, LocaleTag>;
  /** Decision (spec 5 "shipping country must be within the allowed country"): AT and DE ship to each
   * other (one EU VAT area for bullion logistics), CH and LI form one customs area, US ships inside the
   * US only (spec 1). */
  shippingCountries: CountryCode[];
  /** hosts that always map to this store; production host names come from STORE_HOSTS */
  devHost: string;
  /** name of the store's country, per language, for pickers and headings */
  name: Record<Language, string>;
  /** issue 26: a sale from the depot from this total (cents, store currency) needs a fresh step-up.
   * Decision: 5,000 in each store's currency, about a 100 g gold bar: above it the depot moves real money. */
  depotSaleStepUpCents: number;
}

export const stores: Record<StoreKey, Store> = {
  at: {
    key: 'at', country: 'AT', currency: 'EUR', locales: { de: 'de-AT', en: 'en-GB' },
    shippingCountries: ['AT', 'DE'], devHost: 'at.localhost', name: { de: 'Österreich', en: 'Austria' },
    depotSaleStepUpCents: 500_000,
  },
  ch: {
    key: 'ch', country: 'CH', currency: 'CHF', locales: { de: 'de-CH', en: 'en-GB' },
    shippingCountries: ['CH', 'LI'], devHost: 'ch.localhost', name: { de: 'Schweiz', en: 'Switzerland' },
    depotSaleStepUpCents: 500_000,
  },
  de: {
    key: 'de', country: 'DE', currency: 'EUR', locales: { de: 'de-DE', en: 'en-GB' },
    shippingCountries: ['DE', 'AT'], devHost: 'de.localhost', name: { de: 'Deutschland', en: 'Germany' },
    depotSaleStepUpCents: 500_000,
  },
  li: {
    key: 'li', country: 'LI', currency: 'CHF', locales: { de: 'de-LI', en: 'en-GB' },
    shippingCountries: ['LI', 'CH'], devHost: 'li.localhost', name: { de: 'Liechtenstein', en: 'Liechtenstein' },
    depotSaleStepUpCents: 500_000,
  },
  us: {
    key: 'us', country: 'US', currency: 'USD', locales: { de: 'de-DE', en: 'en-US' },
    shippingCountries: ['US'], devHost: 'us.localhost', name: { de: 'USA', en: 'United States' },
    depotSaleStepUpCents: 500_000,
  },
};

export const storeKeys = Object.keys(stores) as StoreKey[];
export const languages: Language[] = ['de', 'en'];
export const currencies: Currency[] = ['EUR', 'CHF', 'USD'];

export function isStoreKey(v: unknown): v is StoreKey {
  return typeof v === 'string' && Object.hasOwn(stores, v);
}

/** Parses STORE_HOSTS ("ch=www.example.ch|example.ch,at=...") into host -> store key. */
export function hostTable(storeHosts: string): Map<string, StoreKey> {
  const table = new Map<string, StoreKey>();
  for (const s of Object.values(stores)) table.set(s.devHost, s.key);
  for (const entry of storeHosts.split(',').filter(Boolean)) {
    const [key, hosts] = entry.split('=');
    if (!isStoreKey(key) || !hosts) continue;
    for (const h of hosts.split('|')) table.set(h.toLowerCase(), key);
  }
  return table;
}

/** The canonical host of each store: the first STORE_HOSTS entry, else <key>.localhost. */
export function canonicalHosts(storeHosts: string): Record<StoreKey, string> {
  const out = Object.fromEntries(storeKeys.map((k) => [k, stores[k].devHost])) as Record<StoreKey, string>;
  for (const entry of storeHosts.split(',').filter(Boolean)) {
    const [key, hosts] = entry.split('=');
    if (isStoreKey(key) && hosts) out[key] = hosts.split('|')[0];
  }
  return out;
}

/** A DNS name (labels of letters, digits, '-' and '_'), an IPv4 address or a bracketed IPv6 address. */
const hostName = /^(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*\.?|\[[0-9a-f:.]{2,45}\])(?::(\d{1,5}))?$/i;

/**
 * True when a Host header is a host[:port] (RFC 9110 7.2) and nothing else: no userinfo ('@'), quotes,
 * angle brackets, spaces, paths or a port above 65535. The storefront answers 400 bad_host to anything
 * else before it resolves the store, so no URL is ever built from such a header.
 */
export function isValidHost(host: string): boolean {
  if (host.length === 0 || host.length > 260) return false;
  const m = hostName.exec(host);
  return m !== null && (m[1] === undefined || Number(m[1]) <= 65535);
}

/** Store for a Host header (port stripped, case-insensitive); unknown hosts get the default store. */
export function storeForHost(host: string | undefined, table: Map<string, StoreKey>, fallback: StoreKey): StoreKey {
  if (!host) return fallback;
  const name = host.toLowerCase().replace(/:\d+$/, '');
  return table.get(name) ?? fallback;
}

export function localeFor(store: StoreKey, lang: Language): LocaleTag {
  return stores[store].locales[lang];
}

/**
 * Issue 28: the time zone a store's times are entered and shown in (a limit order's expiry): the zone of the
 * store's company (the company facts story's `timezone`), named on the page. Liechtenstein keeps its own
 * zone name though its clock is Zurich's. The one copy: commerce files its documents and counts its working
 * days by the same zones and the same day (dayInStore).
 */
export const storeTimeZones: Record<StoreKey, string> = {
  at: 'Europe/Vienna', ch: 'Europe/Zurich', de: 'Europe/Berlin', li: 'Europe/Vaduz', us: 'America/New_York',
};

/** The calendar day (YYYY-MM-DD) of a moment in a store's time zone. */
export function dayInStore(storeKey: StoreKey, at: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: storeTimeZones[storeKey], year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The latest calendar day any store has reached at a moment: "today" for a list over all companies (the
 * commerce service files a document under its store's local day, so at 00:30 in Zurich, 23:30 UTC, the UTC
 * day would leave out everything issued since midnight there). */
export function latestStoreDay(at: Date = new Date()): string {
  return (Object.keys(storeTimeZones) as StoreKey[]).map((k) => dayInStore(k, at)).sort().at(-1)!;
}
