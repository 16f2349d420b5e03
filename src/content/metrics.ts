// The content service's Prometheus series (issue 27), served at GET /metrics on its own port (PORT+3, loopback
// by default; src/lib/metrics.ts: who may scrape, the request series per route and status), and what its
// operator watches: the publishes and whether their purges reached every storefront instance and the CDN.
// Decisions:
// - A publish counts by result: `complete` (every purge call answered 2xx), `incomplete` (the stories' pages
//   stay kept somewhere until they expire: the alert), `refused` (a 4xx: no or a wrong secret, a bad body, an
//   unknown story; a caller that cannot publish).
// - A failed purge call counts by target (`storefront`, `cdn`) and never by URL: an instance's address is no
//   label, and a CDN's purge URL may carry an account or zone id.
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge } from 'prom-client';
import { countRequests, httpMetrics, metricsRoute, partRegistry } from '../lib/metrics.ts';
import type { PurgeResult } from '../lib/purge.ts';

export type PublishOutcome = 'complete' | 'incomplete' | 'refused';

export interface ContentMetrics {
  /** one POST /publish answered: its outcome, and the purge it made (none when refused) */
  published(outcome: PublishOutcome, result?: PurgeResult): void;
}

const ok = (status: number) => status >= 200 && status < 300;

/** Counts every answer, the publishes and the failed purge calls, and answers GET /metrics. Call first thing
 * on the root app: a plugin registered before would not have the hook. */
export function contentMetrics(app: FastifyInstance, opts: { adminToken: string | undefined; stories: number }): ContentMetrics {
  const metrics = httpMetrics(partRegistry({ part: 'content' }));
  countRequests(app, metrics);
  const { registry } = metrics;
  const publishes = new Counter({ name: 'content_publishes_total', help: 'POST /publish calls by result (complete, incomplete: a purge call failed, refused: 4xx)', labelNames: ['result'] as const, registers: [registry] });
  const purgeFailures = new Counter({ name: 'content_purge_call_failures_total', help: 'Purge calls of a publish not answered 2xx (refused, timed out, an error), by target (storefront, cdn)', labelNames: ['target'] as const, registers: [registry] });
  new Gauge({ name: 'content_stories', help: 'Stories the service serves (read at start)', registers: [registry] }).set(opts.stories);
  // every series present from the start (0), so an alert on increase() sees the first failure
  for (const result of ['complete', 'incomplete', 'refused'] as const) publishes.inc({ result }, 0);
  for (const target of ['storefront', 'cdn'] as const) purgeFailures.inc({ target }, 0);
  metricsRoute(app, registry, opts.adminToken);
  return {
    published(outcome, result) {
      publishes.inc({ result: outcome });
      const failedStorefronts = result?.storefronts.filter((c) => !ok(c.status)).length ?? 0;
      if (failedStorefronts) purgeFailures.inc({ target: 'storefront' }, failedStorefronts);
      if (result?.cdn && !ok(result.cdn.status)) purgeFailures.inc({ target: 'cdn' });
    },
  };
}
