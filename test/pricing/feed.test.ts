import t from 'tap';
import Fastify from 'fastify';
import { metalNames } from '../../src/contracts/pricing-attributes.ts';
import { createSimulatedFeed } from '../../src/pricing/feed/simulated.ts';
import { createHttpFeed } from '../../src/pricing/feed/http.ts';
import { createFeed } from '../../src/pricing/feed/index.ts';
import { DAY_MS, HOUR_MS } from '../../src/pricing/feed/types.ts';
import { createSpotHistory } from '../../src/pricing/history.ts';
import { T0 } from './fixtures.ts';

const YEAR = 366 * DAY_MS;

t.test('the simulated feed', async (t) => {
  t.test('gives the same series for the same seed, and another for another seed', async (t) => {
    const a = createSimulatedFeed({ seed: 42, clock: () => T0 });
    const b = createSimulatedFeed({ seed: 42, clock: () => T0 });
    const c = createSimulatedFeed({ seed: 43, clock: () => T0 });
    const ha = await a.history(T0 - 30 * DAY_MS, T0);
    const hb = await b.history(T0 - 30 * DAY_MS, T0);
    t.same(ha, hb);
    t.same(await a.quote(), await b.quote());
    t.not((await c.quote()).usd.gold.ask, (await a.quote()).usd.gold.ask);
  });

  t.test('does not depend on what was asked before (a restart sees the same prices)', async (t) => {
    const a = createSimulatedFeed({ seed: 7, clock: () => T0 });
    const b = createSimulatedFeed({ seed: 7, clock: () => T0 });
    a.at(T0 - 5 * YEAR); // reach far back first
    t.same(a.at(T0 + 12 * 60_000), b.at(T0 + 12 * 60_000));
    t.same(a.at(T0 - 2 * YEAR), b.at(T0 - 2 * YEAR));
  });

  t.test('generates a year of hourly history fast enough to fill the charts at start-up', async (t) => {
    const feed = createSimulatedFeed({ seed: 20261122, clock: () => T0 });
    const started = performance.now();
    const points = await feed.history(T0 - YEAR, T0);
    const ms = performance.now() - started;
    t.equal(points.length, 366 * 24 + 1);
    // A bound, not a measurement: about 40 ms on this machine; 5 s would still start the service, and no
    // load on a shared two-core machine slows it a hundredfold.
    t.ok(ms < 5000, `took ${ms.toFixed(0)} ms`);
    t.ok(points.every((q, i) => i === 0 || q.t - points[i - 1].t === HOUR_MS), 'hourly');
  });

  t.test('stays at realistic levels with bid below ask', async (t) => {
    const feed = createSimulatedFeed({ seed: 20261122, clock: () => T0 });
    const bounds = { gold: [2500, 7000], silver: [25, 110], platinum: [800, 3200], palladium: [600, 3200] } as const;
    for (let ts = T0 - 3 * YEAR; ts <= T0 + YEAR; ts += DAY_MS) {
      const q = feed.at(ts);
      for (const m of metalNames) {
        const { bid, ask } = q.usd[m];
        if (!(bid < ask && bid > bounds[m][0] && ask < bounds[m][1])) t.fail(`${m} ${bid}/${ask} at ${new Date(ts).toISOString()}`);
      }
      if (!(q.fx.EURUSD > 0.9 && q.fx.EURUSD < 1.5 && q.fx.USDCHF > 0.6 && q.fx.USDCHF < 1.05)) t.fail(`fx ${JSON.stringify(q.fx)}`);
    }
    t.pass('four years checked daily');
  });

  t.test('moves between two recalculations and meets each hourly point without a jump', async (t) => {
    const feed = createSimulatedFeed({ seed: 1, clock: () => T0 });
    t.not(feed.at(T0 + 3 * 60_000).usd.gold.ask, feed.at(T0 + 6 * 60_000).usd.gold.ask);
    const beforeHour = feed.at(T0 + HOUR_MS - 60_000).usd.gold.ask;
    const atHour = feed.at(T0 + HOUR_MS).usd.gold.ask;
    t.ok(Math.abs(atHour / beforeHour - 1) < 0.01, 'one minute apart, less than 1 % apart');
  });

  t.test('quotes at the injected clock', async (t) => {
    let now = T0;
    const feed = createFeed('simulated', 5, () => now);
    const first = await feed.quote();
    now += 180_000;
    const second = await feed.quote();
    t.equal(first.t, T0);
    t.equal(second.t, T0 + 180_000);
    t.equal(feed.name, 'simulated');
  });
});

t.test('the HTTP feed adapter', async (t) => {
  const quote = {
    timestamp: new Date(T0 - 30_000).toISOString(),
    metals: {
      gold: { bid: 4100, ask: 4104 }, silver: { bid: 51, ask: 51.2 },
      platinum: { bid: 1600, ask: 1612 }, palladium: { bid: 1400, ask: 1416 },
    },
    fx: { EURUSD: 1.16, USDCHF: 0.8 },
  };
  let answer: () => { status: number; body: unknown } = () => ({ status: 200, body: quote });
  const server = Fastify();
  server.get('/spot', async (req, reply) => {
    const q = req.query as { from?: string };
    if (q.from) {
      return { points: [0, 1, 2].map((h) => ({ ...quote, timestamp: T0 - (3 - h) * HOUR_MS })) };
    }
    const a = answer();
    return reply.status(a.status).send(a.body);
  });
  server.get('/plain', async () => quote);
  const base = await server.listen({ host: '127.0.0.1', port: 0 });
  t.teardown(() => server.close());
  const feed = createHttpFeed({ url: `${base}/spot`, clock: () => T0 });

  t.test('reads the documented JSON shape', async (t) => {
    answer = () => ({ status: 200, body: quote });
    const q = await feed.quote();
    t.equal(q.t, T0 - 30_000);
    t.same(q.usd.gold, { bid: 4100, ask: 4104 });
    t.same(q.fx, { EURUSD: 1.16, USDCHF: 0.8 });
    t.equal(feed.name, new URL(base).host);
  });

  t.test('refuses a stale quote, so a stuck feed cannot freeze prices', async (t) => {
    answer = () => ({ status: 200, body: { ...quote, timestamp: new Date(T0 - 11 * 60_000).toISOString() } });
    await t.rejects(feed.quote(), { code: 'feed_stale' });
  });

  t.test('refuses a crossed quote, a wrong shape and an error status', async (t) => {
    answer = () => ({ status: 200, body: { ...quote, metals: { ...quote.metals, gold: { bid: 4110, ask: 4104 } } } });
    await t.rejects(feed.quote(), { code: 'feed_crossed_quote' });
    answer = () => ({ status: 200, body: { ...quote, fx: { EURUSD: 1.16 } } });
    await t.rejects(feed.quote(), { code: 'feed_bad_shape' });
    answer = () => ({ status: 502, body: { error: 'upstream' } });
    await t.rejects(feed.quote(), { code: 'feed_http_status' });
  });

  t.test('refuses when the feed does not answer', async (t) => {
    const down = createHttpFeed({ url: 'http://127.0.0.1:9/spot', clock: () => T0, timeoutMs: 500 });
    await t.rejects(down.quote(), { code: 'feed_unreachable' });
  });

  t.test('backfills history when the feed offers it, and has none when it does not', async (t) => {
    const points = await feed.history(T0 - DAY_MS, T0);
    t.same(points.map((p) => p.t), [T0 - 3 * HOUR_MS, T0 - 2 * HOUR_MS, T0 - HOUR_MS]);
    const plain = createHttpFeed({ url: `${base}/plain`, clock: () => T0 });
    t.same(await plain.history(T0 - DAY_MS, T0), []);
  });
});

t.test('the spot history', async (t) => {
  const feed = createSimulatedFeed({ seed: 3, clock: () => T0 });

  t.test('keeps one quote per hour', async (t) => {
    const h = createSpotHistory();
    h.record(feed.at(T0));
    h.record(feed.at(T0 + 3 * 60_000));
    h.record(feed.at(T0 + 59 * 60_000));
    h.record(feed.at(T0 + HOUR_MS + 60_000));
    t.equal(h.size(), 2);
    t.equal(h.at(T0 + 30 * 60_000, HOUR_MS)?.t, T0);
  });

  t.test('drops the oldest points beyond its capacity', async (t) => {
    const h = createSpotHistory(48);
    for (const q of await feed.history(T0 - 3 * DAY_MS, T0)) h.record(q);
    t.equal(h.size(), 48);
    t.equal(h.at(T0 - 2 * DAY_MS - HOUR_MS, HOUR_MS), null, 'older than two days is gone');
    t.equal(h.at(T0, 0)?.t, T0);
  });

  t.test('answers the chart ranges at their resolution, ending with the latest quote', async (t) => {
    const h = createSpotHistory();
    for (const q of await feed.history(T0 - YEAR, T0)) h.record(q);
    const latest = feed.at(T0 + 7 * 60_000);
    const now = T0 + 8 * 60_000;
    const week = h.points({ metal: 'gold', currency: 'EUR', type: 'ask', range: '1w', now, latest });
    t.equal(week.length, 7 * 24 + 1);
    t.equal(week[week.length - 1].t, latest.t);
    t.ok(week.slice(0, -1).every((p, i) => i === 0 || p.t - week[i - 1].t === HOUR_MS), 'hourly');
    for (const [range, days] of [['6m', 183], ['1y', 365]] as const) {
      const pts = h.points({ metal: 'silver', currency: 'CHF', type: 'bid', range, now, latest });
      t.ok(pts.length >= days && pts.length <= days + 1, `${range}: ${pts.length} points`);
      const daysSeen = new Set(pts.map((p) => Math.floor(p.t / DAY_MS)));
      t.equal(daysSeen.size, pts.length, `${range}: one point per day`);
      t.equal(pts[pts.length - 1].t, latest.t, `${range}: today is the latest quote`);
      t.ok(pts.slice(0, -1).every((p) => new Date(p.t).getUTCHours() === 23), `${range}: earlier days end at their last hour`);
    }
  });
});
