// The price service: spot prices from a feed, product prices recalculated every PRICE_RECALC_INTERVAL_S
// (spec 9: 180 s), chart history, and a WebSocket announcing each recalculation (spec 4 and 7).
// buildPricingApp wires the parts and never listens; main.ts runs it alone, src/main.ts embeds it on
// PORT+2. The parts: recalculation.ts (the cycle), subscribers.ts (GET /ws), routes/prices.ts (price
// answers), routes/admin.ts (POST /admin/recalculate), routes/health.ts (GET /health).
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { PricingAttributes } from '../contracts/pricing-attributes.ts';
import type { PriceBook } from './engine/price-book.ts';
import { createService } from '../lib/service.ts';
import { systemTimers, type Timers } from '../lib/timers.ts';
import { createFeed } from './feed/index.ts';
import type { Clock, SpotFeed } from './feed/types.ts';
import { backfillHistory, createSpotHistory, type SpotHistory } from './history.ts';
import { recalculationFinished, recalculationPrepared, recalculationStarted } from './messages.ts';
import { createRecalculator, type Recalculator } from './recalculation.ts';
import { adminRoutes } from './routes/admin.ts';
import { healthRoutes } from './routes/health.ts';
import { priceRoutes } from './routes/prices.ts';
import { soleLeadership, type Leadership } from './leadership.ts';
import { createSubscribers } from './subscribers.ts';
import { countRequests, metricsRoute } from '../lib/metrics.ts';
import { createPricingMetrics } from './metrics.ts';

export interface PricingAppOptions {
  /** the products to price, fetched at every recalculation (main.ts: product-source.ts over HTTP) */
  loadProducts: () => Promise<PricingAttributes[]>;
  /** a ready feed; default: PRICE_FEED's feed built from feedSource and seed */
  feed?: SpotFeed;
  /** 'simulated' or an http(s) URL (PRICE_FEED); default 'simulated' */
  feedSource?: string;
  /** PRICE_FEED_SEED; default 20261122 */
  seed?: number;
  /** default Date.now */
  clock?: Clock;
  /** the schedule's and heartbeat's timers; default the system's (tests pass a fake clock's) */
  timers?: Timers;
  /** PRICE_RECALC_INTERVAL_S; default 180 (spec 9) */
  recalcIntervalS?: number;
  /** ADMIN_TOKEN: when set, POST /admin/recalculate also accepts `Authorization: Bearer <token>` */
  adminToken?: string;
  logger?: FastifyServerOptions['logger'];
  logLevel?: string;
  /** WebSocket ping period; default 30 s */
  heartbeatMs?: number;
  /** hands each new price set to the commerce service before RecalculationProcessFinished (price-handover.ts) */
  handOver?: (book: PriceBook, products: PricingAttributes[], validUntilMs: number) => Promise<void>;
  /** start the recalculation cycle when the app is ready (default true); tests may drive it by hand */
  autoStart?: boolean;
  /** recalculation guard and retry (see recalculation.ts) */
  recalcTimeoutMs?: number;
  recalcRetryMs?: number;
  /** issue 27: active/standby election (leadership.ts); default: always active */
  leadership?: Leadership;
}

export interface PricingControl {
  recalculator: Recalculator;
  history: SpotHistory;
  feed: SpotFeed;
  subscribers(): number;
}

export type PricingApp = FastifyInstance & { pricing: PricingControl };

export async function buildPricingApp(opts: PricingAppOptions): Promise<PricingApp> {
  const clock = opts.clock ?? Date.now;
  const timers = opts.timers ?? systemTimers;
  const intervalMs = (opts.recalcIntervalS ?? 180) * 1000;
  const feed = opts.feed ?? createFeed(opts.feedSource ?? 'simulated', opts.seed ?? 20261122, clock);
  const history = createSpotHistory();
  const app = createService({ name: 'pricing', logger: opts.logger, logLevel: opts.logLevel }) as PricingApp;

  let nextRecalculationAt: number | null = null;
  // issue 27: GET /metrics (src/pricing/metrics.ts); read at scrape time, so the closures may name what follows
  const metrics = createPricingMetrics({ clock, book: () => recalculator.book(), active: () => leadership.active(), hubs: () => subscribers.count() });
  countRequests(app, metrics);
  metricsRoute(app, metrics.registry, opts.adminToken);
  const recalculator: Recalculator = createRecalculator({
    feed,
    history,
    loadProducts: opts.loadProducts,
    clock,
    timers,
    intervalMs,
    log: app.log,
    timeoutMs: opts.recalcTimeoutMs,
    retryMs: opts.recalcRetryMs,
    handOver: opts.handOver,
    onCycle: metrics.cycle,
    onStarted: () => subscribers.broadcast(recalculationStarted()),
    // the hubs build their frames from these while commerce stores the set; they show them on Finished
    onPrepared: (book, nextAt) => subscribers.broadcast(recalculationPrepared(book, nextAt, clock())),
    onFinished: (book, nextAt) => {
      nextRecalculationAt = nextAt;
      // Before the first good book there is nothing to refetch: subscribers wait for the next cycle.
      if (book) subscribers.broadcast(recalculationFinished(book, nextAt, intervalMs));
    },
  });

  // A (re)connecting subscriber learns the current state at once: whether to refetch or to wait.
  const leadership = opts.leadership ?? soleLeadership();
  const subscribers = createSubscribers({
    heartbeatMs: opts.heartbeatMs ?? 30_000,
    timers,
    accepting: leadership.active,
    greeting() {
      const book = recalculator.book();
      if (recalculator.recalculating()) return [recalculationStarted()];
      if (!book) return [];
      // the confirmed prices with their announcement: a reconnecting hub needs no HTTP round trip
      const next = nextRecalculationAt ?? Date.parse(book.lastRecalculatedAt) + intervalMs;
      return [recalculationPrepared(book, next, clock()), recalculationFinished(book, next, intervalMs)];
    },
  });

  app.decorate('pricing', { recalculator, history, feed, subscribers: subscribers.count } satisfies PricingControl);

  app.addHook('onReady', async () => {
    await backfillHistory(feed, history, clock(), app.log);
    if (opts.autoStart === false) return;
    if (!opts.leadership) {
      // The first cycle is awaited so that a ready service has prices; a failure is logged and retried.
      await recalculator.start();
      return;
    }
    // Elected (PRICE_SERVICE_ELECTION): a standby is ready without prices and announces nothing. Taking
    // over, it recalculates at once: the hubs hear the next set within one period of the last one.
    leadership.start((active) => {
      if (active) {
        void recalculator.start();
        return;
      }
      recalculator.stop();
      subscribers.closeAll();
    });
  });
  app.addHook('onClose', async () => {
    await leadership.close();
    recalculator.stop();
    await feed.close?.();
  });

  await app.register(subscribers.plugin);
  await app.register(healthRoutes, { recalculator, feed, clock, intervalMs, subscribers: subscribers.count, active: leadership.active });
  await app.register(priceRoutes, { recalculator, history, clock });
  await app.register(adminRoutes, { recalculator, adminToken: opts.adminToken, active: leadership.active });
  return app;
}
