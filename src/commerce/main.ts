// Runs the commerce service alone on 127.0.0.1:PORT+1 (`npx tsx src/commerce/main.ts`). src/main.ts embeds
// it through startCommerceService when COMMERCE_API_URL is unset.
import { fileURLToPath } from 'node:url';
import { servicePorts, type Config } from '../config.ts';
import { isEntry, runStandalone } from '../lib/standalone.ts';
import { buildCommerceApp, type CommerceApp } from './app.ts';
import { openDb } from './db/index.ts';
import { purgeTargets } from '../lib/purge.ts';

/** Built by `npm run build` beside dist/commerce.js (db/template.ts). The server build rewrites this URL
 * to the same file seen from dist/ (src/build-server.ts), so the single-process shop run from the sources
 * (startShop, tests, the browser tests) starts its new databases from it too once a build made it; a
 * template older than the sources is brought up to date by the migrations and the seed upsert. */
const dbTemplate = fileURLToPath(new URL('../../dist/commerce-template.tar.gz', import.meta.url));

export interface RunningCommerceService {
  app: CommerceApp;
  /** base URL, e.g. http://127.0.0.1:3001 */
  url: string;
  /** closes the server, then the database */
  close: () => Promise<void>;
}

/** Opens the database (DATABASE_URL / DATA_DIR), migrates, seeds the catalogue and listens on loopback. */
export async function startCommerceService(config: Config, port = servicePorts(config).commerce): Promise<RunningCommerceService> {
  let app: CommerceApp | undefined;
  // a server connection that dies outside a request (restart, failover): one warning, never a crash
  const db = await openDb(config.DATABASE_URL, config.DATA_DIR, {
    template: dbTemplate,
    poolSize: config.DATABASE_POOL_SIZE,
    onConnectionError: (info) => app?.log.warn(info, 'database connection lost; the pool opens a new one when needed'),
    minFreeBytes: config.DATA_DIR_MIN_FREE_MB * 1024 * 1024,
    onDiskLow: (info) => {
      if (info.low) app?.log.error(info, 'disk space low under DATA_DIR: writes are refused (503) until space returns');
      else app?.log.info(info, 'disk space back under DATA_DIR: writes accepted again');
    },
  });
  try {
    app = await buildCommerceApp({ db, config, seed: true, purge: purgeTargets(config) });
    // several commerce processes (COMMERCE_WORKERS, PostgreSQL only) share the port (src/supervisor.ts)
    // (Node's listen option, passed through by Fastify, whose types do not name it)
    const listen = { host: '127.0.0.1', port, reusePort: process.env.SHOP_WORKER !== undefined };
    await app.listen(listen);
  } catch (err) {
    await db.close();
    throw err;
  }
  const running = app;
  const address = running.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  let closed: Promise<void> | undefined;
  return {
    app: running,
    url: `http://127.0.0.1:${actualPort}`,
    // the last line of a clean stop: PGlite's close() returned (its files need no recovery at the next start)
    close: () => (closed ??= running.close().finally(() => db.close().then(() => running.log.info('database closed')))),
  };
}

if (isEntry(import.meta.url)) {
  void runStandalone('commerce', async (config) => {
    const service = await startCommerceService(config);
    service.app.log.info({ url: service.url }, 'commerce service listening');
    return service;
  });
}
