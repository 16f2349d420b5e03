// Adapter for a real spot-price feed: any HTTP(S) endpoint that answers the JSON shape below (write a
// small translator in front of a vendor's API if it speaks another shape). Documented in ../README.md.
//
//   GET <PRICE_FEED>  ->  {
//     "timestamp": "2026-11-22T10:00:00Z",          // when the quote was taken (ISO 8601 or epoch ms)
//     "metals": { "gold": { "bid": 4101.2, "ask": 4105.3 }, "silver": {...}, "platinum": {...}, "palladium": {...} },
//     "fx": { "EURUSD": 1.1612, "USDCHF": 0.8011 }  // mid rates: USD per EUR, CHF per USD
//   }                                               // metals in USD per troy ounce of fine metal
//
//   Optional history, asked once at start: GET <PRICE_FEED>?from=<ISO>&to=<ISO> -> { "points": [ <quote>, ... ] }
//   (hourly or coarser, ascending). A feed that ignores the query and answers a single quote simply has no
//   history: the charts then fill as the service records one point per hour.
import { request } from 'undici';
import Type, { type Static } from 'typebox';
import Compile from 'typebox/compile';
import { metalNames } from '../../contracts/pricing-attributes.ts';
import type { Clock, SpotFeed, SpotQuote } from './types.ts';

const Price = Type.Number({ exclusiveMinimum: 0, maximum: 1e9 });
const BidAskJson = Type.Object({ bid: Price, ask: Price });
const QuoteJson = Type.Object({
  timestamp: Type.Union([Type.String({ minLength: 10, maxLength: 40 }), Type.Integer({ minimum: 0 })]),
  metals: Type.Object({ gold: BidAskJson, silver: BidAskJson, platinum: BidAskJson, palladium: BidAskJson }),
  fx: Type.Object({
    EURUSD: Type.Number({ exclusiveMinimum: 0, maximum: 100 }),
    USDCHF: Type.Number({ exclusiveMinimum: 0, maximum: 100 }),
  }),
});
type QuoteJson = Static<typeof QuoteJson>;
const HistoryJson = Type.Object({ points: Type.Array(QuoteJson, { maxItems: 100_000 }) });

const checkQuote = Compile(QuoteJson);
const checkHistory = Compile(HistoryJson);

/** A feed problem with a stable code for logs and /health. */
export class FeedError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'FeedError';
    this.code = code;
  }
}

export interface HttpFeedOptions {
  url: string;
  clock: Clock;
  /** a quote older than this is refused, so a stuck feed cannot freeze prices (default 10 minutes) */
  maxAgeMs?: number;
  timeoutMs?: number;
}

function toQuote(j: QuoteJson): SpotQuote {
  const t = typeof j.timestamp === 'number' ? j.timestamp : Date.parse(j.timestamp);
  if (!Number.isFinite(t)) throw new FeedError('feed_bad_timestamp', 'The feed sent an unreadable timestamp.');
  for (const m of metalNames) {
    if (j.metals[m].bid > j.metals[m].ask) throw new FeedError('feed_crossed_quote', `The feed quoted ${m} with bid above ask.`);
  }
  const usd = {} as SpotQuote['usd'];
  for (const m of metalNames) usd[m] = { bid: j.metals[m].bid, ask: j.metals[m].ask };
  return { t, usd, fx: { EURUSD: j.fx.EURUSD, USDCHF: j.fx.USDCHF } };
}

export function createHttpFeed(opts: HttpFeedOptions): SpotFeed {
  const maxAgeMs = opts.maxAgeMs ?? 10 * 60_000;
  const timeoutMs = opts.timeoutMs ?? 5_000;

  async function getJson(url: string): Promise<unknown> {
    let res;
    try {
      res = await request(url, {
        method: 'GET',
        headers: { accept: 'application/json' },
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
    } catch (err) {
      throw new FeedError('feed_unreachable', `The spot feed did not answer: ${(err as Error).message}`);
    }
    if (res.statusCode !== 200) {
      await res.body.dump();
      throw new FeedError('feed_http_status', `The spot feed answered HTTP ${res.statusCode}.`);
    }
    try {
      return await res.body.json();
    } catch {
      throw new FeedError('feed_bad_json', 'The spot feed sent no valid JSON.');
    }
  }

  return {
    name: new URL(opts.url).host,
    async quote() {
      const body = await getJson(opts.url);
      if (!checkQuote.Check(body)) throw new FeedError('feed_bad_shape', 'The spot feed answered an unexpected shape.');
      const q = toQuote(body);
      const age = opts.clock() - q.t;
      if (age > maxAgeMs) throw new FeedError('feed_stale', `The spot quote is ${Math.round(age / 1000)} s old.`);
      return q;
    },
    async history(from: number, to: number) {
      const url = new URL(opts.url);
      url.searchParams.set('from', new Date(from).toISOString());
      url.searchParams.set('to', new Date(to).toISOString());
      const body = await getJson(url.href);
      if (!checkHistory.Check(body)) return [];
      return body.points.map(toQuote).filter((q) => q.t >= from && q.t <= to).sort((a, b) => a.t - b.t);
    },
  };
}
