// Issue 23, staff are never locked out by others, as the staff see it: the back office forwards each staff
// member's address to commerce with the service credential, so failed sign-ins at the back office spend the
// budget of the address they come from (and of the operator tried), never everyone's, and never the
// customers' budget. (Commerce's side, the credential and the buckets: test/ops/lockout.test.ts.)
import t from 'tap';
import type { LightMyRequestResponse } from 'fastify';
import { commerceHarness, T0, testClock, uniqueEmail } from '../commerce/helpers.ts';
import { backofficeOver, DEMO_PASSWORD, textOf, type BackofficeUnderTest } from './helpers.ts';

const h = await commerceHarness(t);
// each test its own day on the fake clock, so the budgets of one test are not another's
let day = 0;
async function backOffice(tt: Parameters<typeof h.api>[0], opts: { serviceSecret?: string | null; trustProxy?: boolean } = {}): Promise<BackofficeUnderTest> {
  const api = await h.api(tt, { config: { RATE_LIMITS: 'on' }, clock: testClock(T0 + ++day * 86_400_000) });
  return backofficeOver(tt, api, opts);
}

const WRONG = 'falsch-falsch-falsch';
const LOCKED = /Zu viele Fehlversuche|Too many failed attempts/;

/** A sign-in at the back office from the address ip: its status (303 signed in, 401 wrong, 429 locked) and text. */
async function signIn(bo: BackofficeUnderTest, ip: string, email: string, password: string, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  const b = bo.browser(ip);
  await b.get('/sign-in', headers);
  const res: LightMyRequestResponse = await b.post('/sign-in', { email, password }, { headers });
  return { status: res.statusCode, text: textOf(res.body) };
}

async function failures(bo: BackofficeUnderTest, ip: string, n: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) statuses.push((await signIn(bo, ip, uniqueEmail('guess'), WRONG)).status);
  return statuses;
}

t.test('twenty failed sign-ins with any e-mails lock no other operator out of the back office, nor one failure every 45 s', async (t) => {
  const bo = await backOffice(t);
  const attacker = '198.51.100.66';
  const statuses = await failures(bo, attacker, 21);
  t.same(statuses.slice(0, 20), Array(20).fill(401), 'twenty failures are answered as wrong');
  t.equal(statuses[20], 429, 'then the address that failed is refused');
  const own = await signIn(bo, attacker, 'admin@ops.example', DEMO_PASSWORD);
  t.equal(own.status, 429);
  t.match(own.text, LOCKED, 'with the message that says so');

  const staff = await signIn(bo, '192.0.2.44', 'finance@ops.example', DEMO_PASSWORD);
  t.equal(staff.status, 303, 'a colleague at another address signs in through the same back office');

  // half an hour of one failure every 45 s: the attacker's address stays at its limit, nobody else is kept out
  const colleague: number[] = [];
  for (let i = 1; i <= 40; i++) {
    bo.api.clock.advance(45);
    await signIn(bo, attacker, uniqueEmail('guess'), WRONG);
    if (i % 10 === 0) colleague.push((await signIn(bo, '192.0.2.44', 'warehouse@ops.example', DEMO_PASSWORD)).status);
  }
  t.same(colleague, [303, 303, 303, 303], 'the colleague signs in at every try');
});

t.test('customers\' failed sign-ins behind a same-host proxy do not lock the staff out', async (t) => {
  const bo = await backOffice(t);
  // the proxy forwards nothing: every customer is loopback, like the back office itself
  const codes: string[] = [];
  for (let i = 0; i < 21; i++) {
    codes.push((await bo.api.call('POST', '/customers/login', { body: { email: uniqueEmail('guess'), password: 'Wrong12345' } })).json().code);
  }
  t.equal(codes[20], 'too_many_attempts', 'the customers behind the proxy spent their shared budget');
  t.equal((await signIn(bo, '127.0.0.1', 'support@ops.example', DEMO_PASSWORD)).status, 303, 'staff on the same machine sign in');
  t.equal((await signIn(bo, '192.0.2.50', 'admin@ops.example', DEMO_PASSWORD)).status, 303, 'and from elsewhere');
});

t.test('the back office\'s forwarded address is honoured with the credential, and only with it', async (t) => {
  const bo = await backOffice(t);
  t.same((await failures(bo, '203.0.113.30', 21)).slice(19), [401, 429]);
  t.equal((await signIn(bo, '203.0.113.30', 'admin@ops.example', DEMO_PASSWORD)).status, 429, 'the staff member whose address failed waits');
  t.equal((await signIn(bo, '203.0.113.31', 'admin@ops.example', DEMO_PASSWORD)).status, 303, 'the one at the next desk does not');
  t.equal((await bo.api.call('POST', '/ops/login', { store: null, clientIp: '203.0.113.30', body: { email: 'admin@ops.example', password: DEMO_PASSWORD } })).statusCode, 429,
    'commerce counted the forwarded address, not the back office\'s');

  // a back office without the credential (or with a wrong one): commerce ignores the addresses it names,
  // every staff member behind it counts as its own address
  for (const serviceSecret of [null, 'not-the-service-secret-at-all-1234']) {
    const blind = await backOffice(t, { serviceSecret });
    t.equal((await failures(blind, '203.0.113.40', 21))[20], 429);
    t.equal((await signIn(blind, '203.0.113.41', 'admin@ops.example', DEMO_PASSWORD)).status, 429, `secret ${serviceSecret === null ? 'none' : 'wrong'}: the neighbour shares the back office's budget`);
  }
});

t.test('the per-operator budget locks that account only', async (t) => {
  const bo = await backOffice(t);
  const attacker = '198.51.100.70';
  const statuses: number[] = [];
  for (let i = 0; i < 5; i++) statuses.push((await signIn(bo, attacker, 'support@ops.example', WRONG)).status);
  t.same(statuses, [401, 401, 401, 401, 429], 'five wrong passwords lock support@');
  await failures(bo, attacker, 16);
  const locked = await signIn(bo, '192.0.2.45', 'support@ops.example', DEMO_PASSWORD);
  t.equal(locked.status, 429, 'support@ waits, wherever its owner signs in');
  t.match(locked.text, LOCKED);
  for (const role of ['admin', 'finance', 'warehouse']) {
    t.equal((await signIn(bo, '192.0.2.46', `${role}@ops.example`, DEMO_PASSWORD)).status, 303, `${role}@ signs in`);
  }
  bo.api.clock.advance(15 * 60 + 1);
  t.equal((await signIn(bo, '192.0.2.45', 'support@ops.example', DEMO_PASSWORD)).status, 303, 'support@ signs in after its quarter of an hour');
});

t.test('behind a TLS proxy (BACKOFFICE_TRUST_PROXY=on) each staff member keeps a budget of their own', async (t) => {
  const proxy = '10.0.0.5';
  const behind = (client: string) => ({ 'x-forwarded-for': client });
  const bo = await backOffice(t, { trustProxy: true });
  const statuses: number[] = [];
  for (let i = 0; i < 21; i++) statuses.push((await signIn(bo, proxy, uniqueEmail('guess'), WRONG, behind('198.51.100.80'))).status);
  t.equal(statuses[20], 429, 'the staff member who failed is refused');
  t.equal((await signIn(bo, proxy, 'admin@ops.example', DEMO_PASSWORD, behind('9.9.9.9, 198.51.100.80'))).status, 429,
    'an entry written before the proxy\'s buys no fresh budget');
  t.equal((await signIn(bo, proxy, 'admin@ops.example', DEMO_PASSWORD, behind('198.51.100.81'))).status, 303, 'a colleague behind the same proxy signs in');

  // without the setting the proxy is the client: everyone behind it shares its one budget
  const plain = await backOffice(t);
  for (let i = 0; i < 20; i++) await signIn(plain, proxy, uniqueEmail('guess'), WRONG, behind('198.51.100.82'));
  t.equal((await signIn(plain, proxy, 'admin@ops.example', DEMO_PASSWORD, behind('198.51.100.83'))).status, 429, 'off: X-Forwarded-For is not believed');
});
