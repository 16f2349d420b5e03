// Issue 27, "Past one machine": a CDN in front of several storefront instances. Public pages from the page
// cache say so (Cache-Control public with s-maxage and stale-while-revalidate) and name what they show
// (Surrogate-Key, Cache-Tag); personal pages stay private, no-store. A publish on the content service purges
// every storefront instance (each drops exactly the pages showing the story, and tells its other workers)
// and then the CDN; a purge without the secret purges nothing.
//
// Two storefront instances over real HTTP against one content service: instance A runs two workers (their
// relay stands in for the supervisor's IPC, src/supervisor.ts), instance B one.
import t from 'tap';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { loadConfig } from '../../src/config.ts';
import { buildContentApp } from '../../src/content/app.ts';
import type { PurgeTargets } from '../../src/content/purge.ts';
import { buildStorefrontApp, type PurgeRelay } from '../../src/storefront/app.ts';
import { PUBLIC_CACHE_CONTROL } from '../../src/storefront/render/surrogate-keys.ts';
import { PageCache } from '../../src/storefront/render/page-cache.ts';
import { cdnRecorder, contentRepository, ensureClientBuild, get, hit, TEST_CMS_RATE_LIMIT, workerPair, type Res } from './harness.ts';

const SECRET = 'purge-secret-for-tests-0123456789';
const CDN_TOKEN = 'cdn-token-for-tests';

async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await request(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: res.statusCode, json: (await res.body.json()) as Record<string, unknown> };
}

const PAGES = ['/datenschutz', '/en/privacy-policy', '/impressum', '/ueber-uns'];
const repo = contentRepository();
const idOf = (fullSlug: string) => repo.records.find((r) => r.full_slug === fullSlug)!.id;

t.test('a CDN in front of two storefront instances', async (t) => {
  await ensureClientBuild();
  const cdn = await cdnRecorder();
  t.teardown(cdn.close);
  const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', CMS_CACHE_TTL_S: '60', RATE_LIMITS: 'off', OVERLOAD_EVENT_LOOP_DELAY_MS: '0', PURGE_SECRET: SECRET, CDN_PUBLIC_PAGES: 'on' });
  const targets: PurgeTargets = { secret: SECRET, storefronts: [], cdn: { url: cdn.url, token: CDN_TOKEN } };
  const content = buildContentApp({ publicToken: config.CMS_TOKEN, previewToken: config.CMS_PREVIEW_TOKEN, logLevel: 'silent', repository: repo, purge: targets });
  await content.listen({ host: '127.0.0.1', port: 0 });
  const contentUrl = `http://127.0.0.1:${(content.server.address() as AddressInfo).port}`;
  t.teardown(() => content.close());

  const [a1Relay, a2Relay] = workerPair();
  const start = async (workers?: PurgeRelay) => {
    const { app } = await buildStorefrontApp({
      config,
      upstreams: { commerce: 'http://127.0.0.1:9', prices: 'http://127.0.0.1:9', cms: `${contentUrl}/v2` },
      logger: false,
      cmsRateLimit: TEST_CMS_RATE_LIMIT,
      workers,
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    t.teardown(() => app.close());
    return (app.server.address() as AddressInfo).port;
  };
  const a1 = await start(a1Relay);
  const a2 = await start(a2Relay);
  const b = await start();
  // the content service calls each instance once (one of instance A's workers takes it)
  targets.storefronts = [`http://127.0.0.1:${a1}/internal/purge`, `http://127.0.0.1:${b}/internal/purge`];
  const all = { a1, a2, b };

  const privacyCh = `story:${idOf('ch/legal/privacy-policy')}`;

  t.test('public pages from the page cache are public for a CDN and name what they show', async (t) => {
    const miss = await get(b, '/impressum');
    t.equal(miss.headers['x-page-cache'], 'miss');
    t.equal(miss.headers['cache-control'], 'private, no-cache', 'a page rendered for one visitor (its nonce) is not kept by a CDN');
    t.equal(miss.headers['surrogate-key'], undefined);
    const kept = await hit(b, '/datenschutz');
    t.equal(kept.headers['cache-control'], PUBLIC_CACHE_CONTROL);
    t.match(PUBLIC_CACHE_CONTROL, /^public, max-age=\d+, s-maxage=(\d+), stale-while-revalidate=(\d+)$/);
    const [, sMaxAge, swr] = /s-maxage=(\d+), stale-while-revalidate=(\d+)/.exec(PUBLIC_CACHE_CONTROL)!.map(Number);
    t.ok(sMaxAge + swr <= 180, 'a CDN never serves a page older than one price period (spec: 180 s)');
    const keys = String(kept.headers['surrogate-key']).split(' ');
    t.ok(keys.includes('store:ch'), 'the store');
    t.ok(keys.includes(privacyCh), 'the privacy policy story of the Swiss store');
    t.ok(keys.includes(`story:${idOf('ch/company')}`), 'the company story of its footer');
    t.notOk(keys.includes(`story:${idOf('ch/impressum')}`), 'not a story it does not show');
    t.same(String(kept.headers['cache-tag']).split(','), keys, 'Cache-Tag names the same keys');
    t.equal(kept.headers['set-cookie'], undefined, 'no cookie of one visitor goes with a public answer');
    t.match(String(kept.headers.vary), /Accept-Encoding/);
  });

  t.test('personal answers and visitors with cookies stay private', async (t) => {
    for (const path of ['/checkout/buy', '/wunschliste', '/login']) {
      for (let i = 0; i < 3; i++) {
        const res = await get(b, path);
        t.equal(res.headers['cache-control'], 'private, no-store', `${path} (visit ${i + 1}, ${String(res.headers['x-page-cache'])})`);
        t.equal(res.headers['surrogate-key'], undefined);
      }
    }
    const withCookie = await get(b, '/datenschutz', { cookie: 'consent=%7B%7D' });
    t.equal(withCookie.headers['cache-control'], 'private, no-cache', 'a visitor with cookies gets a private answer');
    t.equal(withCookie.headers['surrogate-key'], undefined);
    const session = 'ctToken=aaaaaaaaaaaaaaaaaaaaaaaa; ctRefreshToken=bbbbbbbbbbbbbbbbbbbbbbbb; ctTokenLevel=User; ctUserId=0f8fad5b-d9cb-469f-a165-70867728950e; ctTokenExpiresAt=2099-01-01T00:00:00.000Z';
    for (let i = 0; i < 2; i++) {
      const signedIn = await get(b, '/datenschutz', { cookie: session });
      t.match(String(signedIn.headers['cache-control']), /^private/, `a signed-in visitor's page is private (visit ${i + 1})`);
    }
    const bot = await get(b, '/datenschutz', { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' });
    t.match(String(bot.headers['cache-control']), /^private/, 'the crawlers\' variant is not public');
  });

  t.test('a purge without the secret answers 401 and purges nothing', async (t) => {
    for (const port of Object.values(all)) for (const path of PAGES) await hit(port, path);
    for (const authorization of [undefined, 'Bearer wrong-secret-wrong-secret-wrong', SECRET]) {
      const res = await post(`http://127.0.0.1:${b}/internal/purge`, { keys: [privacyCh] }, authorization ? { authorization } : {});
      t.equal(res.status, 401, `refused (${authorization === undefined ? 'no header' : 'wrong credential'})`);
      t.equal(res.json.code, 'purge_unauthorized');
    }
    const publish = await post(`${contentUrl}/publish`, { stories: ['legal/privacy-policy'] });
    t.equal(publish.status, 401, 'nor may anyone publish without it');
    t.equal(publish.json.code, 'purge_unauthorized');
    for (const port of Object.values(all)) t.equal((await get(port, '/datenschutz')).headers['x-page-cache'], 'hit', 'the page stays kept');
    t.equal(cdn.calls.length, 0, 'the CDN was not called');
    const bad = await post(`http://127.0.0.1:${b}/internal/purge`, { keys: ['story:1 story:2'] }, { authorization: `Bearer ${SECRET}` });
    t.equal(bad.status, 400, 'a key that cannot be a header token is refused');
    t.equal(bad.json.code, 'validation_failed');
  });

  t.test('a story published: every instance and worker drops exactly the pages that show it, then the CDN', async (t) => {
    for (const port of Object.values(all)) for (const path of PAGES) await hit(port, path);
    const res = await post(`${contentUrl}/publish`, { stories: ['legal/privacy-policy'] }, { authorization: `Bearer ${SECRET}` });
    t.equal(res.status, 200);
    t.equal(res.json.complete, true);
    t.same((res.json.storefronts as { status: number }[]).map((s) => s.status), [200, 200], 'both instances purged');
    t.ok((res.json.keys as string[]).includes(privacyCh));
    t.ok((res.json.keys as string[]).includes(`story:${idOf('at/legal/privacy-policy')}`), 'a shared story in every store');
    for (const [name, port] of Object.entries(all)) {
      t.equal((await get(port, '/datenschutz')).headers['x-page-cache'], 'miss', `${name}: the German privacy policy is rendered anew`);
      t.equal((await get(port, '/en/privacy-policy')).headers['x-page-cache'], 'miss', `${name}: and the English one`);
      t.equal((await get(port, '/impressum')).headers['x-page-cache'], 'hit', `${name}: the imprint stays kept`);
      t.equal((await get(port, '/ueber-uns')).headers['x-page-cache'], 'hit', `${name}: and the about page`);
    }
    t.equal(cdn.calls.length, 1, 'the CDN is purged once');
    t.equal(cdn.calls[0].authorization, `Bearer ${CDN_TOKEN}`);
    t.same(cdn.calls[0].body.keys, res.json.keys, 'with the keys the pages carry');
  });

  t.test('a publish of an unknown story is refused and purges nothing', async (t) => {
    const res = await post(`${contentUrl}/publish`, { stories: ['legal/no-such-story'] }, { authorization: `Bearer ${SECRET}` });
    t.equal(res.status, 404);
    t.equal(res.json.code, 'story_not_found');
    t.equal(cdn.calls.length, 1);
  });
});

t.test('the page cache drops exactly the tagged pages, and does not keep a page whose content was purged while it rendered', async (t) => {
  const cache = new PageCache({ ttlMs: 60_000, canonicalQuery: () => '' });
  const html = (n: number) => `<!doctype html><html><body>page ${n}</body></html>`;
  await cache.set('a', html(1), undefined, { keys: ['store:ch', 'story:1'], since: cache.purgeMark() });
  await cache.set('b', html(2), undefined, { keys: ['store:ch', 'story:2'], since: cache.purgeMark() });
  await cache.set('c?x=1', html(3), undefined, { keys: ['store:ch', 'folder:ch/blog', 'story:1'], since: cache.purgeMark() });
  t.same(cache.get('a', null)?.keys, ['store:ch', 'story:1'], 'a kept page carries its keys');
  t.equal(cache.purge(['story:1']), 2, 'the page and the listing that show story 1');
  t.equal(cache.get('a', null), null);
  t.equal(cache.get('c?x=1', null), null);
  t.ok(cache.get('b', null), 'the other page stays');
  const before = cache.purgeMark(); // a render starts, reads story 2 ...
  cache.purge(['story:2']); // ... story 2 is published meanwhile ...
  await cache.set('b', html(4), undefined, { keys: ['store:ch', 'story:2'], since: before }); // ... the render ends
  t.equal(cache.get('b', null), null, 'a page rendered from the content before the publish is not kept');
  await cache.set('d', html(5), undefined, { keys: ['store:ch', 'story:3'], since: before });
  t.ok(cache.get('d', null), 'a page of other content rendered meanwhile is kept');
});
