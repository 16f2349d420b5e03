// Every UI string in both languages (locales/en.json, locales/de.json) through rosetta, and the one
// formatter for money, percentages and dates (spec 9: US MM/DD/YYYY, others DD/MM/YYYY; amounts are
// integer cents). Neutral ground like src/stores.ts: the server (API messages, mails) and the views use it.
import rosetta from 'rosetta';
import { fullTable, missingString, serverOnlyNamespaces, tables } from '../locales/tables.ts';
import type { Currency, Language, LocaleTag, StoreKey } from './stores.ts';
import { CART_MAX_CENTS, CASH_PAYOUT_MAX_CENTS, LIMIT_PRICE_MAX_CENTS, LINE_MAX_PIECES, ORDER_COMMENT_MAX_CHARS, SCRAP_BOX_CAP_EUR_CENTS } from './contracts/cart-limits.ts';
import { SCRAP_MAX_GRAMS } from './contracts/scrap.ts';
import { US_FORM_8300_CENTS } from './contracts/aml-form8300.ts';

const i18n = rosetta<Record<string, unknown>>(tables);

export type Translate = (key: string, params?: Record<string, unknown>) => string;

const plain: Record<Language, Map<string, string>> = { de: new Map(), en: new Map() };
const translators = new Map<Language, Translate>();

/** A translator bound to a language. Unknown keys return the key itself, so a gap is visible in review.
 * Messages without parameters are looked up once per process (a page asks for a hundred of them). */
export function translator(lang: Language): Translate {
  let t = translators.get(lang);
  if (!t) {
    const known = plain[lang];
    t = (key, params) => {
      if (!params) {
        let s = known.get(key);
        if (s === undefined) {
          s = i18n.t(key, {}, lang);
          // a miss is not remembered: in the browser the full table may still arrive (locales/tables.ts)
          if (s === '') return missing(lang, key);
          known.set(key, s);
        }
        return s;
      }
      const s = i18n.t(key, params, lang);
      if (s !== '') return s;
      return missing(lang, key);
    };
    translators.set(lang, t);
  }
  return t;
}

/** Settles when the language's full table is in (in the browser it is fetched once; on the server it always
 * is) or could not come; never rejects. For a part that shows many messages at once on a visitor's click
 * (the consent settings) and waits for them, with React's use(), rather than shipping them with every page. */
export function fullStrings(lang: Language): Promise<void> {
  return fullTable(lang);
}

/** A key the tables do not hold: answers the key itself, so a gap is visible. In the browser before the
 * language's full table came (missingString asks for it), a form check's message answers the generic
 * "Invalid value." instead, which every page ships (stringsOf): a customer never reads a key under a field. */
function missing(lang: Language, key: string): string {
  const pending = missingString(lang, key);
  if (pending && key.startsWith('validation.')) {
    const generic = i18n.t('validation.invalid_value', {}, lang);
    if (generic !== '') return generic;
  }
  return key;
}

/** A message as written in the locale file, its {{placeholders}} not filled in; undefined when the key is
 * missing. The mails fill placeholders themselves (src/commerce/mail), so one without a value stays visible. */
export function messageTemplate(lang: Language, key: string): string | undefined {
  let v: unknown = i18n.table(lang);
  for (const part of key.split('.')) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[part] : undefined;
  return typeof v === 'string' ? v : undefined;
}

/** What every page ships besides its own keys: what a form's own checks say most often before the language's
 * full table has come (a field left empty, an e-mail address mistyped, a value out of range), form's own words
 * ("sending", the error summary), the error page's words, and what any call says when the network is gone
 * (views/state/api.ts). Decision (issue 27, hydration data at most half of the document): not every validation
 * message (2 kB, a fifth of the login page's strings): the first interaction with a page (focus, a key, a tap)
 * fetches the full table (client/entry.tsx), before a form can check anything; should that fetch fail, another
 * check's message reads as "Invalid value." until it comes (translator) instead of as its key. */
const alwaysShipped = [
  'validation.required', 'validation.invalid_email', 'validation.invalid_value',
  'error.notFoundTitle', 'error.notFound', 'error.serverTitle', 'error.server', 'error.unknown', 'error.backHome', 'error.reload',
  'form.sending', 'form.error.UnknownError',
];

/** Shipped message by message, not whole: form.error holds a message per service code (10 kB, the largest
 * section of the browser's strings), of which a page can show a few (the components that show one name its
 * code with shop.uses, or render it); route holds a title per screen, of which a page shows its own, the
 * home's (breadcrumb) and the account's menu. Another screen's title comes with its page's code. validation
 * and error: messages of a form's checks and of error pages, a page shows the ones it names (a server-side
 * error page's words are written into its loader data, not looked up in the browser). */
const perMessage = ['form.error.', 'route.', 'validation.', 'error.'];

/**
 * What a server-rendered page ships for the browser (locales/tables.ts), in one language: for every key it
 * rendered or named (shop.uses), its section, i.e. the namespace's second level ("account.login.*",
 * "cart.notice.*"), or the namespace's own messages for a key directly under it ("nav.shop": every message
 * of nav that is not a section). A key ending in ".*" names its whole subtree; form.error ships per message.
 * Decision (issue 27): sections, not whole namespaces (account alone is 12 kB, half of it forms a page
 * does not have) and not single keys: components also translate in event handlers (a coupon applied, a
 * line removed) and keep the message, and those keys sit in the section of the ones they render. Anything
 * else comes with the full table on the first interaction or when a component asks for a key it lacks.
 */
export function stringsOf(lang: Language, keys: Iterable<string>): Record<string, unknown> {
  const table = i18n.table(lang) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of [...alwaysShipped, ...keys]) {
    const { path, whole } = shippedPart(key);
    if (path.length === 0 || serverOnlyNamespaces.includes(path[0])) continue;
    if (path.length === 1 && !whole) copyMessages(table, out, path[0]);
    else copyPath(table, out, path);
  }
  return out;
}

/** The part of the table a key brings along: a path shipped whole, or [namespace] for its own messages. */
function shippedPart(key: string): { path: string[]; whole: boolean } {
  const parts = key.split('.').filter((p) => p !== '');
  if (parts[parts.length - 1] === '*') return { path: parts.slice(0, -1), whole: true };
  if (perMessage.some((prefix) => key.startsWith(prefix))) return { path: parts, whole: true };
  return parts.length > 2 ? { path: parts.slice(0, 2), whole: true } : { path: parts.slice(0, 1), whole: false };
}

/** The namespace's messages that are not sections (strings directly under it). */
function copyMessages(table: Record<string, unknown>, out: Record<string, unknown>, ns: string) {
  const from = table[ns];
  if (!from || typeof from !== 'object') return;
  const into = (out[ns] ??= {}) as Record<string, unknown>;
  if (into === from) return;
  for (const [k, v] of Object.entries(from)) if (typeof v === 'string') into[k] = v;
}

/** Copies the subtree at path (a message or a section) into out, creating its parents; the table itself is
 * never written (a section shipped whole is shared, and nothing is copied into it again). */
function copyPath(table: Record<string, unknown>, out: Record<string, unknown>, path: string[]) {
  let from: unknown = table;
  for (const part of path) from = from && typeof from === 'object' ? (from as Record<string, unknown>)[part] : undefined;
  if (from === undefined) return;
  let into = out;
  let source: unknown = table;
  if (path.length === 1 && into[path[0]] === from) return;
  for (const part of path.slice(0, -1)) {
    source = (source as Record<string, unknown>)[part];
    const next = (into[part] ??= {}) as Record<string, unknown>;
    if (next === source) return; // this part is shipped whole already
    into = next;
  }
  into[path[path.length - 1]] = from;
}

// Formatters are built once per locale: an Intl formatter costs far more to build than to use, and the
// footer names weekdays on every page rendered (issue 27: ~2 ms of every render went into building them).
const weekdayFormats = new Map<string, Intl.DateTimeFormat>();

/** The name of a weekday (0 Monday .. 6 Sunday) in a locale, from Intl (never typed by hand); short:
 * "Mo."/"Mon". */
export function weekdayName(day: number, locale: LocaleTag, width: 'long' | 'short' = 'long'): string {
  const key = `${locale}|${width}`;
  let f = weekdayFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' });
    weekdayFormats.set(key, f);
  }
  // 1 January 2024 was a Monday
  return f.format(Date.UTC(2024, 0, 1 + day));
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** Formats integer cents in a currency for a locale (e.g. de-CH: "CHF 1'234.50", en-US: "$1,234.50").
 * fractionDigits 0 gives whole units (chart axes). */
export function formatMoney(cents: number, currency: Currency, locale: LocaleTag, fractionDigits: 0 | 2 = 2): string {
  const key = `${locale}|${currency}|${fractionDigits}`;
  let f = moneyFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits });
    moneyFormats.set(key, f);
  }
  return normalize(f.format(cents / 100));
}

/**
 * The parameters of an error message (form.error.<code>) that names an amount in the store's currency
 * (issue 17: "a cart can hold at most CHF 500'000.00", not a bare number) or a number of pieces, formatted
 * for the store's locale.
 * Every place that shows form.error.<code> passes them: the browser's API (routes/api/errors.ts) and the
 * views' translator (views/lib/context.tsx).
 */
export function errorMessageParams(code: string, currency: Currency, locale: LocaleTag): Record<string, unknown> | undefined {
  return messageParams(`form.error.${code}`, currency, locale);
}

type ParamsOf = (currency: Currency, locale: LocaleTag) => Record<string, unknown>;
const whole = (cents: number, currency: Currency, locale: LocaleTag) => formatMoney(cents, currency, locale, 0);
const cashPayout: ParamsOf = (c, l) => ({ amount: whole(CASH_PAYOUT_MAX_CENTS, c, l) });
const scrapBox: ParamsOf = (_c, l) => ({ amount: whole(SCRAP_BOX_CAP_EUR_CENTS, 'EUR', l) });
const limitPrice: ParamsOf = (c, l) => ({ amount: whole(LIMIT_PRICE_MAX_CENTS, c, l) });

/**
 * Messages that name one of the spec's limits (issue 17: one number format per page, amounts with their
 * currency): the figure comes in here, formatted for the page's locale, never written into locales/*.json
 * ("15'000" on a German page). The translators of the views and of the browser's API fill them in when a
 * key is translated without parameters.
 */
const limitMessages: Record<string, ParamsOf> = {
  'form.error.cart_limit_exceeded': (c, l) => ({ amount: formatMoney(CART_MAX_CENTS, c, l) }),
  'form.error.line_quantity_exceeded': (_c, l) => ({ max: formatNumber(LINE_MAX_PIECES, l) }),
  'form.error.cash_payout_limit': cashPayout,
  'form.error.scrap_box_value_exceeded': scrapBox,
  'validation.limit_price_too_high': limitPrice,
  'limitOrders.field.targetHint': limitPrice,
  'checkout.payment.sell.cashHint': cashPayout,
  'checkout.review.commentHint': (_c, l) => ({ max: formatNumber(ORDER_COMMENT_MAX_CHARS, l) }),
  'sell.weightTooHigh': (_c, l) => ({ max: formatNumber(SCRAP_MAX_GRAMS, l) }),
  'sell.how2': scrapBox,
  'sell.how3': cashPayout,
  'aml.form8300': (_c, l) => ({ amount: whole(US_FORM_8300_CENTS, 'USD', l) }),
};

/** The parameters of a message that names a limit (see limitMessages), else undefined. */
export function messageParams(key: string, currency: Currency, locale: LocaleTag): Record<string, unknown> | undefined {
  return limitMessages[key]?.(currency, locale);
}

const percentFormats = new Map<string, Intl.NumberFormat>();

/** Basis points as a percentage: 42 -> "0.42 %" (de) / "0.42%" (en); signed: "+0.42 %". */
export function formatPercent(bp: number, locale: LocaleTag, opts: { signed?: boolean; /** at most this many decimals (default: always 2) */ maxFractionDigits?: number } = {}): string {
  const key = `${locale}|${opts.signed ? 1 : 0}|${opts.maxFractionDigits ?? 'f'}`;
  let f = percentFormats.get(key);
  if (!f) {
    const digits = opts.maxFractionDigits === undefined ? { minimumFractionDigits: 2, maximumFractionDigits: 2 } : { maximumFractionDigits: opts.maxFractionDigits };
    f = new Intl.NumberFormat(locale, { style: 'percent', signDisplay: opts.signed ? 'exceptZero' : 'auto', ...digits });
    percentFormats.set(key, f);
  }
  return normalize(f.format(bp / 10_000));
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** A plain number for a locale (millimetres, grams, fineness): 38.61 -> "38,61" (de) / "38.61" (en).
 * de-AT groups plain numbers with a space in ICU ("15 000") but amounts with a dot ("€ 3.633,59"): one
 * grouping per page (issue 17), the amounts' dot, so plain numbers are formatted as de-DE there. */
export function formatNumber(value: number, locale: LocaleTag, maxFractionDigits = 2): string {
  const key = `${locale}|${maxFractionDigits}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale === 'de-AT' ? 'de-DE' : locale, { maximumFractionDigits: maxFractionDigits });
    numberFormats.set(key, f);
  }
  return normalize(f.format(value));
}

/** The page's digit-group separator: "'" (de-CH, de-LI), "." (de-AT, de-DE), "," (English). */
export function groupSeparator(locale: LocaleTag): string {
  return formatNumber(1000, locale).charAt(1);
}

const swissGrouped = /(?<![\d'.,])\d{1,3}(?:['\u2019]\d{3})+(?![\d'\u2019]|[.,]\d)/g;

/**
 * Numbers written with Swiss grouping ("15'000") in a text shared by every store (the CMS stories, written
 * once for all German stores): regrouped for the page's locale ("15.000" in Germany and Austria, "15,000"
 * in English), left as they are in Switzerland and Liechtenstein. Only apostrophe-grouped numbers change:
 * they cannot be anything else (a year, a fineness, a date or a decimal stays as written).
 */
export function regroupNumbers(text: string, locale: LocaleTag): string {
  const sep = groupSeparator(locale);
  if (sep === "'" || !/\d['\u2019]\d/.test(text)) return text;
  return text.replace(swissGrouped, (n) => n.replace(/['\u2019]/g, sep));
}

const isoAmount = /(?<![\d'\u2019.,])(\d{1,3}(?:['\u2019,]\d{3})+|\d+)(?![.,]\d)\s?(EUR|CHF|USD)\b/g;

/**
 * Whole amounts written with an ISO code in a text shared by every store ("bis 5'000 EUR", "up to 5,000
 * EUR"): written as the page writes its amounts (issue 28: "bis 5.000 €" in Germany beside the "15.000 €" of
 * the shop's own strings, "EUR 5'000" in Switzerland, "€5,000" in English), through formatMoney. Amounts
 * with decimals stay as written.
 */
export function localizeAmounts(text: string, locale: LocaleTag): string {
  if (!/\d\s?(EUR|CHF|USD)\b/.test(text)) return text;
  return text.replace(isoAmount, (_, n: string, code: Currency) => formatMoney(Number(n.replace(/['\u2019,]/g, '')) * 100, code, locale, 0));
}

/** Every string in a JSON value (a reshaped CMS story) through localizeAmounts and regroupNumbers; the
 * value is copied only where something changed. */
export function regroupNumbersDeep<T>(value: T, locale: LocaleTag): T {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return regroupNumbers(localizeAmounts(v, locale), locale);
    if (Array.isArray(v)) {
      const out = v.map(walk);
      return out.some((x, i) => x !== v[i]) ? out : v;
    }
    if (v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
      let changed = false;
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) {
        const y = walk(x);
        if (y !== x) changed = true;
        out[k] = y;
      }
      return changed ? out : v;
    }
    return v;
  };
  return walk(value) as T;
}

/** A catalogue label's decimals ("2,5 g" in German, "2.5 g" in English) with the page's decimal mark
 * ("2.5 g" on a Swiss page, as its amounts "CHF 1'234.50"). Catalogue labels carry no grouping. */
export function localizeDecimals(label: string, locale: LocaleTag): string {
  return label.replace(/(\d+)[.,](\d+)/g, (_, whole: string, frac: string) => formatNumber(Number(`${whole}.${frac}`), locale, frac.length));
}

/** ICU versions differ between Node and browsers (de-CH group separator ' or ’, narrow or normal no-break
 * space); one spelling on both sides keeps server HTML and hydration identical. */
function normalize(s: string): string {
  return s.replace(/\u2019/g, "'").replace(/[\u202f\u2009]/g, '\u00a0');
}

/** spec 9: date format US MM/DD/YYYY, others DD/MM/YYYY (in the shop's time zone, Europe/Zurich, or
 * America/New_York for the US locale, so server and browser print the same day). */
const dateParts = new Map<string, Intl.DateTimeFormat>();
const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** Intl formatters are costly to build (they showed in the server's profile): one per zone or locale. */
function zoneOf(locale: LocaleTag): string {
  return locale === 'en-US' ? 'America/New_York' : 'Europe/Zurich';
}

const formattedDates = new Map<string, string>();

export function formatDate(value: Date | string | number, locale: LocaleTag): string {
  // The same dates (articles, orders) come up on page after page: formatToParts is slow, remember them.
  const key = value instanceof Date ? null : `${locale}|${value}`;
  const known = key ? formattedDates.get(key) : undefined;
  if (known) return known;
  const out = formatDateNow(value, locale);
  if (key) {
    if (formattedDates.size > 2000) formattedDates.clear();
    formattedDates.set(key, out);
  }
  return out;
}

function formatDateNow(value: Date | string | number, locale: LocaleTag): string {
  const zone = zoneOf(locale);
  let f = dateParts.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateParts.set(zone, f);
  }
  const parts = f.formatToParts(new Date(value));
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return locale === 'en-US' ? `${get('month')}/${get('day')}/${get('year')}` : `${get('day')}/${get('month')}/${get('year')}`;
}

export function formatTime(value: Date | string | number, locale: LocaleTag): string {
  let f = timeFormats.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { timeZone: zoneOf(locale), hour: '2-digit', minute: '2-digit' });
    timeFormats.set(locale, f);
  }
  return f.format(new Date(value));
}

/** Flattened key lists of both locale files, for the test that both languages hold the same keys. */
export function localeKeys(): Record<Language, string[]> {
  const flat = (o: Record<string, unknown>, prefix = ''): string[] =>
    Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? flat(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`]));
  return { en: flat(tables.en), de: flat(tables.de) };
}

/** Swiss-only words: the German texts (locales/de.json, the CMS stories) are standard German for every
 * store; these words must not appear in them (test/content/swiss-words.test.ts). */
export const swissOnlyWords = ['innert', 'allfällig', 'zuhanden', 'Velo', 'Parkierung', 'parkieren', 'Trottoir', 'Natel', 'Perron', 'Pendenz', 'speditiv', 'Couvert', 'Znüni', 'grillieren', 'Abwart'];

/**
 * A German text as the store's readers write it: Switzerland and Liechtenstein write "ss" for "ß" and
 * "innert 5 Werktagen" for "innerhalb von 5 Werktagen"; Austria and Germany keep standard German. Other
 * languages and stores pass unchanged. (Mails use it; pages stay in standard German, which Swiss readers
 * read as well.)
 */
export function regionalGerman(text: string, store: StoreKey, lang: Language): string {
  if (lang !== 'de' || (store !== 'ch' && store !== 'li')) return text;
  return text.replace(/ß/g, 'ss').replace(/\binnerhalb von (\d)/g, 'innert $1');
}
