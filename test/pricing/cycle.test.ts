import t, { type Test } from 'tap';
import { once } from 'node:events';
import WebSocket from 'ws';
import Compile from 'typebox/compile';
import { UpstreamPriceMessage } from '../../src/contracts/price-upstream.ts';
import { fixtureProducts, T0 } from './fixtures.ts';
import { fakeTime, pricingApp } from './helpers.ts';

const isMessage = Compile(UpstreamPriceMessage);

/** What the tests compare: the pushed prices by their stamps and list count (their content: own test). */
type Seen = { type: string; lastRecalculatedAt?: string; nextRecalculationAt?: string; lists?: number };

const prepared = (at: number, next: number) => ({
  type: 'RecalculationPricesPrepared', lastRecalculatedAt: new Date(at).toISOString(), nextRecalculationAt: new Date(next).toISOString(), lists: 15,
});

const finished = (at: number, next: number) => ({
  type: 'RecalculationProcessFinished', lastRecalculatedAt: new Date(at).toISOString(), nextRecalculationAt: new Date(next).toISOString(),
});

/** A ping answered by the service: everything it sent on this socket before has arrived. */
async function roundTrip(ws: WebSocket): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    ws.once('pong', () => resolve());
    ws.once('close', () => reject(new Error('the socket closed instead of answering')));
    ws.ping();
  });
}

/** Opens a real WebSocket to the app and collects its messages. */
async function subscribe(t: Test, base: string, opts: WebSocket.ClientOptions = {}) {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/ws`, opts);
  const messages: Seen[] = [];
  const full: UpstreamPriceMessage[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (data) => {
    const m = JSON.parse(String(data));
    if (!isMessage.Check(m)) throw new Error(`unexpected message ${String(data).slice(0, 200)}`);
    full.push(m);
    messages.push(m.type === 'RecalculationPricesPrepared'
      ? { type: m.type, lastRecalculatedAt: m.lastRecalculatedAt, nextRecalculationAt: m.nextRecalculationAt, lists: m.lists.length }
      : m);
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
  return { ws, messages, full, until };
}

t.test('every 180 s the socket announces Started, then Finished with the new lastRecalculatedAt', async (t) => {
  const { time, clock, timers } = fakeTime();
  // no heartbeat within these minutes of fake time: pongs need real network turns (the heartbeat's own test)
  const app = await pricingApp(t, { clock, timers, heartbeatMs: 86_400_000 });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const sub = await subscribe(t, base);
  const hello = await sub.until(2);
  t.same(hello, [prepared(T0, T0 + 180_000), finished(T0, T0 + 180_000)], 'on connect: the current prices and when they expire');

  await time.tickAsync(179_999);
  await roundTrip(sub.ws);
  t.equal(sub.messages.length, 2, 'nothing before the interval is over');

  await time.tickAsync(1);
  const cycle = (await sub.until(5)).slice(2);
  t.same(cycle, [{ type: 'RecalculationProcessStarted' }, prepared(T0 + 180_000, T0 + 360_000), finished(T0 + 180_000, T0 + 360_000)]);

  await time.tickAsync(180_000);
  t.same((await sub.until(8)).slice(5), [{ type: 'RecalculationProcessStarted' }, prepared(T0 + 360_000, T0 + 540_000), finished(T0 + 360_000, T0 + 540_000)], 'and again');

  const health = (await app.inject('/health')).json();
  t.equal(health.subscribers, 1);
  t.equal(health.recalculating, false);
  const prices = (await app.inject('/api/prices/products?country=CH&currency=CHF')).json();
  t.equal(prices.lastRecalculatedAt, new Date(T0 + 360_000).toISOString(), 'the HTTP prices are the announced ones');
});

t.test('a new subscriber is told at once when the prices it should fetch were made', async (t) => {
  const app = await pricingApp(t);
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const { until, full } = await subscribe(t, base);
  const [, second] = await until(2);
  t.same(second, {
    type: 'RecalculationProcessFinished',
    lastRecalculatedAt: new Date(T0).toISOString(),
    nextRecalculationAt: new Date(T0 + 180_000).toISOString(),
  });
  // the prices come with it, exactly what the HTTP API answers: a (re)connecting hub needs no request
  const pushed = full[0];
  if (pushed.type !== 'RecalculationPricesPrepared') throw new Error('no prices pushed first');
  t.same(pushed.metals.metals, (await app.inject('/api/prices/metals')).json().metals);
  const ch = pushed.lists.find((l) => l.country === 'CH' && l.currency === 'CHF');
  t.same(ch?.products, (await app.inject('/api/prices/products?country=CH&currency=CHF')).json().products);
});

t.test('the prices are pushed while commerce stores them; Finished (and the HTTP API) only once commerce confirmed', async (t) => {
  let confirm: () => void = () => {};
  const handedOver: string[] = [];
  let now = T0;
  const app = await pricingApp(t, {
    autoStart: false,
    clock: () => now,
    handOver: (book) => new Promise<void>((resolve) => {
      handedOver.push(book.lastRecalculatedAt);
      confirm = resolve;
    }),
  });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const sub = await subscribe(t, base);
  const first = app.pricing.recalculator.recalculateNow();
  await sub.until(2);
  t.same(sub.messages.map((m) => m.type), ['RecalculationProcessStarted', 'RecalculationPricesPrepared'], 'the prices go out before commerce confirmed');
  t.same(handedOver, [new Date(T0).toISOString()], 'and commerce is storing them meanwhile');
  await roundTrip(sub.ws);
  t.equal(sub.messages.length, 2, 'no Finished while commerce stores the set');
  t.equal((await app.inject('/api/prices/metals')).statusCode, 503, 'the HTTP API does not answer the unconfirmed prices');
  confirm();
  await first;
  t.same((await sub.until(3))[2], finished(T0, T0 + 180_000), 'Finished once commerce confirmed');
  t.equal((await app.inject('/api/prices/metals')).json().lastRecalculatedAt, new Date(T0).toISOString());

  // the next set: commerce is slow; the previous prices stay the answered ones until it confirms
  now = T0 + 180_000;
  const second = app.pricing.recalculator.recalculateNow();
  await sub.until(5);
  t.equal((await app.inject('/api/prices/metals')).json().lastRecalculatedAt, new Date(T0).toISOString(), 'unconfirmed: the confirmed set is answered');
  confirm();
  await second;
  t.same((await sub.until(6))[5], finished(T0 + 180_000, T0 + 360_000));
  t.equal((await app.inject('/api/prices/metals')).json().lastRecalculatedAt, new Date(T0 + 180_000).toISOString());
});

t.test('a set commerce refuses is never announced: Finished names the confirmed set; a retry that succeeds announces the new one', async (t) => {
  const { time, clock, timers } = fakeTime();
  let refuse = false;
  const app = await pricingApp(t, {
    autoStart: false, clock, timers, heartbeatMs: 86_400_000, recalcRetryMs: 5_000,
    handOver: async () => {
      if (refuse) throw Object.assign(new Error('commerce down'), { code: 'price_handover_unreachable' });
    },
  });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  await app.pricing.recalculator.recalculateNow();
  const sub = await subscribe(t, base);
  await sub.until(2);
  refuse = true;
  await time.tickAsync(60_000);
  const outcome = await app.pricing.recalculator.recalculateNow();
  t.equal(outcome.ok, false, 'the caller learns commerce did not take the set');
  const seen = (await sub.until(5)).slice(2);
  t.same(seen.map((m) => m.type), ['RecalculationProcessStarted', 'RecalculationPricesPrepared', 'RecalculationProcessFinished']);
  t.equal(seen[1].lastRecalculatedAt, new Date(T0 + 60_000).toISOString(), 'the new prices were pushed (hubs hold them back)');
  t.equal(seen[2].lastRecalculatedAt, new Date(T0).toISOString(), 'Finished names the set commerce holds');
  t.equal((await app.inject('/api/prices/metals')).json().lastRecalculatedAt, new Date(T0).toISOString());
  const health = (await app.inject('/health')).json();
  t.equal(health.status, 'degraded');
  t.equal(health.lastError, 'price_handover_unreachable');

  refuse = false;
  await time.tickAsync(5_000);
  const after = (await sub.until(7)).slice(5);
  t.same(after.map((m) => [m.type, m.lastRecalculatedAt]), [
    ['RecalculationPricesPrepared', new Date(T0 + 60_000).toISOString()],
    ['RecalculationProcessFinished', new Date(T0 + 60_000).toISOString()],
  ], 'the retry that commerce took announces the set');
  t.equal((await app.inject('/api/prices/metals')).json().lastRecalculatedAt, new Date(T0 + 60_000).toISOString());
  t.equal((await app.inject('/health')).json().lastError, null);
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
  // the server notices the close a moment after the client (a bound, not a timing)
  const deadline = Date.now() + 10_000;
  while ((await app.inject('/health')).json().subscribers !== 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  t.equal((await app.inject('/health')).json().subscribers, 1);
});

t.test('a subscriber that stops answering pings is dropped; one that answers stays', async (t) => {
  const { time, timers } = fakeTime();
  const app = await pricingApp(t, { timers, heartbeatMs: 30_000 });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const mute = await subscribe(t, base, { autoPong: false });
  const alive = await subscribe(t, base);
  const beat = async () => {
    const pinged = once(alive.ws, 'ping');
    await time.tickAsync(30_000);
    await pinged;
    // the answer to the ping went out before this round trip: the service has it now
    await roundTrip(alive.ws);
  };
  await beat();
  const closed = once(mute.ws, 'close');
  await beat();
  const [code] = await closed;
  t.equal(code, 1006, 'the silent one is terminated by the server at the next heartbeat');
  await beat();
  t.equal(alive.ws.readyState, WebSocket.OPEN, 'the answering one stays');
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
  const { time, timers } = fakeTime();
  const app = await pricingApp(t, { autoStart: false, timers, recalcTimeoutMs: 30_000, loadProducts: () => new Promise(() => {}) });
  await app.ready();
  const answer = app.inject({ method: 'POST', url: '/admin/recalculate' });
  while (!app.pricing.recalculator.recalculating()) await new Promise((r) => setImmediate(r));
  await time.tickAsync(29_999);
  t.equal(app.pricing.recalculator.recalculating(), true, 'still waiting just before the guard time');
  await time.tickAsync(1);
  const res = await answer;
  t.equal(res.statusCode, 503);
  t.match(res.json().message, /recalculation_timeout/);
  t.equal((await app.inject('/health')).json().recalculating, false);
});
