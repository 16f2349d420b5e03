// Spot history for the charts: at most one quote per hour for a little over a year, in one ring of
// Float64Arrays (about 0.8 MB), filled from the feed's history at start and by every recalculation after.
import { metalNames, type MetalName } from '../contracts/pricing-attributes.ts';
import type { CurrencyCode, SnapshotPoint, SnapshotRange, SpotPriceType } from '../contracts/prices.ts';
import type { FastifyBaseLogger } from 'fastify';
import { DAY_MS, HOUR_MS, perOunce, type SpotFeed, type SpotQuote } from './feed/types.ts';
import { roundHalfUp } from './engine/product-prices.ts';

// t, 4 metals x (bid, ask), EURUSD, USDCHF
const WIDTH = 1 + metalNames.length * 2 + 2;
/** 367 days of hourly points: a full year back from any moment of the current day */
export const HISTORY_CAPACITY = 367 * 24;

export const rangeSpans: Record<SnapshotRange, { spanMs: number; stepMs: number }> = {
  '1w': { spanMs: 7 * DAY_MS, stepMs: HOUR_MS },
  '6m': { spanMs: 183 * DAY_MS, stepMs: DAY_MS },
  '1y': { spanMs: 365 * DAY_MS, stepMs: DAY_MS },
};

export interface SpotHistory {
  /** Keeps q if it falls in a later hour than the newest kept quote (the first quote of each hour wins). */
  record(q: SpotQuote): void;
  size(): number;
  /** the newest kept quote at or before t, if it is no older than maxAgeMs before t */
  at(t: number, maxAgeMs: number): SpotQuote | null;
  /** chart points in (now - span, now]; hourly for 1w, the last point of each UTC day for 6m and 1y */
  points(opts: { metal: MetalName; currency: CurrencyCode; type: SpotPriceType; range: SnapshotRange; now: number; latest: SpotQuote | null }): SnapshotPoint[];
}

export function createSpotHistory(capacity = HISTORY_CAPACITY): SpotHistory {
  const data = new Float64Array(capacity * WIDTH);
  let start = 0; // ring index of the oldest point
  let count = 0;

  const slot = (i: number) => ((start + i) % capacity) * WIDTH; // i-th oldest
  const timeAt = (i: number) => data[slot(i)];

  function read(i: number): SpotQuote {
    const o = slot(i);
    const usd = {} as SpotQuote['usd'];
    metalNames.forEach((m, k) => {
      usd[m] = { bid: data[o + 1 + k * 2], ask: data[o + 2 + k * 2] };
    });
    return { t: data[o], usd, fx: { EURUSD: data[o + WIDTH - 2], USDCHF: data[o + WIDTH - 1] } };
  }

  /** index of the newest point with time <= t, or -1 */
  function indexAtOrBefore(t: number): number {
    let lo = 0;
    let hi = count - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (timeAt(mid) <= t) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  }

  return {
    record(q) {
      if (count > 0 && Math.floor(q.t / HOUR_MS) <= Math.floor(timeAt(count - 1) / HOUR_MS)) return;
      let o: number;
      if (count < capacity) {
        o = slot(count);
        count++;
      } else {
        o = slot(0);
        start = (start + 1) % capacity;
      }
      data[o] = q.t;
      metalNames.forEach((m, k) => {
        data[o + 1 + k * 2] = q.usd[m].bid;
        data[o + 2 + k * 2] = q.usd[m].ask;
      });
      data[o + WIDTH - 2] = q.fx.EURUSD;
      data[o + WIDTH - 1] = q.fx.USDCHF;
    },
    size: () => count,
    at(t, maxAgeMs) {
      const i = indexAtOrBefore(t);
      if (i < 0 || t - timeAt(i) > maxAgeMs) return null;
      return read(i);
    },
    points({ metal, currency, type, range, now, latest }) {
      const { spanMs, stepMs } = rangeSpans[range];
      const from = now - spanMs;
      const cents = (q: SpotQuote) => roundHalfUp(perOunce(q, metal, currency, type) * 100);
      const all: SnapshotPoint[] = [];
      for (let i = indexAtOrBefore(from) + 1; i < count && timeAt(i) <= now; i++) {
        all.push({ t: timeAt(i), centAmount: cents(read(i)) });
      }
      if (latest && latest.t > from && latest.t <= now && (all.length === 0 || latest.t > all[all.length - 1].t)) {
        all.push({ t: latest.t, centAmount: cents(latest) });
      }
      if (stepMs !== DAY_MS) return all;
      // one point per UTC day: the day's last (its close; for today, the latest quote)
      const out = all.filter((pt, k) => k === all.length - 1 || Math.floor(all[k + 1].t / DAY_MS) !== Math.floor(pt.t / DAY_MS));
      return out;
    },
  };
}

/** A year of chart history before the first recalculation (the simulated feed computes it in well under a
 * second; an HTTP feed may have none: charts then fill from now on). */
export async function backfillHistory(feed: SpotFeed, history: SpotHistory, now: number, log: FastifyBaseLogger): Promise<void> {
  try {
    const points = await feed.history(now - 366 * DAY_MS, now);
    for (const q of points) history.record(q);
  } catch (err) {
    log.warn({ reason: (err as Error).message }, 'spot history backfill failed; charts fill from now on');
  }
}
