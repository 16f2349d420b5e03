import { createHttpFeed } from './http.ts';
import { createSimulatedFeed } from './simulated.ts';
import type { Clock, SpotFeed } from './types.ts';

/** The feed PRICE_FEED names: 'simulated' (seeded with PRICE_FEED_SEED) or the URL of a JSON feed. */
export function createFeed(source: string, seed: number, clock: Clock): SpotFeed {
  if (source === 'simulated') return createSimulatedFeed({ seed, clock });
  return createHttpFeed({ url: source, clock });
}

export type { Clock, SpotFeed, SpotQuote } from './types.ts';
