// Issue 14, limits that hold behind a proxy: no client address is exempt from the per-client limits (loopback
// neither: behind a same-host proxy without TRUST_PROXY every customer arrives as loopback), and one address
// cannot guess passwords across many accounts (a per-address budget of failed sign-ins besides the
// per-account lock). RATE_LIMITS=off switches the per-client limits off for tests, never in production.
import t from 'tap';
import { loadConfig } from '../../src/config.ts';
import { commerceHarness, registerVerified, uniqueEmail, PASSWORD } from './helpers.ts';

const h = await commerceHarness(t);
const on = { config: { RATE_LIMITS: 'on' as const } };
// accounts for the sign-in tests are made with the limits off (the registration test spends loopback's budget)
const account = async (t: Parameters<typeof h.api>[0]) => registerVerified(await h.api(t));

t.test('a loopback caller (a same-host proxy without TRUST_PROXY) meets the e-mail look-up limit', async (t) => {
  const api = await h.api(t, on);
  // no x-client-ip: the request comes from 127.0.0.1 and names no other address
  const statuses: number[] = [];
  for (let i = 0; i < 31; i++) statuses.push((await api.call('GET', `/customers/email?email=${uniqueEmail()}`)).statusCode);
  t.same(statuses.slice(0, 30), Array(30).fill(200), '30 look-ups per 10 minutes pass');
  t.equal(statuses[30], 429, 'the 31st from loopback is refused');
  const forwarded = await api.call('GET', `/customers/email?email=${uniqueEmail()}`, { clientIp: '127.0.0.1' });
  t.equal(forwarded.statusCode, 429, 'a forwarded loopback address is no exemption either');
  t.equal(forwarded.json().code, 'too_many_requests');
});

t.test('a loopback caller meets the registration limit', async (t) => {
  const api = await h.api(t, on);
  const statuses: number[] = [];
  for (let i = 0; i < 21; i++) {
    statuses.push((await api.call('POST', '/customers', { body: { email: uniqueEmail(), password: PASSWORD, firstName: 'A', lastName: 'B' } })).statusCode);
  }
  t.same(statuses.slice(0, 20), Array(20).fill(201));
  t.equal(statuses[20], 429, 'the 21st registration per hour from one address is refused');
});

t.test('25 wrong sign-ins for 25 different e-mails from one address meet 429 before the 25th; another address is not affected', async (t) => {
  const api = await h.api(t, on);
  const ip = '203.0.113.61';
  const answers: { status: number; code: string; retryAfter?: number }[] = [];
  for (let i = 0; i < 25; i++) {
    const res = await api.call('POST', '/customers/login', { clientIp: ip, body: { email: uniqueEmail('guess'), password: 'Wrong12345' } });
    answers.push({ status: res.statusCode, code: res.json().code, retryAfter: res.json().details?.retryAfter });
  }
  t.same(answers.slice(0, 20).map((a) => a.code), Array(20).fill('invalid_credentials'), '20 failures per 15 minutes are answered as such');
  t.same(answers.slice(20).map((a) => a.status), [429, 429, 429, 429, 429], 'then the address is refused, whatever e-mail it names');
  t.equal(answers[20].code, 'too_many_attempts');
  t.ok(answers[20].retryAfter! > 0 && answers[20].retryAfter! <= 900, 'retryAfter says when (at most 15 minutes)');

  const other = await api.call('POST', '/customers/login', { clientIp: '203.0.113.62', body: { email: uniqueEmail('guess'), password: 'Wrong12345' } });
  t.equal(other.json().code, 'invalid_credentials', 'another address is not affected');

  const acc = await account(t);
  const right = await api.call('POST', '/customers/login', { clientIp: ip, body: { email: acc.email, password: acc.password } });
  t.equal(right.statusCode, 429, 'while the budget is spent, the address waits even with a right password');

  api.clock.advance(15 * 60);
  const later = await api.call('POST', '/customers/login', { clientIp: ip, body: { email: acc.email, password: acc.password } });
  t.equal(later.statusCode, 200, 'a quiet quarter of an hour (fake clock) gives the budget back');
});

t.test('only failed sign-ins use the address budget', async (t) => {
  const api = await h.api(t, on);
  const ip = '203.0.113.63';
  const acc = await account(t);
  for (let i = 0; i < 19; i++) await api.call('POST', '/customers/login', { clientIp: ip, body: { email: uniqueEmail('guess'), password: 'Wrong12345' } });
  for (let i = 0; i < 3; i++) {
    t.equal((await api.call('POST', '/customers/login', { clientIp: ip, body: { email: acc.email, password: acc.password } })).statusCode, 200, 'a right password does not count');
  }
  t.equal((await api.call('POST', '/customers/login', { clientIp: ip, body: { email: uniqueEmail('guess'), password: 'Wrong12345' } })).json().code, 'invalid_credentials', 'the 20th failure is still answered');
  t.equal((await api.call('POST', '/customers/login', { clientIp: ip, body: { email: uniqueEmail('guess'), password: 'Wrong12345' } })).json().code, 'too_many_attempts', 'the 21st is refused');
});

t.test('RATE_LIMITS=off switches the per-client limits off, and production refuses it', async (t) => {
  const api = await h.api(t, { config: { RATE_LIMITS: 'off' } });
  let last = 0;
  for (let i = 0; i < 31; i++) last = (await api.call('GET', `/customers/email?email=${uniqueEmail()}`)).statusCode;
  t.equal(last, 200, 'tests that send many requests from one address switch them off');
  t.equal(loadConfig({}).RATE_LIMITS, 'on', 'on by default');
  t.throws(() => loadConfig({ NODE_ENV: 'production', RATE_LIMITS: 'off' }), { name: 'ConfigError', variable: 'RATE_LIMITS' });
  t.equal(loadConfig({ NODE_ENV: 'production' }).RATE_LIMITS, 'on');
});

t.test('x-client-ip counts only with the service credential (SERVICE_SECRET or ADMIN_TOKEN), never because of TRUST_PROXY', async (t) => {
  const token = 's'.repeat(32);
  const api = await h.api(t, { config: { TRUST_PROXY: 'on', RATE_LIMITS: 'on', ADMIN_TOKEN: token } });
  const lookup = (i: number, headers: Record<string, string> = {}) => api.app.inject({
    method: 'GET', url: `/customers/email?email=${encodeURIComponent(uniqueEmail())}`, remoteAddress: '192.0.2.10',
    headers: { 'x-store-key': 'ch', 'x-client-ip': `198.51.100.${i}`, ...headers },
  });
  const claimed: number[] = [];
  for (let i = 0; i < 31; i++) claimed.push((await lookup(i)).statusCode);
  t.equal(claimed[30], 429, 'a remote caller naming a fresh x-client-ip per request buys no fresh budget');
  const wrong: number[] = [];
  for (let i = 0; i < 3; i++) wrong.push((await lookup(i, { 'x-service-token': 'x'.repeat(32) })).statusCode);
  t.same(wrong, [429, 429, 429], 'a wrong service token proves nothing');
  const storefront = await lookup(77, { 'x-service-token': token });
  t.equal(storefront.statusCode, 200, 'a storefront on another machine (ADMIN_TOKEN) forwards its visitor\'s address');
});

t.test('with TRUST_PROXY a remote caller cannot pass for loopback or pick its address by writing X-Forwarded-For', async (t) => {
  const api = await h.api(t, { config: { TRUST_PROXY: 'on', RATE_LIMITS: 'on' } });
  const hand = (remoteAddress: string, headers: Record<string, string> = {}) =>
    api.app.inject({ method: 'PUT', url: '/admin/prices', remoteAddress, headers: { 'content-type': 'application/json', ...headers }, payload: {} });
  const stranger = await hand('192.0.2.7', { 'x-forwarded-for': '127.0.0.1' });
  t.equal(stranger.statusCode, 403, 'the price hand-over stays closed to a stranger claiming loopback');
  t.equal(stranger.json().code, 'forbidden');
  t.not((await hand('127.0.0.1')).statusCode, 403, 'the real loopback still gets past the door (then its empty set is refused)');

  // no x-client-ip: the address the proxy saw (the last entry) counts, not what the client wrote before it
  const lookup = (i: number) => api.app.inject({
    method: 'GET', url: `/customers/email?email=${encodeURIComponent(uniqueEmail())}`, remoteAddress: '192.0.2.9',
    headers: { 'x-store-key': 'ch', 'x-forwarded-for': `10.0.0.${i}, 198.51.100.99` },
  });
  const statuses: number[] = [];
  for (let i = 0; i < 31; i++) statuses.push((await lookup(i)).statusCode);
  t.equal(statuses[30], 429, 'a fresh first X-Forwarded-For entry per request buys no fresh budget');
});
