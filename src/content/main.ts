// Runs the content service alone: `npx tsx src/content/main.ts` (listens on 127.0.0.1:PORT+3).
import { loadConfig, servicePorts } from '../config.ts';
import { buildContentApp } from './app.ts';

const config = loadConfig();
const app = buildContentApp({
  publicToken: config.CMS_TOKEN,
  previewToken: config.CMS_PREVIEW_TOKEN,
  logLevel: config.LOG_LEVEL,
});

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // in-flight requests finish; a stuck close must not keep the process alive forever
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    app.close().then(() => process.exit(0), (err: unknown) => {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    });
  });
}

try {
  await app.listen({ host: '127.0.0.1', port: servicePorts(config).content });
} catch (err) {
  app.log.error({ err }, 'content service failed to start');
  process.exit(1);
}
