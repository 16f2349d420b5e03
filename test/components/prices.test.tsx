// The price countdown and the price hooks as a customer meets them, on a fake clock: m:ss to the end of the
// prices' 180 s ticking each second, the impending and expired states, refreshing between Started and
// Finished, the polite announcer, product prices fetched in one batched request (50 ms, spec 7), and
// PricesUpdateError once per failure streak. The price hub is another process: its WebSocket and its
// /api/prices answers are faked at the browser's boundary.
import './render.tsx';
import t, { type Test } from 'tap';
import { act, screen } from '@testing-library/react';
import { PriceCountdown } from '../../views/components/prices/PriceCountdown.tsx';
import { useProductPrice, usePricesRefreshing } from '../../views/hooks/usePrices.ts';
import { priceEvents } from '../../client/state/price-socket.ts';
import { fakeApi, renderInShop } from './render.tsx';
import { FakeSocket, finished, iso, startLivePrices } from './live-prices.ts';

const T0 = Date.parse('2026-11-23T12:00:00.000Z');

function setup(t: Test) {
  const { clock, tick } = startLivePrices(t, T0 + 10_000);
  return { clock, socket: FakeSocket.last!, tick };
}

const countdown = () => screen.getByTestId('price-countdown');
const stateOf = () => countdown().closest('.price-countdown')?.getAttribute('data-state');
/** the countdown's polite live region (the layout has a status region of its own) */
const announcer = () => countdown().closest('.price-countdown')!.querySelector('[role="status"]')!;

t.test('the countdown shows m:ss to the end of the prices\' 180 s and ticks each second', async (t) => {
  const { socket, tick } = setup(t);
  renderInShop(<PriceCountdown announce />);
  t.equal(countdown().textContent, '–:––', 'no prices yet: a neutral placeholder');
  await act(async () => {
    socket.open();
    socket.deliver(finished(T0, T0 + 10_000));
  });
  await tick(1000);
  t.equal(countdown().textContent, '2:49');
  await tick(1000);
  t.equal(countdown().textContent, '2:48', 'one second later');
  await tick(165_000);
  t.equal(countdown().textContent, '0:03');
  t.equal(stateOf(), 'impending', 'spec 9: 3 s or less is impending');
  t.match(announcer().textContent, /gleich aktualisiert/, 'and said politely');
  await tick(3000);
  t.equal(countdown().textContent, 'Aktualisierung fällig');
  t.equal(stateOf(), 'expired');
});

t.test('between Started and Finished the prices refresh, and next steps wait', async (t) => {
  const { socket, tick } = setup(t);
  let refreshing: boolean | null = null;
  function NextStep() {
    refreshing = usePricesRefreshing();
    return <button type="button" disabled={refreshing}>Weiter</button>;
  }
  renderInShop(<><PriceCountdown announce /><NextStep /></>);
  await act(async () => {
    socket.open();
    socket.deliver(finished(T0, T0 + 10_000));
  });
  await tick(1000);
  t.equal(refreshing, false);
  await act(async () => socket.deliver({ type: 'RecalculationProcessStarted' }));
  await tick(1000);
  t.equal(stateOf(), 'refreshing');
  t.equal(countdown().textContent, 'Preise werden aktualisiert …');
  t.ok(screen.getByRole('button', { name: 'Weiter' }).hasAttribute('disabled'), 'spec 4: next-step navigation is disabled during refresh');
  await act(async () => socket.deliver(finished(T0 + 12_000, T0 + 12_500)));
  await tick(1000);
  t.equal(countdown().textContent, '2:59', 'the new prices\' 180 s');
  t.notOk(screen.getByRole('button', { name: 'Weiter' }).hasAttribute('disabled'));
  t.match(announcer().textContent, /aktualisiert/, 'the update is announced');
});

t.test('product prices of one page come in one request, batched over 50 ms', async (t) => {
  const { socket, tick } = setup(t);
  const api = fakeApi({
    'GET /api/prices/products': { body: { lastRecalculatedAt: iso(T0), products: [
      { sku: 'TEST-A', prices: [{ type: 'buy', centAmount: 10_000, minQuantity: 1 }] },
      { sku: 'TEST-B', prices: [{ type: 'buy', centAmount: 20_000, minQuantity: 1 }] },
    ] } },
  });
  t.teardown(api.restore);
  function Price({ sku }: { sku: string }) {
    const { prices } = useProductPrice(sku);
    return <p data-testid={sku}>{prices ? prices.prices[0].centAmount : 'loading'}</p>;
  }
  await act(async () => {
    socket.open();
    socket.deliver(finished(T0, T0 + 10_000));
  });
  renderInShop(<><Price sku="TEST-A" /><Price sku="TEST-B" /></>);
  await tick(49);
  t.equal(api.calls.length, 0, 'nothing asked before the 50 ms window closes');
  await tick(10);
  await tick(0);
  t.equal(api.calls.length, 1, 'one request for both');
  t.equal(screen.getByTestId('TEST-A').textContent, '10000');
  t.equal(screen.getByTestId('TEST-B').textContent, '20000');
});

t.test('a failed price fetch raises PricesUpdateError once per failure streak', async (t) => {
  const { tick } = setup(t);
  const api = fakeApi({ 'GET /api/prices/metals': { status: 503, body: { statusCode: 503, code: 'prices_not_ready', message: 'x' } } });
  t.teardown(api.restore);
  const seen: unknown[] = [];
  const listener = (e: Event) => seen.push((e as CustomEvent).detail);
  window.addEventListener(priceEvents.updateError, listener);
  t.teardown(() => window.removeEventListener(priceEvents.updateError, listener));
  const { MetalPricesBar } = await import('../../views/components/prices/MetalPricesBar.tsx');
  renderInShop(<MetalPricesBar />);
  await tick(100);
  await tick(5000);
  t.ok(api.calls.some((c) => c.path === '/api/prices/metals'), 'the metal prices were asked for');
  t.equal(seen.length, 1, 'one PricesUpdateError, however often the fetch is retried');
});
