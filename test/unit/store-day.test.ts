// "Today" for the back office's lists over every company: documents are filed under their store's local day,
// so at 23:30 UTC (00:30 in Zurich) the documents screen's default period must already reach the next day, or
// the invoices issued since midnight there are missing from the accountant's list (found by the back office's
// axe sweep run after 23:00 UTC). An order's value date defaults to its own store's day.
import t from 'tap';
import { dayInStore, latestStoreDay } from '../../src/stores.ts';
import { paymentDueBy, reminderAfter } from '../../src/commerce/lib/working-days.ts';

t.test('the latest day any store has reached', async (t) => {
  t.equal(latestStoreDay(new Date('2026-11-29T23:30:00Z')), '2026-11-30', '00:30 in Zurich: the next day');
  t.equal(latestStoreDay(new Date('2026-11-29T12:00:00Z')), '2026-11-29');
  t.equal(latestStoreDay(new Date('2026-11-30T03:00:00Z')), '2026-11-30', '22:00 in New York the day before: the latest day counts');
  t.equal(latestStoreDay(new Date('2026-06-30T22:30:00Z')), '2026-07-01', 'summer time: 00:30 in Vienna');
});

t.test('a store\'s own day', async (t) => {
  t.equal(dayInStore('ch', new Date('2026-11-29T23:30:00Z')), '2026-11-30');
  t.equal(dayInStore('us', new Date('2026-11-29T23:30:00Z')), '2026-11-29');
  t.equal(dayInStore('us', new Date('2026-11-30T03:00:00Z')), '2026-11-29');
});

t.test('commerce counts an order\'s working days from its store\'s day', async (t) => {
  // Sunday 29 November 23:30 UTC: Monday already in Zurich, still Sunday in New York
  const at = new Date('2026-11-29T23:30:00Z');
  t.equal(paymentDueBy(at, 'ch'), '2026-12-07', 'Zurich: from Monday 30 November, five working days');
  t.equal(paymentDueBy(at, 'us'), '2026-12-04', 'New York: from Sunday, five working days');
  t.equal(reminderAfter(at, 'ch'), '2026-12-03');
  t.equal(reminderAfter(at, 'us'), '2026-12-02');
});
