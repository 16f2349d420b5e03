// What a page knows about its request: store, language, locale, currency, translator and formatters.
// Loaders get a LoaderContext through react-router's context; components read ShopContext.
import { createContext as createReactContext, useContext } from 'react';
import { createContext } from 'react-router';
import { stores, type Currency, type Language, type LocaleTag, type StoreKey } from '../../src/stores.ts';
import { messageParams, formatDate, formatMoney, translator, type Translate } from '../../src/i18n.ts';
import type { SessionInfo } from '../../src/contracts/shop-api.ts';
import type { CompanyFactsView } from '../../src/contracts/company-facts.ts';

export type { SessionInfo };
import type { AccountAreaReader, AccountReader, CatalogueReader, ContentReader, PriceReader } from '../../src/contracts/loader-ports.ts';

export interface LoaderContext {
  store: StoreKey;
  lang: Language;
  locale: LocaleTag;
  cms: ContentReader;
  /** public catalogue reads */
  catalogue: CatalogueReader;
  session: SessionInfo;
  /** the customer's own data through the session-aware client (refreshes tokens, writes cookies); absent
   * where pages render without a request (benchmarks): account loaders then answer 503 */
  account?: AccountReader;
  /** the customer's orders, limit orders and deposit (absent like account) */
  accountArea?: AccountAreaReader;
  /** a crawler asks (its pages are complete documents, cached apart from people's) */
  bot?: boolean;
  /** absolute origin of the store's canonical host (absolute URLs in structured data) */
  origin?: string;
  /** the store's current prices, for what only crawlers get (a product's JSON-LD Offer); absent where
   * pages render without a price hub (benchmarks) */
  prices?: PriceReader;
}

export const loaderContext = createContext<LoaderContext>();

/** Facts fixed for the whole visit, sent to the browser in the boot payload. */
export interface BootInfo {
  store: StoreKey;
  buildId: string;
  /** absolute origin of the store's canonical host, e.g. https://www.example.ch */
  canonicalOrigin: string;
  session: SessionInfo;
  /** host names of the other stores, for the store switcher */
  storeOrigins: Record<StoreKey, string>;
  /** the GTM container to load (production with one configured), else null (client/state/analytics.ts) */
  analyticsId?: string | null;
  /** the visitor's consent cookie holds a choice: the server rendered no consent banner (absent: no choice) */
  consentDecided?: boolean;
  /** the company's facts for the store (CMS story `company`): footer, imprint, transfer instructions; null or
   * absent when the CMS could not give them */
  company?: CompanyFactsView | null;
  /** the currency the visitor sees prices in: the store's, or USD after a switch (spec 1; the cookie of
   * src/contracts/display-currency.ts); absent: the store's */
  priceCurrency?: Currency;
}

export interface Shop extends BootInfo {
  lang: Language;
  locale: LocaleTag;
  /** the store's own currency */
  currency: Currency;
  /** the currency prices are shown in (boot's priceCurrency, else the store's): before the price socket
   * starts and in the server render; in the browser usePriceCurrency() follows a switch at once */
  priceCurrency: Currency;
  t: Translate;
  /** Keys a component shows only in the browser (live prices, counts, countdowns): the server render ships
   * them with the page's strings (client/state/strings.ts); nothing happens in the browser. */
  uses: (keys: readonly string[]) => void;
  money: (cents: number, currency?: Currency) => string;
  date: (value: Date | string | number) => string;
}

/** The keys a server render translates: the page ships exactly these strings of its language (locales/tables.ts). */
export const StringsRecorder = createReactContext<Set<string> | null>(null);

export function makeShop(boot: BootInfo, lang: Language, record?: Set<string> | null): Shop {
  const s = stores[boot.store];
  const locale = s.locales[lang];
  // the cart maximum is of the cart's currency: the visitor's (spec 1: the store's or USD)
  const t = withErrorAmounts(translator(lang), boot.priceCurrency ?? s.currency, locale);
  return {
    ...boot,
    lang,
    locale,
    currency: s.currency,
    priceCurrency: boot.priceCurrency ?? s.currency,
    t: record
      ? (key, params) => {
          record.add(key);
          return t(key, params);
        }
      : t,
    uses: record ? (keys) => keys.forEach((k) => record.add(k)) : () => {},
    money: (cents, currency = s.currency) => formatMoney(cents, currency, locale),
    date: (value) => formatDate(value, locale),
  };
}

/** Messages that name one of the spec's limits (the cart maximum, the cash payout) get it formatted for the page. */
function withErrorAmounts(t: Translate, currency: Currency, locale: LocaleTag): Translate {
  return (key, params) => {
    const limit = messageParams(key, currency, locale);
    return t(key, limit ? { ...limit, ...params } : params);
  };
}

export const ShopContext = createReactContext<Shop | null>(null);

export function useShop(): Shop {
  const shop = useContext(ShopContext);
  if (!shop) throw new Error('useShop outside ShopContext');
  return shop;
}
