// CSRF protection of the cookie session: every unsafe /api call needs the ctCsrf cookie echoed in
// x-csrf-token, from a same-origin page. A foreign site's request is refused with 403 csrf_failed before
// anything happens (no sign-in, no sign-out, no upstream call).
import t, { type Test } from 'tap';
import { startShop, signedIn } from './helpers.ts';

t.test('CSRF', async (t) => {
  const shop = await startShop(t);
  const { b, account } = await signedIn(shop);
  const LOGIN = 'POST /customers/login';

  const refused = async (t: Test, res: { status: number; json: { code: string; message: string } }, why: string) => {
    t.equal(res.status, 403, why);
    t.equal(res.json.code, 'csrf_failed', why);
  };

  t.test('an unsafe call without the token header is refused, in the customer language', async (t) => {
    const before = shop.count(LOGIN);
    const res = await b.fetch('POST', '/api/login', { body: { email: account.email, password: account.password }, csrf: false });
    await refused(t, res, 'no header');
    t.equal(res.json.message, 'Ihre Anfrage konnte nicht bestätigt werden. Bitte laden Sie die Seite neu und versuchen Sie es noch einmal.');
    const en = await b.fetch('POST', '/api/logout', { body: {}, csrf: false, headers: { 'x-shop-language': 'en' } });
    t.equal(en.json.message, 'Your request could not be verified. Please reload the page and try again.');
    t.equal(shop.count(LOGIN), before, 'nothing reached the commerce service');
    t.equal(b.cookie('ctTokenLevel'), 'User', 'the refused logout did not log out');
  });

  t.test('a wrong token, or a token without its cookie, is refused', async (t) => {
    await refused(t, await b.fetch('PUT', '/api/me', { body: { firstName: 'Eve' }, csrf: false, headers: { 'x-csrf-token': 'A'.repeat(43) } }), 'wrong token');
    const stranger = shop.browser();
    await refused(t, await stranger.fetch('POST', '/api/logout', { body: {}, headers: { 'x-csrf-token': b.cookie('ctCsrf') as string } }), 'no cookie');
    await refused(t, await b.fetch('DELETE', '/api/me', { body: { password: account.password }, csrf: false, headers: { 'x-csrf-token': 'short' } }), 'malformed token');
  });

  t.test('a request from another site is refused even with a token pair', async (t) => {
    await refused(t, await b.fetch('POST', '/api/logout', { body: {}, headers: { origin: 'https://evil.example' } }), 'foreign Origin');
    await refused(t, await b.fetch('POST', '/api/logout', { body: {}, headers: { origin: `http://de.localhost:${shop.port}` } }), 'another store of the shop');
    await refused(t, await b.fetch('POST', '/api/logout', { body: {}, headers: { 'sec-fetch-site': 'cross-site' } }), 'Sec-Fetch-Site cross-site');
    await refused(t, await b.fetch('POST', '/api/logout', { body: {}, headers: { 'sec-fetch-site': 'same-site' } }), 'Sec-Fetch-Site same-site');
    await refused(t, await b.fetch('POST', '/api/logout', { body: {}, headers: { origin: 'null' } }), 'opaque origin');
    t.equal(b.cookie('ctTokenLevel'), 'User');
  });

  t.test('the same page with its token passes; reads need no token', async (t) => {
    const me = await b.fetch('GET', '/api/me', { csrf: false });
    t.equal(me.status, 200);
    const save = await b.fetch('PUT', '/api/me', { body: { firstName: 'Anna' }, headers: { origin: b.origin, 'sec-fetch-site': 'same-origin' } });
    t.equal(save.status, 200);
  });

  t.test('a page without the cookie yet gets one from GET /api/session', async (t) => {
    const fresh = shop.browser();
    const s = await fresh.get('/api/session');
    t.equal(s.status, 200);
    t.same(s.json, { session: { level: 'guest' } });
    t.ok(fresh.cookie('ctCsrf'));
    const res = await fresh.post('/api/password/forgot', { email: 'nobody@example.ch' });
    t.equal(res.status, 202);
  });
});
