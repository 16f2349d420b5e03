// The price hub end to end: the real price service, the real storefront, browser sockets over real
// WebSockets. Issue 4's acceptance tests for the fan-out.
import t from 'tap';
import FakeTimers from '@sinonjs/fake-timers';
import type { PricesFinishedMessage, StoreMetalPricesResponse } from '../../src/contracts/price-stream.ts';
import type { PricingHealth } from '../../src/contracts/prices.ts';
import { browserSocket, eventually, json, startPricing, startStorefront } from './helpers.ts';

t.test('a recalculation cycle reaches the browser sockets: Finished with the store\'s metal prices and lastRecalculatedAt', async (t) => {
  const pricing = await startPricing();
  t.teardown(() => pricing.close());
  const sf = await startStorefront(pricing.url);
  t.teardown(() => sf.close());

  const ch = await browserSocket(sf.port, { host: 'ch.localhost' });
  const us = await browserSocket(sf.port, { host: 'us.localhost' });
  t.teardown(() => {
    ch.close();
    us.close();
  });
  // the first prices are in (the greeting); then a recalculation, started now rather than waited for
  await ch.next('RecalculationProcessFinished', 10_000);
  await us.next('RecalculationProcessFinished', 10_000);
  t.equal((await fetch(`${pricing.url}/admin/recalculate`, { method: 'POST' })).status, 200);
  const finished = (await ch.next('RecalculationProcessFinished', 10_000)) as PricesFinishedMessage;
  // Started reaches browsers only when the cycle outlasts the hub's grace (push.test.ts tests both sides); a
  // busy machine may take that long, and then it comes first
  const startedIndex = ch.messages.findIndex((m) => m.type === 'RecalculationProcessStarted');
  t.ok(startedIndex === -1 || startedIndex < ch.messages.indexOf(finished), 'a Started, if any, comes before the Finished');
  t.equal(finished.currency, 'CHF', 'the Swiss store hears Swiss francs');
  t.same(finished.metals.map((m) => m.name).sort(), ['gold', 'palladium', 'platinum', 'silver']);
  for (const m of finished.metals) {
    t.same([...new Set(m.prices.map((p) => p.currency))], ['CHF'], `${m.name}: only the store's currency`);
    t.same(m.prices.map((p) => p.type).sort(), ['ask', 'bid']);
    t.ok(m.prices.every((p) => Number.isInteger(p.centAmount) && p.centAmount > 0), 'amounts in cents');
  }
  t.ok(Date.parse(finished.lastRecalculatedAt) > Date.now() - 10_000, 'lastRecalculatedAt is the fresh recalculation');
  t.equal(Date.parse(finished.validUntil) - Date.parse(finished.lastRecalculatedAt), 180_000, 'valid 180 s (spec 9)');
  t.ok(Math.abs(Date.parse(finished.serverTimestamp) - Date.now()) < 5000, 'with the shop\'s clock for the countdown');

  const usFinished = (await us.next('RecalculationProcessFinished', 10_000)) as PricesFinishedMessage;
  t.equal(usFinished.currency, 'USD', 'the US store hears dollars');

  // The HTTP cache holds the same recalculation.
  const metals = JSON.parse((await sf.get('ch.localhost', '/api/prices/metals')).text) as StoreMetalPricesResponse;
  t.ok(Date.parse(metals.lastRecalculatedAt) >= Date.parse(finished.lastRecalculatedAt));
});

t.test('the hub tells browsers prices are stale when the price service goes away, reconnects after the delay, and prices flow again', async (t) => {
  let pricing = await startPricing();
  const port = pricing.port;
  t.teardown(() => pricing.close());
  const sf = await startStorefront(pricing.url, { reconnectDelayMs: 300 });
  t.teardown(() => sf.close());
  const browser = await browserSocket(sf.port, { host: 'de.localhost' });
  t.teardown(() => browser.close());
  const first = (await browser.next('RecalculationProcessFinished')) as PricesFinishedMessage;
  t.equal(first.currency, 'EUR');

  await pricing.close();
  const stale = await browser.next('PricesStale');
  t.equal((stale as { lastRecalculatedAt: string }).lastRecalculatedAt, first.lastRecalculatedAt, 'stale names the prices still shown');
  const during = JSON.parse((await sf.get('de.localhost', '/health')).text);
  t.equal(during.priceHub.phase, 'stale');
  t.not(during.priceHub.upstream.state, 'open');
  const cached = await sf.get('de.localhost', '/api/prices/metals');
  t.equal(cached.status, 200, 'the last good prices are still served from the cache');

  // The price service comes back on the same address; a new recalculation happens there.
  await new Promise((r) => setTimeout(r, 700));
  pricing = await startPricing({ port });
  const again = (await browser.next('RecalculationProcessFinished', 10_000)) as PricesFinishedMessage;
  t.ok(Date.parse(again.lastRecalculatedAt) > Date.parse(first.lastRecalculatedAt), 'the new recalculation reaches the browser');
  const health = JSON.parse((await sf.get('de.localhost', '/health')).text);
  t.equal(health.priceHub.phase, 'ready');
  t.equal(health.priceHub.upstream.state, 'open');
  t.ok(health.priceHub.upstream.disconnects >= 1);
  const ph = await json<PricingHealth>(`${pricing.url}/health`);
  t.equal(ph.subscribers, 1, 'one upstream connection again');
});

t.test('one upstream connection serves 50 browser sockets', async (t) => {
  const pricing = await startPricing();
  t.teardown(() => pricing.close());
  const sf = await startStorefront(pricing.url);
  t.teardown(() => sf.close());
  const hosts = ['at.localhost', 'ch.localhost', 'de.localhost', 'li.localhost', 'us.localhost'];
  const sockets = await Promise.all(Array.from({ length: 50 }, (_, i) => browserSocket(sf.port, { host: hosts[i % hosts.length] })));
  t.teardown(() => sockets.forEach((s) => s.close()));
  await Promise.all(sockets.map((s) => s.next('RecalculationProcessFinished')));
  const ph = await json<PricingHealth>(`${pricing.url}/health`);
  t.equal(ph.subscribers, 1, 'the price service sees exactly one subscriber');
  const health = JSON.parse((await sf.get('ch.localhost', '/health')).text);
  t.equal(health.priceHub.sockets, 50, '/health counts the browser sockets');
  t.same(health.priceHub.socketsByKey, { 'AT:EUR': 10, 'CH:CHF': 10, 'DE:EUR': 10, 'LI:CHF': 10, 'US:USD': 10 });

  // A forced recalculation reaches all 50 through that one connection.
  const before = sockets.map((s) => s.messages.length);
  const res = await fetch(`${pricing.url}/admin/recalculate`, { method: 'POST' });
  t.equal(res.status, 200);
  await Promise.all(sockets.map((s) => s.next('RecalculationProcessFinished')));
  t.ok(sockets.every((s, i) => s.messages.length > before[i]));
  t.equal(health.priceHub.upstream.state, 'open');
});

t.test('browser sockets from other sites are refused with 403 before the upgrade', async (t) => {
  const pricing = await startPricing();
  t.teardown(() => pricing.close());
  const sf = await startStorefront(pricing.url);
  t.teardown(() => sf.close());
  const refused = async (opts: Parameters<typeof browserSocket>[1]) => {
    try {
      const s = await browserSocket(sf.port, opts);
      s.close();
      return 0;
    } catch (err) {
      return (err as { statusCode?: number }).statusCode ?? -1;
    }
  };
  t.equal(await refused({ origin: 'https://evil.example' }), 403, 'a foreign origin');
  t.equal(await refused({ origin: 'http://ch.localhost.evil.example' }), 403, 'a look-alike host');
  t.equal(await refused({ origin: null }), 403, 'no origin at all');
  t.equal(await refused({ origin: 'not a url' }), 403, 'a malformed origin');
  t.equal(await refused({ host: 'ch.localhost', origin: `http://at.localhost:${sf.port}` }), 0, 'another store of the shop is fine');
  t.equal(await refused({ host: 'ch.localhost', query: '?currency=EUR' }), 400, 'a currency the store does not show');
  t.equal(await refused({ host: 'ch.localhost', query: '?currency=USD' }), 0, 'USD is offered everywhere (spec 1)');
  const health = JSON.parse((await sf.get('ch.localhost', '/health')).text);
  t.equal(health.priceHub.upstream.state, 'open', 'refusals do not disturb the hub');
});

t.test('in production, plain localhost is not a store origin', async (t) => {
  const pricing = await startPricing();
  t.teardown(() => pricing.close());
  const sf = await startStorefront(pricing.url, {}, { NODE_ENV: 'production', STORE_HOSTS: 'ch=www.aurum.ch' });
  t.teardown(() => sf.close());
  const attempt = (origin: string, host: string) =>
    browserSocket(sf.port, { host, origin }).then(
      (s) => {
        s.close();
        return 101;
      },
      (err: { statusCode?: number }) => err.statusCode ?? -1,
    );
  t.equal(await attempt(`http://localhost:${sf.port}`, 'localhost'), 403);
  t.equal(await attempt('https://www.aurum.ch', 'www.aurum.ch'), 101, 'a configured production host');
});

t.test('sockets that do not answer the heartbeat are dropped; others stay', async (t) => {
  const pricing = await startPricing();
  t.teardown(() => pricing.close());
  // The hub's heartbeat interval is a fake one (the only interval the storefront starts): the test moves
  // it; pings and pongs go over the real network.
  const time = FakeTimers.withGlobal(globalThis).install({ toFake: ['setInterval', 'clearInterval'] });
  t.teardown(() => time.uninstall());
  const sf = await startStorefront(pricing.url, { heartbeatMs: 30_000 });
  t.teardown(() => sf.close());
  const silent = await browserSocket(sf.port, { autoPong: false });
  const alive = await browserSocket(sf.port);
  t.teardown(() => alive.close());
  const beat = async () => {
    const pinged = new Promise((resolve) => alive.ws.once('ping', resolve));
    time.tick(30_000);
    await pinged;
    // the answer to the ping went out before this round trip: the hub has it now
    await new Promise((resolve) => {
      alive.ws.once('pong', resolve);
      alive.ws.ping();
    });
  };
  await beat();
  await beat();
  t.equal(await silent.closed, 1006, 'the silent socket was terminated by the hub at the next heartbeat');
  await beat();
  t.equal(alive.ws.readyState, alive.ws.OPEN, 'a socket that answers pings stays open');
  const health = JSON.parse((await sf.get('ch.localhost', '/health')).text);
  t.equal(health.priceHub.sockets, 1);
});

t.test('a browser that sends more than 1 KiB is disconnected', async (t) => {
  const pricing = await startPricing();
  t.teardown(() => pricing.close());
  const sf = await startStorefront(pricing.url);
  t.teardown(() => sf.close());
  const s = await browserSocket(sf.port);
  s.ws.send('x'.repeat(2048));
  t.equal(await s.closed, 1009, 'closed with 1009 message too big');
  await eventually(t, 'the socket count drops to 0', async () => JSON.parse((await sf.get('ch.localhost', '/health')).text).priceHub.sockets === 0);
});

t.test('the socket limit refuses further browsers with 503', async (t) => {
  const pricing = await startPricing();
  t.teardown(() => pricing.close());
  const sf = await startStorefront(pricing.url, { maxSockets: 2 });
  t.teardown(() => sf.close());
  const a = await browserSocket(sf.port);
  const b = await browserSocket(sf.port);
  t.teardown(() => {
    a.close();
    b.close();
  });
  const third = await browserSocket(sf.port).then(
    (s) => (s.close(), 101),
    (err: { statusCode?: number }) => err.statusCode,
  );
  t.equal(third, 503);
});

t.test('before the first prices, the price API answers 503 with a retry hint, and /health says starting', async (t) => {
  // nothing listens on this port: the hub keeps trying
  const sf = await startStorefront('http://127.0.0.1:9', { reconnectDelayMs: 50 });
  t.teardown(() => sf.close());
  const res = await sf.get('ch.localhost', '/api/prices/metals');
  t.equal(res.status, 503);
  t.equal(JSON.parse(res.text).code, 'prices_not_ready');
  t.equal(res.headers['retry-after'], '5');
  const health = JSON.parse((await sf.get('ch.localhost', '/health')).text);
  t.equal(health.priceHub.phase, 'starting');
  t.not(health.priceHub.upstream.state, 'open', 'the hub could not reach the price service');
  t.equal(health.priceHub.lastRecalculatedAt, null);
});
