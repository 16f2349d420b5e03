// Issue 23, staff are never locked out by others: operators' failed sign-ins count in budgets of their own
// (per operator, per client address), never in the customers' per-address budget, and a client address
// counts only from a caller that proves the service credential (SERVICE_SECRET in x-service-token), never
// because it is a loopback peer. (The back office's side: test/backoffice/lockout.test.ts.)
import t from 'tap';
import type { LightMyRequestResponse } from 'fastify';
import { commerceHarness, registerVerified, T0, TEST_SERVICE_SECRET, testClock, uniqueEmail, type Api } from '../commerce/helpers.ts';
import { DEMO_PASSWORD } from './helpers.ts';

const h = await commerceHarness(t);
// Each test its own day on the fake clock: loopback's budgets (one address for the whole file) start empty.
let day = 0;
const limitsOn = (tt: Parameters<typeof h.api>[0]) => h.api(tt, { config: { RATE_LIMITS: 'on' }, clock: testClock(T0 + ++day * 86_400_000) });
const WRONG = 'falsch-falsch-falsch';

interface From {
  /** the address a caller names in x-client-ip */
  ip?: string;
  /** the x-service-token it presents: the tests' service credential unless given (null: none) */
  token?: string | null;
}

function headersFor(from: From): Record<string, string> {
  const token = from.token === undefined ? TEST_SERVICE_SECRET : from.token;
  return { ...(from.ip ? { 'x-client-ip': from.ip } : {}), ...(token ? { 'x-service-token': token } : {}) };
}

const opsSignIn = (api: Api, email: string, password: string, from: From = {}): Promise<LightMyRequestResponse> =>
  api.call('POST', '/ops/login', { store: null, body: { email, password }, headers: headersFor(from) });

const customerSignIn = (api: Api, email: string, password: string, from: From = {}): Promise<LightMyRequestResponse> =>
  api.call('POST', '/customers/login', { body: { email, password }, headers: headersFor(from) });

/** n failed operator sign-ins with fresh e-mails; their codes */
async function opsFailures(api: Api, n: number, from: From): Promise<string[]> {
  const codes: string[] = [];
  for (let i = 0; i < n; i++) codes.push((await opsSignIn(api, uniqueEmail('guess'), WRONG, from)).json().code);
  return codes;
}

async function customerFailures(api: Api, n: number, from: From): Promise<string[]> {
  const codes: string[] = [];
  for (let i = 0; i < n; i++) codes.push((await customerSignIn(api, uniqueEmail('guess'), 'Wrong12345', from)).json().code);
  return codes;
}

// accounts are made with the limits off (registrations have a per-address budget of their own)
const customer = async (tt: Parameters<typeof h.api>[0]) => registerVerified(await h.api(tt));

t.test('failed customer sign-ins never spend the operators\' budget', async (t) => {
  const api = await limitsOn(t);
  const ip = '203.0.113.81';
  const codes = await customerFailures(api, 21, { ip });
  t.same(codes.slice(0, 20), Array(20).fill('invalid_credentials'));
  t.equal(codes[20], 'too_many_attempts', 'the customers\' budget of the address is spent');

  const wrong = await opsSignIn(api, 'support@ops.example', WRONG, { ip });
  t.equal(wrong.json().code, 'invalid_credentials', 'an operator\'s failure from the same address is still answered as such');
  const right = await opsSignIn(api, 'admin@ops.example', DEMO_PASSWORD, { ip });
  t.equal(right.statusCode, 200, 'and an operator signs in from it');
});

t.test('customers behind a same-host proxy (loopback, nothing forwarded) do not lock the staff out', async (t) => {
  const api = await limitsOn(t);
  const codes = await customerFailures(api, 21, { token: null });
  t.equal(codes[20], 'too_many_attempts', 'the proxy\'s customers share one budget and spent it');
  t.equal((await opsSignIn(api, 'finance@ops.example', DEMO_PASSWORD, { token: null })).statusCode, 200, 'an operator on the same machine signs in');
});

t.test('failed operator sign-ins never spend the customers\' budget', async (t) => {
  const acc = await customer(t);
  const api = await limitsOn(t);
  const ip = '203.0.113.82';
  const codes = await opsFailures(api, 21, { ip });
  t.same(codes.slice(0, 20), Array(20).fill('invalid_credentials'));
  t.equal(codes[20], 'too_many_attempts', 'the operators\' budget of the address is spent');
  t.equal((await opsSignIn(api, 'admin@ops.example', DEMO_PASSWORD, { ip })).statusCode, 429, 'for operators, right password or not');

  t.equal((await customerSignIn(api, uniqueEmail('guess'), 'Wrong12345', { ip })).json().code, 'invalid_credentials', 'a customer\'s failure is still answered as such');
  t.equal((await customerSignIn(api, acc.email, acc.password, { ip })).statusCode, 200, 'and a customer signs in from the same address');
});

t.test('20+ failures with random e-mails from one address stop no operator at another address, even one failure every 45 s', async (t) => {
  const api = await limitsOn(t);
  const attacker = { ip: '198.51.100.66' };
  const staff = { ip: '192.0.2.44' };
  const codes = await opsFailures(api, 25, attacker);
  t.same(codes.slice(20), Array(5).fill('too_many_attempts'), 'the attacker\'s address is refused after 20');
  t.equal((await opsSignIn(api, 'warehouse@ops.example', DEMO_PASSWORD, staff)).statusCode, 200, 'another operator at another address signs in');
  // an hour of one failure every 45 s keeps the attacker's address at its limit, and nobody else out
  const staffAnswers: number[] = [];
  for (let i = 1; i <= 80; i++) {
    api.clock.advance(45);
    await opsSignIn(api, uniqueEmail('guess'), WRONG, attacker);
    if (i % 10 === 0) staffAnswers.push((await opsSignIn(api, 'support@ops.example', DEMO_PASSWORD, staff)).statusCode);
  }
  t.same(staffAnswers, Array(8).fill(200), 'the operator signs in at every try');
  t.equal((await opsSignIn(api, 'admin@ops.example', DEMO_PASSWORD, attacker)).statusCode, 429, 'the attacker\'s own address stays refused');
});

t.test('a loopback caller without the credential cannot name a client address', async (t) => {
  const api = await limitsOn(t);
  const victim = '198.51.100.20';
  // a process on the machine claims the victim's address, then a fresh one per attempt
  const claimed = await opsFailures(api, 20, { ip: victim, token: null });
  t.same(claimed, Array(20).fill('invalid_credentials'));
  const fresh = await opsSignIn(api, uniqueEmail('guess'), WRONG, { ip: '198.51.100.21', token: null });
  t.equal(fresh.json().code, 'too_many_attempts', 'its failures counted against its own address: a fresh claim buys no fresh budget');
  const wrongToken = await opsSignIn(api, uniqueEmail('guess'), WRONG, { ip: '198.51.100.22', token: 'x'.repeat(36) });
  t.equal(wrongToken.json().code, 'too_many_attempts', 'a wrong credential proves nothing');
  const real = await opsSignIn(api, 'admin@ops.example', DEMO_PASSWORD, { ip: victim });
  t.equal(real.statusCode, 200, 'the address it named still has its whole budget');

  // the same for the customers' sign-in and the per-client limits (limitByClient)
  const acc = await customer(t);
  const customerApi = await limitsOn(t);
  const spoofed: string[] = [];
  for (let i = 0; i < 21; i++) spoofed.push((await customerSignIn(customerApi, uniqueEmail('guess'), 'Wrong12345', { ip: `198.51.100.${100 + i}`, token: null })).json().code);
  t.equal(spoofed[20], 'too_many_attempts', 'a fresh claimed address per customer sign-in buys nothing either');
  t.equal((await customerSignIn(customerApi, acc.email, acc.password, { ip: '198.51.100.100' })).statusCode, 200, 'the claimed addresses were not spent');
  const lookups: number[] = [];
  for (let i = 0; i < 31; i++) {
    lookups.push((await customerApi.call('GET', `/customers/email?email=${uniqueEmail()}`, { headers: { 'x-client-ip': `198.51.100.${i}` } })).statusCode);
  }
  t.equal(lookups[30], 429, 'the e-mail look-up limit counts the caller, not the addresses it names');
});

t.test('the forwarded address counts with the credential: one staff member\'s budget, not another\'s', async (t) => {
  const api = await limitsOn(t);
  const codes = await opsFailures(api, 21, { ip: '203.0.113.90' });
  t.equal(codes[20], 'too_many_attempts');
  t.equal((await opsSignIn(api, 'admin@ops.example', DEMO_PASSWORD, { ip: '203.0.113.90' })).statusCode, 429, 'the address that failed waits');
  t.equal((await opsSignIn(api, 'admin@ops.example', DEMO_PASSWORD, { ip: '203.0.113.91' })).statusCode, 200, 'its neighbour does not');
  t.equal((await opsSignIn(api, 'admin@ops.example', DEMO_PASSWORD, { token: null })).statusCode, 200, 'nor the caller\'s own address');
});

t.test('the per-operator budget locks that account only', async (t) => {
  const api = await limitsOn(t);
  const attacker = { ip: '198.51.100.70' };
  // the attacker knows support@'s e-mail: five wrong passwords lock that account, from every address
  const codes: string[] = [];
  for (let i = 0; i < 5; i++) codes.push((await opsSignIn(api, 'support@ops.example', WRONG, attacker)).json().code);
  t.same(codes, ['invalid_credentials', 'invalid_credentials', 'invalid_credentials', 'invalid_credentials', 'too_many_attempts']);
  t.equal((await opsSignIn(api, 'support@ops.example', DEMO_PASSWORD, { ip: '192.0.2.45' })).json().code, 'too_many_attempts', 'the account waits 15 minutes');
  // then the attacker spends its address's budget on other e-mails
  await opsFailures(api, 20, attacker);
  for (const role of ['admin', 'finance', 'warehouse']) {
    t.equal((await opsSignIn(api, `${role}@ops.example`, DEMO_PASSWORD, { ip: '192.0.2.46' })).statusCode, 200, `${role}@ signs in`);
  }
  api.clock.advance(15 * 60 + 1);
  t.equal((await opsSignIn(api, 'support@ops.example', DEMO_PASSWORD, { ip: '192.0.2.45' })).statusCode, 200, 'the locked account signs in after its quarter of an hour');
});
