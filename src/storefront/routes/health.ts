// GET /health: readiness, what a load balancer asks. GET /health/upstreams: the upstreams, what a monitor that
// reads only status codes asks. The liveness answer GET /health/live (200 while the process answers) is every
// service's, from createService (src/lib/service.ts).
//
// Decision (issue 27): the status code of /health says only whether THIS instance can serve a customer now:
// 503 while a storefront worker that takes connections holds no price set (the first start; fleet.ts), else
// 200. Commerce, the price service and the content service are shared by every instance: one of them slow or
// down made every instance 503 at once (commerce answering in 2-5 s took the whole shop out of a load balancer
// for 100 s while pages were served), which helps nobody. Their states stay in the body: `status` is 'ok'
// when each answered within SLOW_MS, 'degraded' when one is slow or down, 'starting' while not ready.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { request } from 'undici';

export interface UpstreamCheck {
  name: string;
  /** a function where the upstream can change (the active one of several price services) */
  url: string | (() => string);
}

export interface HealthExtra {
  /** further sections (the price hub adds its own) */
  [section: string]: () => unknown;
}

/** An upstream answering slower than this is 'slow'. */
export const SLOW_MS = 1000;
/** How long a probe waits: /health answers within this, whatever the upstreams do. */
export const PROBE_TIMEOUT_MS = 1500;

export type UpstreamState = 'up' | 'slow' | 'down';

interface Probe { state: UpstreamState; latencyMs: number; status?: number; timedOut?: true }

async function probe(url: string, requestId: string): Promise<Probe> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const res = await request(url, { method: 'GET', headers: { 'x-request-id': requestId }, headersTimeout: PROBE_TIMEOUT_MS, bodyTimeout: PROBE_TIMEOUT_MS, signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    await res.body.dump();
    const latencyMs = elapsed();
    if (res.statusCode >= 500 || res.statusCode === 404) return { state: 'down', latencyMs, status: res.statusCode };
    return { state: latencyMs > SLOW_MS ? 'slow' : 'up', latencyMs, status: res.statusCode };
  } catch (err) {
    // no answer within the budget: an upstream that is still working on it is slow to a customer, and one that
    // refuses connections is down (both keep this instance serving; the body tells a person which)
    const timedOut = (err as { name?: string; code?: string }).name === 'TimeoutError' || /TIMEOUT/.test(String((err as { code?: string }).code));
    return timedOut ? { state: 'slow', latencyMs: elapsed(), timedOut: true } : { state: 'down', latencyMs: elapsed() };
  }
}

export interface HealthOptions {
  /** null when this side is ready, else why not (e.g. prices_not_ready: a storefront worker holds no prices yet) */
  ready?: () => string | null;
}

/** The probes carry the request id of the /health call, so each upstream's (debug) line names it. */
export function registerHealth(app: FastifyInstance, checks: UpstreamCheck[], extra: HealthExtra = {}, opts: HealthOptions = {}) {
  const upstreamsOf = async (req: FastifyRequest) => {
    const results = await Promise.all(checks.map(async (c) => {
      const url = typeof c.url === 'function' ? c.url() : c.url;
      return [c.name, { url: url.replace(/token=[^&]+/, 'token=…'), ...(await probe(url, req.id)) }] as const;
    }));
    return { upstreams: Object.fromEntries(results), allUp: results.every(([, r]) => r.state === 'up') };
  };
  // operational: a readiness probe every few seconds is logged at debug (src/lib/service.ts)
  app.get('/health', { config: { operational: true } }, async (req, reply) => {
    const { upstreams, allUp } = await upstreamsOf(req);
    const notReady = opts.ready?.() ?? null;
    const status = notReady ? 'starting' : allUp ? 'ok' : 'degraded';
    const sections = Object.fromEntries(Object.entries(extra).map(([k, f]) => [k, f()]));
    return reply
      .status(notReady ? 503 : 200)
      .header('cache-control', 'no-store')
      .send({ status, service: 'storefront', ...(notReady ? { reason: notReady } : {}), upstreams, ...sections });
  });
  // For a monitor that reads codes only: 200 while every upstream answers within SLOW_MS, else 503. Never for a
  // load balancer (every instance would answer the same).
  app.get('/health/upstreams', { config: { operational: true } }, async (req, reply) => {
    const { upstreams, allUp } = await upstreamsOf(req);
    return reply.status(allUp ? 200 : 503).header('cache-control', 'no-store').send({ status: allUp ? 'ok' : 'degraded', service: 'storefront', upstreams });
  });
}
