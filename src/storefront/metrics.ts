// The storefront's Prometheus series (issue 27), one registry per storefront process: requests per route and
// status (a page's route is its screen: every page answers on '/*'), the open browser price sockets, the last
// fan-out of new prices, the age of the price set this process holds, and its page cache's hits and misses.
// Read at scrape time, never on a timer.
//
// Decision (several workers, src/storefront/fleet.ts): each worker's numbers are its own, labelled
// worker="N", and Prometheus scrapes every worker. The workers are processes the supervisor starts (not
// Node's cluster, so prom-client's AggregatorRegistry has no channel to gather them), sharing PORT through
// SO_REUSEPORT: a scrape of PORT/metrics reaches whichever worker the kernel picks. So with
// STOREFRONT_METRICS_PORT set, worker N also answers GET /metrics on STOREFRONT_METRICS_PORT+N (main.ts),
// the address to scrape; PORT/metrics stays for a single worker. Sums over workers are PromQL's
// (sum without (worker) ...), and a restarted worker's counters start again at 0, which rate() expects.
import type { FastifyRequest } from 'fastify';
import { Counter, Gauge, type Registry } from 'prom-client';
import { httpMetrics, partRegistry, type HttpMetrics } from '../lib/metrics.ts';
import type { PriceHub } from './price-hub/hub.ts';
import type { PageCache } from './render/page-cache.ts';

export type StorefrontMetrics = HttpMetrics;

export interface StorefrontGaugeSources {
  hub: Pick<PriceHub, 'health'>;
  pageCache: Pick<PageCache, 'stats'>;
  /** the time the price set's age is measured on (default Date.now) */
  clock?: () => number;
}

/** The route label: a page's screen (the router's match, logged as `screen`), else the route's pattern. */
export function storefrontRoute(req: FastifyRequest): string | undefined {
  const screen = req.logContext?.screen;
  return typeof screen === 'string' ? `screen:${screen}` : req.routeOptions.url;
}

/** The registry and the request series: made first, so that the hook counting the answers sits on the root
 * before any plugin (a child plugin keeps the hooks its parent had when it was registered). */
export function createStorefrontMetrics(worker: number): StorefrontMetrics {
  return httpMetrics(partRegistry({ part: 'storefront', worker: String(worker) }));
}

/** The price hub's and the page cache's series, once they exist. */
export function storefrontGauges(registry: Registry, opts: StorefrontGaugeSources): void {
  const clock = opts.clock ?? Date.now;
  new Gauge({ name: 'storefront_price_sockets', help: 'Open browser price sockets (/ws/prices) of this process', registers: [registry], collect() { this.set(opts.hub.health().sockets); } });
  // Decision: without prices (none yet) the age is +Inf, so that "older than 2 periods" fires.
  new Gauge({
    name: 'storefront_price_set_age_seconds', help: 'Seconds since the price set this process shows was calculated (+Inf: none)', registers: [registry],
    collect() {
      const at = opts.hub.health().lastRecalculatedAt;
      this.set(at ? Math.max(0, clock() - Date.parse(at)) / 1000 : Infinity);
    },
  });
  new Gauge({
    name: 'storefront_price_fanout_last_duration_seconds', help: 'The last fan-out of new prices: from their RecalculationProcessFinished to the last browser socket written (NaN: none yet)', registers: [registry],
    collect() {
      const f = opts.hub.health().lastFanOut;
      this.set(f ? f.durationMs / 1000 : NaN);
    },
  });
  new Gauge({
    name: 'storefront_price_fanout_last_sockets', help: 'Browser sockets the last fan-out wrote to', registers: [registry],
    collect() { this.set(opts.hub.health().lastFanOut?.sent ?? 0); },
  });
  // the cache counts by itself (render/page-cache.ts): its totals are read, never counted twice
  new Counter({
    name: 'storefront_page_cache_requests_total', help: 'Page cache look-ups of this process by result (hit, miss)', labelNames: ['result'] as const, registers: [registry],
    collect() {
      this.reset();
      this.inc({ result: 'hit' }, opts.pageCache.stats.hits);
      this.inc({ result: 'miss' }, opts.pageCache.stats.misses);
    },
  });
}
