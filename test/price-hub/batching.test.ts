// spec 7: many components ask for product prices; the requests are batched with a 50 ms debounce.
// Time comes from a fake clock: the window is checked to the millisecond, whatever the machine does.
import t from 'tap';
import FakeTimers from '@sinonjs/fake-timers';
import { createBatcher } from '../../client/hooks/batch.ts';
import { priceTiming } from '../../src/contracts/price-stream-constants.ts';

function recorder(answer: (keys: string[]) => Map<string, number> | Promise<Map<string, number>> = (keys) => new Map(keys.map((k) => [k, k.length]))) {
  const clock = FakeTimers.createClock(0);
  const calls: { keys: string[]; at: number }[] = [];
  const batcher = createBatcher<string, number>({
    delayMs: priceTiming.batchMs,
    maxBatch: 200,
    setTimer: (fn, ms) => clock.setTimeout(fn, ms),
    fetchBatch: async (keys) => {
      calls.push({ keys, at: clock.now });
      return answer(keys);
    },
  });
  return { batcher, calls, clock };
}

t.test('skus asked for by many components within 50 ms go out as one request', async (t) => {
  const { batcher, calls, clock } = recorder();
  const first = batcher.load('AU-KRUG-1OZ');
  await clock.tickAsync(10);
  const more = ['AG-MAPLE-1OZ', 'AU-KRUG-1OZ', 'PT-BAR-1OZ'].map((k) => batcher.load(k));
  await clock.tickAsync(39);
  const last = batcher.load('PD-MAPLE-1OZ');
  t.equal(calls.length, 0, 'nothing is sent before the window closes (49 ms)');
  await clock.tickAsync(1);
  const values = await Promise.all([first, ...more, last]);
  t.equal(calls.length, 1, 'one request');
  t.same(calls[0].keys, ['AU-KRUG-1OZ', 'AG-MAPLE-1OZ', 'PT-BAR-1OZ', 'PD-MAPLE-1OZ'], 'each sku once');
  t.equal(calls[0].at, 50, 'sent when the 50 ms window closed');
  t.same(values, [11, 12, 11, 10, 12], 'every caller gets its own sku\'s answer');
});

t.test('a sku asked for after the window closed goes out in the next request', async (t) => {
  const { batcher, calls, clock } = recorder();
  const a = batcher.load('A');
  await clock.tickAsync(80);
  const b = batcher.load('B');
  await clock.tickAsync(50);
  await Promise.all([a, b]);
  t.same(calls.map((c) => [c.keys, c.at]), [[['A'], 50], [['B'], 130]]);
});

t.test('a steady trickle cannot postpone the request: the window opens with the first sku', async (t) => {
  const { batcher, calls, clock } = recorder();
  const loads: Promise<unknown>[] = [];
  for (let i = 0; i < 8; i++) {
    loads.push(batcher.load(`S${i}`));
    await clock.tickAsync(15);
  }
  await clock.tickAsync(50);
  await Promise.all(loads);
  // asked at 0, 15, ..., 105: windows close at 50 (0-45), 110 (60-105)
  t.same(calls.map((c) => [c.at, c.keys.length]), [[50, 4], [110, 4]]);
});

t.test('skus the price service does not know resolve to null', async (t) => {
  const { batcher, clock } = recorder((keys) => new Map(keys.filter((k) => k !== 'GONE').map((k) => [k, 1])));
  const both = Promise.all([batcher.load('HERE'), batcher.load('GONE')]);
  await clock.tickAsync(50);
  t.same(await both, [1, null]);
});

t.test('more than 200 skus in one window go out as several requests of at most 200', async (t) => {
  const { batcher, calls, clock } = recorder();
  const all = Promise.all(Array.from({ length: 450 }, (_, i) => batcher.load(`S${i}`)));
  await clock.tickAsync(50);
  await all;
  t.same(calls.map((c) => c.keys.length), [200, 200, 50]);
});

t.test('a failed request fails every caller of that batch, and the next window tries again', async (t) => {
  let fail = true;
  const { batcher, calls, clock } = recorder(async (keys) => {
    if (fail) throw new Error('HTTP 503');
    return new Map(keys.map((k) => [k, 7]));
  });
  const first = Promise.allSettled([batcher.load('A'), batcher.load('B')]);
  await clock.tickAsync(50);
  t.same((await first).map((r) => r.status), ['rejected', 'rejected']);
  fail = false;
  const again = batcher.load('A');
  await clock.tickAsync(50);
  t.equal(await again, 7);
  t.equal(calls.length, 2);
  t.equal(batcher.pending(), 0);
});
