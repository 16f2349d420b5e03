// "Open now" (spec 2 store detail: opening hours): whether a store is open at an instant, in the store's own
// time zone whatever the visitor's, closures first (src/content/README.md "Open now"). Pure: the instant
// is an argument, so tests use fixed instants and the page computes it in the browser after hydration
// (the server and the first browser render show the same neutral text; the guest page cache serves one
// HTML to everyone at every moment).
import type { Closure, OpeningHours, Weekday } from '../../src/contracts/content.ts';

export const weekdays: readonly Weekday[] = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export interface StoreHours {
  timezone: string;
  openingHours: OpeningHours[];
  closures: Closure[];
}

/** A wall-clock moment in the store's zone. */
export interface LocalMoment {
  /** YYYY-MM-DD */
  date: string;
  /** 0 = Monday ... 6 = Sunday */
  weekday: number;
  /** minutes since local midnight */
  minutes: number;
}

export type OpeningStatus =
  | { open: true; closesAt: string }
  /** next: the next opening in local time (null: none within two weeks); closure: today's, when one applies */
  | { open: false; next: { date: string; weekday: number; time: string; daysAhead: number } | null; closure: Closure | null };

const partsFormats = new Map<string, Intl.DateTimeFormat>();

/** The instant as the store's local date, weekday and time (Intl knows the zone's DST rules). */
export function localMoment(instant: Date, timeZone: string): LocalMoment {
  let f = partsFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', weekday: 'long' });
    partsFormats.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(instant).map((x) => [x.type, x.value]));
  return {
    date: `${p.year}-${p.month}-${p.day}`,
    weekday: weekdays.indexOf(p.weekday as Weekday),
    minutes: Number(p.hour) * 60 + Number(p.minute),
  };
}

export const toMinutes = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether an entry covers a weekday (dayFrom..dayTo, wrapping past Sunday: Saturday..Monday). */
export function coversDay(h: OpeningHours, weekday: number): boolean {
  const from = weekdays.indexOf(h.dayFrom);
  const to = weekdays.indexOf(h.dayTo);
  return from <= to ? weekday >= from && weekday <= to : weekday >= from || weekday <= to;
}

/** Calendar arithmetic on YYYY-MM-DD (UTC dates, so no DST can shift a day). */
function addDays(date: string, n: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

export function closureOn(store: Pick<StoreHours, 'closures'>, date: string): Closure | null {
  return store.closures.find((c) => c.from <= date && date <= c.to) ?? null;
}

/** How far ahead "closed, opens at ..." looks (closures last a few days at most). */
const LOOKAHEAD_DAYS = 14;

export function openingStatus(store: StoreHours, instant: Date): OpeningStatus {
  const now = localMoment(instant, store.timezone);
  const closure = closureOn(store, now.date);
  if (!closure) {
    // open if an entry covers the weekday and time: from inclusive, to exclusive
    const current = store.openingHours.find((h) => coversDay(h, now.weekday) && toMinutes(h.from) <= now.minutes && now.minutes < toMinutes(h.to));
    if (current) return { open: true, closesAt: current.to };
  }
  for (let ahead = 0; ahead <= LOOKAHEAD_DAYS; ahead++) {
    const date = addDays(now.date, ahead);
    if (closureOn(store, date)) continue;
    const weekday = (now.weekday + ahead) % 7;
    const starts = store.openingHours
      .filter((h) => coversDay(h, weekday) && (ahead > 0 || toMinutes(h.from) > now.minutes))
      .map((h) => h.from)
      .sort();
    if (starts.length) return { open: false, next: { date, weekday, time: starts[0], daysAhead: ahead }, closure };
  }
  return { open: false, next: null, closure };
}

/** The opening hours grouped per weekday, Monday first: each day's ranges in time order ([] = closed). */
export function hoursByDay(hours: OpeningHours[]): { weekday: number; ranges: { from: string; to: string }[] }[] {
  return weekdays.map((_, weekday) => ({
    weekday,
    ranges: hours.filter((h) => coversDay(h, weekday)).map((h) => ({ from: h.from, to: h.to })).sort((a, b) => a.from.localeCompare(b.from)),
  }));
}

/** Closures that end today or later, in date order (the page lists the coming ones). */
export function upcomingClosures(store: StoreHours, instant: Date): Closure[] {
  const today = localMoment(instant, store.timezone).date;
  return store.closures.filter((c) => c.to >= today).sort((a, b) => a.from.localeCompare(b.from));
}
