// GET /metrics: Prometheus' scrape of the commerce service (issue 27). Decision: a path on the service's own
// port, with every part's one scrape rule (src/lib/metrics.ts: loopback, or Authorization: Bearer ADMIN_TOKEN;
// a request a proxy passed on is not this machine's even from loopback), and answered 404 to anyone else so
// that it does not exist for the internet; commerce listens on 127.0.0.1 anyway (src/commerce/README.md).
import type { FastifyPluginAsync } from 'fastify';
import { scrapeAllowed } from '../../lib/metrics.ts';
import { fail } from '../http/errors.ts';
import type { CommerceMetrics } from './service.ts';

export function metricsRoutes(metrics: CommerceMetrics): FastifyPluginAsync {
  return async (app) => {
    app.get('/metrics', { config: { storeKey: false, operational: true }, schema: { hide: true } }, async (req, reply) => {
      if (!scrapeAllowed(req.raw, app.commerce.config.ADMIN_TOKEN)) fail('not_found', { message: `Route GET ${req.url.split('?')[0]} not found` });
      reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store');
      return metrics.registry.metrics();
    });
  };
}
