// Load shedding and the per-client rate limit of the browser's API (issue 14).
//
// Overload: @fastify/under-pressure samples the event-loop delay, the used heap and the resident memory once a
// second; while one is above its OVERLOAD_* threshold every request but the health probes answers 503
// `overloaded` with Retry-After, before any work is done for it: JSON in the house error format for /api and
// /__data, a small page for everything else, in the visitor's language.
//
// /api rate limit: @fastify/rate-limit, API_RATE_LIMIT requests per minute per client address (the address as
// resolved with TRUST_PROXY: behind a proxy without it, every customer is the proxy and shares one budget);
// more answer 429 `too_many_requests` with Retry-After and spec 8's "too many requests" message in the
// customer's language. RATE_LIMITS=off (tests only) leaves it out. Issue 27: the budgets live outside the
// process, in the commerce database or in Redis (budget-store.ts), so N instances allow the budget once.
//
// Decision (keying, checked against "a limit no one else can spend for you"): the client address, as before.
// A session or device key would be one no stranger can spend, but a visitor makes a fresh one with every
// request that sends no cookie, so it cannot be the budget of a flood; the address is the one thing a client
// cannot renew at will. Behind TRUST_PROXY only the proxy's own entry counts (a client cannot name someone
// else's address), and a customer behind a shared NAT shares its budget: that is why it is 300 a minute.
//
// Decision (the store away): /api stays open. A shop must not take itself down because its limiter is down;
// requests pass uncounted and a warning is logged (at most every 10 s). Calls that check a secret (sign-in,
// passkey sign-in, password reset and change, phone and second-factor codes) fail closed with 503
// service_unavailable: their guessing budget must not open when the counter is away (commerce's own
// per-account and per-address sign-in limits, lib/rate.ts, hold in any case: they are counted in the same
// database as the check).
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyUnderPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { translator } from '../../i18n.ts';
import { AppError } from '../../lib/errors.ts';
import { serviceCredential } from '../../lib/service-secret.ts';
import type { CommerceHttp } from '../commerce-client/http.ts';
import { apiLanguage, ownError, retryMessage } from '../routes/api/errors.ts';
import { send } from '../routes/api/respond.ts';
import { commerceBudgets, redisBudgets, sharedBudgetStore, type BudgetBackendHandle } from './budget-store.ts';

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

/** The /api calls that check a secret: they are refused while the budget store is away (see the header). */
const FAILS_CLOSED = /^\/api\/(login|passkey-login|password\/|me\/password$|me\/phone\/verification\/verify|.*(second-factor|step-up|totp|recovery))/;
/** The budget window (a minute: API_RATE_LIMIT is per minute). */
const API_WINDOW_MS = 60_000;

export type ApiLimitConfig = Pick<Config, 'RATE_LIMITS' | 'API_RATE_LIMIT' | 'REDIS_URL' | 'SERVICE_SECRET' | 'ADMIN_TOKEN'>;

/** Where the budgets live: Redis with REDIS_URL, else commerce (needs the service credential), else null. */
function budgetBackend(config: ApiLimitConfig, commerce: CommerceHttp): BudgetBackendHandle | null {
  if (config.REDIS_URL) return redisBudgets(config.REDIS_URL);
  const credential = serviceCredential(config);
  return credential ? commerceBudgets(commerce, credential) : null;
}

/** The per-client rate limit of /api; call inside the /api plugin before its routes. */
export async function useApiRateLimit(api: FastifyInstance, config: ApiLimitConfig, commerce: CommerceHttp): Promise<void> {
  if (config.RATE_LIMITS === 'off') return;
  const backend = budgetBackend(config, commerce);
  if (!backend) {
    // Decision: commerce elsewhere and no credential to prove ourselves: the budget stays in this process
    // (as before issue 27) rather than not at all; said once at start.
    api.log.warn('no SERVICE_SECRET or ADMIN_TOKEN for the commerce service and no REDIS_URL: /api budgets are per storefront process');
    await api.register(fastifyRateLimit, {
      max: config.API_RATE_LIMIT,
      timeWindow: API_WINDOW_MS,
      errorResponseBuilder: (_req, ctx) => new AppError('too_many_requests', { details: { retryAfter: Math.max(1, Math.ceil(ctx.ttl / 1000)) } }),
    });
    return;
  }
  api.addHook('onClose', async () => backend.close());
  // the plugin keys (req.ip with IPv6 grouped by subnet: the address as TRUST_PROXY resolves it) and counts in
  // our store; the hook below decides, so that a store failure can be answered per call
  await api.register(fastifyRateLimit, { global: false, max: config.API_RATE_LIMIT, timeWindow: API_WINDOW_MS, store: sharedBudgetStore(backend.count) });
  const spend = api.createRateLimit();
  let lastWarn = 0;
  api.addHook('onRequest', async (req, reply) => {
    let r: Awaited<ReturnType<typeof spend>>;
    try {
      r = await spend(req);
    } catch (err) {
      if (Date.now() - lastWarn > WARN_EVERY_MS) {
        lastWarn = Date.now();
        req.log.warn({ store: backend.kind, reason: (err as Error).message }, 'the /api budget store does not answer: budgets not counted');
      }
      // answered here, not thrown: the /api error handler turns every thrown 5xx into a 500
      if (FAILS_CLOSED.test(req.routeOptions.url ?? req.url.split('?')[0])) return send(reply, ownError(503, 'service_unavailable', apiLanguage(req)));
      return;
    }
    if (r.isAllowed) return;
    void reply.header('x-ratelimit-limit', r.max).header('x-ratelimit-remaining', r.remaining).header('x-ratelimit-reset', r.ttlInSeconds);
    if (r.isExceeded) throw new AppError('too_many_requests', { details: { retryAfter: Math.max(1, r.ttlInSeconds) } });
  });
}
