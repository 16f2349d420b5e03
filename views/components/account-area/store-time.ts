// An instant on the store's wall clock (issue 28: limit-order expiries are in the store's time zone, not the
// browser's). Its own module: every account page names expiries (labels.tsx limitOrderExpiry), only the
// limit-order form needs the parsing and rules of limit-order-input.ts, which builds on this (issue 27:
// lighter account pages).

/** The wall clock (YYYY, MM, DD, hh, mm, ss) of an instant in a time zone. */
export function wallClock(at: number, timeZone: string): number[] {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
  }).formatToParts(new Date(at));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return [get('year'), get('month'), get('day'), get('hour'), get('minute'), get('second')];
}

/** "12/29/2026 06:00 PM" / "29/12/2026 18:00": an instant in the store's zone, dates written like formatDate's. */
export function storeDateTime(iso: string, locale: string, timeZone: string): string {
  const at = Date.parse(iso);
  const [y, mo, d] = wallClock(at, timeZone);
  const p = (n: number) => String(n).padStart(2, '0');
  const date = locale === 'en-US' ? `${p(mo)}/${p(d)}/${y}` : `${p(d)}/${p(mo)}/${y}`;
  return `${date} ${new Intl.DateTimeFormat(locale, { timeZone, hour: '2-digit', minute: '2-digit' }).format(new Date(at))}`;
}
