// Load shedding and the per-client rate limit of the browser's API (issue 14).
//
// Overload: @fastify/under-pressure samples the event-loop delay, the used heap and the resident memory once a
// second; while one is above its OVERLOAD_* threshold every request but the health probes answers 503
// `overloaded` with Retry-After, before any work is done for it: JSON in the house error format for /api and
// /__data, a small page for everything else, in the visitor's language.
//
// /api rate limit: @fastify/rate-limit, API_RATE_LIMIT requests per minute per client address (the address as
// resolved with TRUST_PROXY: behind a proxy without it, every customer is the proxy and shares one budget),
// in this process's memory; more answer 429 `too_many_requests` with Retry-After and spec 8's "too many
// requests" message in the customer's language. RATE_LIMITS=off (tests only) leaves it out.
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyUnderPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { translator } from '../../i18n.ts';
import { AppError } from '../../lib/errors.ts';
import { apiLanguage, retryMessage } from '../routes/api/errors.ts';

/** Seconds an overloaded storefront asks clients to wait (Retry-After). */
export const OVERLOAD_RETRY_AFTER_S = 10;
const MIB = 1024 * 1024;
/** Decision: at most one warning per 10 s about shed requests, so an overload does not flood the log too. */
const WARN_EVERY_MS = 10_000;

function isProbe(path: string): boolean {
  // (and Prometheus' scrape, issue 27: an overload is when its numbers are needed)
  return path === '/health' || path.startsWith('/health/') || path === '/metrics';
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Registers load shedding on the whole storefront (after the store plugin: the page's language is known). */
export async function registerLoadShedding(app: FastifyInstance, config: Pick<Config, 'OVERLOAD_EVENT_LOOP_DELAY_MS' | 'OVERLOAD_HEAP_USED_MB' | 'OVERLOAD_RSS_MB'>): Promise<void> {
  let lastWarn = 0;
  await app.register(fastifyUnderPressure, {
    maxEventLoopDelay: config.OVERLOAD_EVENT_LOOP_DELAY_MS,
    maxHeapUsedBytes: config.OVERLOAD_HEAP_USED_MB * MIB,
    maxRssBytes: config.OVERLOAD_RSS_MB * MIB,
    retryAfter: OVERLOAD_RETRY_AFTER_S,
    // a value it returns is sent as the answer (and the request goes no further); undefined lets it pass
    pressureHandler: ((req: FastifyRequest, reply: FastifyReply, type: string, value: number | undefined) => {
      const path = req.url.split('?')[0];
      // Readiness and liveness stay reachable: a load balancer must see the instance, not a 503 it would
      // read as "restart me".
      if (isProbe(path)) return undefined;
      if (Date.now() - lastWarn > WARN_EVERY_MS) {
        lastWarn = Date.now();
        req.log.warn({ type, value }, 'overloaded: shedding requests');
      }
      const api = path === '/api' || path.startsWith('/api/') || path.startsWith('/__data');
      const lang = api ? apiLanguage(req) : req.lang;
      const t = translator(lang);
      const message = `${t('form.error.overloaded')} ${retryMessage(t, OVERLOAD_RETRY_AFTER_S)}`;
      void reply.status(503).header('retry-after', String(OVERLOAD_RETRY_AFTER_S)).header('cache-control', 'no-store');
      if (api) {
        void reply.type('application/json; charset=utf-8');
        return { statusCode: 503, code: 'overloaded', message, details: { retryAfter: OVERLOAD_RETRY_AFTER_S } };
      }
      void reply.type('text/html; charset=utf-8');
      const text = escapeHtml(message);
      return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(t('form.error.overloaded'))}</title></head><body><main><h1>${escapeHtml(t('form.error.overloaded'))}</h1><p>${text}</p></main></body></html>`;
    }) as unknown as (req: FastifyRequest, reply: FastifyReply, type: string, value: number | undefined) => void,
  });
}

/** The per-client rate limit of /api; call inside the /api plugin before its routes. */
export async function useApiRateLimit(api: FastifyInstance, config: Pick<Config, 'RATE_LIMITS' | 'API_RATE_LIMIT'>): Promise<void> {
  if (config.RATE_LIMITS === 'off') return;
  await api.register(fastifyRateLimit, {
    max: config.API_RATE_LIMIT,
    timeWindow: 60_000,
    // the default key is req.ip: the socket address, or with TRUST_PROXY the one the proxy saw
    // thrown into the /api error handler, which answers it in the customer's language (routes/api/errors.ts)
    errorResponseBuilder: (_req, ctx) => new AppError('too_many_requests', { details: { retryAfter: Math.max(1, Math.ceil(ctx.ttl / 1000)) } }),
  });
}
