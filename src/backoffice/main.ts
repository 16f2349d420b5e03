// Runs the back office alone (on another machine than the shop): `npx tsx src/backoffice/main.ts`, listening
// on BACKOFFICE_HOST:PORT+4 and talking to COMMERCE_API_URL (or the commerce service on PORT+1).
import { servicePorts } from '../config.ts';
import { runStandalone } from '../lib/standalone.ts';
import { serviceCredential } from '../lib/service-secret.ts';
import { buildBackofficeApp } from './app.ts';

void runStandalone('backoffice', async (config) => {
  const ports = servicePorts(config);
  const app = await buildBackofficeApp({
    commerceUrl: config.COMMERCE_API_URL || `http://127.0.0.1:${ports.commerce}`,
    production: config.NODE_ENV === 'production',
    logLevel: config.LOG_LEVEL,
    serviceSecret: serviceCredential(config),
    trustProxy: config.BACKOFFICE_TRUST_PROXY === 'on',
    adminToken: config.ADMIN_TOKEN,
  });
  const url = await app.listen({ host: config.BACKOFFICE_HOST, port: ports.backoffice });
  app.log.info({ url }, 'back office listening');
  return app;
});
