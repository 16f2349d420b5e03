// The page cache: a public page is rendered once and served to the next visitors at the same session level
// with their own CSP nonce; a personal screen, a query other than a listing's canonical one or a notice is
// never served from it; entries expire with the CMS cache and the cache stays bounded (pages and filtered
// listings each). Signed-in visitors over real HTTP with the commerce service: page-cache-sessions.test.ts.
import t from 'tap';
import { createHash, randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { PageCache } from '../../src/storefront/render/page-cache.ts';
import type { ScreenId } from '../../src/screens.ts';
import { canonicalListingQuery } from '../../views/server.tsx';
import { startHarness } from './harness.ts';

const nonceOf = (csp: unknown) => /'nonce-([^']+)'/.exec(String(csp))?.[1] ?? '';

/** The cache compresses a page in the background: ask until it is served from it (bounded). */
async function waitForHit<T extends { headers: Record<string, unknown> }>(get: () => Promise<T>): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const res = await get();
    if (res.headers['x-page-cache'] === 'hit') return res;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('never served from the cache');
}

t.test('served over HTTP', async (t) => {
  const h = await startHarness({ env: { CMS_CACHE_TTL_S: '30' } });
  t.teardown(() => h.close());

  t.test('the next guests get the first guest\'s page, its inline scripts allowed by hash', async (t) => {
    const first = await h.get('ch.localhost', '/datenschutz');
    t.equal(first.headers['x-page-cache'], 'miss');
    const second = await waitForHit(() => h.get('ch.localhost', '/datenschutz'));
    const n1 = nonceOf(first.headers['content-security-policy']);
    t.ok(n1, 'the first answer was rendered with a nonce');
    const csp = String(second.headers['content-security-policy']);
    t.notMatch(csp, /nonce-|strict-dynamic/, 'the cached document has no nonce');
    t.notOk(second.text.includes('nonce='), 'no nonce attribute is left in it');
    const inline = [...second.text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => !/src=/.test(m[1]) && m[2]);
    t.ok(inline.length > 0);
    for (const m of inline) t.ok(csp.includes(`'sha256-${createHash('sha256').update(m[2]).digest('base64')}'`), 'every inline script is allowed by its hash');
    t.equal(second.text, first.text.replace(/ nonce="[^"]*"/g, ''), 'otherwise the same document');
    t.match(second.headers['set-cookie'], /ctCsrf=/, 'a guest without a CSRF cookie still gets one');
    const br = await h.getRaw('ch.localhost', '/datenschutz', { 'accept-encoding': 'br' });
    t.equal(br.headers['content-encoding'], 'br');
    t.equal(zlib.brotliDecompressSync(br.body).toString(), second.text, 'served precompressed');
  });

  t.test('a session gets the shared pages of its level; a query or a notice is rendered for its visitor', async (t) => {
    const session = 'ctToken=aaaaaaaaaaaaaaaaaaaaaaaa; ctRefreshToken=bbbbbbbbbbbbbbbbbbbbbbbb; ctTokenLevel=User; ctUserId=0f8fad5b-d9cb-469f-a165-70867728950e; ctTokenExpiresAt=2099-01-01T00:00:00.000Z';
    await h.get('ch.localhost', '/datenschutz');
    const user = await h.get('ch.localhost', '/datenschutz', { cookie: session });
    t.equal(user.headers['x-page-cache'], 'miss', 'a signed-in visitor is not served the guests\' page');
    t.match(user.text, /"level":"user"/);
    const again = await waitForHit(() => h.get('ch.localhost', '/datenschutz', { cookie: session }));
    t.match(again.text, /"level":"user"/, 'but the page kept for signed-in visitors');
    const guest = await waitForHit(() => h.get('ch.localhost', '/datenschutz'));
    t.match(guest.text, /"level":"guest"/, 'and guests still get theirs');
    const query = await h.get('ch.localhost', '/?utm_source=news');
    t.equal(query.headers['x-page-cache'], undefined, 'a query may change the page');
    const notice = await h.get('ch.localhost', '/', { cookie: 'ctSessionNotice=expired' });
    t.equal(notice.headers['x-page-cache'], undefined, 'the session-expired notice is for one visitor');
  });

  t.test('bots get their own complete variant', async (t) => {
    const ua = { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' };
    await h.get('ch.localhost', '/', ua);
    const bot = await waitForHit(() => h.get('ch.localhost', '/', ua));
    t.equal(bot.headers['x-page-cache'], 'hit');
    t.notMatch(bot.text, /<template/, 'no streamed swap markers for a crawler');
  });

  t.test('a 404 is not kept', async (t) => {
    await h.get('ch.localhost', '/gibt-es-nicht');
    const again = await h.get('ch.localhost', '/gibt-es-nicht');
    t.equal(again.status, 404);
    t.equal(again.headers['x-page-cache'], 'miss');
  });
});

t.test('the cache itself', async (t) => {
  let now = 1_000;
  const cache = new PageCache({ ttlMs: 30_000, maxEntries: 2, now: () => now });
  const req = (path: string, level = 'guest', screen: ScreenId | null = 'cmsPage') => ({ method: 'GET', url: new URL(`http://ch.localhost${path}`), host: 'ch.localhost', protocol: 'http', session: { level }, bot: false, screen, consentDecided: false, currency: 'CHF' });
  const key = cache.keyOf(req('/a'));
  t.ok(key);
  t.equal(cache.keyOf({ ...req('/a'), method: 'POST' }), null);
  await cache.set(key!, '<script nonce="OLD">x()</script><link rel="modulepreload" nonce="OLD">');
  const hit = cache.get(key!, null);
  t.equal(hit?.body.toString(), '<script>x()</script><link rel="modulepreload">', 'kept without the nonce');
  t.same(hit?.scriptHashes, [createHash('sha256').update('x()').digest('base64')]);
  t.equal(zlib.gunzipSync(cache.get(key!, 'gzip')!.body).toString(), hit?.body.toString(), 'and compressed');
  now += 30_000;
  t.equal(cache.get(key!, null), null, 'expired with the CMS cache');
  for (const p of ['/1', '/2', '/3']) await cache.set(cache.keyOf(req(p))!, `<p>${p}</p>`);
  t.equal(cache.get(cache.keyOf(req('/1'))!, null), null, 'the oldest entry made room');
  t.equal(cache.get(cache.keyOf(req('/3'))!, null)?.body.toString(), '<p>/3</p>');
  const off = new PageCache({ ttlMs: 0 });
  t.equal(off.keyOf(req('/a')), null, 'CMS_CACHE_TTL_S=0 turns it off');
});

t.test('which visitors and screens share a page', async (t) => {
  const cache = new PageCache({ ttlMs: 30_000 });
  const req = (screen: ScreenId | null, level = 'user', path = '/x') => ({ method: 'GET', url: new URL(`http://ch.localhost${path}`), host: 'ch.localhost', protocol: 'http', session: { level }, bot: false, screen, consentDecided: false, currency: 'CHF' });
  for (const screen of ['home', 'shop', 'shopItem', 'product', 'cmsPage', 'blogArticle', 'newsArticle', 'knowledgeArticle', 'storeDetail', 'pricelist'] as const) {
    t.ok(cache.keyOf(req(screen)), `a signed-in visitor's ${screen} page is shared`);
    t.ok(cache.keyOf(req(screen, 'anonymous')), `so is an anonymous session's ${screen} page`);
  }
  for (const screen of ['account', 'accountOrders', 'accountOrder', 'accountProfile', 'accountDeposit', 'cart', 'checkout', 'confirmation', 'wishlist', 'login', 'search', 'productLimitOrder', 'previewDataPrivacy'] as const) {
    t.equal(cache.keyOf(req(screen)), null, `a signed-in visitor's ${screen} page is rendered for them`);
    t.equal(cache.keyOf(req(screen, 'anonymous')), null, `so is an anonymous session's ${screen} page`);
  }
  t.equal(cache.keyOf(req(null)), null, 'a path without a screen with a session');
  const keys = new Set(['guest', 'anonymous', 'user'].map((level) => cache.keyOf(req('home', level))));
  t.equal(keys.size, 3, 'each session level has its own page (the header and boot state differ)');
  t.not(cache.keyOf({ ...req('home'), bot: true }), cache.keyOf(req('home')), 'crawlers have their own');
  t.equal(cache.keyOf({ ...req('home'), session: { level: 'user', notice: 'expired' } }), null);
});

t.test('listings are kept by their canonical query, bounded apart from the pages', async (t) => {
  const cache = new PageCache({ ttlMs: 30_000, maxEntries: 10, maxQueryEntries: 2, canonicalQuery: canonicalListingQuery });
  const req = (path: string, screen: ScreenId = 'shop', level = 'user') => ({ method: 'GET', url: new URL(`http://ch.localhost${path}`), host: 'ch.localhost', protocol: 'http', session: { level }, bot: false, screen, consentDecided: false, currency: 'CHF' });
  const gold = cache.keyOf(req('/shop?metal=gold&sort=price-asc'));
  t.ok(gold, 'filters and sort in the shop\'s own spelling');
  t.match(gold, /\/shop\?metal=gold&sort=price-asc$/);
  t.ok(cache.keyOf(req('/shop/muenzen?metal=gold&metal=silver&page=2', 'shopItem')), 'a category\'s filtered page');
  t.equal(cache.keyOf(req('/shop?sort=price-asc&metal=gold')), null, 'another order is rendered (its links keep the address as typed)');
  t.equal(cache.keyOf(req('/shop?metal=gold&utm_source=news')), null, 'an unknown parameter: rendered');
  t.equal(cache.keyOf(req('/shop?metal=rhodium')), null, 'an invalid value: rendered');
  t.equal(cache.keyOf(req('/shop?sort=default')), null, 'a default spelt out: rendered');
  t.equal(cache.keyOf(req('/produkt/x?metal=gold', 'product')), null, 'a query on another screen: rendered');
  t.equal(new PageCache({ ttlMs: 30_000 }).keyOf(req('/shop?metal=gold')), null, 'without the listing contract no query is kept');

  await cache.set(cache.keyOf(req('/shop'))!, '<p>shop</p>');
  for (const m of ['gold', 'silver', 'platinum']) await cache.set(cache.keyOf(req(`/shop?metal=${m}`))!, `<p>${m}</p>`);
  t.same(cache.size.listings, 2, 'at most maxQueryEntries filtered listings');
  t.equal(cache.get(cache.keyOf(req('/shop?metal=gold'))!, null), null, 'the oldest listing made room');
  t.equal(cache.get(cache.keyOf(req('/shop?metal=platinum'))!, null)?.body.toString(), '<p>platinum</p>');
  t.equal(cache.get(cache.keyOf(req('/shop'))!, null)?.body.toString(), '<p>shop</p>', 'the shop page itself stays');

  const small = new PageCache({ ttlMs: 30_000, maxQueryBytes: 4096, canonicalQuery: canonicalListingQuery });
  // incompressible pages of about 200 bytes: three encodings each, so about 600 bytes an entry
  for (let i = 0; i < 10; i++) await small.set(small.keyOf(req(`/shop?manufacturer=m${i}`))!, randomBytes(100).toString('hex'));
  t.ok(small.size.bytes <= 4096, 'and at most maxQueryBytes');
  t.ok(small.size.listings > 0 && small.size.listings < 10, `${small.size.listings} of 10 listings kept`);
});

t.test('visitors arriving while a page is rendered wait for that render instead of rendering it again', async (t) => {
  const cache = new PageCache({ ttlMs: 30_000 });
  const key = cache.keyOf({ method: 'GET', url: new URL('http://ch.localhost/'), host: 'ch.localhost', protocol: 'http', session: { level: 'user' }, bot: false, screen: 'home', consentDecided: false, currency: 'CHF' })!;
  t.equal(await cache.afterRender(key, null, 1000), null, 'nothing in progress: render it yourself');
  const release = cache.claim(key);
  const waiting = cache.afterRender(key, null, 5000);
  await cache.set(key, '<p>home</p>');
  release();
  t.equal((await waiting)?.body.toString(), '<p>home</p>', 'the waiting visitor gets the page the render kept');

  const other = cache.keyOf({ method: 'GET', url: new URL('http://ch.localhost/x'), host: 'ch.localhost', protocol: 'http', session: { level: 'user' }, bot: false, screen: 'cmsPage', consentDecided: false, currency: 'CHF' })!;
  const giveUp = cache.claim(other);
  const waiting2 = cache.afterRender(other, null, 5000);
  giveUp();
  t.equal(await waiting2, null, 'a render that kept nothing (a 404, a client gone) lets them render');
  cache.claim(other);
  t.equal(await cache.afterRender(other, null, 50), null, 'and a slow one makes them wait at most the given time, then render');
});
