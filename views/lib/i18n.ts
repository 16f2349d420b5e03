// Every UI string in both languages (locales/en.json, locales/de.json) through rosetta, and the one
// formatter for money and dates (spec 9: US MM/DD/YYYY, others DD/MM/YYYY; amounts are integer cents).
import rosetta from 'rosetta';
import en from '../../locales/en.json' with { type: 'json' };
import de from '../../locales/de.json' with { type: 'json' };
import type { Currency, Language, LocaleTag } from '../../src/stores.ts';

const i18n = rosetta<Record<string, unknown>>({ en, de });

export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** A translator bound to a language. Unknown keys return the key itself, so a gap is visible in review. */
export function translator(lang: Language): Translate {
  return (key, params) => {
    const s = i18n.t(key, params ?? {}, lang);
    return s === '' ? key : s;
  };
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** Formats integer cents in a currency for a locale (e.g. de-CH: "CHF 1’234.50", en-US: "$1,234.50"). */
export function formatMoney(cents: number, currency: Currency, locale: LocaleTag): string {
  const key = `${locale}|${currency}`;
  let f = moneyFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });
    moneyFormats.set(key, f);
  }
  return normalize(f.format(cents / 100));
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

export function formatDate(value: Date | string | number, locale: LocaleTag): string {
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
  return { en: flat(en), de: flat(de) };
}
