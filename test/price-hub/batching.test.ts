// spec 7: many components ask for product prices; the requests are batched with a 50 ms debounce.
import t from 'tap';
import { createBatcher } from '../../client/hooks/batch.ts';
import { priceTiming } from '../../src/storefront/price-hub/contract.ts';

function recorder(answer: (keys: string[]) => Map<string, number> | Promise<Map<string, number>> = (keys) => new Map(keys.map((k) => [k, k.length]))) {
  const calls: { keys: string[]; at: number }[] = [];
  const started = performance.now();
  const batcher = createBatcher<string, number>({
    delayMs: priceTiming.batchMs,
    maxBatch: 200,
    fetchBatch: async (keys) => {
      calls.push({ keys, at: performance.now() - started });
      return answer(keys);
    },
  });
  return { batcher, calls };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

t.test('skus asked for by many components within 50 ms go out as one request', async (t) => {
  const { batcher, calls } = recorder();
  const first = batcher.load('AU-KRUG-1OZ');
  await sleep(10);
  const more = ['AG-MAPLE-1OZ', 'AU-KRUG-1OZ', 'PT-BAR-1OZ'].map((k) => batcher.load(k));
  await sleep(20);
  const last = batcher.load('PD-MAPLE-1OZ');
  t.equal(calls.length, 0, 'nothing is sent before the window closes');
  const values = await Promise.all([first, ...more, last]);
  t.equal(calls.length, 1, 'one request');
  t.same(calls[0].keys, ['AU-KRUG-1OZ', 'AG-MAPLE-1OZ', 'PT-BAR-1OZ', 'PD-MAPLE-1OZ'], 'each sku once');
  t.ok(calls[0].at >= 45 && calls[0].at < 150, `sent when the 50 ms window closed (${calls[0].at.toFixed(0)} ms)`);
  t.same(values, [11, 12, 11, 10, 12], 'every caller gets its own sku\'s answer');
});

t.test('a sku asked for after the window closed goes out in the next request', async (t) => {
  const { batcher, calls } = recorder();
  const a = batcher.load('A');
  await sleep(80);
  const b = batcher.load('B');
  await Promise.all([a, b]);
  t.same(calls.map((c) => c.keys), [['A'], ['B']]);
});

t.test('a steady trickle cannot postpone the request: the window opens with the first sku', async (t) => {
  const { batcher, calls } = recorder();
  const loads: Promise<unknown>[] = [];
  for (let i = 0; i < 8; i++) {
    loads.push(batcher.load(`S${i}`));
    await sleep(15);
  }
  await Promise.all(loads);
  t.ok(calls.length >= 2, `${calls.length} requests for 120 ms of asking`);
  t.ok(calls[0].at < 120, 'the first request did not wait for the trickle to end');
});

t.test('skus the price service does not know resolve to null', async (t) => {
  const { batcher } = recorder((keys) => new Map(keys.filter((k) => k !== 'GONE').map((k) => [k, 1])));
  t.same(await Promise.all([batcher.load('HERE'), batcher.load('GONE')]), [1, null]);
});

t.test('more than 200 skus in one window go out as several requests of at most 200', async (t) => {
  const { batcher, calls } = recorder();
  await Promise.all(Array.from({ length: 450 }, (_, i) => batcher.load(`S${i}`)));
  t.same(calls.map((c) => c.keys.length), [200, 200, 50]);
});

t.test('a failed request fails every caller of that batch, and the next window tries again', async (t) => {
  let fail = true;
  const { batcher, calls } = recorder(async (keys) => {
    if (fail) throw new Error('HTTP 503');
    return new Map(keys.map((k) => [k, 7]));
  });
  const results = await Promise.allSettled([batcher.load('A'), batcher.load('B')]);
  t.same(results.map((r) => r.status), ['rejected', 'rejected']);
  fail = false;
  t.equal(await batcher.load('A'), 7);
  t.equal(calls.length, 2);
  t.equal(batcher.pending(), 0);
});
