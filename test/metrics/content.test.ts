// Issue 27, what operators watch: the content service's GET /metrics. Prometheus' text for the internal network
// only (loopback or the admin token; 404 for anyone else, a request a proxy passed on included), requests per
// route pattern and status, and what its operator alerts on: publishes by result and the purge calls that did
// not reach a storefront instance or the CDN (their pages stay kept until they expire).
import t, { type Test } from 'tap';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../src/config.ts';
import { buildContentApp } from '../../src/content/app.ts';
import type { PurgeTargets } from '../../src/lib/purge.ts';
import { contentRepository } from '../storefront/harness.ts';
import { hasMetric, seriesValue } from './helpers.ts';

const ADMIN_TOKEN = 'content-metrics-token-0123456789';
const SECRET = 'purge-secret-for-tests-0123456789';
const part = { part: 'content' };
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });

function contentApp(purge?: PurgeTargets) {
  return buildContentApp({ publicToken: config.CMS_TOKEN, previewToken: config.CMS_PREVIEW_TOKEN, logLevel: 'silent', repository: contentRepository(), purge, adminToken: ADMIN_TOKEN });
}

/** A purge endpoint answering every call with status. */
async function endpoint(t: Test, status: number): Promise<string> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(status, { 'content-type': 'application/json' }).end('{}'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((r) => server.close(() => r())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/internal/purge`;
}

async function scrape(app: ReturnType<typeof contentApp>): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/metrics' });
  if (res.statusCode !== 200) throw new Error(`metrics: ${res.statusCode} ${res.body}`);
  return res.body;
}

t.test('the scrape is there for the internal network only: loopback or the admin token, 404 for anyone else', async (t) => {
  const app = contentApp();
  t.teardown(() => app.close());
  await app.inject({ method: 'GET', url: `/v2/cdn/stories/ch/impressum?token=${config.CMS_TOKEN}` });
  const local = await app.inject({ method: 'GET', url: '/metrics' });
  t.equal(local.statusCode, 200);
  t.match(local.headers['content-type'], /^text\/plain; version=0\.0\.4/);
  for (const name of ['content_publishes_total', 'content_purge_call_failures_total', 'content_stories', 'http_requests_total']) t.ok(hasMetric(local.body, name), name);
  t.ok(seriesValue(local.body, 'content_stories', part)! > 0, 'the stories it serves');
  t.equal(seriesValue(local.body, 'http_requests_total', { ...part, route: '/v2/cdn/stories/*', method: 'GET', status: '200' }), 1, 'a story counted by its route\'s pattern, not its slug or token');
  t.notMatch(local.body, new RegExp(config.CMS_TOKEN), 'no token in a label');
  const outside = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7' });
  t.equal(outside.statusCode, 404, 'from outside it does not exist');
  t.equal(outside.json().code, 'not_found');
  t.notMatch(outside.body, /content_/);
  const proxied = await app.inject({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.7' } });
  t.equal(proxied.statusCode, 404, 'what a proxy on this machine passes on is not this machine\'s');
  const scraper = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.0.0.9', headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
  t.equal(scraper.statusCode, 200, 'a scraper on another machine of the network with the admin token');
});

t.test('publishes by result, and the purge calls that failed by target', async (t) => {
  const up = await endpoint(t, 200);
  const failing = await endpoint(t, 500);
  const purge: PurgeTargets = { secret: SECRET, storefronts: [up, up], cdn: { url: up, token: 'cdn-token' }, timeoutMs: 2_000 };
  const app = contentApp(purge);
  t.teardown(() => app.close());
  const publish = (authorization = `Bearer ${SECRET}`, stories: unknown = ['legal/privacy-policy']) =>
    app.inject({ method: 'POST', url: '/publish', headers: { authorization }, payload: { stories } });
  const value = async (name: string, labels: Record<string, string>) => seriesValue(await scrape(app), name, { ...part, ...labels });

  t.equal(await value('content_publishes_total', { result: 'incomplete' }), 0, 'every series is there before the first publish');
  t.equal(await value('content_purge_call_failures_total', { target: 'cdn' }), 0);

  t.equal((await publish()).statusCode, 200);
  t.equal(await value('content_publishes_total', { result: 'complete' }), 1, 'a publish that reached every instance and the CDN');

  purge.storefronts = [up, failing, 'http://127.0.0.1:9/internal/purge'];
  purge.cdn = { url: failing, token: 'cdn-token' };
  const res = await publish();
  t.equal(res.statusCode, 200, 'the publish itself is answered');
  t.equal(res.json().complete, false);
  t.equal(await value('content_publishes_total', { result: 'incomplete' }), 1, 'one whose purge did not reach everyone');
  t.equal(await value('content_purge_call_failures_total', { target: 'storefront' }), 2, 'an instance answering 500 and one not answering');
  t.equal(await value('content_purge_call_failures_total', { target: 'cdn' }), 1, 'the CDN answering 500');

  t.equal((await publish('Bearer wrong-secret-wrong-secret-wrong')).statusCode, 401);
  t.equal((await publish(undefined, ['legal/no-such-story'])).statusCode, 404);
  t.equal((await publish(undefined, 'not a list')).statusCode, 400);
  const text = await scrape(app);
  t.equal(seriesValue(text, 'content_publishes_total', { ...part, result: 'refused' }), 3, 'refused publishes: wrong secret, unknown story, bad body');
  t.equal(seriesValue(text, 'content_publishes_total', { ...part, result: 'complete' }), 1, 'and nothing else counted');
  t.equal(seriesValue(text, 'http_requests_total', { ...part, route: '/publish', method: 'POST', status: '401' }), 1);
  t.notMatch(text, /127\.0\.0\.1|cdn-token|purge-secret/, 'no address or secret in a label');
});
