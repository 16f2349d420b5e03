// The one working-day rule of the lifecycle (in the kernel: the confirmation mail, mail/order.ts, promises the
// days the lifecycle counts): a bank transfer is due within 5 working days of the order's
// day (the checkout and the confirmation mail promise "within 5 working days"), a reminder goes out once 3
// have passed, and the order is cancelled once the 5th has passed. Working days are Monday to Friday in
// the store's time zone. Decision: public holidays are not counted as days off: commerce knows no holiday
// calendar (the CMS's store closures are the shops' counter hours, not bank days), and counting them as
// working days only ever makes the deadline earlier by the holidays in between; since the auto-cancel only
// runs the day after the deadline and an operator can still record a late payment of an Open order, a
// customer loses nothing but the price lock of an order not paid. Orders placed before migration 0030 have
// no due date (nothing could record their payments): the job leaves them to finance.
// Decision: the store's day is src/stores.ts's dayInStore (the one copy of the store time zones, shared with
// the storefront and the views); this file counts working days from it.
import { dayInStore, type StoreKey } from '../../stores.ts';

export const PAYMENT_DAYS = 5;
export const REMINDER_DAYS = 3;

/** The n-th working day (Mon-Fri) after the day `iso` (YYYY-MM-DD). */
export function addWorkingDays(iso: string, n: number): string {
  const d = new Date(`${iso}T12:00:00Z`);
  let left = n;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    const wd = d.getUTCDay();
    if (wd !== 0 && wd !== 6) left -= 1;
  }
  return d.toISOString().slice(0, 10);
}

/** The last day a bank transfer for an order placed at `createdAt` may arrive. */
export function paymentDueBy(createdAt: Date, storeKey: StoreKey): string {
  return addWorkingDays(dayInStore(storeKey, createdAt), PAYMENT_DAYS);
}

/** The last day before the reminder: from the next day on, the order is reminded. */
export function reminderAfter(createdAt: Date, storeKey: StoreKey): string {
  return addWorkingDays(dayInStore(storeKey, createdAt), REMINDER_DAYS);
}
