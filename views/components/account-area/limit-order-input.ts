// The limit-order form's input rules (spec 5: target price at most 500,000.00, expiry date and time
// required and in the future) and the conversions between what people type and what the API takes.
// Pure functions, so the form and its tests share them.

import { wallClock } from './store-time.ts';
/** spec 5 / 9: the highest target unit price, in cents */
import { LIMIT_PRICE_MAX_CENTS } from '../../../src/contracts/cart-limits.ts';
export { LIMIT_PRICE_MAX_CENTS };
const DAY_MS = 86_400_000;

/**
 * A money amount as typed ("1234.50", "1'234,50", "1.234,50", "1 234") in cents; null when it is not one.
 * With both separators the last one is the decimal mark; a lone separator followed by exactly three digits
 * groups thousands ("1.234"), otherwise it is the decimal mark.
 */
export function parseAmount(input: string): number | null {
  const v = input.replace(/[\s'’]/g, '');
  if (!/^\d[\d.,]*$/.test(v)) return null;
  const lastDot = v.lastIndexOf('.');
  const lastComma = v.lastIndexOf(',');
  let intPart = v;
  let frac = '';
  const mark = Math.max(lastDot, lastComma);
  if (mark >= 0) {
    const both = lastDot >= 0 && lastComma >= 0;
    const after = v.slice(mark + 1);
    const single = (v.match(/[.,]/g) ?? []).length === 1;
    if (both || (single && after.length !== 3)) {
      intPart = v.slice(0, mark);
      frac = after;
    }
  }
  intPart = intPart.replace(/[.,]/g, '');
  if (frac.length > 2 || /[.,]/.test(frac) || intPart === '') return null;
  return Number(intPart) * 100 + Number((frac + '00').slice(0, 2));
}

/** cents as the input shows them (no grouping, '.' or ',' as the locale writes decimals) */
export function amountInput(cents: number, decimalMark: '.' | ','): string {
  const s = (cents / 100).toFixed(2);
  return decimalMark === ',' ? s.replace('.', ',') : s;
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function zoneOffset(at: number, timeZone: string): number {
  const [y, mo, d, h, mi, s] = wallClock(at, timeZone);
  return Date.UTC(y, mo - 1, d, h, mi, s) - Math.floor(at / 1000) * 1000;
}

/**
 * The expiry the date (YYYY-MM-DD) and time (HH:MM) inputs name, in the STORE's time zone (issue 28: not the
 * browser's; the page names the zone beside the fields and shows the expiry in it); null when incomplete or
 * not a date.
 */
export function expiryOf(date: string, time: string, timeZone: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null;
  const [y, mo, d] = date.split('-').map(Number);
  const [h, mi] = time.split(':').map(Number);
  if (h > 23 || mi > 59) return null;
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const check = new Date(wall);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  // twice: the offset at the first guess may be the other side of a daylight-saving change
  const first = wall - zoneOffset(wall, timeZone);
  return new Date(wall - zoneOffset(first, timeZone));
}

/** The date and time inputs' values for an instant, in the store's time zone. */
export function expiryInputs(at: Date, timeZone: string): { date: string; time: string } {
  const p = (n: number) => String(n).padStart(2, '0');
  const [y, mo, d, h, mi] = wallClock(at.getTime(), timeZone);
  return { date: `${y}-${p(mo)}-${p(d)}`, time: `${p(h)}:${p(mi)}` };
}

/** spec 3: the expiry in days from now, counted like the service (whole days left; 0 on its last day). */
export function daysUntil(at: Date, now: number): number {
  return Math.max(0, Math.floor((at.getTime() - now) / DAY_MS));
}

/** Decision: a new limit order expires in 30 days at 18:00 (store time) unless the customer chooses otherwise. After
 * 18:00 that would be a little less than 30 whole days ("in 29 days"): then it is the day after, at 18:00. */
export function defaultExpiry(now: number, timeZone: string): Date {
  const { date } = expiryInputs(new Date(now + 30 * DAY_MS), timeZone);
  const d = expiryOf(date, '18:00', timeZone)!;
  if (daysUntil(d, now) >= 30) return d;
  const next = new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)) + 1)).toISOString().slice(0, 10);
  return expiryOf(next, '18:00', timeZone)!;
}

export interface LimitOrderValues {
  target: string;
  quantity: string;
  date: string;
  time: string;
}

export type LimitOrderField = keyof LimitOrderValues;

/** Field -> i18n key of its message (validation.*), in the order the form shows them. */
export function limitOrderProblems(v: LimitOrderValues, now: number, timeZone: string): Partial<Record<LimitOrderField, string>> {
  const out: Partial<Record<LimitOrderField, string>> = {};
  const cents = parseAmount(v.target);
  if (v.target.trim() === '') out.target = 'validation.required';
  else if (cents === null || cents < 1) out.target = 'validation.invalid_value';
  else if (cents > LIMIT_PRICE_MAX_CENTS) out.target = 'validation.limit_price_too_high';
  const q = v.quantity.trim();
  if (q === '') out.quantity = 'validation.required';
  else if (!/^\d+$/.test(q) || Number(q) < 1 || Number(q) > 10000) out.quantity = 'validation.invalid_value';
  if (v.date === '') out.date = 'validation.required';
  if (v.time === '') out.time = 'validation.required';
  const at = expiryOf(v.date, v.time, timeZone);
  if (v.date !== '' && v.time !== '') {
    if (!at) out.date = 'validation.invalid_date';
    else if (at.getTime() <= now) out.date = 'validation.date_in_past';
  }
  return out;
}

/**
 * Issue 17: a limit that the current price already meets executes at the next price set, not at the limit's
 * own moment: a buy limit at or above the current price per piece, a sell limit at or below it. The i18n key
 * of the notice the form shows before saving; null when the limit waits for the price (or nothing to compare).
 */
export function limitMetNotice(side: 'buy' | 'sell', targetCents: number | null, currentCents: number | null | undefined): string | null {
  if (targetCents === null || targetCents < 1 || currentCents == null) return null;
  if (side === 'buy') return targetCents >= currentCents ? 'limitOrders.aboveCurrent' : null;
  return targetCents <= currentCents ? 'limitOrders.belowCurrent' : null;
}

/** Issue 17: the form's values kept while the customer adds an address (sessionStorage, this tab only), at most an hour. */
const DRAFT_MAX_AGE_MS = 3_600_000;

export function draftOf(stored: string | null, now: number): LimitOrderValues | null {
  if (!stored) return null;
  try {
    const d = JSON.parse(stored) as { at?: unknown; values?: Partial<Record<LimitOrderField, unknown>> };
    if (typeof d.at !== 'number' || now - d.at > DRAFT_MAX_AGE_MS || now < d.at || !d.values) return null;
    const v = d.values;
    const str = (x: unknown) => (typeof x === 'string' ? x.slice(0, 40) : '');
    return { target: str(v.target), quantity: str(v.quantity), date: str(v.date), time: str(v.time) };
  } catch {
    return null;
  }
}

export function draftText(values: LimitOrderValues, now: number): string {
  return JSON.stringify({ at: now, values });
}
