// Readiness means ready (issue 16): /health answers 200 only once every storefront worker holds a price
// set, and says how many upstream price connections the workers keep. The workers' states come over IPC
// from the supervisor (src/storefront/fleet.ts); here the IPC channel is a pair of functions and this
// worker's hub state is set by the test, the app and its /health are the real ones.
import t from 'tap';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../src/config.ts';
import { buildStorefrontApp } from '../../src/storefront/app.ts';
import { ipcFleet, type FleetMessage, type WorkerState } from '../../src/storefront/fleet.ts';
import type { PriceHub } from '../../src/storefront/price-hub/hub.ts';
import { ensureClientBuild } from './harness.ts';

t.test('/health is 503 until every storefront worker has prices, and counts their upstream connections', async (t) => {
  await ensureClientBuild();
  // every upstream's health answers 200: only the prices decide
  const upstream: Server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  t.teardown(() => upstream.close());
  const base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;

  const own = { state: 'connecting', lastRecalculatedAt: null as string | null };
  const hub = { health: () => ({ upstream: { state: own.state }, lastRecalculatedAt: own.lastRecalculatedAt }) } as unknown as PriceHub;
  const sent: FleetMessage[] = [];
  let fromSupervisor: (m: unknown) => void = () => {};
  const { app } = await buildStorefrontApp({
    config: loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', RATE_LIMITS: 'off', OVERLOAD_EVENT_LOOP_DELAY_MS: '0' }),
    upstreams: { commerce: base, prices: base, cms: `${base}/v2` },
    logger: false,
    fleet: () => ipcFleet({ hub, worker: 0, send: (m) => sent.push(m), subscribe: (l) => ((fromSupervisor = l), () => {}), pollMs: 10 }),
  });
  t.teardown(() => app.close());
  const health = async () => {
    const res = await app.inject({ url: '/health', headers: { host: 'ch.localhost' } });
    return { status: res.statusCode, body: res.json() };
  };
  const other = (hasPrices: boolean): WorkerState => ({ worker: 1, pid: 4242, upstreamConnected: true, hasPrices, lastRecalculatedAt: hasPrices ? '2026-11-26T00:00:00.000Z' : null });

  let h = await health();
  t.equal(h.status, 503, 'no prices yet: not ready, although every upstream answers');
  t.match(h.body, { status: 'degraded', reason: 'prices_not_ready', priceHub: { upstreamConnections: 0, workers: { expected: 1, withPrices: 0 } } });

  own.state = 'open';
  own.lastRecalculatedAt = '2026-11-26T00:00:00.000Z';
  fromSupervisor({ type: 'storefront-fleet', expected: 2, workers: [other(false)] });
  h = await health();
  t.equal(h.status, 503, 'this worker has prices, the other one not yet');
  t.match(h.body.priceHub, { upstreamConnections: 2, workers: { expected: 2, withPrices: 1 } });

  fromSupervisor({ type: 'storefront-fleet', expected: 2, workers: [other(true)] });
  h = await health();
  t.equal(h.status, 200, 'every worker holds prices: ready');
  t.match(h.body, { status: 'ok', priceHub: { upstreamConnections: 2, workers: { expected: 2, withPrices: 2, list: [{ worker: 0, pid: process.pid }, { worker: 1, pid: 4242 }] } } });
  t.notOk('reason' in h.body);

  fromSupervisor({ type: 'storefront-fleet', expected: 2, workers: [] });
  t.equal((await health()).status, 503, 'a worker gone (restarting) is not ready');

  await t.resolves(new Promise((r) => setTimeout(r, 30)));
  t.match(sent.at(-1), { type: 'storefront-state', state: { worker: 0, pid: process.pid, upstreamConnected: true, hasPrices: true } }, 'the worker reports its own state to the supervisor');
});
