// A token bucket per caller: `ratePerSecond` tokens refill each second, up to a burst of the same size.
// Storyblok limits uncached requests per second and answers 429; storyblok-js-client retries those, so
// the service does the same to keep that path real (spec 9: the client retries 10 times at 300 ms).

export interface TakeResult {
  allowed: boolean;
  /** whole tokens left after this request */
  remaining: number;
  /** seconds until one token is back (for Retry-After), 0 when allowed */
  retryAfterS: number;
}

export interface RateLimiter {
  readonly ratePerSecond: number;
  take(key: string): TakeResult;
}

interface Bucket {
  tokens: number;
  at: number;
}

/** Buckets of idle callers are dropped once the table grows past `maxKeys`, so memory stays bounded. */
export function createRateLimiter(ratePerSecond: number, opts: { now?: () => number; maxKeys?: number } = {}): RateLimiter {
  if (!(ratePerSecond > 0)) throw new RangeError('ratePerSecond must be > 0');
  const now = opts.now ?? (() => performance.now());
  const maxKeys = opts.maxKeys ?? 10_000;
  const capacity = Math.max(1, ratePerSecond);
  const buckets = new Map<string, Bucket>();

  const refill = (b: Bucket, t: number) => {
    b.tokens = Math.min(capacity, b.tokens + ((t - b.at) / 1000) * ratePerSecond);
    b.at = t;
  };

  return {
    ratePerSecond,
    take(key) {
      const t = now();
      let b = buckets.get(key);
      if (!b) {
        if (buckets.size >= maxKeys) {
          for (const [k, x] of buckets) {
            refill(x, t);
            if (x.tokens >= capacity) buckets.delete(k);
          }
          // still full of busy callers: forget the oldest rather than grow without bound
          if (buckets.size >= maxKeys) buckets.delete(buckets.keys().next().value!);
        }
        b = { tokens: capacity, at: t };
        buckets.set(key, b);
      } else {
        refill(b, t);
      }
      if (b.tokens >= 1) {
        b.tokens -= 1;
        return { allowed: true, remaining: Math.floor(b.tokens), retryAfterS: 0 };
      }
      return { allowed: false, remaining: 0, retryAfterS: Math.max(1, Math.ceil((1 - b.tokens) / ratePerSecond)) };
    },
  };
}
