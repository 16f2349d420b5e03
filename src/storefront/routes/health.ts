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

async function probe(url: string, timeoutMs: number): Promise<{ state: 'up' | 'down'; latencyMs: number; status?: number }> {
  const started = performance.now();
  try {
    const res = await request(url, { method: 'GET', headersTimeout: timeoutMs, bodyTimeout: timeoutMs, signal: AbortSignal.timeout(timeoutMs) });
    await res.body.dump();
    const latencyMs = Math.round(performance.now() - started);
    return { state: res.statusCode < 500 && res.statusCode !== 404 ? 'up' : 'down', latencyMs, status: res.statusCode };
  } catch {
    return { state: 'down', latencyMs: Math.round(performance.now() - started) };
  }
}

export function registerHealth(app: FastifyInstance, checks: UpstreamCheck[], extra: HealthExtra = {}) {
  app.get('/health', async (_req, reply) => {
    const results = await Promise.all(checks.map(async (c) => [c.name, { url: c.url.replace(/token=[^&]+/, 'token=…'), ...(await probe(c.url, 1500)) }] as const));
    const upstreams = Object.fromEntries(results);
    const ok = results.every(([, r]) => r.state === 'up');
    const sections = Object.fromEntries(Object.entries(extra).map(([k, f]) => [k, f()]));
    return reply
      .status(ok ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ok ? 'ok' : 'degraded', service: 'storefront', upstreams, ...sections });
  });
}
