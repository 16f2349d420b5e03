// The guest page cache: a guest's page is rendered once and served to the next guests with their own CSP
// nonce; nothing with a session, a query or a notice is ever served from it; entries expire with the CMS
// cache and the cache stays bounded.
import t from 'tap';
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import { PageCache } from '../../src/storefront/render/page-cache.ts';
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

  t.test('pages of a session, with a query or with a notice are rendered for their visitor', async (t) => {
    await h.get('ch.localhost', '/');
    const session = 'ctToken=aaaaaaaaaaaaaaaaaaaaaaaa; ctRefreshToken=bbbbbbbbbbbbbbbbbbbbbbbb; ctTokenLevel=User; ctUserId=0f8fad5b-d9cb-469f-a165-70867728950e; ctTokenExpiresAt=2099-01-01T00:00:00.000Z';
    const user = await h.get('ch.localhost', '/', { cookie: session });
    t.equal(user.headers['x-page-cache'], undefined, 'a signed-in visitor is not served a guest page');
    t.match(user.text, /"level":"user"/);
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
  const req = (path: string, level = 'guest') => ({ method: 'GET', url: new URL(`http://ch.localhost${path}`), host: 'ch.localhost', protocol: 'http', session: { level }, bot: false, consentDecided: false });
  const key = cache.keyOf(req('/a'));
  t.ok(key);
  t.equal(cache.keyOf(req('/a', 'anonymous')), null, 'anonymous sessions have carts: not cached');
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
