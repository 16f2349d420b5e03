// One storefront as a process of its own, for the shared-budget test (shared-budget.test.ts): its
// configuration from the environment, commerce at BUDGET_COMMERCE_URL, no price service or CMS (the /api
// session call needs neither). Prints "listening <port>" once it listens on a free port; SIGTERM closes it.
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../src/config.ts';
import { buildStorefrontApp } from '../../src/storefront/app.ts';

const config = loadConfig(process.env);
const { app } = await buildStorefrontApp({
  config,
  upstreams: { commerce: String(process.env.BUDGET_COMMERCE_URL), prices: 'http://127.0.0.1:9', cms: 'http://127.0.0.1:9/v2' },
  logger: false,
});
await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`listening ${(app.server.address() as AddressInfo).port}\n`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
