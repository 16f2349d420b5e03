// Runs one storefront process (`node dist/storefront.js`, started by the supervisor, src/supervisor.ts):
// the storefront on HOST:PORT, its upstreams from their URLs or the embedded services' loopback ports.
// Several storefront processes share PORT (SO_REUSEPORT: the kernel spreads new connections over them).
// Under the supervisor (an IPC channel), the process reports its price hub's state and learns the other
// workers' (src/storefront/fleet.ts), so /health answers for every storefront process.
import { servicePorts, type Config } from '../config.ts';
import { isEntry, runStandalone } from '../lib/standalone.ts';
import { buildStorefrontApp, type PurgeRelay, type Upstreams } from './app.ts';
import { ipcFleet, isPurgeMessage, type FleetMessage, type PurgeMessage } from './fleet.ts';
import { serveMetrics } from '../lib/metrics.ts';
import type { StorefrontMetrics } from './metrics.ts';

const LOOPBACK = '127.0.0.1';

/** The upstreams' base URLs: the configured ones, else the embedded services on loopback. */
export function upstreamUrls(config: Config): Upstreams {
  const ports = servicePorts(config);
  return {
    commerce: config.COMMERCE_API_URL.replace(/\/$/, '') || `http://${LOOPBACK}:${ports.commerce}`,
    // several (active and standby, issue 27): kept as one comma-separated string; the price hub splits it
    prices: config.PRICE_SERVICE_URL.split(',').map((u) => u.trim().replace(/\/$/, '')).filter(Boolean).join(',') || `http://${LOOPBACK}:${ports.pricing}`,
    cms: config.CMS_API_URL.replace(/\/$/, '') || `http://${LOOPBACK}:${ports.content}/v2`,
  };
}

export async function startStorefrontProcess(config: Config) {
  const worker = Number(process.env.SHOP_WORKER ?? 0);
  const send = process.send?.bind(process);
  const { app, priceHub: hub, metrics } = await buildStorefrontApp({
    config,
    worker,
    upstreams: upstreamUrls(config),
    fleet: send
      ? (hub, accepting) =>
          ipcFleet({
            hub,
            worker,
            accepting,
            send: (m: FleetMessage) => void send(m),
            subscribe: (listener) => {
              process.on('message', listener);
              return () => process.off('message', listener);
            },
          })
      : undefined,
    workers: send ? ipcPurgeRelay(send) : undefined,
  });
  // reusePort: every storefront worker binds PORT itself; no primary process passes connections on.
  // Only with several workers: platforms without SO_REUSEPORT balancing refuse the option (src/supervisor.ts
  // runs one worker there). (Node's listen option, passed through by Fastify, whose types do not name it.)
  const listen = { host: config.HOST, port: servicePorts(config).storefront, reusePort: process.env.SHOP_WORKER !== undefined && (config.STOREFRONT_WORKERS || 1) > 1 };
  await serveWorkerMetrics(app, metrics, config, worker);
  if (process.env.SHOP_WAIT_FOR_PRICES === '1') await waitForPrices(app, hub);
  await app.listen(listen);
  return app;
}

/** A purge one worker received reaches the others through the supervisor (it sends it to every other
 * storefront worker: src/supervisor.ts). */
function ipcPurgeRelay(send: (m: PurgeMessage) => void): PurgeRelay {
  return {
    send: (keys) => {
      try {
        send({ type: 'storefront-purge', keys });
      } catch {
        /* the supervisor is gone; this process is about to be stopped */
      }
    },
    subscribe: (listener) => {
      const onMessage = (m: unknown) => {
        if (isPurgeMessage(m)) listener(m.keys);
      };
      process.on('message', onMessage);
      return () => process.off('message', onMessage);
    },
  };
}

/** Issue 27: with STOREFRONT_METRICS_PORT, this worker's own /metrics on that port + its number (the
 * workers share PORT: src/storefront/metrics.ts), closed with the app. Before the app listens: a worker
 * whose metrics port is taken fails at its start, loudly, rather than serving unwatched. */
export async function serveWorkerMetrics(app: Pick<Storefront['app'], 'addHook'>, metrics: StorefrontMetrics, config: Pick<Config, 'HOST' | 'STOREFRONT_METRICS_PORT' | 'ADMIN_TOKEN'>, worker: number): Promise<void> {
  if (!config.STOREFRONT_METRICS_PORT) return;
  const server = await serveMetrics(metrics.registry, { host: config.HOST, port: config.STOREFRONT_METRICS_PORT + worker, token: config.ADMIN_TOKEN || undefined });
  // Decision: closed at once, not awaited: a scrape in flight must not hold up the worker's stop
  app.addHook('onClose', async () => {
    server.close();
    server.closeAllConnections();
  });
}

/** Longest a restarted worker waits for prices before it serves anyway (its pages then say prices are
 * loading, as at a first start): a price service that stays away must not keep the worker out for good. */
const PRICE_WAIT_MAX_MS = 15_000;

/** A worker restarted beside workers that serve (the supervisor sets SHOP_WAIT_FOR_PRICES) starts its price
 * hub first and takes connections once the hub holds a price set, or after PRICE_WAIT_MAX_MS. */
type Storefront = Awaited<ReturnType<typeof buildStorefrontApp>>;

export async function waitForPrices(app: Pick<Storefront['app'], 'ready' | 'log'>, hub: Pick<Storefront['priceHub'], 'phase'>, maxMs = PRICE_WAIT_MAX_MS) {
  await app.ready(); // onReady starts the hub: its upstream socket and first price fetch
  const started = Date.now();
  while (hub.phase() === 'starting' && Date.now() - started < maxMs) await new Promise((r) => setTimeout(r, 50));
  app.log.info({ waitedMs: Date.now() - started, phase: hub.phase() }, 'restarted worker: prices before connections');
}

if (isEntry(import.meta.url)) {
  void runStandalone('storefront', async (config) => {
    const app = await startStorefrontProcess(config);
    app.log.info({ port: servicePorts(config).storefront, worker: Number(process.env.SHOP_WORKER ?? 0) }, 'storefront listening');
    return app;
  });
}
