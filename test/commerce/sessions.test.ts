// Sessions: anonymous tokens, refresh rotation and reuse, expiry under a moved clock, sign-in with its
// failures and throttling, merge of a guest's data, and GET /customers/me.
import t from 'tap';
import { addMergeHook } from '../../src/commerce/customers/merge.ts';
import { anonymous, commerceHarness, login, proof, registerVerified, testClock, uniqueEmail, PASSWORD } from './helpers.ts';

const h = await commerceHarness(t);

t.test('a guest gets an anonymous token set that GET /customers/me reports as Anonymous', async (t) => {
  const api = await h.api(t);
  const res = await api.call('GET', '/admin/customers/anonymous');
  t.equal(res.statusCode, 200);
  const set = res.json();
  t.match(set, { accessToken: /^at_[\w-]{43}$/, refreshToken: /^rt_[\w-]{43}$/, ownerId: /^[0-9a-f-]{36}$/, tokenLevel: 'Anonymous' });
  t.equal(set.expiresAt, new Date(api.clock().getTime() + 3600_000).toISOString(), 'the access token lives ACCESS_TOKEN_TTL_S');
  const me = await api.call('GET', '/customers/me', { token: set.accessToken });
  t.equal(me.statusCode, 200);
  t.same(me.json(), { tokenLevel: 'Anonymous', ownerId: set.ownerId, customer: null });
  const stored = await api.db.query<{ hash: string }>('select hash from tokens where customer_id = $1', [set.ownerId]);
  t.equal(stored.length, 2);
  t.notOk(stored.some((r) => r.hash.includes(set.accessToken) || r.hash.includes(set.refreshToken)), 'only hashes are stored');
});

t.test('an access token stops working when it expires (clock moved past ACCESS_TOKEN_TTL_S)', async (t) => {
  const api = await h.api(t, { config: { ACCESS_TOKEN_TTL_S: 600 } });
  const set = await anonymous(api);
  api.clock.advance(599);
  t.equal((await api.call('GET', '/customers/me', { token: set.accessToken })).statusCode, 200, 'valid one second before');
  api.clock.advance(1);
  const res = await api.call('GET', '/customers/me', { token: set.accessToken });
  t.equal(res.statusCode, 401);
  t.same(res.json(), { statusCode: 401, code: 'invalid_token', message: 'The access token is invalid or has expired.' });
});

t.test('unknown, malformed and missing tokens answer 401 with their codes', async (t) => {
  const api = await h.api(t);
  t.equal((await api.call('GET', '/customers/me', { token: 'at_nope' })).json().code, 'invalid_token');
  t.equal((await api.call('GET', '/customers/me', { headers: { authorization: 'Basic abc' } })).json().code, 'token_required');
  const none = await api.call('GET', '/customers/me');
  t.equal(none.statusCode, 401);
  t.equal(none.json().code, 'token_required');
});

t.test('a token of one store does not open another store', async (t) => {
  const api = await h.api(t);
  const set = await anonymous(api, 'de');
  t.equal((await api.call('GET', '/customers/me', { store: 'de', token: set.accessToken })).statusCode, 200);
  t.equal((await api.call('GET', '/customers/me', { store: 'ch', token: set.accessToken })).statusCode, 401);
  const refresh = await api.call('POST', '/admin/customers/refresh-token', { store: 'ch', body: { refreshToken: set.refreshToken } });
  t.equal(refresh.json().code, 'invalid_refresh_token');
});

t.test('refreshing rotates: a new pair works, the old refresh token does not', async (t) => {
  const api = await h.api(t);
  const first = await anonymous(api);
  api.clock.advance(60);
  const res = await api.call('POST', '/admin/customers/refresh-token', { body: { refreshToken: first.refreshToken } });
  t.equal(res.statusCode, 200);
  const second = res.json();
  t.equal(second.ownerId, first.ownerId, 'same owner');
  t.equal(second.tokenLevel, 'Anonymous');
  t.not(second.accessToken, first.accessToken);
  t.not(second.refreshToken, first.refreshToken);
  t.equal(second.expiresAt, new Date(api.clock().getTime() + 3600_000).toISOString());
  t.equal((await api.call('GET', '/customers/me', { token: second.accessToken })).statusCode, 200);
  t.equal((await api.call('GET', '/customers/me', { token: first.accessToken })).statusCode, 200, 'requests in flight with the old access token still pass');
});

t.test('reusing a rotated refresh token after the race window is refused and ends the whole session', async (t) => {
  const api = await h.api(t);
  const first = await anonymous(api);
  const second = (await api.call('POST', '/admin/customers/refresh-token', { body: { refreshToken: first.refreshToken } })).json();
  api.clock.advance(31); // past REFRESH_REUSE_GRACE_MS (30 s)
  const reuse = await api.call('POST', '/admin/customers/refresh-token', { body: { refreshToken: first.refreshToken } });
  t.equal(reuse.statusCode, 400);
  t.same(reuse.json(), { statusCode: 400, code: 'invalid_refresh_token', message: 'The refresh token is invalid or has expired.' });
  t.equal((await api.call('GET', '/customers/me', { token: second.accessToken })).statusCode, 401, 'the newer access token is revoked too');
  const next = await api.call('POST', '/admin/customers/refresh-token', { body: { refreshToken: second.refreshToken } });
  t.equal(next.statusCode, 400, 'and the newer refresh token');
});

t.test('two refreshes racing with one token (two storefront instances): both get working tokens, the session lives', async (t) => {
  const api = await h.api(t);
  const set = await anonymous(api);
  const results = await Promise.all([1, 2].map(() => api.call('POST', '/admin/customers/refresh-token', { body: { refreshToken: set.refreshToken } })));
  t.same(results.map((r) => r.statusCode), [200, 200]);
  const [a, b] = results.map((r) => r.json());
  t.not(a.refreshToken, b.refreshToken, 'each gets its own new pair');
  for (const s of [a, b]) t.equal((await api.call('GET', '/customers/me', { token: s.accessToken })).statusCode, 200);
  api.clock.advance(10);
  const late = await api.call('POST', '/admin/customers/refresh-token', { body: { refreshToken: set.refreshToken } });
  t.equal(late.statusCode, 200, 'within 30 s of the rotation the old token is still a race');
});

t.test('a refresh token expires after REFRESH_TOKEN_TTL_S; unknown and empty ones are refused', async (t) => {
  const api = await h.api(t, { config: { REFRESH_TOKEN_TTL_S: 7200 } });
  const set = await anonymous(api);
  api.clock.advance(7200);
  t.equal((await api.call('POST', '/admin/customers/refresh-token', { body: { refreshToken: set.refreshToken } })).json().code, 'invalid_refresh_token');
  t.equal((await api.call('POST', '/admin/customers/refresh-token', { body: { refreshToken: 'rt_unknown' } })).json().code, 'invalid_refresh_token');
  const empty = await api.call('POST', '/admin/customers/refresh-token', { body: { refreshToken: '' } });
  t.equal(empty.statusCode, 400);
  t.equal(empty.json().code, 'validation_failed');
  t.equal((await api.call('POST', '/admin/customers/refresh-token', { body: {} })).json().details.fields[0].field, 'refreshToken');
});

t.test('sign-in answers a User token set with the customer; me says User', async (t) => {
  const api = await h.api(t);
  const account = await registerVerified(api);
  const res = await api.call('POST', '/customers/login', { body: { email: account.email.toUpperCase(), password: account.password } });
  t.equal(res.statusCode, 200, 'the e-mail is case-insensitive');
  const body = res.json();
  t.match(body, { tokenLevel: 'User', ownerId: account.id, merged: false, customer: { id: account.id, email: account.email, emailVerified: true } });
  const me = (await api.call('GET', '/customers/me', { token: body.accessToken })).json();
  t.equal(me.tokenLevel, 'User');
  t.equal(me.customer.email, account.email);
  const refreshed = (await api.call('POST', '/admin/customers/refresh-token', { body: { refreshToken: body.refreshToken } })).json();
  t.equal(refreshed.tokenLevel, 'User', 'a refreshed user session stays a user session');
});

t.test('a wrong password and an unknown e-mail get the same answer', async (t) => {
  const api = await h.api(t);
  const account = await registerVerified(api);
  const wrong = await api.call('POST', '/customers/login', { body: { email: account.email, password: 'Wrong12345' } });
  const unknown = await api.call('POST', '/customers/login', { body: { email: uniqueEmail('nobody'), password: 'Wrong12345' } });
  t.equal(wrong.statusCode, 401);
  t.equal(unknown.statusCode, 401);
  t.same(wrong.json(), { statusCode: 401, code: 'invalid_credentials', message: "E-mail address and password don't match." });
  t.same(unknown.json(), wrong.json());
});

t.test('an unknown e-mail takes about as long as a wrong password (scrypt runs against a dummy hash)', async (t) => {
  // at production's cost (test/tap.env lowers it for speed): the difference measured is scrypt's
  const before = process.env.PASSWORD_HASH_LOG_N;
  process.env.PASSWORD_HASH_LOG_N = '15';
  t.teardown(() => {
    if (before === undefined) delete process.env.PASSWORD_HASH_LOG_N;
    else process.env.PASSWORD_HASH_LOG_N = before;
  });
  const api = await h.api(t);
  const account = await registerVerified(api);
  const time = async (email: string) => {
    const start = process.hrtime.bigint();
    await api.call('POST', '/customers/login', { body: { email, password: 'Wrong12345' }, clientIp: `198.51.100.${Math.floor(Math.random() * 200)}` });
    return Number(process.hrtime.bigint() - start) / 1e6;
  };
  await time(uniqueEmail('warm'));
  const known: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < 3; i++) {
    known.push(await time(account.email));
    unknown.push(await time(uniqueEmail('nobody')));
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[1];
  t.ok(median(unknown) > median(known) * 0.5, `unknown ${median(unknown).toFixed(0)} ms vs known ${median(known).toFixed(0)} ms`);
});

t.test('sign-in waits for the verified e-mail; the password is checked first', async (t) => {
  const api = await h.api(t);
  const email = uniqueEmail();
  await api.call('POST', '/customers', { body: { email, password: PASSWORD, firstName: 'Ben', lastName: 'Beispiel' } });
  const wrong = await api.call('POST', '/customers/login', { body: { email, password: 'Wrong12345' } });
  t.equal(wrong.json().code, 'invalid_credentials', 'no hint about the account without the right password');
  const right = await api.call('POST', '/customers/login', { body: { email, password: PASSWORD } });
  t.equal(right.statusCode, 403);
  t.equal(right.json().code, 'email_not_verified');
});

t.test('missing or malformed sign-in fields are listed per field', async (t) => {
  const api = await h.api(t);
  const res = await api.call('POST', '/customers/login', { body: { email: 'not-an-email' } });
  t.equal(res.statusCode, 400);
  t.equal(res.json().code, 'validation_failed');
  t.same(res.json().details.fields.map((f: { field: string; code: string }) => [f.field, f.code]), [['email', 'invalid_email'], ['password', 'required']]);
  const extra = await api.call('POST', '/customers/login', { body: { email: 'a@b.ch', password: 'x', anonymousId: 'nope' } });
  t.equal(extra.statusCode, 400);
  t.equal(extra.json().details.fields[0].field, 'anonymousId');
});

t.test('five failures from one address lock sign-in with Retry-After; the lock grows and ends', async (t) => {
  const api = await h.api(t);
  const account = await registerVerified(api);
  const attempt = (password: string, clientIp = '203.0.113.7') =>
    api.call('POST', '/customers/login', { body: { email: account.email, password }, clientIp });
  for (let i = 0; i < 4; i++) t.equal((await attempt('Wrong12345')).statusCode, 401);
  const fifth = await attempt('Wrong12345');
  t.equal(fifth.statusCode, 429, 'the fifth failure starts a lock');
  t.equal(fifth.headers['retry-after'], '60');
  t.equal(fifth.json().code, 'too_many_attempts');
  const during = await attempt(account.password);
  t.equal(during.statusCode, 429, 'even the right password waits');
  t.equal((await attempt(account.password, '203.0.113.8')).statusCode, 200, 'another address is not affected');
  api.clock.advance(60);
  const sixth = await attempt('Wrong12345');
  t.equal(sixth.statusCode, 429);
  t.equal(sixth.headers['retry-after'], '120', 'the next lock doubles');
  api.clock.advance(120);
  t.equal((await attempt(account.password)).statusCode, 200, 'never a permanent lock');
  t.equal((await attempt('Wrong12345')).statusCode, 401, 'success forgot the failures');
});

t.test('the lock is capped at 15 minutes and unknown e-mails are throttled the same way', async (t) => {
  const api = await h.api(t);
  const email = uniqueEmail('ghost');
  const attempt = () => api.call('POST', '/customers/login', { body: { email, password: 'Wrong12345' }, clientIp: '203.0.113.9' });
  let last = 0;
  for (let i = 0; i < 10; i++) {
    const res = await attempt();
    if (res.statusCode === 429) {
      last = Number(res.headers['retry-after']);
      api.clock.advance(last);
    }
  }
  t.equal(last, 900);
});

t.test('forwarded client addresses count only from loopback', async (t) => {
  const api = await h.api(t);
  const account = await registerVerified(api);
  for (let i = 0; i < 5; i++) {
    await api.app.inject({
      method: 'POST', url: '/customers/login', remoteAddress: '192.0.2.50',
      headers: { 'x-store-key': 'ch', 'x-client-ip': `10.0.0.${i}` }, payload: { email: account.email, password: 'Wrong12345' },
    });
  }
  const res = await api.app.inject({
    method: 'POST', url: '/customers/login', remoteAddress: '192.0.2.50',
    headers: { 'x-store-key': 'ch', 'x-client-ip': '10.0.0.99' }, payload: { email: account.email, password: account.password },
  });
  t.equal(res.statusCode, 429, 'a remote caller cannot pick a fresh address per attempt');
});

t.test('sign-in with anonymousId moves the guest into the account and runs the merge hooks', async (t) => {
  const api = await h.api(t);
  const calls: Array<{ anonymousId: string; customerId: string }> = [];
  addMergeHook(api.app, async (tx, args) => {
    const rows = await tx.query<{ kind: string }>('select kind from customers where id = $1', [args.anonymousId]);
    t.equal(rows[0]?.kind, 'anonymous', 'the hook runs before the guest is removed, inside the transaction');
    calls.push({ anonymousId: args.anonymousId, customerId: args.customerId });
  });
  const account = await registerVerified(api);
  const guest = await anonymous(api);
  const res = await login(api, account, { anonymousId: guest.ownerId }, proof(guest.accessToken));
  t.equal(res.merged, true);
  t.same(calls, [{ anonymousId: guest.ownerId, customerId: account.id }]);
  t.equal((await api.call('GET', '/customers/me', { token: guest.accessToken })).statusCode, 401, 'the guest session is over');
  t.equal((await login(api, account, { anonymousId: guest.ownerId }, proof(guest.accessToken))).merged, false, 'nothing left to merge');
});

t.test('a failing merge hook rolls the merge back and keeps the guest', async (t) => {
  const api = await h.api(t);
  addMergeHook(api.app, async () => {
    throw new Error('cart service down');
  });
  const account = await registerVerified(api);
  const guest = await anonymous(api);
  const res = await api.call('POST', '/customers/login', {
    body: { email: account.email, password: account.password, anonymousId: guest.ownerId }, headers: proof(guest.accessToken),
  });
  t.equal(res.statusCode, 500);
  t.equal((await api.call('GET', '/customers/me', { token: guest.accessToken })).statusCode, 200, 'the guest still exists');
});

t.test('POST /customers/merge merges into the signed-in customer only', async (t) => {
  const api = await h.api(t);
  const account = await registerVerified(api);
  const other = await registerVerified(api);
  const session = await login(api, account);
  const guest = await anonymous(api);
  const foreign = await api.call('POST', '/customers/merge', { token: session.accessToken, body: { anonymousId: guest.ownerId, customerId: other.id } });
  t.equal(foreign.statusCode, 404);
  t.equal(foreign.json().code, 'customer_not_found');
  const asGuest = await api.call('POST', '/customers/merge', { token: guest.accessToken, body: { anonymousId: guest.ownerId, customerId: account.id } });
  t.equal(asGuest.statusCode, 403);
  t.equal(asGuest.json().code, 'user_token_required');
  const ok = await api.call('POST', '/customers/merge', {
    token: session.accessToken, body: { anonymousId: guest.ownerId, customerId: account.id }, headers: proof(guest.accessToken),
  });
  t.same(ok.json(), { merged: true });
  const again = await api.call('POST', '/customers/merge', {
    token: session.accessToken, body: { anonymousId: guest.ownerId, customerId: account.id }, headers: proof(guest.accessToken),
  });
  t.same(again.json(), { merged: false });
  const registered = await api.call('POST', '/customers/merge', {
    token: session.accessToken, body: { anonymousId: other.id, customerId: account.id }, headers: proof(session.accessToken),
  });
  t.same(registered.json(), { merged: false }, 'a registered customer is never merged away');
  const bad = await api.call('POST', '/customers/merge', { token: session.accessToken, body: { anonymousId: 'x', customerId: account.id } });
  t.equal(bad.statusCode, 400);
});


// Issue 14: an anonymousId is not a proof. Whoever learns a guest's id (the script-readable ctUserId cookie, a
// screenshot) must not take the guest's data into their own account; only the guest's anonymous token does.
t.test('sign-in with another guest\'s anonymousId but without that guest\'s token moves nothing', async (t) => {
  const api = await h.api(t, { config: { ACCESS_TOKEN_TTL_S: 600 } });
  const victim = await anonymous(api);
  const attackerGuest = await anonymous(api);
  const other = await anonymous(api, 'de');
  const attacker = await registerVerified(api);
  const userSession = await login(api, attacker);
  const wrongProofs: Array<[string, Record<string, string>]> = [
    ['no proof', {}],
    ['the attacker\'s own anonymous token', proof(attackerGuest.accessToken)],
    ['a signed-in user\'s token', proof(userSession.accessToken)],
    ['another store\'s anonymous token', proof(other.accessToken)],
    ['the victim\'s refresh token', proof(victim.refreshToken)],
    ['garbage', proof('at_' + 'x'.repeat(43))],
  ];
  for (const [what, headers] of wrongProofs) {
    const res = await login(api, attacker, { anonymousId: victim.ownerId }, headers);
    t.equal(res.merged, false, what);
  }
  t.equal((await api.call('GET', '/customers/me', { token: victim.accessToken })).statusCode, 200, 'the guest keeps its session');
  t.same((await api.db.query('select kind from customers where id = $1', [victim.ownerId])), [{ kind: 'anonymous' }], 'and its customer');
  // an expired anonymous access token proves nothing (the storefront refreshes first)
  api.clock.advance(600);
  t.equal((await login(api, attacker, { anonymousId: victim.ownerId }, proof(victim.accessToken))).merged, false, 'expired token');
  const renewed = (await api.call('POST', '/admin/customers/refresh-token', { body: { refreshToken: victim.refreshToken } })).json();
  t.equal((await login(api, attacker, { anonymousId: victim.ownerId }, proof(renewed.accessToken))).merged, true, 'the refreshed token proves it');
});

t.test('POST /customers/merge with another guest\'s id and no proof moves nothing', async (t) => {
  const api = await h.api(t);
  const victim = await anonymous(api);
  const account = await registerVerified(api);
  const session = await login(api, account);
  const body = { anonymousId: victim.ownerId, customerId: account.id };
  t.same((await api.call('POST', '/customers/merge', { token: session.accessToken, body })).json(), { merged: false }, 'no proof');
  const mine = await anonymous(api);
  t.same((await api.call('POST', '/customers/merge', { token: session.accessToken, body, headers: proof(mine.accessToken) })).json(), { merged: false }, 'someone else\'s guest token');
  t.equal((await api.call('GET', '/customers/me', { token: victim.accessToken })).statusCode, 200, 'the guest is untouched');
  t.same((await api.call('POST', '/customers/merge', { token: session.accessToken, body, headers: proof(victim.accessToken) })).json(), { merged: true }, 'the holder merges');
});

t.test('the same browser key gets tokens of one anonymous customer; a malformed key is refused', async (t) => {
  const api = await h.api(t);
  const key = 'k'.repeat(43);
  const calls = await Promise.all([1, 2, 3, 4, 5].map(() => api.call('GET', '/admin/customers/anonymous', { headers: { 'x-anonymous-key': key } })));
  t.same(calls.map((c) => c.statusCode), [200, 200, 200, 200, 200]);
  const owners = new Set(calls.map((c) => c.json().ownerId));
  t.equal(owners.size, 1, 'one customer for parallel first calls');
  t.equal(new Set(calls.map((c) => c.json().accessToken)).size, 5, 'each call its own token set');
  const other = await api.call('GET', '/admin/customers/anonymous', { headers: { 'x-anonymous-key': 'j'.repeat(43) } });
  t.not(other.json().ownerId, calls[0].json().ownerId);
  const otherStore = await api.call('GET', '/admin/customers/anonymous', { store: 'de', headers: { 'x-anonymous-key': key } });
  t.not(otherStore.json().ownerId, calls[0].json().ownerId, 'a key names a guest of one store');
  const bad = await api.call('GET', '/admin/customers/anonymous', { headers: { 'x-anonymous-key': 'short' } });
  t.equal(bad.statusCode, 400);
  t.equal(bad.json().code, 'validation_failed');
});

t.test('a browser key joins only the first moments: a copy presented later gets a customer of its own', async (t) => {
  const clock = testClock();
  const api = await h.api(t, { clock });
  const key = 'c'.repeat(43);
  const first = (await api.call('GET', '/admin/customers/anonymous', { headers: { 'x-anonymous-key': key } })).json();
  clock.advance(30);
  const soon = (await api.call('GET', '/admin/customers/anonymous', { headers: { 'x-anonymous-key': key } })).json();
  t.equal(soon.ownerId, first.ownerId, 'a tab half a minute later still joins');
  clock.advance(60);
  const later = (await api.call('GET', '/admin/customers/anonymous', { headers: { 'x-anonymous-key': key } })).json();
  t.not(later.ownerId, first.ownerId, 'a copied key does not open the guest later');
  t.equal((await api.call('GET', '/customers/me', { token: later.accessToken })).json().ownerId, later.ownerId);
  const fresh = 'f'.repeat(43);
  const own = (await api.call('GET', '/admin/customers/anonymous', { headers: { 'x-anonymous-key': fresh } })).json();
  const remote = await api.app.inject({ method: 'GET', url: '/admin/customers/anonymous', remoteAddress: '192.0.2.20', headers: { 'x-store-key': 'ch', 'x-anonymous-key': fresh } });
  t.equal(remote.statusCode, 200);
  t.not(remote.json().ownerId, own.ownerId, 'a key sent by anyone but the storefront joins nobody');
});

t.test('abandoned guests are removed by housekeeping once their sessions are dead', async (t) => {
  const clock = testClock();
  const first = await h.api(t, { clock, config: { REFRESH_TOKEN_TTL_S: 3600 } });
  const guest = await anonymous(first);
  clock.advance(3601);
  await h.api(t, { clock, config: { REFRESH_TOKEN_TTL_S: 3600 } });
  const rows = await h.db.query('select id from customers where id = $1', [guest.ownerId]);
  t.equal(rows.length, 0);
});

t.test('sign-out revokes that session\'s access and refresh tokens and leaves other sessions alone', async (t) => {
  const api = await h.api(t);
  const account = await registerVerified(api);
  const first = await login(api, account);
  const second = await login(api, account);
  const out = await api.call('POST', '/customers/logout', { token: first.accessToken });
  t.equal(out.statusCode, 200);
  t.same(out.json(), { ok: true });
  t.equal((await api.call('GET', '/customers/me', { token: first.accessToken })).statusCode, 401, 'the access token is dead');
  const refresh = await api.call('POST', '/admin/customers/refresh-token', { body: { refreshToken: first.refreshToken } });
  t.equal(refresh.json().code, 'invalid_refresh_token', 'the refresh token is dead');
  t.equal((await api.call('GET', '/customers/me', { token: second.accessToken })).statusCode, 200, 'another device stays signed in');
  t.equal((await api.call('POST', '/customers/logout')).statusCode, 401, 'without a token there is nothing to sign out');
});
