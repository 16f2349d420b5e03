import type { Test } from 'tap';
import FakeTimers from '@sinonjs/fake-timers';
import type { Timers } from '../../src/lib/timers.ts';
import { buildPricingApp, type PricingApp, type PricingAppOptions } from '../../src/pricing/app.ts';
import { fixtureProducts, T0 } from './fixtures.ts';

/** A real price service on the fixture catalogue, simulated feed, clock pinned at T0; closed after the test. */
export async function pricingApp(t: Test, opts: Partial<PricingAppOptions> = {}): Promise<PricingApp> {
  const app = await buildPricingApp({
    loadProducts: async () => structuredClone(fixtureProducts),
    clock: () => T0,
    seed: 20261122,
    logger: false,
    ...opts,
  });
  t.teardown(() => app.close());
  return app;
}

/** A fake clock (@sinonjs/fake-timers) as the service's time and timers: tests move time with tickAsync. */
export function fakeTime(start = T0): { time: FakeClock; clock: () => number; timers: Timers } {
  const time = FakeTimers.createClock(start);
  return {
    time,
    clock: () => time.now,
    timers: {
      setTimeout: (fn, ms) => time.setTimeout(fn, ms),
      clearTimeout: (h) => time.clearTimeout(h as never),
      setInterval: (fn, ms) => time.setInterval(fn, ms),
      clearInterval: (h) => time.clearInterval(h as never),
    },
  };
}

export type FakeClock = ReturnType<typeof FakeTimers.createClock>;
