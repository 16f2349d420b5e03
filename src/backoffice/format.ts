// Language, locale formatting and the amounts staff type, for the back office. Dates and amounts go through
// the shop's one formatter (src/i18n.ts); the back office is run from Switzerland (de-CH) and reads English
// in British form (DD/MM/YYYY, like every European store).
// Issue 28: an order's amounts and weights are written as its store writes them, in the operator's language
// (a German order "1.297,08 €", not "EUR 1'297.08"; a Swiss one "CHF 1'297.08"), so that staff read the figures
// the customer's mail and invoice show. Decision: dates and times stay in the back office's one form (Zurich
// time, DD/MM/YYYY): a list of orders from five stores must not mix day-first and month-first dates.
import { formatDate, formatMoney, formatNumber, formatTime, translator, type Translate } from '../i18n.ts';
import { localeFor, type Currency, type Language, type LocaleTag, type StoreKey } from '../stores.ts';

export const languages: Language[] = ['en', 'de'];

export interface Fmt {
  lang: Language;
  locale: LocaleTag;
  /** a back-office string: t('queue.title') reads backoffice.queue.title */
  t: Translate;
  /** any key of the locale files (validation.<code> for field messages) */
  tAny: Translate;
  money(m: { centAmount: number; currencyCode: string }): string;
  /** an amount as a form's prefilled value, without currency ("1.297,08"); parseAmount reads it back */
  amountInput(m: { centAmount: number; currencyCode: string }): string;
  date(iso: string): string;
  dateTime(iso: string): string;
  grams(n: number): string;
  /** the same, with amounts and weights in the conventions of an order's store (see above) */
  forStore(store: StoreKey): Fmt;
}

export function fmtFor(lang: Language, store?: StoreKey): Fmt {
  const locale: LocaleTag = lang === 'de' ? 'de-CH' : 'en-GB';
  const numbers: LocaleTag = store ? localeFor(store, lang) : locale;
  const tAny = translator(lang);
  const money = (m: { centAmount: number; currencyCode: string }) => formatMoney(m.centAmount, m.currencyCode as Currency, numbers);
  return {
    lang,
    locale,
    tAny,
    t: (key, params) => tAny(`backoffice.${key}`, params),
    money,
    // the formatted amount without its currency sign or code: "€ 1.297,08" -> "1.297,08"
    amountInput: (m) => money(m).replace(/^[^\d]+|[^\d]+$/g, ''),
    date: (iso) => formatDate(iso, locale),
    dateTime: (iso) => `${formatDate(iso, locale)} ${formatTime(iso, locale)}`,
    grams: (n) => `${formatNumber(n, numbers, 3)} g`,
    forStore: (s) => fmtFor(lang, s),
  };
}

/** The operator's language: a valid cookie, else the first of Accept-Language we speak, else English. */
export function pickLanguage(cookie: string | undefined, acceptLanguage: string | undefined): Language {
  if (cookie === 'de' || cookie === 'en') return cookie;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0].trim().toLowerCase().slice(0, 2);
    if (tag === 'de' || tag === 'en') return tag;
  }
  return 'en';
}

/**
 * An amount as staff type it, in major units: "1234.50", "1'234.50", "1.234,50", "1234,5", "1234" -> cents.
 * null when it is not an amount (letters, three decimals, negative, zero).
 */
export function parseAmount(raw: string): number | null {
  const s = raw.trim().replace(/[\s'’\u00a0]/g, '').replace(/^(CHF|EUR|USD|\$|€)/i, '');
  if (!/^\d[\d.,]*$/.test(s)) return null;
  const lastSep = Math.max(s.lastIndexOf('.'), s.lastIndexOf(','));
  let whole = s;
  let frac = '';
  if (lastSep >= 0 && s.length - lastSep - 1 <= 2) {
    whole = s.slice(0, lastSep);
    frac = s.slice(lastSep + 1);
  }
  whole = whole.replace(/[.,]/g, '');
  if (!/^\d+$/.test(whole) || !/^\d{0,2}$/.test(frac)) return null;
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return Number.isSafeInteger(cents) && cents > 0 ? cents : null;
}

/** Grams as typed ("31.103", "31,103"), at most 3 decimals; null otherwise. */
/**
 * Grams as typed (7.1, 5,85, 1.005; at most 3 decimals) to whole milligrams, from the text's digits (no
 * floating point on the way: 7.1 g is 7100 mg exactly); null when it is no such number.
 */
export function parseMilligrams(raw: string): number | null {
  const m = /^(\d{1,7})(?:[.,](\d{1,3}))?$/.exec(raw.trim());
  if (!m) return null;
  return Number(m[1]) * 1000 + Number((m[2] ?? '').padEnd(3, '0'));
}

/** Today in Zurich as YYYY-MM-DD (the default value date of a payment or payout). */
export function todayIso(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
