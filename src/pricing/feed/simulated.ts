// A deterministic simulated spot feed: each metal and FX rate follows a mean-reverting random walk in log
// space (Ornstein-Uhlenbeck), hourly, from a fixed anchor date (forward after it, backward before it),
// driven by counter-based noise derived from the seed. The price at any instant is a pure function of
// (seed, time): a restart, a second instance or a test with the same seed and clock sees the same series,
// and history needs no storage of its own.
// Between two hourly points the price moves along a Brownian bridge at minute resolution, so it changes
// at every recalculation (180 s) and still meets the next hourly point exactly.
import { metalNames, type MetalName } from '../../contracts/pricing-attributes.ts';
import { HOUR_MS, type Clock, type SpotFeed, type SpotQuote } from './types.ts';

interface SeriesParams {
  /** long-run level the walk reverts to (USD per troy ounce, or the FX rate) */
  level: number;
  /** annualised volatility of log returns */
  vol: number;
  /** correlation of the shocks with the driver series (gold for metals, EURUSD for USDCHF) */
  rho: number;
  /** bid/ask spread as a fraction of mid (0 for FX: the service uses mid rates) */
  spread: number;
}

// Levels of late 2025 / 2026 (gold above 4000 USD/oz, silver around 50); volatilities are long-run
// historical figures; spreads are those of the wholesale market for 1 kg / 1 oz units.
const params: Record<MetalName | 'EURUSD' | 'USDCHF', SeriesParams> = {
  gold: { level: 4150, vol: 0.16, rho: 1, spread: 0.001 },
  silver: { level: 52, vol: 0.28, rho: 0.75, spread: 0.003 },
  platinum: { level: 1600, vol: 0.25, rho: 0.5, spread: 0.008 },
  palladium: { level: 1450, vol: 0.35, rho: 0.4, spread: 0.012 },
  EURUSD: { level: 1.16, vol: 0.07, rho: 1, spread: 0 },
  // EURCHF moves far less than either leg: USDCHF shocks mirror EURUSD's
  USDCHF: { level: 0.8, vol: 0.07, rho: -0.85, spread: 0 },
};
const seriesNames = [...metalNames, 'EURUSD', 'USDCHF'] as const;
const SERIES = seriesNames.length;
const GOLD = 0;
const EURUSD = 4;

/** Speed of mean reversion per year: a shock halves in about 6 months, so levels stay realistic for years. */
const KAPPA = 1.4;
const HOURS_PER_YEAR = 8760;
const DT = 1 / HOURS_PER_YEAR;
const MINUTES = 60;

/** The walk starts here at its long-run levels. Fixed, so the series does not depend on the start time. */
export const SIMULATION_ANCHOR_MS = Date.UTC(2025, 0, 1);
const ANCHOR_HOUR = SIMULATION_ANCHOR_MS / HOUR_MS;

/** 32-bit avalanche hash (murmur3 finaliser) of three integers: counter-based random numbers. */
function hash3(a: number, b: number, c: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x7f4a7c15, 0xc2b2ae35) ^ Math.imul(c ^ 0x165667b1, 0x27d4eb2f);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A standard normal number for (seed, stream, index), Box-Muller on two hashed uniforms. */
function normal(seed: number, stream: number, index: number): number {
  const u1 = (hash3(seed, stream * 2, index) + 1) / 4294967297;
  const u2 = hash3(seed, stream * 2 + 1, index) / 4294967296;
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

export interface SimulatedFeedOptions {
  seed: number;
  clock: Clock;
}

export interface SimulatedFeed extends SpotFeed {
  /** the quote at any instant (pure: same seed and t, same quote) */
  at(t: number): SpotQuote;
}

export function createSimulatedFeed(opts: SimulatedFeedOptions): SimulatedFeed {
  // Seeds are integers of any size: fold them into 32 bits for the hash.
  const seed = (opts.seed % 4294967296) >>> 0;
  const seedHi = Math.floor(opts.seed / 4294967296) >>> 0;
  const mixedSeed = hash3(seed, seedHi, 0x5eed);

  // Log levels per hour, SERIES values per hour: forward from the anchor (hour 0) and, for instants before
  // it, backward (a stationary OU process is time-reversible, so running it backward with its own shocks
  // gives the same kind of path). Grown on demand, never recomputed, so a value depends only on the seed
  // and its hour, not on what was asked before.
  const forward = createSide(1);
  const backward = createSide(-1);

  function createSide(direction: 1 | -1) {
    let logs = new Float64Array(0);
    let hours = 0;
    return {
      get(h: number, s: number): number {
        return logs[h * SERIES + s];
      },
      ensure(upTo: number): void {
        if (upTo < hours) return;
        const need = upTo + 1;
        if (need * SERIES > logs.length) {
          const grown = new Float64Array(Math.max(need + 24 * 30, Math.ceil(need * 1.25)) * SERIES);
          grown.set(logs.subarray(0, hours * SERIES));
          logs = grown;
        }
        for (let h = hours; h < need; h++) {
          if (h === 0) {
            for (let s = 0; s < SERIES; s++) logs[s] = Math.log(params[seriesNames[s]].level);
            continue;
          }
          // Streams 0-5 drive the forward walk, 8-13 the backward one.
          const streamBase = direction === 1 ? 0 : 8;
          const idx = h;
          const zGold = normal(mixedSeed, streamBase + GOLD, idx);
          const zFx = normal(mixedSeed, streamBase + EURUSD, idx);
          for (let s = 0; s < SERIES; s++) {
            const p = params[seriesNames[s]];
            const driver = s < EURUSD ? zGold : zFx;
            const z = s === GOLD || s === EURUSD
              ? driver
              : p.rho * driver + Math.sqrt(1 - p.rho * p.rho) * normal(mixedSeed, streamBase + s, idx);
            const prev = logs[(h - 1) * SERIES + s];
            // reverting to the log level that makes the long-run mean of the price itself equal `level`
            const mu = Math.log(p.level) - (p.vol * p.vol) / (4 * KAPPA);
            logs[h * SERIES + s] = prev + KAPPA * (mu - prev) * DT + p.vol * Math.sqrt(DT) * z;
          }
        }
        hours = need;
      },
    };
  }

  /** log level of series s at hour h since the anchor (negative: before it) */
  function logAt(h: number, s: number): number {
    if (h >= 0) {
      forward.ensure(h);
      return forward.get(h, s);
    }
    backward.ensure(-h);
    return backward.get(-h, s);
  }

  function bridge(s: number, absoluteHour: number, minute: number): number {
    if (minute === 0) return 0;
    // W(k) = sum of k minute shocks; the bridge W(m) - m/60 W(60) is 0 at both hourly points.
    let wm = 0;
    let w60 = 0;
    for (let k = 0; k < MINUTES; k++) {
      const z = normal(mixedSeed, 16 + s, absoluteHour * MINUTES + k);
      w60 += z;
      if (k < minute) wm += z;
    }
    const sigmaMinute = params[seriesNames[s]].vol * Math.sqrt(DT / MINUTES);
    return sigmaMinute * (wm - (minute / MINUTES) * w60);
  }

  function at(t: number): SpotQuote {
    const hour = Math.floor((t - SIMULATION_ANCHOR_MS) / HOUR_MS);
    const minute = Math.floor((t - SIMULATION_ANCHOR_MS - hour * HOUR_MS) / 60_000);
    const absoluteHour = ANCHOR_HOUR + hour;
    const mid = new Array<number>(SERIES);
    for (let s = 0; s < SERIES; s++) {
      const a = logAt(hour, s);
      const b = logAt(hour + 1, s);
      mid[s] = Math.exp(a + (minute / MINUTES) * (b - a) + bridge(s, absoluteHour, minute));
    }
    const usd = {} as SpotQuote['usd'];
    metalNames.forEach((m, s) => {
      const half = params[m].spread / 2;
      usd[m] = { bid: mid[s] * (1 - half), ask: mid[s] * (1 + half) };
    });
    return { t, usd, fx: { EURUSD: mid[EURUSD], USDCHF: mid[EURUSD + 1] } };
  }

  return {
    name: 'simulated',
    at,
    async quote() {
      return at(opts.clock());
    },
    async history(from: number, to: number) {
      const out: SpotQuote[] = [];
      for (let t = Math.ceil(from / HOUR_MS) * HOUR_MS; t <= to; t += HOUR_MS) out.push(at(t));
      return out;
    },
  };
}
