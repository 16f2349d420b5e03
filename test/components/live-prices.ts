// The price hub at the browser's boundary, for component tests of live prices (import './render.tsx' first):
// FakeSocket, a WebSocket the test drives (the page opens it; the test opens it, delivers the hub's
// messages or drops it; every socket the page made is kept, in order), the hub's Finished message, and
// the page's price connection started on a fake clock.
import type { Test } from 'tap';
import { mutate } from 'swr';
import FakeTimers from '@sinonjs/fake-timers';
import { act, cleanup } from '@testing-library/react';
import { startPriceSocket, stopPriceSocket } from '../../client/state/price-socket.ts';

export const iso = (ms: number) => new Date(ms).toISOString();

/** The hub's RecalculationProcessFinished for prices recalculated at `recalculatedAt`, sent at `sentAt`. */
export const finished = (recalculatedAt: number, sentAt = recalculatedAt) => ({
  type: 'RecalculationProcessFinished',
  lastRecalculatedAt: iso(recalculatedAt),
  nextRecalculationAt: iso(recalculatedAt + 180_000),
  validUntil: iso(recalculatedAt + 180_000),
  currency: 'CHF',
  metals: [{ name: 'gold', prices: [{ currency: 'CHF', type: 'ask', centAmount: 352_000 }, { currency: 'CHF', type: 'bid', centAmount: 349_000 }] }],
  serverTimestamp: iso(sentAt),
});
export class FakeSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSING = 2;
  static CLOSED = 3;
  static made: FakeSocket[] = [];
  static get last(): FakeSocket | null {
    return FakeSocket.made.at(-1) ?? null;
  }
  readyState = FakeSocket.CONNECTING;
  onopen: (() => void) | null = null;
  onmessage: ((ev: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeSocket.made.push(this);
  }
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  deliver(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  /** the page closes it */
  close() {
    this.readyState = FakeSocket.CLOSED;
  }
  /** the connection is lost (the hub restarted, the network dropped): 'close' reaches the page */
  drop() {
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.();
  }
}

/** Starts the page's price connection on a fake clock at `now` (the socket is FakeSocket.last); the test's
 * end closes it, forgets all prices (SWR keeps its cache for the page's life) and restores the clock. */
export function startLivePrices(t: Test, now: number) {
  const clock = FakeTimers.install({ now, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  const original = globalThis.WebSocket;
  Object.assign(globalThis, { WebSocket: FakeSocket });
  FakeSocket.made = [];
  startPriceSocket({ currency: 'CHF' });
  t.teardown(async () => {
    cleanup();
    stopPriceSocket();
    await mutate(() => true, undefined, { revalidate: false });
    Object.assign(globalThis, { WebSocket: original });
    clock.uninstall();
  });
  const tick = (ms: number) => act(async () => void (await clock.tickAsync(ms)));
  return { clock, tick };
}
