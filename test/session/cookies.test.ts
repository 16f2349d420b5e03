// The session's cookies as a browser sees them (spec 3, 9): names, flags, what is readable by scripts,
// what never leaves the cookies (tokens in HTML, loader data, API bodies), malformed values, and when a
// guest gets an anonymous token (only when a cart write needs one, never for a page view).
import t from 'tap';
import { readSessionCookies } from '../../src/storefront/session/cookies.ts';
import { startShop, signedIn, registerVerified, type Res } from '../api/helpers.ts';

function cookieLine(res: Res, name: string): string {
  const line = res.setCookies.find((c) => c.startsWith(`${name}=`));
  if (!line) throw new Error(`no Set-Cookie for ${name}`);
  return line;
}

t.test('reading the cookies', async (t) => {
  t.test('a well-formed token set is read; a malformed value counts as absent and is reported', async (t) => {
    const good = readSessionCookies({
      ctToken: `at_${'a'.repeat(43)}`, ctRefreshToken: `rt_${'b'.repeat(43)}`, ctUserId: '8C6BBC46-E5F3-4095-937E-C85C607308AA',
      ctTokenExpiresAt: '2026-11-22T10:00:00.000Z', ctTokenLevel: 'User',
    });
    t.same(good.malformed, []);
    t.equal(good.session?.level, 'User');
    t.equal(good.session?.userId, '8c6bbc46-e5f3-4095-937e-c85c607308aa');
    t.equal(good.session?.expiresAt, Date.parse('2026-11-22T10:00:00.000Z'));

    const bad = readSessionCookies({
      ctToken: '<script>alert(1)</script>', ctRefreshToken: `rt_${'b'.repeat(43)}`, ctUserId: 'not-a-uuid', ctTokenExpiresAt: 'tomorrow', ctTokenLevel: 'Admin',
    });
    t.same(bad.malformed.sort(), ['ctToken', 'ctTokenExpiresAt', 'ctTokenLevel', 'ctUserId']);
    t.equal(bad.session?.accessToken, null);
    t.equal(bad.session?.refreshToken, `rt_${'b'.repeat(43)}`, 'the good refresh token still counts');
    t.equal(bad.session?.level, 'Anonymous', 'an unknown level never makes a User');
  });

  t.test('without any token there is no session, and stray session cookies are reported for removal', async (t) => {
    const r = readSessionCookies({ ctTokenLevel: 'User', ctUserId: '8c6bbc46-e5f3-4095-937e-c85c607308aa' });
    t.equal(r.session, null);
    t.same(r.malformed.sort(), ['ctTokenLevel', 'ctUserId']);
  });
});

t.test('session cookies in the shop', async (t) => {
  const shop = await startShop(t, {
    routes: (sf) => {
      // what the cart capability does before its first write (spec 4: guests get an anonymous token first)
      sf.app.post('/test/cart-write', async (req, reply) => {
        const client = sf.sessions.clientFor(req, reply);
        const ensured = await client.ensureSession();
        if (ensured.error) return reply.status(503).send(ensured.error);
        const me = await client.call<{ tokenLevel: string; ownerId: string }>({ path: '/customers/me', anonymousOn401: true });
        return { session: ensured.data, me: me.data };
      });
    },
  });

  t.test('login sets the spec 3 cookies: tokens httpOnly, all Secure, path /, SameSite Lax', async (t) => {
    const b = shop.browser();
    await b.open();
    const account = await registerVerified(shop, b);
    const res = await b.post('/api/login', { email: account.email, password: account.password });
    t.equal(res.status, 200);
    for (const name of ['ctToken', 'ctRefreshToken', 'ctUserId', 'ctTokenExpiresAt', 'ctTokenLevel']) {
      const line = cookieLine(res, name);
      t.match(line, /; Path=\//, `${name} path /`);
      t.match(line, /; Secure/, `${name} Secure`);
      t.match(line, /; SameSite=Lax/, `${name} SameSite Lax`);
      t.match(line, /; Max-Age=2592000/, `${name} lives as long as the refresh token`);
      if (name === 'ctToken' || name === 'ctRefreshToken') t.match(line, /; HttpOnly/, `${name} httpOnly`);
      else t.notMatch(line, /HttpOnly/, `${name} readable by the page`);
    }
    t.equal(b.cookie('ctTokenLevel'), 'User');
    t.match(b.cookie('ctUserId') ?? '', /^[0-9a-f-]{36}$/);
    t.ok(Date.parse(b.cookie('ctTokenExpiresAt') ?? '') > Date.now());
    t.notOk(JSON.stringify(res.json).includes(b.cookie('ctToken') as string), 'the login answer holds no token');
  });

  t.test('the CSRF cookie comes with the first page, readable by the page script, Secure and Lax', async (t) => {
    const b = shop.browser();
    const res = await b.open('/');
    const line = cookieLine(res, 'ctCsrf');
    t.match(line, /; Secure/);
    t.match(line, /; SameSite=Lax/);
    t.notMatch(line, /HttpOnly/);
    t.match(b.cookie('ctCsrf') ?? '', /^[\w-]{43}$/);
    const again = await b.get('/shop');
    t.notOk(again.setCookies.some((c) => c.startsWith('ctCsrf=')), 'kept, not renewed on every page');
    const asset = await shop.browser().get('/favicon.svg');
    t.notOk(asset.setCookies.some((c) => c.startsWith('ctCsrf=')), 'files get none');
  });

  t.test('tokens never appear in HTML, hydration data, /__data or API answers', async (t) => {
    const { b } = await signedIn(shop);
    const access = b.cookie('ctToken') as string;
    const refresh = b.cookie('ctRefreshToken') as string;
    const bodies = await Promise.all(['/kundenkonto', '/kundenkonto/meine-daten', '/kundenkonto/adressen', '/', '/en/my-account', '/__data/kundenkonto', '/api/me', '/api/session']
      .map(async (p) => ({ p, text: (await b.get(p)).text })));
    for (const { p, text } of bodies) {
      t.notOk(text.includes(access), `${p}: no access token`);
      t.notOk(text.includes(refresh), `${p}: no refresh token`);
      t.notOk(/ctToken|ctRefreshToken|accessToken|refreshToken/.test(text), `${p}: no token names either`);
    }
    t.match(bodies[0].text, /"session":\{"level":"user"\}/, 'the page knows the level only');
  });

  t.test('tokens never appear in URLs: redirects carry paths only', async (t) => {
    const { b } = await signedIn(shop);
    const res = await b.get('/kundenkonto/');
    t.equal(res.status, 301);
    t.equal(res.headers.location, '/kundenkonto');
  });

  t.test('malformed cookie values are discarded (and deleted) instead of breaking the page', async (t) => {
    const b = shop.browser();
    await b.open();
    b.setCookie('ctToken', '"><img src=x>');
    b.setCookie('ctTokenLevel', 'User');
    b.setCookie('ctUserId', 'DROP TABLE');
    b.setCookie('ctTokenExpiresAt', 'NaN');
    const page = await b.get('/');
    t.equal(page.status, 200);
    t.match(page.text, /"session":\{"level":"guest"\}/);
    for (const name of ['ctToken', 'ctTokenLevel', 'ctUserId', 'ctTokenExpiresAt']) t.notOk(b.cookie(name), `${name} deleted`);
    const account = await b.get('/kundenkonto');
    t.equal(account.status, 302, 'a forged level does not open the account');
    t.match(String(account.headers.location), /^\/login\?redirect=/);
    const me = await shop.browser().fetch('GET', '/api/me', { headers: { cookie: 'ctToken=%%%; ctRefreshToken=' + 'x'.repeat(500) } });
    t.equal(me.status, 200);
    t.same(me.json, { session: { level: 'guest' }, customer: null });
  });

  t.test('a stale token of another store is refused by the service and renewed with the refresh token', async (t) => {
    const { b } = await signedIn(shop);
    const li = shop.browser('li.localhost');
    for (const [k, v] of b.jar) li.setCookie(k, v);
    const me = await li.get('/api/me');
    // the ch session's refresh token is not valid in li: the session there ends cleanly
    t.equal(me.status, 401);
    t.equal(me.json.code, 'session_expired');
  });

  t.test('page views never create an anonymous customer; a cart write does, once', async (t) => {
    const b = shop.browser();
    const before = shop.count('GET /admin/customers/anonymous');
    for (const p of ['/', '/shop', '/en', '/login', '/registrierung', '/kundenkonto', '/__data/', '/api/session', '/api/me']) await b.get(p);
    t.equal(shop.count('GET /admin/customers/anonymous') - before, 0, 'no anonymous token for looking around');
    t.notOk(b.cookie('ctToken'));
    const write = await b.post('/test/cart-write', {});
    t.equal(write.status, 200);
    t.same(write.json.session, { level: 'anonymous' });
    t.equal(write.json.me.tokenLevel, 'Anonymous');
    t.equal(b.cookie('ctTokenLevel'), 'Anonymous');
    t.ok(b.cookie('ctToken'));
    const again = await b.post('/test/cart-write', {});
    t.equal(again.json.me.ownerId, write.json.me.ownerId, 'the same guest the next time');
    t.equal(shop.count('GET /admin/customers/anonymous') - before, 1, 'one anonymous token in all');
    t.match((await b.get('/')).text, /"session":\{"level":"anonymous"\}/);
  });

  t.test('a guest with an anonymous session who logs in keeps their guest data (merge) and becomes a User', async (t) => {
    const b = shop.browser();
    await b.open();
    await b.post('/test/cart-write', {});
    const anonymousId = b.cookie('ctUserId');
    const account = await registerVerified(shop, b);
    const res = await b.post('/api/login', { email: account.email, password: account.password });
    t.equal(res.status, 200);
    t.equal(b.cookie('ctTokenLevel'), 'User');
    t.not(b.cookie('ctUserId'), anonymousId);
    const rows = await shop.db.query<{ n: number }>('select count(*)::int as n from customers where id = $1', [anonymousId]);
    t.equal(rows[0].n, 0, 'the anonymous customer was merged into the account');
  });

  t.test('when the service cannot hand out an anonymous token the write fails and no cookie is set', async (t) => {
    shop.proxy.faults.set('GET /admin/customers/anonymous', 503);
    t.teardown(() => shop.proxy.faults.delete('GET /admin/customers/anonymous'));
    const b = shop.browser();
    await b.open();
    const write = await b.post('/test/cart-write', {});
    t.equal(write.status, 503);
    t.notOk(b.cookie('ctToken'));
  });
});
