import t, { type Test } from 'tap';
import { once } from 'node:events';
import WebSocket from 'ws';
import Compile from 'typebox/compile';
import { PriceSocketMessage } from '../../src/contracts/prices.ts';
import { fixtureProducts, T0 } from './fixtures.ts';
import { pricingApp, runningClock } from './helpers.ts';

const isMessage = Compile(PriceSocketMessage);

/** Opens a real WebSocket to the app and collects its messages. */
async function subscribe(t: Test, base: string, opts: WebSocket.ClientOptions = {}) {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/ws`, opts);
  const messages: PriceSocketMessage[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (data) => {
    const m = JSON.parse(String(data));
    if (!isMessage.Check(m)) throw new Error(`unexpected message ${String(data)}`);
    messages.push(m);
    waiters.splice(0).forEach((w) => w());
  });
  t.teardown(() => ws.terminate());
  await once(ws, 'open');
  /** resolves when messages holds at least n messages */
  const until = async (n: number, timeoutMs = 5000) => {
    const deadline = Date.now() + timeoutMs;
    while (messages.length < n) {
      if (Date.now() > deadline) throw new Error(`only ${messages.length} of ${n} messages: ${JSON.stringify(messages)}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
    return messages;
  };
  return { ws, messages, until };
}

t.test('every interval the socket announces Started, then Finished with a later lastRecalculatedAt', async (t) => {
  const app = await pricingApp(t, { clock: runningClock(), recalcIntervalS: 0.2 });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const { messages, until } = await subscribe(t, base);
  await until(6);
  // on connect: the current state (Finished of the first cycle, or Started if one was running)
  const cycles = messages.slice(messages[0].type === 'RecalculationProcessFinished' ? 1 : 0);
  const started = cycles.findIndex((m) => m.type === 'RecalculationProcessStarted');
  const seq = cycles.slice(started, started + 4);
  t.same(seq.map((m) => m.type), [
    'RecalculationProcessStarted', 'RecalculationProcessFinished', 'RecalculationProcessStarted', 'RecalculationProcessFinished',
  ]);
  const [a, b] = [seq[1], seq[3]].map((m) => (m.type === 'RecalculationProcessFinished' ? Date.parse(m.lastRecalculatedAt) : NaN));
  t.ok(b > a, 'lastRecalculatedAt advances');
  t.ok(b - a >= 150 && b - a < 2000, `about one interval apart (${b - a} ms)`);
  const last = seq[3];
  if (last.type === 'RecalculationProcessFinished') {
    t.ok(Date.parse(last.nextRecalculationAt) - Date.parse(last.lastRecalculatedAt) <= 250, 'announces when the prices expire');
  }
  const health = (await app.inject('/health')).json();
  t.equal(health.subscribers, 1);
  t.equal(typeof health.recalculating, 'boolean');
  const prices = (await app.inject('/api/prices/products?country=CH&currency=CHF')).json();
  t.ok(Date.parse(prices.lastRecalculatedAt) >= a, 'the HTTP prices come from the announced recalculations');
});

t.test('a new subscriber is told at once when the prices it should fetch were made', async (t) => {
  const app = await pricingApp(t);
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const { until } = await subscribe(t, base);
  const [first] = await until(1);
  t.same(first, {
    type: 'RecalculationProcessFinished',
    lastRecalculatedAt: new Date(T0).toISOString(),
    nextRecalculationAt: new Date(T0 + 180_000).toISOString(),
  });
});

t.test('subscribers that leave are no longer counted', async (t) => {
  const app = await pricingApp(t);
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const one = await subscribe(t, base);
  const two = await subscribe(t, base);
  await one.until(1);
  await two.until(1);
  t.equal((await app.inject('/health')).json().subscribers, 2);
  one.ws.close();
  await once(one.ws, 'close');
  const deadline = Date.now() + 2000;
  while ((await app.inject('/health')).json().subscribers !== 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  t.equal((await app.inject('/health')).json().subscribers, 1);
});

t.test('a subscriber that stops answering pings is dropped; one that answers stays', async (t) => {
  // 300 ms leaves a loaded test machine time to answer; the alive client must survive two more rounds.
  const app = await pricingApp(t, { heartbeatMs: 300 });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const mute = await subscribe(t, base, { autoPong: false });
  const alive = await subscribe(t, base);
  const [code] = await once(mute.ws, 'close');
  t.equal(code, 1006, 'terminated by the server');
  await new Promise((r) => setTimeout(r, 700));
  t.equal(alive.ws.readyState, WebSocket.OPEN);
  t.equal((await app.inject('/health')).json().subscribers, 1);
});

t.test('POST /admin/recalculate', async (t) => {
  const token = 'a-long-admin-token-for-tests-only';
  let now = T0;
  const app = await pricingApp(t, { adminToken: token, clock: () => now });

  t.test('from this machine: recalculates at once and answers when finished', async (t) => {
    now = T0 + 42_000;
    const res = await app.inject({ method: 'POST', url: '/admin/recalculate' });
    t.equal(res.statusCode, 200);
    t.same(res.json(), { lastRecalculatedAt: new Date(T0 + 42_000).toISOString() });
    t.equal((await app.inject('/api/prices/metals')).json().lastRecalculatedAt, new Date(T0 + 42_000).toISOString());
  });

  t.test('from elsewhere: only with the admin token', async (t) => {
    const remote = '203.0.113.7';
    const none = await app.inject({ method: 'POST', url: '/admin/recalculate', remoteAddress: remote });
    t.equal(none.statusCode, 403);
    t.same(none.json().code, 'forbidden');
    const wrong = await app.inject({ method: 'POST', url: '/admin/recalculate', remoteAddress: remote, headers: { authorization: `Bearer ${token}x` } });
    t.equal(wrong.statusCode, 403);
    const basic = await app.inject({ method: 'POST', url: '/admin/recalculate', remoteAddress: remote, headers: { authorization: `Basic ${token}` } });
    t.equal(basic.statusCode, 403);
    now = T0 + 60_000;
    const right = await app.inject({ method: 'POST', url: '/admin/recalculate', remoteAddress: remote, headers: { authorization: `Bearer ${token}` } });
    t.equal(right.statusCode, 200);
    t.same(right.json(), { lastRecalculatedAt: new Date(T0 + 60_000).toISOString() });
  });

  t.test('without a configured token, nobody from elsewhere', async (t) => {
    const open = await pricingApp(t);
    const res = await open.inject({ method: 'POST', url: '/admin/recalculate', remoteAddress: '198.51.100.9', headers: { authorization: 'Bearer ' } });
    t.equal(res.statusCode, 403);
    t.equal((await open.inject({ method: 'POST', url: '/admin/recalculate', remoteAddress: '::1' })).statusCode, 200, 'IPv6 loopback is this machine');
  });
});

t.test('an admin recalculation during a running one waits for a fresh one that reads the changed catalogue', async (t) => {
  let release: () => void = () => {};
  let calls = 0;
  let catalogue = structuredClone(fixtureProducts);
  const app = await pricingApp(t, {
    autoStart: false,
    loadProducts: async () => {
      calls++;
      const snapshot = structuredClone(catalogue);
      if (calls === 1) await new Promise<void>((r) => { release = r; });
      return snapshot;
    },
  });
  await app.ready();
  const first = app.pricing.recalculator.recalculateNow();
  await new Promise((r) => setImmediate(r));
  t.equal((await app.inject('/health')).json().recalculating, true);
  catalogue = catalogue.filter((p) => p.sku !== 'GOLD-BAR-1KG');
  // what two admin calls arriving now do (the route awaits exactly this)
  const a = app.pricing.recalculator.recalculateNow();
  const b = app.pricing.recalculator.recalculateNow();
  release();
  await first;
  const [ra, rb] = await Promise.all([a, b]);
  t.ok(ra.ok && rb.ok);
  t.equal(calls, 2, 'the two calls share one follow-up cycle');
  const body = (await app.inject('/api/prices/products?country=CH&currency=CHF&skus=GOLD-BAR-1KG')).json();
  t.same(body.products, [], 'the follow-up saw the change');
});

t.test('a hanging catalogue call fails the cycle after the guard time instead of stopping the prices', async (t) => {
  const app = await pricingApp(t, { autoStart: false, recalcTimeoutMs: 100, loadProducts: () => new Promise(() => {}) });
  await app.ready();
  const res = await app.inject({ method: 'POST', url: '/admin/recalculate' });
  t.equal(res.statusCode, 503);
  t.match(res.json().message, /recalculation_timeout/);
  t.equal((await app.inject('/health')).json().recalculating, false);
});
