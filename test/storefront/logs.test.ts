// Logs an operator can use (issue 16): a page request's line names its screen (the route of every page
// is '/*'), the request id reaches the content service, and readiness probes stay out of the info log.
import t from 'tap';
import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { loadConfig } from '../../src/config.ts';
import { buildContentApp } from '../../src/content/app.ts';
import { buildStorefrontApp } from '../../src/storefront/app.ts';
import { loggerOptions } from '../../src/lib/service.ts';
import { ensureClientBuild } from './harness.ts';

interface Line { level: number; msg: string; part?: string; reqId?: string; route?: string; screen?: string | null; status?: number }

function sink() {
  const lines: Line[] = [];
  const stream = new Writable({ write(chunk, _e, cb) { for (const l of String(chunk).split('\n')) if (l) lines.push(JSON.parse(l)); cb(); } });
  return { lines, stream };
}

t.test('page lines name the screen; the request id travels to the content service; probes log at debug', async (t) => {
  await ensureClientBuild();
  const contentLog = sink();
  const content = buildContentApp({ publicToken: 'public-dev-token', previewToken: 'preview-dev-token', logger: { ...(loggerOptions('info', 'content') as object), stream: contentLog.stream } });
  await content.listen({ host: '127.0.0.1', port: 0 });
  t.teardown(() => content.close());
  const cms = `http://127.0.0.1:${(content.server.address() as AddressInfo).port}/v2`;
  const shopLog = sink();
  const { app } = await buildStorefrontApp({
    config: loadConfig({ LOG_LEVEL: 'info', NODE_ENV: 'test', CMS_CACHE_TTL_S: '0', RATE_LIMITS: 'off', OVERLOAD_EVENT_LOOP_DELAY_MS: '0' }),
    upstreams: { commerce: 'http://127.0.0.1:9', prices: 'http://127.0.0.1:9', cms },
    logger: { ...(loggerOptions('info', 'storefront') as object), stream: shopLog.stream },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  t.teardown(() => app.close());
  const port = (app.server.address() as AddressInfo).port;
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await request(`http://127.0.0.1:${port}${path}`, { headers: { host: `ch.localhost:${port}`, ...headers } });
    await res.body.dump();
    return res.statusCode;
  };

  t.equal(await get('/en/privacy-policy', { 'x-request-id': 'trace-0000-privacy' }), 200);
  t.equal(await get('/', { 'x-request-id': 'trace-0000-home' }), 200);
  await new Promise((r) => setTimeout(r, 50));
  const pages = shopLog.lines.filter((l) => l.msg === 'request' && l.route === '/*');
  t.match(pages, [
    { reqId: 'trace-0000-privacy', screen: 'cmsPage', part: 'storefront', status: 200 },
    { reqId: 'trace-0000-home', screen: 'home', part: 'storefront', status: 200 },
  ], 'each page line names its screen');
  const atContent = (id: string) => contentLog.lines.filter((l) => l.msg === 'request' && l.reqId === id);
  t.ok(atContent('trace-0000-privacy').length > 0, 'the content service logged the privacy page\'s request id');
  t.ok(atContent('trace-0000-home').length > 0, 'and the home page\'s');
  t.ok(contentLog.lines.every((l) => l.part === 'content'), 'every content line names its part');

  const before = { shop: shopLog.lines.length, content: contentLog.lines.length };
  await get('/health', { 'x-request-id': 'trace-0000-probe' });
  await get('/health/live');
  await new Promise((r) => setTimeout(r, 50));
  t.same(shopLog.lines.slice(before.shop).filter((l) => l.level >= 30), [], 'no info line for /health or /health/live at the storefront');
  t.same(contentLog.lines.slice(before.content).filter((l) => l.level >= 30), [], 'nor for the readiness probe at the content service');
});
