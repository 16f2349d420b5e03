// The price service's Prometheus series (issue 27), served at GET /metrics (src/lib/metrics.ts: the rule who
// may scrape, the request series): the age of the price set it announces, each recalculation's duration and
// failures, whether this instance is the elected active one, and the hubs (storefront processes) connected.
// Read at scrape time from the service's own clock, never on a timer.
import { Counter, Gauge, Histogram } from 'prom-client';
import { httpMetrics, partRegistry, type HttpMetrics } from '../lib/metrics.ts';
import type { Clock } from './feed/types.ts';
import type { RecalculationOutcome, Recalculator } from './recalculation.ts';

export interface PricingMetrics extends HttpMetrics {
  /** one recalculation cycle ended (recalculation.ts' onCycle) */
  cycle(outcome: RecalculationOutcome, durationMs: number): void;
}

export function createPricingMetrics(opts: { clock: Clock; book: Recalculator['book']; active: () => boolean; hubs: () => number }): PricingMetrics {
  const registry = partRegistry({ part: 'prices' });
  // Decision: without a published set (none yet, or a standby that never had one) the age is +Inf, so that
  // "older than 2 periods" fires; a standby's +Inf is told apart by pricing_leader 0.
  new Gauge({
    name: 'pricing_price_set_age_seconds', help: 'Seconds since the published price set was calculated (+Inf: none)', registers: [registry],
    collect() {
      const book = opts.book();
      this.set(book ? Math.max(0, opts.clock() - Date.parse(book.lastRecalculatedAt)) / 1000 : Infinity);
    },
  });
  new Gauge({ name: 'pricing_leader', help: '1 while this instance is the elected active one (recalculates and announces), 0 on standby', registers: [registry], collect() { this.set(opts.active() ? 1 : 0); } });
  new Gauge({ name: 'pricing_connected_hubs', help: 'Price hubs (one per storefront process) connected to the announcement socket', registers: [registry], collect() { this.set(opts.hubs()); } });
  const duration = new Histogram({
    name: 'pricing_recalculation_duration_seconds', help: 'Time of a recalculation cycle, the hand-over to commerce included', labelNames: ['outcome'] as const, registers: [registry],
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  });
  const failures = new Counter({ name: 'pricing_recalculation_failures_total', help: 'Recalculation cycles that failed (the last good prices stayed)', registers: [registry] });
  return {
    ...httpMetrics(registry),
    cycle(outcome, durationMs) {
      duration.observe({ outcome: outcome.ok ? 'ok' : 'failed' }, durationMs / 1000);
      if (!outcome.ok) failures.inc();
    },
  };
}
