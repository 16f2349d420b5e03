// What every part's Prometheus endpoint shares (issue 27): a registry labelled with the part (and the
// storefront worker), the request rate and latency per route pattern, method and status, and the rule who
// may scrape. Library: prom-client (the Prometheus client for Node everyone scrapes; installed).
// Decisions:
// - One registry per app (tests build several apps in one process; prom-client's global one would mix them).
// - The route label is the route's pattern (req.routeOptions.url), never the raw URL: ids, e-mail addresses
//   or tokens in a path would make endless series and put personal data into the monitoring.
// - Who may scrape is commerce's rule for the admin calls: the socket's peer is this machine, or the request
//   carries `Authorization: Bearer <ADMIN_TOKEN>`; anyone else gets 404, so the endpoint does not exist for
//   the internet. Stricter than commerce's admin calls in one point: a request a proxy passed on
//   (X-Forwarded-For, Forwarded) is not this machine's even from loopback: the storefront and the back office
//   sit behind one, often on the same host.
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import { AppError } from './errors.ts';
import { isLoopback } from './service.ts';

export interface HttpMetrics {
  registry: Registry;
  /** one answered request: its route's pattern (undefined: no route matched) */
  observe(route: string | undefined, method: string, status: number, ms: number): void;
}

/** Buckets of the request latency, seconds (the same for every part, so one dashboard fits all). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** A registry for one part: its default labels (part, and worker for a storefront process) and Node's own
 * process metrics (event-loop lag, heap, CPU). */
export function partRegistry(labels: Record<string, string>): Registry {
  const registry = new Registry();
  registry.setDefaultLabels(labels);
  collectDefaultMetrics({ register: registry });
  return registry;
}

/** http_requests_total and http_request_duration_seconds by route pattern, method and status. */
export function httpMetrics(registry: Registry): HttpMetrics {
  const labelNames = ['route', 'method', 'status'] as const;
  const requests = new Counter({ name: 'http_requests_total', help: 'Answered requests by route pattern, method and status', labelNames, registers: [registry] });
  const duration = new Histogram({ name: 'http_request_duration_seconds', help: 'Time to answer, by route pattern, method and status', labelNames, registers: [registry], buckets: LATENCY_BUCKETS });
  return {
    registry,
    observe(route, method, status, ms) {
      const labels = { route: route ?? 'unmatched', method, status: String(status) };
      requests.inc(labels);
      duration.observe(labels, ms / 1000);
    },
  };
}

/** Counts every answer of the app (an onResponse hook on its root); routeOf names a request's route
 * (default: its pattern). */
export function countRequests(app: FastifyInstance, metrics: HttpMetrics, routeOf: (req: FastifyRequest) => string | undefined = (req) => req.routeOptions.url): void {
  app.addHook('onResponse', async (req: FastifyRequest, reply: FastifyReply) => {
    metrics.observe(routeOf(req), req.method, reply.statusCode, reply.elapsedTime);
  });
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** The scrape rule (see the decisions above) on a plain request: its socket's peer and headers. */
export function scrapeAllowed(req: Pick<IncomingMessage, 'headers' | 'socket'>, token: string | undefined): boolean {
  const proxied = req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined;
  if (!proxied && isLoopback(req.socket.remoteAddress ?? '')) return true;
  const given = req.headers.authorization;
  if (!token || typeof given !== 'string') return false;
  // digests compared: constant time whatever length was sent
  return timingSafeEqual(digest(given.trim()), digest(`Bearer ${token}`));
}

/** GET /metrics on a Fastify app: Prometheus' text for the internal network, 404 not_found for anyone else. */
export function metricsRoute(app: FastifyInstance, registry: Registry, token: string | undefined): void {
  // operational: no store or session needed, logged at debug (service.ts)
  app.get('/metrics', { config: { operational: true }, schema: { hide: true } }, async (req, reply) => {
    if (!scrapeAllowed(req.raw, token)) throw new AppError('not_found', { message: `Route GET ${req.url.split('?')[0]} not found` });
    reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
    return registry.metrics();
  });
}

/** A server of its own answering GET /metrics alone (a storefront worker's own port: several workers share
 * the public one, and a scrape there would reach any of them). Same rule; anything else is 404. */
export async function serveMetrics(registry: Registry, opts: { host: string; port: number; token: string | undefined }): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics' || !scrapeAllowed(req, opts.token)) {
      res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ statusCode: 404, code: 'not_found', message: 'Not found' }));
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  return server;
}
