// "Open now" in the store's own time zone, closures first (spec 2 store detail), at fixed instants:
// around the changes to and from summer time in Europe and the US, across midnight and over holidays.
import t from 'tap';
import { coversDay, hoursByDay, localMoment, openingStatus, upcomingClosures, type StoreHours } from '../../views/lib/opening-hours.ts';

const zurich: StoreHours = {
  timezone: 'Europe/Zurich',
  openingHours: [
    { dayFrom: 'Monday', dayTo: 'Friday', from: '09:00', to: '18:00' },
    { dayFrom: 'Saturday', dayTo: 'Saturday', from: '10:00', to: '16:00' },
  ],
  closures: [
    { from: '2026-12-24', to: '2026-12-26', note: 'Weihnachten' },
    { from: '2027-01-01', to: '2027-01-02', note: 'Neujahr und Berchtoldstag' },
  ],
};
const newYork: StoreHours = { timezone: 'America/New_York', openingHours: [{ dayFrom: 'Monday', dayTo: 'Friday', from: '09:00', to: '17:00' }], closures: [] };
const vaduz: StoreHours = {
  timezone: 'Europe/Vaduz',
  openingHours: [
    { dayFrom: 'Monday', dayTo: 'Friday', from: '09:00', to: '12:00' },
    { dayFrom: 'Monday', dayTo: 'Friday', from: '13:30', to: '17:30' },
  ],
  closures: [],
};
const at = (iso: string) => new Date(iso);

t.test('open from the opening minute until the minute before closing, in local time', async (t) => {
  t.same(openingStatus(zurich, at('2026-11-23T08:00:00Z')), { open: true, closesAt: '18:00' }, 'Monday 09:00 in Zurich (UTC+1): open');
  t.match(openingStatus(zurich, at('2026-11-23T16:59:00Z')), { open: true }, '17:59: still open');
  t.same(openingStatus(zurich, at('2026-11-23T17:00:00Z')), { open: false, closure: null, next: { date: '2026-11-24', weekday: 1, time: '09:00', daysAhead: 1 } }, '18:00: closed, opens tomorrow at 09:00');
  t.match(openingStatus(zurich, at('2026-11-23T07:59:00Z')), { open: false, next: { date: '2026-11-23', time: '09:00', daysAhead: 0 } }, '08:59: opens today');
});

t.test('closed over the weekend: the next opening is Monday', async (t) => {
  t.match(openingStatus(zurich, at('2026-11-28T15:30:00Z')), { open: false, next: { date: '2026-11-30', weekday: 0, time: '09:00', daysAhead: 2 } }, 'Saturday 16:30');
  t.match(openingStatus(zurich, at('2026-11-29T11:00:00Z')), { open: false, next: { date: '2026-11-30', daysAhead: 1 } }, 'Sunday noon');
});

t.test('a split day: closed over lunch, open again in the afternoon', async (t) => {
  t.match(openingStatus(vaduz, at('2026-11-24T12:00:00Z')), { open: false, next: { date: '2026-11-24', time: '13:30', daysAhead: 0 } }, '13:00 in Vaduz');
  t.same(openingStatus(vaduz, at('2026-11-24T13:00:00Z')), { open: true, closesAt: '17:30' }, '14:00 in Vaduz');
});

t.test('closures win over the opening hours, and the next opening skips them', async (t) => {
  t.match(openingStatus(zurich, at('2026-12-24T10:00:00Z')), { open: false, closure: { note: 'Weihnachten' }, next: { date: '2026-12-28', weekday: 0, time: '09:00', daysAhead: 4 } }, 'Thursday 24 December, 11:00');
  t.match(openingStatus(zurich, at('2026-12-23T17:30:00Z')), { open: false, closure: null, next: { date: '2026-12-28', daysAhead: 5 } }, 'the evening before');
  t.match(openingStatus(zurich, at('2026-12-31T17:30:00Z')), { open: false, next: { date: '2027-01-04', daysAhead: 4 } }, 'New Year and St. Berchtold\'s Day, then Sunday');
});

t.test('Europe\'s change to summer time (29 March 2026) moves the UTC hour of opening', async (t) => {
  t.match(openingStatus(zurich, at('2026-03-23T07:30:00Z')), { open: false, next: { time: '09:00', daysAhead: 0 } }, 'the Monday before: 07:30 UTC is 08:30 CET');
  t.same(openingStatus(zurich, at('2026-03-30T07:30:00Z')), { open: true, closesAt: '18:00' }, 'the Monday after: 07:30 UTC is 09:30 CEST');
  t.same(localMoment(at('2026-03-29T01:30:00Z'), 'Europe/Zurich'), { date: '2026-03-29', weekday: 6, minutes: 3 * 60 + 30 }, 'the skipped hour: 02:00 becomes 03:00');
});

t.test('and back to winter time (25 October 2026)', async (t) => {
  t.match(openingStatus(zurich, at('2026-10-23T07:30:00Z')), { open: true }, 'Friday before: 09:30 CEST');
  t.match(openingStatus(zurich, at('2026-10-26T07:30:00Z')), { open: false, next: { time: '09:00', daysAhead: 0 } }, 'Monday after: 08:30 CET');
});

t.test('New York follows its own change (8 March 2026), three weeks before Europe\'s', async (t) => {
  t.match(openingStatus(newYork, at('2026-03-02T13:30:00Z')), { open: false, next: { time: '09:00', daysAhead: 0 } }, '08:30 EST');
  t.same(openingStatus(newYork, at('2026-03-09T13:30:00Z')), { open: true, closesAt: '17:00' }, '09:30 EDT');
  t.match(openingStatus(zurich, at('2026-03-09T13:30:00Z')), { open: true }, 'the same instant is 14:30 in Zurich');
});

t.test('the store\'s local date counts, not the UTC date', async (t) => {
  // Friday 23:30 in New York is already Saturday in UTC
  t.same(localMoment(at('2026-11-28T04:30:00Z'), 'America/New_York'), { date: '2026-11-27', weekday: 4, minutes: 23 * 60 + 30 });
  t.match(openingStatus(newYork, at('2026-11-28T04:30:00Z')), { open: false, next: { date: '2026-11-30', weekday: 0, daysAhead: 3 } });
});

t.test('no opening within two weeks: closed, with no next opening', async (t) => {
  const shut: StoreHours = { ...zurich, closures: [{ from: '2026-07-01', to: '2026-08-31', note: 'Umbau' }] };
  t.same(openingStatus(shut, at('2026-07-15T10:00:00Z')), { open: false, next: null, closure: { from: '2026-07-01', to: '2026-08-31', note: 'Umbau' } });
});

t.test('days of a week and ranges that wrap past Sunday', async (t) => {
  const weekend = { dayFrom: 'Saturday' as const, dayTo: 'Monday' as const, from: '10:00', to: '12:00' };
  t.same([0, 1, 4, 5, 6].map((d) => coversDay(weekend, d)), [true, false, false, true, true]);
  t.same(hoursByDay(vaduz.openingHours)[0].ranges, [{ from: '09:00', to: '12:00' }, { from: '13:30', to: '17:30' }]);
  t.same(hoursByDay(zurich.openingHours)[6].ranges, [], 'Sunday closed');
});

t.test('coming closures are those that have not ended yet, in the store\'s zone', async (t) => {
  t.same(upcomingClosures(zurich, at('2026-12-25T12:00:00Z')).map((c) => c.note), ['Weihnachten', 'Neujahr und Berchtoldstag']);
  t.same(upcomingClosures(zurich, at('2026-12-26T23:30:00Z')).map((c) => c.note), ['Neujahr und Berchtoldstag'], '00:30 on the 27th in Zurich');
});
