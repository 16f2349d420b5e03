// Issue 27, what operators watch: several storefront workers (npm start's default) share PORT, so each
// answers GET /metrics with its own numbers, labelled worker="N", on STOREFRONT_METRICS_PORT + N
// (src/storefront/metrics.ts). Apart from storefront.test.ts: this file's two storefronts on a machine
// already loaded by that file's price services took longer to close than Fastify allows.
import t, { type Test } from 'tap';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../src/config.ts';
import { buildStorefrontApp, type Storefront } from '../../src/storefront/app.ts';
import { serveWorkerMetrics } from '../../src/storefront/main.ts';
import { seriesValue } from './helpers.ts';
import { freePortBlock } from '../free-ports.ts';

const ADMIN_TOKEN = 'storefront-workers-token-0123456789';
// ports of this part's tests (41100-41119; storefront.test.ts uses 41115-41117)
// the workers' ports: free ones below the kernel's ephemeral range (test/free-ports.ts says why)
const METRICS_PORT = await freePortBlock(4);

interface Running extends Storefront {
  port: number;
}

/** A real storefront worker on a free port (upstreams absent). */
async function storefront(t: Test, pricesUrl: string, opts: { worker: number }): Promise<Running> {
  const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', RATE_LIMITS: 'off', OVERLOAD_EVENT_LOOP_DELAY_MS: '0', ADMIN_TOKEN });
  const sf = await buildStorefrontApp({
    config,
    upstreams: { commerce: 'http://127.0.0.1:9', prices: pricesUrl, cms: 'http://127.0.0.1:9/v2' },
    logger: false,
    worker: opts.worker,
    assets: { buildId: 'test', entry: '/build/entry.js', css: [], preload: [] },
  });
  t.teardown(() => sf.app.close());
  await sf.app.listen({ host: '127.0.0.1', port: 0 });
  return { ...sf, port: (sf.app.server.address() as AddressInfo).port };
}

t.test('several workers: each answers with its own numbers, labelled, on STOREFRONT_METRICS_PORT + its number', async (t) => {
  // (no price service: the workers' requests and labels are what is tested)
  const w0 = await storefront(t, 'http://127.0.0.1:9', { worker: 0 });
  const w1 = await storefront(t, 'http://127.0.0.1:9', { worker: 1 });
  // each worker's own port, as main.ts opens it (its closing: storefront.test.ts)
  const config = loadConfig({ NODE_ENV: 'test', HOST: '127.0.0.1', STOREFRONT_METRICS_PORT: String(METRICS_PORT) });
  const closers: (() => Promise<void>)[] = [];
  const hooks = { addHook: (_name: string, fn: () => Promise<void>) => closers.push(fn) } as never;
  await serveWorkerMetrics(hooks, w0.metrics, config, 0);
  await serveWorkerMetrics(hooks, w1.metrics, config, 1);
  t.teardown(async () => { for (const close of closers) await close(); });
  for (let i = 0; i < 3; i++) await w0.app.inject({ method: 'GET', url: '/health/live' });
  await w1.app.inject({ method: 'GET', url: '/health/live' });
  const [m0, m1] = await Promise.all([0, 1].map(async (n) => {
    const res = await fetch(`http://127.0.0.1:${METRICS_PORT + n}/metrics`);
    t.equal(res.status, 200, `worker ${n}'s port answers`);
    return res.text();
  }));
  const live = (text: string, worker: string) => seriesValue(text, 'http_requests_total', { part: 'storefront', worker, route: '/health/live', method: 'GET', status: '200' });
  t.equal(live(m0, '0'), 3, 'worker 0 counts its own requests');
  t.equal(live(m1, '1'), 1, 'worker 1 its own');
  t.equal(live(m0, '1'), undefined, 'and no other worker\'s');
  t.equal((await fetch(`http://127.0.0.1:${METRICS_PORT}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.7' } })).status, 404, 'the same rule on the worker\'s port');
  t.equal((await fetch(`http://127.0.0.1:${METRICS_PORT}/`)).status, 404, 'nothing else there');
});
