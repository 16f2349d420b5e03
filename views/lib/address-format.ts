// Times and city lines as a country writes them: pure helpers of the contact data block, the store pages and
// the footer's trust bar and legal line (a module of their own: the footer, on every page, no longer brings the
// contact data block and the opening hours' code, issue 27).
import type { LocaleTag } from '../../src/stores.ts';

/** 'HH:MM' as the locale writes times: 24-hour clock, or 12-hour in the US. */
export function formatTime(hhmm: string, locale: LocaleTag): string {
  if (locale !== 'en-US') return hhmm;
  const h = Number(hhmm.slice(0, 2));
  const m = hhmm.slice(3, 5);
  return `${h % 12 === 0 ? 12 : h % 12}:${m}\u00a0${h < 12 ? 'AM' : 'PM'}`;
}

/** The city line as the country writes it: "8001 Zürich", US "New York, NY 10036". */
export function cityLine(c: { postalCode?: string; city?: string; region?: string; country?: string }): string {
  if (c.country === 'US' || (c.region && !c.country)) return `${[c.city, c.region].filter(Boolean).join(', ')} ${c.postalCode ?? ''}`.trim();
  return [c.postalCode, c.city].filter(Boolean).join(' ');
}
