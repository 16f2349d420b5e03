// Runs the content service alone: `npx tsx src/content/main.ts` (listens on 127.0.0.1:PORT+3).
import { servicePorts } from '../config.ts';
import { runStandalone } from '../lib/standalone.ts';
import { buildContentApp } from './app.ts';
import { purgeTargets } from './purge.ts';

void runStandalone('content', async (config) => {
  const app = buildContentApp({
    publicToken: config.CMS_TOKEN,
    previewToken: config.CMS_PREVIEW_TOKEN,
    logLevel: config.LOG_LEVEL,
    purge: purgeTargets(config),
    adminToken: config.ADMIN_TOKEN,
  });
  const url = await app.listen({ host: '127.0.0.1', port: servicePorts(config).content });
  app.log.info({ url: `${url}/v2` }, 'content service listening');
  return app;
});
