// GET /health: the state of the prices (starting before the first good book, degraded after a failed
// cycle or when the book is older than two intervals). Liveness (/health/live) is every service's
// (src/lib/service.ts).
import type { FastifyPluginAsync } from 'fastify';
import type { PricingHealth } from '../../contracts/prices.ts';
import type { Clock, SpotFeed } from '../feed/types.ts';
import type { Recalculator } from '../recalculation.ts';

export interface HealthRoutesOptions {
  recalculator: Recalculator;
  feed: SpotFeed;
  clock: Clock;
  intervalMs: number;
  subscribers(): number;
  /** whether this instance is the active one (PRICE_SERVICE_ELECTION; always true without it) */
  active(): boolean;
}

/** Decision: a book older than two intervals (plus slack for a slow cycle) means the schedule is stuck. */
const STALE_SLACK_MS = 30_000;

export const healthRoutes: FastifyPluginAsync<HealthRoutesOptions> = async (app, opts) => {
  const { recalculator, feed, clock, intervalMs } = opts;
  app.get('/health', { config: { operational: true } }, async (): Promise<PricingHealth> => {
    const book = recalculator.book();
    const stale = book !== null && clock() - Date.parse(book.lastRecalculatedAt) > 2 * intervalMs + STALE_SLACK_MS;
    return {
      status: book === null ? 'starting' : recalculator.lastError() !== null || stale ? 'degraded' : 'ok',
      service: 'pricing',
      feed: feed.name,
      subscribers: opts.subscribers(),
      recalculating: recalculator.recalculating(),
      lastRecalculatedAt: book?.lastRecalculatedAt ?? null,
      products: book?.productCount ?? 0,
      lastError: recalculator.lastError(),
      role: opts.active() ? 'active' : 'standby',
    };
  });
};
