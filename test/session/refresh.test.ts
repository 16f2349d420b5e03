// Token refresh as the customer lives it: an expired access token is renewed once and the call goes
// through; parallel requests share one refresh; a passing upstream fault keeps the customer signed in;
// a refused refresh token ends the session with spec 8's message, on the API and on pages.
import t from 'tap';
import { startShop, signedIn } from '../api/helpers.ts';
import { markupOf } from '../storefront/harness.ts';

const REFRESH = 'POST /admin/customers/refresh-token';
const ACCESS_TTL_S = 3600;

t.test('token refresh', async (t) => {
  const shop = await startShop(t);

  /** The access token dies at the service (its clock moves past the lifetime); the cookie does not know. */
  const expireAccessTokens = () => shop.clock.advance(ACCESS_TTL_S + 5);

  t.test('refreshes once and retries when the access token expired, and the browser gets the new tokens', async (t) => {
    const { b } = await signedIn(shop);
    const oldAccess = b.cookie('ctToken');
    const oldRefresh = b.cookie('ctRefreshToken');
    expireAccessTokens();
    const before = shop.count(REFRESH);
    const me = await b.get('/api/me');
    t.equal(me.status, 200);
    t.equal(me.json.session.level, 'user');
    t.equal(me.json.customer.firstName, 'Anna');
    t.equal(shop.count(REFRESH) - before, 1, 'one refresh call');
    t.not(b.cookie('ctToken'), oldAccess, 'new access token cookie');
    t.not(b.cookie('ctRefreshToken'), oldRefresh, 'new refresh token cookie');
    const again = await b.get('/api/me');
    t.equal(again.status, 200);
    t.equal(shop.count(REFRESH) - before, 1, 'the new token works without another refresh');
  });

  t.test('20 parallel requests with an expired token cause exactly one refresh', async (t) => {
    const { b } = await signedIn(shop);
    expireAccessTokens();
    const before = shop.count(REFRESH);
    const answers = await Promise.all(Array.from({ length: 20 }, () => b.get('/api/me')));
    t.same(answers.map((a) => a.status), Array(20).fill(200), 'every request succeeds');
    t.equal(shop.count(REFRESH) - before, 1, 'exactly one refresh reached the commerce service');
    const tokens = new Set(answers.map((a) => a.setCookies.find((c) => c.startsWith('ctRefreshToken='))));
    t.equal(tokens.size, 1, 'every answer hands out the same new refresh token');
    t.equal((await b.get('/api/me')).status, 200, 'the session lives on with it');
  });

  t.test('20 parallel requests whose token is about to expire (ctTokenExpiresAt) also share one refresh', async (t) => {
    const { b } = await signedIn(shop);
    b.setCookie('ctTokenExpiresAt', new Date(Date.now() - 1000).toISOString());
    const before = shop.count(REFRESH);
    const answers = await Promise.all(Array.from({ length: 20 }, () => b.get('/api/me')));
    t.same(answers.map((a) => a.status), Array(20).fill(200));
    t.equal(shop.count(REFRESH) - before, 1, 'refreshed before the call, once');
    t.ok(Date.parse(b.cookie('ctTokenExpiresAt') ?? '') > Date.now(), 'the browser learns the new expiry');
  });

  t.test('parallel page loads of one browser with an expired token share one refresh too', async (t) => {
    const { b } = await signedIn(shop);
    expireAccessTokens();
    const before = shop.count(REFRESH);
    const pages = await Promise.all(['/kundenkonto', '/kundenkonto/adressen', '/kundenkonto/meine-daten', '/__data/kundenkonto'].map((p) => b.get(p)));
    t.same(pages.map((p) => p.status), [200, 200, 200, 200]);
    t.equal(shop.count(REFRESH) - before, 1);
    t.match(pages[0].text, /Willkommen, Anna Muster/);
  });

  t.test('a 5xx on refresh keeps the session: the call fails softly and the next one succeeds', async (t) => {
    const { b } = await signedIn(shop);
    expireAccessTokens();
    const refreshBefore = b.cookie('ctRefreshToken');
    shop.proxy.faults.set('POST /admin/customers/refresh-token', 503);
    const me = await b.get('/api/me');
    t.equal(me.status, 503);
    t.equal(me.json.code, 'session_unavailable');
    t.match(me.json.message, /weiterhin angemeldet/, 'the customer is told they are still logged in');
    t.equal(b.cookie('ctRefreshToken'), refreshBefore, 'the refresh token is kept');
    t.equal(b.cookie('ctTokenLevel'), 'User');
    t.notOk(me.setCookies.some((c) => /^ct(Token|RefreshToken)=;/.test(c)), 'no cookie is cleared');
    const page = await b.get('/kundenkonto');
    t.equal(page.status, 503, 'an account page says the service is unavailable, it does not log out');
    shop.proxy.faults.delete('POST /admin/customers/refresh-token');
    const later = await b.get('/api/me');
    t.equal(later.status, 200, 'once the service is back the same session works');
    t.equal(later.json.session.level, 'user');
  });

  t.test('a network fault on refresh keeps the session as well', async (t) => {
    const { b } = await signedIn(shop);
    expireAccessTokens();
    shop.proxy.faults.set('POST /admin/customers/refresh-token', 0);
    const me = await b.get('/api/me');
    t.equal(me.status, 503);
    t.equal(b.cookie('ctTokenLevel'), 'User');
    shop.proxy.faults.delete('POST /admin/customers/refresh-token');
    t.equal((await b.get('/api/me')).status, 200);
  });

  t.test('a rejected refresh token ends the session: cookies cleared, session_expired in the customer language', async (t) => {
    const { b } = await signedIn(shop);
    expireAccessTokens();
    b.setCookie('ctRefreshToken', `rt_${'x'.repeat(43)}`);
    const me = await b.fetch('GET', '/api/me', { headers: { 'x-shop-language': 'en' } });
    t.equal(me.status, 401);
    t.equal(me.json.code, 'session_expired');
    t.equal(me.json.message, 'Your session has expired. We have logged you out.');
    for (const name of ['ctToken', 'ctRefreshToken', 'ctUserId', 'ctTokenExpiresAt', 'ctTokenLevel']) {
      t.notOk(b.cookie(name), `${name} is gone`);
    }
    const home = await b.get('/');
    t.match(home.text, /Ihre Sitzung ist abgelaufen. Wir haben Sie abgemeldet./, 'the next page says so');
    t.notOk(b.cookie('ctSessionNotice'), 'once');
    const next = await b.get('/');
    t.notMatch(markupOf(next.text), /Ihre Sitzung ist abgelaufen/);
  });

  t.test('an account page whose session cannot be renewed redirects to the home page, which says why', async (t) => {
    const { b } = await signedIn(shop);
    expireAccessTokens();
    b.setCookie('ctRefreshToken', `rt_${'y'.repeat(43)}`);
    const page = await b.get('/en/my-account');
    t.equal(page.status, 302);
    t.equal(page.headers.location, '/en');
    t.notOk(b.cookie('ctToken'));
    const home = await b.get('/en');
    t.match(home.text, /Your session has expired. We have logged you out./);
    t.match(home.text, /role="status"/);
  });

  t.test('in the browser router (/__data) the expiry redirects and the next data carries the notice', async (t) => {
    const { b } = await signedIn(shop);
    expireAccessTokens();
    b.setCookie('ctRefreshToken', `rt_${'z'.repeat(43)}`);
    const data = await b.get('/__data/kundenkonto/adressen');
    t.same(data.json, { redirect: '/' });
    const home = await b.get('/__data/');
    t.same(home.json.session, { level: 'guest', notice: 'expired' });
    const after = await b.get('/__data/');
    t.same(after.json.session, { level: 'guest' });
  });

  t.test('a token without a refresh token: authentication failed, spec 8 message, session over', async (t) => {
    const { b } = await signedIn(shop);
    expireAccessTokens();
    b.setCookie('ctRefreshToken', undefined);
    const me = await b.fetch('GET', '/api/me', { headers: { 'x-shop-language': 'en' } });
    t.equal(me.status, 401);
    t.equal(me.json.code, 'session_expired');
    t.equal(me.json.details.reason, 'no_refresh_token');
    t.notOk(b.cookie('ctToken'));
  });

  t.test('only a refresh token (the access cookie is gone) renews the session before the call', async (t) => {
    const { b } = await signedIn(shop);
    b.setCookie('ctToken', undefined);
    const before = shop.count(REFRESH);
    const me = await b.get('/api/me');
    t.equal(me.status, 200);
    t.equal(me.json.session.level, 'user');
    t.equal(shop.count(REFRESH) - before, 1);
    t.ok(b.cookie('ctToken'));
  });
});
