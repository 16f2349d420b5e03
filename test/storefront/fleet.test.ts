// Readiness means ready (issues 16 and 27): /health answers 200 once every storefront worker that takes
// connections holds a price set (at the first start: every expected worker), and says how many upstream price
// connections the workers keep. A worker that is gone or restarting takes no connections and keeps nobody
// out; a slow or down upstream is shown in the body ('degraded'), never as a 503 that would take every
// instance out of the load balancer at once. The workers' states come over IPC from the supervisor
// (src/storefront/fleet.ts); here the IPC channel is a pair of functions and this worker's hub state is set by
// the test, the app and its /health are the real ones.
import t from 'tap';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../src/config.ts';
import { buildStorefrontApp } from '../../src/storefront/app.ts';
import { fleetReady, ipcFleet, summarise, type FleetMessage, type WorkerState } from '../../src/storefront/fleet.ts';
import type { PriceHub } from '../../src/storefront/price-hub/hub.ts';
import { ensureClientBuild } from './harness.ts';

const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', RATE_LIMITS: 'off', OVERLOAD_EVENT_LOOP_DELAY_MS: '0' });
const PRICED = '2026-11-26T00:00:00.000Z';
const worker = (n: number, hasPrices: boolean, accepting = true): WorkerState => ({ worker: n, pid: 4240 + n, upstreamConnected: true, hasPrices, lastRecalculatedAt: hasPrices ? PRICED : null, accepting });

/** An upstream whose /health answers after delayMs (null: never within the test) */
async function upstreamServer(t: { teardown(fn: () => void): void }, delayMs: () => number | null = () => 0): Promise<string> {
  const server: Server = createServer((_req, res) => {
    const d = delayMs();
    if (d === null) return; // holds the request
    setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'), d);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.teardown(() => {
    server.closeAllConnections();
    server.close();
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

t.test('/health is 503 until every worker has prices at the first start, then a restarting worker keeps nobody out', async (t) => {
  await ensureClientBuild();
  // every upstream's health answers 200: only the prices decide
  const base = await upstreamServer(t);
  const own = { state: 'connecting', lastRecalculatedAt: null as string | null };
  // this worker's hub state is the test's (the fleet reads the hub it is given)
  const hub = { health: () => ({ upstream: { state: own.state }, lastRecalculatedAt: own.lastRecalculatedAt }) } as unknown as PriceHub;
  const sent: FleetMessage[] = [];
  let fromSupervisor: (m: unknown) => void = () => {};
  const { app } = await buildStorefrontApp({
    config,
    upstreams: { commerce: base, prices: base, cms: `${base}/v2` },
    logger: false,
    fleet: (_appHub, accepting) => ipcFleet({ hub, worker: 0, accepting, send: (m) => sent.push(m), subscribe: (l) => ((fromSupervisor = l), () => {}), pollMs: 10 }),
  });
  t.teardown(() => app.close());
  await app.listen({ host: '127.0.0.1', port: 0 });
  const health = async () => {
    const res = await app.inject({ url: '/health', headers: { host: 'ch.localhost' } });
    return { status: res.statusCode, body: res.json() };
  };

  let h = await health();
  t.equal(h.status, 503, 'no prices yet: not ready, although every upstream answers');
  t.match(h.body, { status: 'starting', reason: 'prices_not_ready', priceHub: { upstreamConnections: 0, workers: { expected: 1, withPrices: 0 } } });

  own.state = 'open';
  own.lastRecalculatedAt = PRICED;
  fromSupervisor({ type: 'storefront-fleet', expected: 2, workers: [worker(1, false)] });
  h = await health();
  t.equal(h.status, 503, 'this worker has prices, the other one listens without them');
  t.match(h.body.priceHub, { upstreamConnections: 2, workers: { expected: 2, withPrices: 1 } });

  fromSupervisor({ type: 'storefront-fleet', expected: 2, workers: [worker(1, true)] });
  h = await health();
  t.equal(h.status, 200, 'every worker holds prices: ready');
  t.match(h.body, { status: 'ok', priceHub: { upstreamConnections: 2, workers: { expected: 2, withPrices: 2, list: [{ worker: 0, pid: process.pid, accepting: true }, { worker: 1, pid: 4241 }] } } });
  t.notOk('reason' in h.body);

  fromSupervisor({ type: 'storefront-fleet', expected: 2, workers: [] });
  t.equal((await health()).status, 200, 'the other worker exited (the supervisor restarts it): this one serves, the instance stays ready');
  fromSupervisor({ type: 'storefront-fleet', expected: 2, workers: [worker(1, false, false)] });
  t.equal((await health()).status, 200, 'restarted, it waits for its prices before it listens: still ready');
  fromSupervisor({ type: 'storefront-fleet', expected: 2, workers: [worker(1, false, true)] });
  t.equal((await health()).status, 503, 'a worker that listens without prices would hand visitors pages without prices: not ready');

  await t.resolves(new Promise((r) => setTimeout(r, 30)));
  t.match(sent.at(-1), { type: 'storefront-state', state: { worker: 0, pid: process.pid, upstreamConnected: true, hasPrices: true, accepting: true } }, 'the worker reports its own state to the supervisor');
});

t.test('a slow or down upstream is degraded in the body, never a 503 of /health; /health/upstreams says it with its code', async (t) => {
  await ensureClientBuild();
  let commerceDelay: number | null = 0;
  const fast = await upstreamServer(t);
  const commerce = await upstreamServer(t, () => commerceDelay);
  const { app } = await buildStorefrontApp({
    config,
    upstreams: { commerce, prices: fast, cms: `${fast}/v2` },
    logger: false,
    fleet: (_hub, accepting) => ipcFleet({ hub: { health: () => ({ upstream: { state: 'open' }, lastRecalculatedAt: PRICED }) } as unknown as PriceHub, worker: 0, accepting, send: () => {}, subscribe: () => () => {} }),
  });
  t.teardown(() => app.close());
  // readiness counts workers that take connections: this one listens
  await app.listen({ host: '127.0.0.1', port: 0 });
  const get = async (url: string) => {
    const res = await app.inject({ url, headers: { host: 'ch.localhost' } });
    return { status: res.statusCode, body: res.json() };
  };
  let h = await get('/health');
  t.equal(h.status, 200);
  t.equal(h.body.status, 'ok');
  t.equal((await get('/health/upstreams')).status, 200);

  commerceDelay = 1200; // commerce answers, but in 1.2 s
  h = await get('/health');
  t.equal(h.status, 200, 'a slow commerce keeps the instance in the load balancer');
  t.equal(h.body.status, 'degraded');
  t.equal(h.body.upstreams.commerce.state, 'slow');
  t.ok(h.body.upstreams.commerce.latencyMs >= 1000);
  t.equal(h.body.upstreams.cms.state, 'up');
  t.equal((await get('/health/upstreams')).status, 503, 'a monitor reading codes sees it');

  commerceDelay = null; // no answer at all within the probe's budget
  const started = performance.now();
  h = await get('/health');
  t.ok(performance.now() - started < 2500, '/health answers within its probe budget');
  t.equal(h.status, 200);
  t.match(h.body.upstreams.commerce, { state: 'slow', timedOut: true });

  const down = await buildStorefrontApp({
    config,
    upstreams: { commerce: 'http://127.0.0.1:9', prices: fast, cms: `${fast}/v2` },
    logger: false,
    fleet: (_hub, accepting) => ipcFleet({ hub: { health: () => ({ upstream: { state: 'open' }, lastRecalculatedAt: PRICED }) } as unknown as PriceHub, worker: 0, accepting, send: () => {}, subscribe: () => () => {} }),
  });
  t.teardown(() => down.app.close());
  await down.app.listen({ host: '127.0.0.1', port: 0 });
  const d = await down.app.inject({ url: '/health', headers: { host: 'ch.localhost' } });
  t.equal(d.statusCode, 200, 'commerce refusing connections: pages without commerce (home, CMS pages) are still served');
  t.equal(d.json().status, 'degraded');
  t.equal(d.json().upstreams.commerce.state, 'down');
});

t.test('the readiness rule, worker by worker', async (t) => {
  const s = (expected: number, ...ws: WorkerState[]) => summarise(expected, ws);
  t.notOk(fleetReady(s(2, worker(0, true), worker(1, false)), false), 'first start: a listening worker without prices');
  t.notOk(fleetReady(s(2, worker(0, true)), false), 'first start: an expected worker has not reported yet');
  t.ok(fleetReady(s(2, worker(0, true), worker(1, true)), false), 'first start: every worker has prices');
  t.ok(fleetReady(s(2, worker(0, true)), true), 'later: a worker gone (exited, about to restart) takes no connections');
  t.ok(fleetReady(s(2, worker(0, true), worker(1, false, false)), true), 'later: a restarted worker waiting for prices does not listen yet');
  t.notOk(fleetReady(s(2, worker(0, true), worker(1, false, true)), true), 'later too: a worker that listens without prices is not ready');
  t.notOk(fleetReady(s(1, worker(0, false, false)), true), 'no worker takes connections: not ready');
});
