import type { Test } from 'tap';
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

/** A clock that starts at T0 and runs with real time, for tests that watch timestamps advance. */
export function runningClock(): () => number {
  const started = Date.now();
  return () => T0 + (Date.now() - started);
}
