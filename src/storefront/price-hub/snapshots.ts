// Chart series for browsers (GET /api/prices/snapshots): fetched from the price service, down-sampled in
// a worker to the chart's width, cached per series and width until the next recalculation (at most
// snapshotTtlMs); concurrent requests for one series share one fetch.
import type { FastifyBaseLogger } from 'fastify';
import type { CurrencyCode, MetalName, SnapshotRange, SnapshotsResponse } from '../../contracts/prices.ts';
import { type StoreSnapshotsResponse } from '../../contracts/price-stream.ts';
import { priceHubErrorCodes } from '../../contracts/price-stream-constants.ts';
import { AppError } from '../../lib/errors.ts';
import type { PricesHttp } from './upstream-http.ts';
import type { HubWorkers } from './workers.ts';

export interface SnapshotQuery {
  metal: MetalName;
  currency: CurrencyCode;
  range: SnapshotRange;
  /** chart width in CSS pixels: series longer than this are down-sampled to it */
  width: number;
}

export interface CachedBody {
  body: Buffer;
  etag: string;
}

export interface SnapshotCacheOptions {
  http: PricesHttp;
  workers: HubWorkers;
  ttlMs: number;
  /** changes with every recalculation the hub caches: older series are not served after it */
  generation(): number;
  log: FastifyBaseLogger;
}

export function createSnapshotCache(opts: SnapshotCacheOptions): { get(q: SnapshotQuery): Promise<CachedBody> } {
  const cache = new Map<string, { value: CachedBody; expires: number; generation: number }>();
  const inFlight = new Map<string, Promise<CachedBody>>();

  async function load(q: SnapshotQuery, target: number, generation: number): Promise<CachedBody> {
    const qs = `metal=${q.metal}&currency=${q.currency}&range=${q.range}&type=ask`;
    let text: string;
    try {
      text = await opts.http.getText(`/prices/metals/snapshots?${qs}`);
    } catch (err) {
      opts.log.warn({ reason: (err as Error).message }, 'chart series fetch failed');
      throw new AppError(priceHubErrorCodes.unavailable);
    }
    const upstreamBody = JSON.parse(text) as SnapshotsResponse;
    let points = upstreamBody.points;
    let downsampled = false;
    if (points.length > target) {
      points = await opts.workers.downsample({ points, target });
      downsampled = true;
    }
    const body: StoreSnapshotsResponse = { metal: q.metal, currency: q.currency, range: q.range, points, downsampled };
    return { body: Buffer.from(JSON.stringify(body)), etag: `"${generation.toString(36)}-${q.metal}-${q.currency}-${q.range}-${target}"` };
  }

  return {
    get(q) {
      // widths are bucketed to 100 px so that the cache holds a handful of entries per series
      const target = Math.max(100, Math.min(2000, Math.round(q.width / 100) * 100));
      const key = `${q.metal}:${q.currency}:${q.range}:${target}`;
      const generation = opts.generation();
      const hit = cache.get(key);
      if (hit && hit.expires > Date.now() && hit.generation === generation) return Promise.resolve(hit.value);
      let pending = inFlight.get(key);
      if (!pending) {
        pending = load(q, target, generation)
          .then((value) => {
            cache.set(key, { value, expires: Date.now() + opts.ttlMs, generation });
            return value;
          })
          .finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      return pending;
    },
  };
}
