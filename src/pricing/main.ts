// Runs the price service alone on 127.0.0.1:PORT+2 (`npx tsx src/pricing/main.ts`). src/main.ts embeds it
// through startPricingService when PRICE_SERVICE_URL is unset.
import { pathToFileURL } from 'node:url';
import { loadConfig, servicePorts, type Config } from '../config.ts';
import { buildPricingApp, type PricingApp } from './app.ts';
import { createHttpProductSource } from './product-source.ts';

export interface RunningPricingService {
  app: PricingApp;
  /** base URL, e.g. http://127.0.0.1:3002 (WebSocket: same host, path /ws) */
  url: string;
  close: () => Promise<void>;
}

/** Builds the service from the configuration and listens on loopback. */
export async function startPricingService(config: Config, port = servicePorts(config).pricing): Promise<RunningPricingService> {
  const commerceUrl = config.COMMERCE_API_URL || `http://127.0.0.1:${servicePorts(config).commerce}`;
  const source = createHttpProductSource({ baseUrl: commerceUrl, adminToken: config.ADMIN_TOKEN });
  const app = await buildPricingApp({
    loadProducts: source.load,
    feedSource: config.PRICE_FEED,
    seed: config.PRICE_FEED_SEED,
    recalcIntervalS: config.PRICE_RECALC_INTERVAL_S,
    adminToken: config.ADMIN_TOKEN,
    logLevel: config.LOG_LEVEL,
  });
  app.addHook('onClose', async () => source.close());
  await app.listen({ host: '127.0.0.1', port });
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return { app, url: `http://127.0.0.1:${actualPort}`, close: () => app.close() };
}

async function main(): Promise<void> {
  const config = loadConfig();
  const service = await startPricingService(config);
  service.app.log.info({ url: service.url }, 'price service listening');
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    service.app.log.info({ signal }, 'price service shutting down');
    // Close sockets and timers, then leave; a stuck close must not keep the process alive forever.
    setTimeout(() => process.exit(1), 10_000).unref();
    service.close().then(() => process.exit(0), () => process.exit(1));
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
