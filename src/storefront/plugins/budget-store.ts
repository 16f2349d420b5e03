// Where the storefront's /api budgets live (issue 27, "past one machine"): outside the process, so that every
// storefront instance and every worker of `npm start` spends one budget per client, not one each.
//
// Decisions:
// - Default: the commerce service counts them (POST /admin/rate-limits/hit, src/commerce/rate-limits), in its
//   database. The storefront opens no database connection of its own: commerce alone owns the database
//   (ARCHITECTURE.md), and the storefront talks to it only over the network. The price: one small round trip
//   and one upsert per /api request that is not already refused (measured on the shared 2-core test machine:
//   6-9 ms median, PGlite or PostgreSQL; about 110-180 per second at 16 concurrent). Where that matters, REDIS_URL.
// - With REDIS_URL: Redis counts them (one INCR script, the fixed window @fastify/rate-limit's own Redis store
//   counts), without the round trip through commerce. ioredis: the Redis client @fastify/rate-limit is made
//   for (installed).
// - The key is a SHA-256 of the client key (the address as TRUST_PROXY resolves it): neither commerce nor Redis
//   stores a client's address.
// - A refusal is remembered here until its window ends: a client that floods an instance costs that instance
//   no further round trips, and what it is told (Retry-After) stays the same.
// - A store that does not answer (commerce away, Redis down) within STORE_TIMEOUT_MS is an error; the caller
//   (limits.ts) decides whether that lets the request pass or refuses it.
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { CommerceHttp } from '../commerce-client/http.ts';
import { SERVICE_TOKEN_HEADER } from '../../lib/service-secret.ts';

/** Decision: a limiter that needs longer than this is treated as down (the request is not held up for it). */
export const STORE_TIMEOUT_MS = 1000;
/** Decision: at most this many refusals remembered per process (a flood of fresh addresses cannot grow it). */
const MAX_REMEMBERED = 10_000;

export interface BudgetCount {
  /** requests in the current window, this one included */
  current: number;
  /** milliseconds until the window ends */
  ttl: number;
}

/** Counts one request of `key` (already hashed) in a window of `windowMs`. Rejects when the store is away. */
export type BudgetBackend = (key: string, windowMs: number) => Promise<BudgetCount>;

export interface BudgetBackendHandle {
  count: BudgetBackend;
  /** where the budgets live, for the start-up log line */
  kind: 'commerce' | 'redis';
  close(): Promise<void>;
}

/** The budgets in the commerce database, through commerce's internal call (proved by the service credential). */
export function commerceBudgets(http: CommerceHttp, serviceToken: string): BudgetBackendHandle {
  return {
    kind: 'commerce',
    async count(key, windowMs) {
      const r = await http.call<{ current: number; ttlMs: number }>({
        method: 'POST',
        path: '/admin/rate-limits/hit',
        // the call names no store (config storeKey: false); the client sends one with every call
        store: 'ch',
        body: { key, windowMs },
        headers: { [SERVICE_TOKEN_HEADER]: serviceToken },
        retries: 0,
        signal: AbortSignal.timeout(STORE_TIMEOUT_MS),
      });
      if (r.error) throw new Error(`budget store answered ${r.error.status} ${r.error.code}`);
      return { current: r.data.current, ttl: r.data.ttlMs };
    },
    async close() {},
  };
}

// The same fixed window as @fastify/rate-limit's RedisStore: the first hit starts the window's expiry.
const INCR_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {current, ttl}`;

/** The budgets in Redis (REDIS_URL). Decision: no offline queue and one try per command, so a Redis that is
 * away answers at once with an error instead of holding requests. */
export function redisBudgets(url: string): BudgetBackendHandle {
  // ioredis is imported here, not when the storefront starts without REDIS_URL (src/lib/lazy-module.ts); the
  // connection is still opened at once
  const connected: Promise<Redis> = import('ioredis').then(({ Redis: Client }) => {
    const redis = new Client(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: STORE_TIMEOUT_MS, commandTimeout: STORE_TIMEOUT_MS, lazyConnect: false });
    // ioredis reconnects by itself; without a listener an 'error' event would end the process
    redis.on('error', () => {});
    return redis;
  });
  // a failed import is the error of each count (the callers' 503), not an unhandled rejection
  connected.catch(() => {});
  return {
    kind: 'redis',
    async count(key, windowMs) {
      const redis = await connected;
      const [current, ttl] = (await redis.eval(INCR_SCRIPT, 1, `shop:api-budget:${key}`, String(windowMs))) as [number, number];
      return { current: Number(current), ttl: Number(ttl) };
    },
    async close() {
      (await connected.catch(() => null))?.disconnect();
    },
  };
}

/** The client key as stored: a SHA-256, never the address itself. */
export function budgetKey(clientKey: string): string {
  return createHash('sha256').update(`api\u0000${clientKey}`).digest('hex');
}

/**
 * A @fastify/rate-limit store over a backend, remembering this process's refusals until their window ends.
 * `now` is the storefront's clock for the remembered refusals (tests pass their own).
 */
export function sharedBudgetStore(backend: BudgetBackend, now: () => number = Date.now): FastifyRateLimitStoreCtor {
  const refusedUntil = new Map<string, number>();
  const remember = (key: string, until: number) => {
    if (refusedUntil.size >= MAX_REMEMBERED) {
      const t = now();
      for (const [k, u] of refusedUntil) if (u <= t) refusedUntil.delete(k);
      if (refusedUntil.size >= MAX_REMEMBERED) refusedUntil.clear();
    }
    refusedUntil.set(key, until);
  };
  class SharedBudgetStore implements FastifyRateLimitStore {
    incr(clientKey: string, callback: (error: Error | null, result?: BudgetCount) => void, timeWindow: number, max: number): void {
      const key = budgetKey(clientKey);
      const t = now();
      const until = refusedUntil.get(key);
      if (until !== undefined && until > t) {
        callback(null, { current: max + 1, ttl: until - t });
        return;
      }
      if (until !== undefined) refusedUntil.delete(key);
      backend(key, timeWindow).then(
        (count) => {
          if (count.current > max) remember(key, t + count.ttl);
          callback(null, count);
        },
        (err: Error) => callback(err),
      );
    }

    /** Decision: one budget for all of /api (no route has its own), so a child counts in the same one. */
    child(): FastifyRateLimitStore {
      return this;
    }
  }
  return SharedBudgetStore as unknown as FastifyRateLimitStoreCtor;
}
