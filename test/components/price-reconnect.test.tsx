// The live-price connection when it is lost and when the tab comes back (spec 4 and 7), on a fake clock:
// a lost connection is re-established 10 s later, not sooner; a hidden tab waits and reconnects the moment
// it becomes visible; a tab that comes back after its prices' 180 s asks for new prices at once, one that
// comes back in time asks nothing. The price hub's socket and the storefront's /api/prices are faked at the
// browser's boundary.
import './render.tsx';
import t, { type Test } from 'tap';
import { act, screen } from '@testing-library/react';
import { useProductPrice } from '../../views/hooks/usePrices.ts';
import { getPriceState } from '../../client/state/price-socket.ts';
import { priceTiming } from '../../src/contracts/price-stream-constants.ts';
import { fakeApi, renderInShop } from './render.tsx';
import { FakeSocket, finished, iso, startLivePrices } from './live-prices.ts';

const T0 = Date.parse('2026-11-23T12:00:00.000Z');

let visibility: DocumentVisibilityState = 'visible';
Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });

function setup(t: Test) {
  visibility = 'visible';
  t.teardown(() => {
    visibility = 'visible';
  });
  const { clock, tick } = startLivePrices(t, T0);
  /** the tab is hidden or shown, as the browser tells the page */
  const show = (state: DocumentVisibilityState) => act(async () => {
    visibility = state;
    document.dispatchEvent(new window.Event('visibilitychange'));
    await clock.tickAsync(0);
  });
  return { clock, tick, show };
}

t.test('a lost connection comes back after 10 s, not before, and the page shows it as connected again', async (t) => {
  const { tick } = setup(t);
  await act(async () => FakeSocket.last!.open());
  t.equal(getPriceState().connection, 'open');
  await act(async () => FakeSocket.last!.drop());
  t.equal(getPriceState().connection, 'closed', 'the page knows the prices are not live');
  await tick(priceTiming.reconnectMs - 1);
  t.equal(FakeSocket.made.length, 1, 'no new connection within 10 s (spec 7)');
  await tick(1);
  t.equal(FakeSocket.made.length, 2, 'a new connection at 10 s');
  t.match(FakeSocket.last!.url, /^ws:\/\/[^/]+\/ws\/prices$/, 'to the same place');
  await act(async () => FakeSocket.last!.open());
  t.equal(getPriceState().connection, 'open');
  // it keeps trying while the hub is away: each failed attempt waits 10 s again
  await act(async () => FakeSocket.last!.drop());
  await tick(priceTiming.reconnectMs);
  await act(async () => FakeSocket.last!.drop());
  await tick(priceTiming.reconnectMs - 1);
  t.equal(FakeSocket.made.length, 3);
  await tick(1);
  t.equal(FakeSocket.made.length, 4);
});

t.test('a hidden tab does not reconnect; it reconnects at once when it becomes visible', async (t) => {
  const { tick, show } = setup(t);
  await act(async () => FakeSocket.last!.open());
  await show('hidden');
  await act(async () => FakeSocket.last!.drop());
  await tick(5 * 60_000);
  t.equal(FakeSocket.made.length, 1, 'five minutes hidden: no connection attempt');
  await show('visible');
  t.equal(FakeSocket.made.length, 2, 'visible again: connected at once, no 10 s wait');
  await show('hidden');
  await show('visible');
  t.equal(FakeSocket.made.length, 2, 'a connection that is there (or on its way) is not made twice');
  await act(async () => FakeSocket.last!.open());
  await show('hidden');
  await show('visible');
  t.equal(FakeSocket.made.length, 2, 'nor one that is open');
});

t.test('a tab that comes back after its prices ran out asks for new prices at once; one back in time asks nothing', async (t) => {
  const { tick, show } = setup(t);
  const api = fakeApi({
    'GET /api/prices/products': { body: { lastRecalculatedAt: iso(T0), products: [{ sku: 'TEST-A', prices: [{ type: 'buy', centAmount: 10_000, minQuantity: 1 }] }] } },
  });
  t.teardown(api.restore);
  function Price() {
    const { prices } = useProductPrice('TEST-A');
    return <p data-testid="price">{prices ? prices.prices[0].centAmount : 'loading'}</p>;
  }
  await act(async () => {
    FakeSocket.last!.open();
    FakeSocket.last!.deliver(finished(T0));
  });
  renderInShop(<Price />);
  await tick(priceTiming.batchMs + 10);
  t.equal(screen.getByTestId('price').textContent, '10000');
  const asked = () => api.calls.filter((c) => c.path === '/api/prices/products').length;
  t.equal(asked(), 1);

  // hidden for a minute: the prices are still valid when the visitor comes back
  await show('hidden');
  await tick(60_000);
  await show('visible');
  await tick(priceTiming.batchMs + 10);
  t.equal(asked(), 1, 'prices still valid: nothing asked');

  // hidden past the 180 s (a throttled background tab misses the hub's announcement)
  await show('hidden');
  await tick(150_000);
  t.equal(asked(), 1, 'a hidden tab with an open connection waits for the hub');
  await show('visible');
  await tick(priceTiming.batchMs + 10);
  t.equal(asked(), 2, 'back after the prices ran out: new prices asked for at once');
  t.equal(FakeSocket.made.length, 1, 'the open connection is kept');
});
