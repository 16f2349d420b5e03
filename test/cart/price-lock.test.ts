// The accessible price lock (WCAG 2.2.1 Timing Adjustable), with time from a fake clock: nothing is said
// while the prices hold; 30 s before they run out a polite message says so; when new prices are there one
// action takes them; what the customer typed stays all along. The live region speaks at these moments
// only, never with every second.
import 'global-jsdom/register';
import t from 'tap';
import FakeTimers from '@sinonjs/fake-timers';
import { createElement as h, useEffect, useState } from 'react';
import { act, cleanup, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { PriceLockNotice, priceLockState, PRICE_LOCK_WARN_MS } from '../../views/components/cart/PriceLockNotice.tsx';
import { renderInShop, text } from './ui.tsx';

const T0 = Date.parse('2026-11-23T12:00:00.000Z');

t.afterEach(() => cleanup());

t.test('the states follow the clock and the newest prices', async (t) => {
  const base = { validUntil: T0 + 180_000, latestValidUntil: T0 + 180_000, refreshing: false };
  t.equal(priceLockState({ ...base, now: 0 }), 'held', 'nothing before the clock is known (server, first render)');
  t.equal(priceLockState({ ...base, now: T0 }), 'held');
  t.equal(priceLockState({ ...base, now: T0 + 180_000 - PRICE_LOCK_WARN_MS - 1 }), 'held');
  t.equal(priceLockState({ ...base, now: T0 + 180_000 - PRICE_LOCK_WARN_MS }), 'expiring');
  t.equal(priceLockState({ ...base, now: T0 + 180_000 }), 'expired');
  t.equal(priceLockState({ ...base, now: T0 + 181_000, latestValidUntil: T0 + 360_000 }), 'new-prices');
  t.equal(priceLockState({ ...base, now: T0 + 181_000, latestValidUntil: T0 + 360_000, refreshing: true }), 'expired', 'not while the shop recalculates');
  t.ok(PRICE_LOCK_WARN_MS >= 20_000, 'WCAG 2.2.1: at least 20 s to act on the warning');
});

t.test('review with a fake clock: told politely 30 s ahead, new prices taken with one action, the comment kept', async (t) => {
  // the shop's clock and its one-second tick are fake; setTimeout stays real (Testing Library drains with it)
  const clock = FakeTimers.install({ now: T0, toFake: ['Date', 'setInterval', 'clearInterval'] });
  t.teardown(() => clock.uninstall());
  const user = userEvent.setup({ delay: null });
  let takes = 0;
  let announceLatest: (v: number) => void = () => {};

  // The review around the notice: a comment field, the shop's clock ticking each second, and the shop's
  // newest prices, as the live price state gives them.
  function Review() {
    const [now, setNow] = useState(Date.now());
    const [latest, setLatest] = useState(T0 + 180_000);
    const [validUntil, setValidUntil] = useState(T0 + 180_000);
    announceLatest = setLatest;
    useEffect(() => {
      const id = setInterval(() => setNow(Date.now()), 1000);
      return () => clearInterval(id);
    }, []);
    return h('form', null,
      h('label', { htmlFor: 'comment' }, 'Comment'),
      h('textarea', { id: 'comment', defaultValue: '' }),
      h(PriceLockNotice, {
        validUntil, now, latestValidUntil: latest, refreshing: false, total: 'CHF 3,470.00',
        onTakeNewPrices: async () => {
          takes++;
          setValidUntil(latest);
        },
      }));
  }
  renderInShop(h(Review));
  const lock = screen.getByTestId('price-lock');
  const region = screen.getByRole('status');
  t.equal(lock.dataset.state, 'held');
  t.equal(text(region), '', 'the live region is there from the start and silent');

  await user.type(screen.getByRole('textbox', { name: 'Comment' }), 'Pick-up on Friday');
  await act(async () => clock.tick(149_000 - (Date.now() - T0)));
  t.equal(lock.dataset.state, 'held', 'at 2:29 nothing is said');
  await act(async () => clock.tick(1_000));
  t.equal(lock.dataset.state, 'expiring', '30 s before the end');
  const warning = text(region);
  t.match(warning, /held for less than 30 more seconds.*everything you entered stays/);
  await act(async () => clock.tick(10_000));
  t.equal(text(region), warning, 'the message does not change with every second');
  t.notOk(screen.queryByRole('button', { name: 'Take the new prices' }), 'no button before new prices exist');

  await act(async () => clock.tick(20_000));
  t.equal(lock.dataset.state, 'expired');
  t.match(text(region), /Your prices have run out/);
  // the next recalculation is announced: new prices for another 180 s
  await act(async () => announceLatest(T0 + 360_000));
  t.equal(lock.dataset.state, 'new-prices');
  t.match(text(region), /New prices are available/);
  await user.click(screen.getByRole('button', { name: 'Take the new prices' }));
  // the take is asynchronous (the cart is asked for the new prices): let its answer settle (a loaded
  // machine may still be in it when the click returns)
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0)); // setTimeout is not faked here: one turn of the event loop
  });
  t.equal(takes, 1, 'one action');
  t.equal(lock.dataset.state, 'taken');
  t.equal(text(region), 'The new prices apply now. New total: CHF 3,470.00.');
  t.equal((screen.getByRole('textbox', { name: 'Comment' }) as HTMLTextAreaElement).value, 'Pick-up on Friday', 'nothing typed is lost');

  await act(async () => clock.tick(150_000));
  t.equal(lock.dataset.state, 'expiring', 'the next warning comes 30 s before the new prices run out');
});

t.test('a failed take says so (spec 8) and keeps the offer', async (t) => {
  const user = userEvent.setup();
  renderInShop(h(PriceLockNotice, {
    validUntil: T0 + 180_000, now: T0 + 181_000, latestValidUntil: T0 + 360_000, refreshing: false,
    onTakeNewPrices: async () => ({ data: null, error: { code: 'service_unavailable', status: 502, message: 'x' } }),
  }));
  await user.click(screen.getByRole('button', { name: 'Take the new prices' }));
  t.equal(text(screen.getByRole('status')), 'Something went wrong while recalculating your cart. Please reload the page.');
  t.ok(screen.getByRole('button', { name: 'Take the new prices' }), 'still offered');
});
