// Runs the price service alone on 127.0.0.1:PORT+2 (`npx tsx src/pricing/main.ts`). src/main.ts embeds it
// through startPricingService when PRICE_SERVICE_URL is unset.
import { servicePorts, type Config } from '../config.ts';
import { isEntry, runStandalone } from '../lib/standalone.ts';
import { buildPricingApp, type PricingApp } from './app.ts';
import { pgLeadership } from './leadership.ts';
import { compactPriceSetFromBook, createPriceHandOver } from './price-handover.ts';
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
  const handOver = createPriceHandOver({ baseUrl: commerceUrl, adminToken: config.ADMIN_TOKEN });
  let app: PricingApp | undefined;
  const leadership = config.PRICE_SERVICE_ELECTION === 'on'
    ? pgLeadership({
        databaseUrl: config.DATABASE_URL,
        log: { info: (o, m) => app?.log.info(o, m), warn: (o, m) => app?.log.warn(o, m) },
      })
    : undefined;
  app = await buildPricingApp({
    leadership,
    loadProducts: source.load,
    feedSource: config.PRICE_FEED,
    seed: config.PRICE_FEED_SEED,
    recalcIntervalS: config.PRICE_RECALC_INTERVAL_S,
    adminToken: config.ADMIN_TOKEN,
    logLevel: config.LOG_LEVEL,
    handOver: (book, products, validUntilMs) => handOver.send(compactPriceSetFromBook(book, products, validUntilMs)),
  });
  app.addHook('onClose', async () => {
    await source.close();
    await handOver.close();
  });
  await app.listen({ host: config.PRICE_SERVICE_HOST, port });
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const running = app;
  return { app: running, url: `http://127.0.0.1:${actualPort}`, close: () => running.close() };
}

if (isEntry(import.meta.url)) {
  void runStandalone('prices', async (config) => {
    const service = await startPricingService(config);
    service.app.log.info({ url: service.url }, 'price service listening');
    return service;
  });
}
