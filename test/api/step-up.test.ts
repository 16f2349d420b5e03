// Issue 26: the storefront's step-up and session calls (/api/me/step-up, /api/me/sessions) as the browser makes
// them (session cookies, CSRF): a payout account refused 5 minutes after the sign-in goes through after the
// password's confirmation, a wrong password is refused without confirming, and the lock says nothing of which
// factor; the session list names this device, and ending another session signs that browser out at once.
import t from 'tap';
import { request } from 'undici';
import { totpCode } from '../../src/commerce/auth/second-factor.ts';
import { PASSWORD, signedIn, startShop } from './helpers.ts';

const IBAN = { accountOwner: 'Anna Muster', iban: 'CH93 0076 2011 6238 5295 7' };
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

t.test('step-up through /api: refused after 5 minutes, confirmed with the password, then the same change goes through', async (t) => {
  const shop = await startShop(t);
  const { b } = await signedIn(shop);
  const sell = (await b.post('/api/cart/scrap-items', { metal: 'gold', fineness: 750, weightGrams: 10 })).json.cart;
  shop.clock.advance(5 * 60 + 1);

  const refused = await b.put(`/api/carts/${sell.id}/payout-account`, IBAN);
  t.equal(refused.status, 403);
  t.equal(refused.json.code, 'step_up_required');
  t.equal(refused.json.details.method, 'password', 'the dialog asks for the password (no second factor)');
  t.equal(refused.json.message, 'Diese Änderung wurde nicht ausgeführt: Sie braucht Ihre Bestätigung, dass Sie es sind.');

  const wrong = await b.post('/api/me/step-up', { password: 'Falsch2026' });
  t.equal(wrong.status, 400);
  t.equal(wrong.json.code, 'invalid_current_password');
  t.equal(wrong.json.message, 'Das eingegebene Passwort ist falsch.');
  t.equal((await b.put(`/api/carts/${sell.id}/payout-account`, IBAN)).json.code, 'step_up_required', 'a wrong password confirms nothing');
  t.equal((await b.post('/api/me/step-up', { password: '' })).json.code, 'invalid_current_password', 'an empty password is no proof');

  const ok = await b.post('/api/me/step-up', { password: PASSWORD });
  t.equal(ok.status, 200, ok.text);
  t.equal(ok.json.method, 'password');
  t.equal(ok.json.validUntil, new Date(shop.clock().getTime() + 300_000).toISOString(), 'valid for 5 minutes from now');
  const done = await b.put(`/api/carts/${sell.id}/payout-account`, IBAN);
  t.equal(done.status, 200, done.text);
  t.equal(done.json.cart.payoutAccount.iban, 'CH93•••••••••••••2957');

  const guest = shop.browser('ch.localhost');
  await guest.open();
  t.equal((await guest.post('/api/me/step-up', { password: PASSWORD })).status, 401, 'a guest has nothing to confirm');
});

t.test('step-up through /api: the lock after 5 wrong passwords names no factor', async (t) => {
  const shop = await startShop(t);
  const { b } = await signedIn(shop);
  b.language = 'en';
  const answers = [];
  for (let i = 0; i < 5; i++) answers.push(await b.post('/api/me/step-up', { password: `Wrong${i}Pass` }));
  t.same(answers.slice(0, 4).map((a) => a.json.code), Array(4).fill('invalid_current_password'));
  const locked = answers[4];
  t.equal(locked.status, 429);
  t.equal(locked.json.code, 'too_many_attempts');
  t.match(locked.json.message, /^Too many failed attempts\. Please try again in /);
  t.notMatch(locked.json.message, /password|code/i, 'the lock does not say which factor was wrong');
  const right = await b.post('/api/me/step-up', { password: PASSWORD });
  t.equal(right.json.code, 'too_many_attempts', 'while locked, even the right password is not checked');
});

t.test('sessions through /api: listed with this device marked; ending another signs it out at once; all others', async (t) => {
  const shop = await startShop(t);
  const { b, account } = await signedIn(shop);
  const other = shop.browser('ch.localhost');
  await other.open();
  const login = await other.fetch('POST', '/api/login', { body: { email: account.email, password: PASSWORD }, headers: { 'user-agent': FIREFOX } });
  t.equal(login.status, 200, login.text);

  const list = await b.get('/api/me/sessions');
  t.equal(list.status, 200, list.text);
  const sessions = list.json.sessions as { id: string; device: string | null; ipRange: string | null; lastUsedAt: string; current: boolean }[];
  t.equal(sessions.length, 2);
  t.equal(sessions.filter((s) => s.current).length, 1, 'one of them is this device');
  const theirs = sessions.find((s) => !s.current)!;
  t.equal(theirs.device, FIREFOX, 'the other device by its user agent');
  t.notOk(JSON.stringify(list.json).includes('createdAt'), 'only what the page shows leaves the shop');
  t.ok(theirs.ipRange === null || /\/(24|48)$/.test(theirs.ipRange), 'the place at most as an address range');

  t.equal((await b.delete('/api/me/sessions/not-a-session')).json.code, 'session_not_found');
  const stranger = await signedIn(shop);
  const strangers = (await stranger.b.get('/api/me/sessions')).json.sessions as { id: string }[];
  const foreign = await b.delete(`/api/me/sessions/${strangers[0].id}`);
  t.equal(foreign.status, 404, 'another customer\'s session is not found');
  t.equal((await stranger.b.get('/api/me')).status, 200, 'and goes on');

  t.equal((await other.get('/api/me')).status, 200, 'the other device is signed in');
  const ended = await b.delete(`/api/me/sessions/${theirs.id}`);
  t.equal(ended.status, 200, ended.text);
  const after = await other.get('/api/me');
  t.equal(after.json?.customer ?? null, null, `the other device is signed out on its next request (${after.status} ${after.json?.code ?? ''})`);
  t.equal((await b.get('/api/me')).status, 200, 'this one stays');
  t.equal((await b.get('/api/me/sessions')).json.sessions.length, 1);

  const third = shop.browser('ch.localhost');
  await third.open();
  t.equal((await third.post('/api/login', { email: account.email, password: PASSWORD })).status, 200);
  t.equal((await b.delete('/api/me/sessions')).status, 200);
  t.equal((await third.get('/api/me')).json?.customer ?? null, null, 'all others end');
  t.same((await b.get('/api/me/sessions')).json.sessions.map((s: { current: boolean }) => s.current), [true]);

  const guest = shop.browser('ch.localhost');
  await guest.open();
  t.equal((await guest.get('/api/me/sessions')).status, 401, 'a guest has no sessions to list');
});

t.test('step-up through /api with the authenticator app: a wrong code counts once, the right one confirms', async (t) => {
  const shop = await startShop(t);
  const { b } = await signedIn(shop);
  const id = (await b.get('/api/me')).json.customer.id as string;
  const commerce = async (method: string, path: string, body?: unknown) => {
    const res = await request(`${shop.commerceUrl}${path}`, {
      method: method as 'POST',
      headers: { 'x-store-key': 'ch', authorization: `Bearer ${b.cookie('ctToken')}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.statusCode, json: await res.body.json() as any };
  };
  const started = await commerce('POST', `/customers/${id}/totp`, {});
  t.equal(started.status, 200, 'the authenticator app\'s enrolment starts');
  const { secret } = started.json as { secret: string };
  t.equal((await commerce('POST', `/customers/${id}/totp/confirmation`, { code: totpCode(secret, shop.clock().getTime()) })).status, 200);
  shop.clock.advance(5 * 60 + 31);
  const sell = (await b.post('/api/cart/scrap-items', { metal: 'gold', fineness: 750, weightGrams: 10 })).json.cart;
  const refused = await b.put(`/api/carts/${sell.id}/payout-account`, IBAN);
  t.equal(refused.json.code, 'step_up_required');
  t.equal(refused.json.details.method, 'second_factor', 'the dialog asks for the code');

  const right = totpCode(secret, shop.clock().getTime());
  const wrong = await b.post('/api/me/step-up', { code: right === '000000' ? '111111' : '000000' });
  t.equal(wrong.status, 401);
  t.equal(wrong.json.code, 'invalid_second_factor');
  t.equal((await b.get('/api/me')).status, 200, 'a wrong code does not end the session');
  const tries = await shop.db.query<{ failures: number }>('select failures from login_throttle order by last_failure_at desc limit 1');
  t.equal(tries[0]?.failures, 1, 'one wrong code is one failure (not sent again after a token refresh)');
  const ok = await b.post('/api/me/step-up', { code: right });
  t.equal(ok.status, 200, ok.text);
  t.equal(ok.json.method, 'totp');
  t.equal((await b.put(`/api/carts/${sell.id}/payout-account`, IBAN)).status, 200);
});
