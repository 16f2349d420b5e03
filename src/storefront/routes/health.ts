// GET /health (readiness): each upstream's state; 200 when all are reachable, 503 otherwise. The liveness
// answer GET /health/live (200 while the process answers) is every service's, from createService (src/lib/service.ts).
import type { FastifyInstance } from 'fastify';
import { request } from 'undici';

export interface UpstreamCheck {
  name: string;
  url: string;
}

export interface HealthExtra {
  /** further sections (the price hub adds its own) */
  [section: string]: () => unknown;
}

async function probe(url: string, timeoutMs: number, requestId: string): Promise<{ state: 'up' | 'down'; latencyMs: number; status?: number }> {
  const started = performance.now();
  try {
    const res = await request(url, { method: 'GET', headers: { 'x-request-id': requestId }, headersTimeout: timeoutMs, bodyTimeout: timeoutMs, signal: AbortSignal.timeout(timeoutMs) });
    await res.body.dump();
    const latencyMs = Math.round(performance.now() - started);
    return { state: res.statusCode < 500 && res.statusCode !== 404 ? 'up' : 'down', latencyMs, status: res.statusCode };
  } catch {
    return { state: 'down', latencyMs: Math.round(performance.now() - started) };
  }
}

export interface HealthOptions {
  /** null when this side is ready, else why not (e.g. prices_not_ready: a storefront worker holds no prices yet) */
  ready?: () => string | null;
}

/** The probes carry the request id of the /health call, so each upstream's (debug) line names it. */
export function registerHealth(app: FastifyInstance, checks: UpstreamCheck[], extra: HealthExtra = {}, opts: HealthOptions = {}) {
  // operational: a readiness probe every few seconds is logged at debug (src/lib/service.ts)
  app.get('/health', { config: { operational: true } }, async (req, reply) => {
    const results = await Promise.all(checks.map(async (c) => [c.name, { url: c.url.replace(/token=[^&]+/, 'token=…'), ...(await probe(c.url, 1500, req.id)) }] as const));
    const upstreams = Object.fromEntries(results);
    const notReady = opts.ready?.() ?? null;
    const ok = results.every(([, r]) => r.state === 'up') && notReady === null;
    const sections = Object.fromEntries(Object.entries(extra).map(([k, f]) => [k, f()]));
    return reply
      .status(ok ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ok ? 'ok' : 'degraded', service: 'storefront', ...(notReady ? { reason: notReady } : {}), upstreams, ...sections });
  });
}
