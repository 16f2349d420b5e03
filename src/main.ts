// Starts the whole shop in ONE process (development, tests and the browser tests; `npm start` runs
// src/supervisor.ts instead, a process per part): the storefront on PORT and, for each upstream whose URL is not configured, the
// embedded service on loopback (commerce PORT+1, prices PORT+2, content PORT+3), and the staff's back
// office on BACKOFFICE_HOST:PORT+4 (loopback by default) unless BACKOFFICE_URL names one run elsewhere. Embedded services are
// reached over HTTP exactly as external ones would be. SIGTERM/SIGINT: stop accepting, finish in-flight
// requests, close sockets and databases, exit 0.
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { servicePorts, type Config } from './config.ts';
import { isEntry, processLogger, runStandalone } from './lib/standalone.ts';
import { buildContentApp } from './content/app.ts';
import { purgeTargets } from './content/purge.ts';
import { startPricingService } from './pricing/main.ts';
import { startCommerceService } from './commerce/main.ts';
import { buildStorefrontApp } from './storefront/app.ts';
import { upstreamUrls } from './storefront/main.ts';
import { buildBackofficeApp } from './backoffice/app.ts';
import { serviceCredential, withServiceSecret } from './lib/service-secret.ts';

export interface RunningShop {
  config: Config;
  urls: { storefront: string; commerce: string; prices: string; cms: string; backoffice: string };
  storefront: FastifyInstance;
  close(): Promise<void>;
}

interface Closable {
  name: string;
  close(): Promise<unknown>;
}

const LOOPBACK = '127.0.0.1';

/** log: the process's lifecycle lines (services and storefront log requests with their own loggers). */
export async function startShop(given: Config, log: Logger = processLogger('shop', given.LOG_LEVEL)): Promise<RunningShop> {
  // the parts' shared secret (x-client-ip, src/lib/service-secret.ts): generated for this start unless configured
  const config = withServiceSecret(given);
  const ports = servicePorts(config);
  const closables: Closable[] = [];
  const urls = {
    storefront: `http://${config.HOST === '0.0.0.0' ? LOOPBACK : config.HOST}:${ports.storefront}`,
    ...upstreamUrls(config),
    backoffice: config.BACKOFFICE_URL.replace(/\/$/, '') || `http://${config.BACKOFFICE_HOST === '0.0.0.0' ? LOOPBACK : config.BACKOFFICE_HOST}:${ports.backoffice}`,
  };
  try {
    if (!config.CMS_API_URL) {
      const content = buildContentApp({ publicToken: config.CMS_TOKEN, previewToken: config.CMS_PREVIEW_TOKEN, logLevel: config.LOG_LEVEL, purge: purgeTargets(config), adminToken: config.ADMIN_TOKEN });
      await content.listen({ host: LOOPBACK, port: ports.content });
      closables.push({ name: 'content', close: () => content.close() });
    }

    if (!config.COMMERCE_API_URL) {
      const commerce = await startCommerceService(config, ports.commerce);
      closables.push({ name: 'commerce', close: () => commerce.close() });
    }

    // The price service reads product attributes from the commerce service, so it starts after it.
    if (!config.PRICE_SERVICE_URL || config.PRICE_SERVICE_ELECTION === 'on') {
      const pricing = await startPricingService(config, ports.pricing);
      closables.push({ name: 'prices', close: () => pricing.close() });
    }

    if (!config.BACKOFFICE_URL) {
      const backoffice = await buildBackofficeApp({ commerceUrl: urls.commerce, production: config.NODE_ENV === 'production', logLevel: config.LOG_LEVEL, serviceSecret: serviceCredential(config), trustProxy: config.BACKOFFICE_TRUST_PROXY === 'on', adminToken: config.ADMIN_TOKEN });
      await backoffice.listen({ host: config.BACKOFFICE_HOST, port: ports.backoffice });
      closables.unshift({ name: 'backoffice', close: () => backoffice.close() });
    }

    const { app: storefront } = await buildStorefrontApp({ config, upstreams: { commerce: urls.commerce, prices: urls.prices, cms: urls.cms } });
    await storefront.listen({ host: config.HOST, port: ports.storefront });
    // The storefront closes first: it stops taking requests before the services behind it go away.
    closables.unshift({ name: 'storefront', close: () => storefront.close() });

    let closing: Promise<void> | null = null;
    return {
      config,
      urls,
      storefront,
      close: () =>
        (closing ??= (async () => {
          for (const c of closables) {
            try {
              await c.close();
            } catch (err) {
              log.error({ part: c.name, reason: (err as Error).message }, 'closing failed');
            }
          }
        })()),
    };
  } catch (err) {
    for (const c of closables) await c.close().catch(() => {});
    throw err;
  }
}

if (isEntry(import.meta.url)) {
  void runStandalone('shop', async (config, log) => {
    const shop = await startShop(config, log);
    log.info({ urls: shop.urls, stores: `http://ch.localhost:${config.PORT} (at., de., li., us. likewise)` }, 'shop ready');
    return shop;
  });
}
