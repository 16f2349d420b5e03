// Issue 16, the browser after a price tick (spec 4: outside the cart and checkout pages the carts show the new
// prices): the tab reads its carts again (GET /api/carts?prices=current) once, at a random moment within the
// spread, and never writes (no POST .../recalculate). A hidden tab, a tab on the cart or checkout page (their
// carts hold their prices) and a tab without goods ask nothing. Time comes from a fake clock.
import 'global-jsdom/register';
import t, { type Test } from 'tap';
import FakeTimers from '@sinonjs/fake-timers';
import { mutate } from 'swr';
import { CART_REFRESH_SPREAD_MS, afterPriceUpdate, pricesTaken } from '../../views/state/cart-prices.ts';
import { CARTS_KEY, holdCartPrices, refreshCartsAfterPriceUpdate, type CartsState } from '../../client/state/cart-store.ts';
import { setSession } from '../../client/state/session.ts';
import { cart, productLine } from './ui.tsx';

const newPrices = cart({ priceSetId: 'ps-2', heldPriceSetId: 'ps-1', lineItems: [productLine({ price: { type: 'buy', centAmount: 350_000, minQuantity: 1, taxCentAmount: 0 } })] });

function stubFetch(t: Test) {
  const calls: { method: string; url: string }[] = [];
  const original = globalThis.fetch;
  globalThis.fetch = (async (url: string, init?: RequestInit) => {
    calls.push({ method: init?.method ?? 'GET', url: String(url) });
    return new Response(JSON.stringify({ carts: [newPrices] }), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  t.teardown(() => {
    globalThis.fetch = original;
  });
  return calls;
}

function fakeClock(t: Test, random = 0.5) {
  const clock = FakeTimers.install({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  const r = Math.random;
  Math.random = () => random;
  t.teardown(() => {
    clock.uninstall();
    Math.random = r;
  });
  return clock;
}

async function withCarts(carts: CartsState) {
  setSession({ level: 'anonymous' });
  await mutate(CARTS_KEY, carts, { revalidate: false });
}

function visibility(t: Test, state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  t.teardown(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
  });
}

t.test('a visible tab reads its carts once within the spread, shows the new prices and writes nothing', async (t) => {
  const calls = stubFetch(t);
  const clock = fakeClock(t, 0.5);
  await withCarts({ buy: cart(), sell: null });
  const done = refreshCartsAfterPriceUpdate();
  void refreshCartsAfterPriceUpdate(); // a second announcement while the read waits adds none
  await clock.tickAsync(CART_REFRESH_SPREAD_MS / 2 - 1);
  t.same(calls, [], 'nothing at the tick itself: the reads of all tabs are spread');
  await clock.tickAsync(1);
  await done;
  await clock.runAllAsync();
  t.same(calls, [{ method: 'GET', url: '/api/carts?prices=current' }], 'one read, no recalculation');
  const shown = await mutate<CartsState>(CARTS_KEY, (s) => s, { revalidate: false });
  t.equal(shown?.buy?.lineItems[0].price?.centAmount, 350_000, 'the cart shows the new price');
  t.equal(pricesTaken(shown!.buy!, Date.parse('2026-11-23T12:01:00.000Z')), false, 'and knows it does not hold them yet: the cart page takes them on arrival');
});

t.test('a hidden tab, the cart and checkout pages and a tab without goods ask nothing', async (t) => {
  const calls = stubFetch(t);
  const clock = fakeClock(t);
  await withCarts({ buy: cart(), sell: null });
  visibility(t, 'hidden');
  await refreshCartsAfterPriceUpdate();
  visibility(t, 'visible');
  const release = holdCartPrices();
  await refreshCartsAfterPriceUpdate();
  release();
  await withCarts({ buy: cart({ lineItems: [] }), sell: null });
  await refreshCartsAfterPriceUpdate();
  await clock.runAllAsync();
  t.same(calls, []);
});

t.test('the spread: 1,000 tabs ask over the whole window, never all in one second', async (t) => {
  let seed = 42;
  const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
  const delays = Array.from({ length: 1000 }, () => afterPriceUpdate({ visible: true, holdsPrices: false, cartsWithLines: 1 }, random))
    .map((p) => (p.read ? p.delayMs : -1));
  t.ok(delays.every((d) => d >= 0 && d < CART_REFRESH_SPREAD_MS));
  const perSecond = new Map<number, number>();
  for (const d of delays) perSecond.set(Math.floor(d / 1000), (perSecond.get(Math.floor(d / 1000)) ?? 0) + 1);
  t.ok(Math.max(...perSecond.values()) < 100, `at most ${Math.max(...perSecond.values())} of 1,000 in any second`);
});
