// The limit-order form's input rules (spec 5: target price at most 500,000.00, expiry date and time
// required and in the future) and the conversions between what people type and what the API takes.
// Pure functions, so the form and its tests share them.

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

/** The expiry the date (YYYY-MM-DD) and time (HH:MM) inputs name, in the browser's time zone; null when incomplete. */
export function expiryOf(date: string, time: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null;
  const d = new Date(`${date}T${time}:00`);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** The date and time inputs' values for an instant, in the browser's time zone. */
export function expiryInputs(at: Date): { date: string; time: string } {
  const p = (n: number) => String(n).padStart(2, '0');
  return { date: `${at.getFullYear()}-${p(at.getMonth() + 1)}-${p(at.getDate())}`, time: `${p(at.getHours())}:${p(at.getMinutes())}` };
}

/** spec 3: the expiry in days from now, counted like the service (whole days left; 0 on its last day). */
export function daysUntil(at: Date, now: number): number {
  return Math.max(0, Math.floor((at.getTime() - now) / DAY_MS));
}

/** Decision: a new limit order expires in 30 days at 18:00 unless the customer chooses otherwise. After
 * 18:00 that would be a little less than 30 whole days ("in 29 days"): then it is the day after, at 18:00. */
export function defaultExpiry(now: number): Date {
  const d = new Date(now + 30 * DAY_MS);
  d.setHours(18, 0, 0, 0);
  if (daysUntil(d, now) < 30) d.setDate(d.getDate() + 1);
  return d;
}

export interface LimitOrderValues {
  target: string;
  quantity: string;
  date: string;
  time: string;
}

export type LimitOrderField = keyof LimitOrderValues;

/** Field -> i18n key of its message (validation.*), in the order the form shows them. */
export function limitOrderProblems(v: LimitOrderValues, now: number): Partial<Record<LimitOrderField, string>> {
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
  const at = expiryOf(v.date, v.time);
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
