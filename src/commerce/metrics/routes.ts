// GET /metrics: Prometheus' scrape of the commerce service (issue 27). Decision: a path on the service's own
// port, protected as the other services' admin calls are (loopback, or Authorization: Bearer ADMIN_TOKEN),
// and answered 404 to anyone else so that it does not exist for the internet; commerce listens on
// 127.0.0.1 anyway (src/commerce/README.md), so on one machine only the internal network reaches it.
import type { FastifyPluginAsync } from 'fastify';
import { adminAllowed } from '../http/auth.ts';
import { fail } from '../http/errors.ts';
import type { CommerceMetrics } from './service.ts';

export function metricsRoutes(metrics: CommerceMetrics): FastifyPluginAsync {
  return async (app) => {
    app.get('/metrics', { config: { storeKey: false, operational: true }, schema: { hide: true } }, async (req, reply) => {
      if (!adminAllowed(req, app.commerce.config.ADMIN_TOKEN)) fail('not_found', { message: `Route GET ${req.url.split('?')[0]} not found` });
      reply.header('content-type', metrics.registry.contentType);
      return metrics.registry.metrics();
    });
  };
}
