// Operators sign in, out, get locked out after wrong passwords, and their tokens and the customers' tokens
// never open each other's calls.
import t from 'tap';
import { commerceHarness, login, registerVerified, testClock, uniqueEmail, type Api } from '../commerce/helpers.ts';
import { createOperator } from '../../src/commerce/ops/index.ts';
import type { OperatorRole } from '../../src/contracts/ops.ts';
import { DEMO_PASSWORD, demoToken, opsCall, opsLogin, passSecondStep } from './helpers.ts';

const h = await commerceHarness(t);
const PASSWORD = 'Tresor-Schluessel-42';

async function newOperator(api: Api, roles: OperatorRole[] = ['support']): Promise<{ id: string; email: string }> {
  const email = uniqueEmail('operator');
  const op = await createOperator(api.db, { email, password: PASSWORD, roles }, { type: 'system', id: 'test', email: null }, api.clock());
  return { id: op.id, email };
}

t.test('an operator signs in and gets an 8-hour operator token with its roles', async (t) => {
  const api = await h.api(t);
  const res = await opsCall(api, 'POST', '/ops/login', null, { email: 'Finance@OPS.example', password: DEMO_PASSWORD });
  t.equal(res.statusCode, 200, res.body);
  const body = res.json();
  t.match(body.accessToken, /^op_/);
  t.equal(body.expiresIn, 8 * 3600);
  t.equal(body.operator.email, 'finance@ops.example');
  t.same(body.operator.roles, ['finance']);
  // issue 26: the token opens the second step first (test/ops/second-factor.test.ts)
  t.equal(body.secondStep, 'enrol');
  await passSecondStep(api, body, 'finance@ops.example');
  const me = await opsCall(api, 'GET', '/ops/me', body.accessToken);
  t.equal(me.statusCode, 200);
  t.equal(me.json().email, 'finance@ops.example');
  t.ok(me.json().lastLoginAt, 'the sign-in is recorded');
  // only a hash of the token is stored
  const stored = await api.db.query<{ n: number }>('select count(*)::int as n from operator_sessions where token_hash = $1', [body.accessToken]);
  t.equal(stored[0].n, 0);
});

t.test('a wrong password and an unknown e-mail get the same 401 invalid_credentials', async (t) => {
  const api = await h.api(t);
  const wrong = await opsCall(api, 'POST', '/ops/login', null, { email: 'support@ops.example', password: 'Demo-Operator-2025' });
  const unknown = await opsCall(api, 'POST', '/ops/login', null, { email: 'nobody@ops.example', password: 'Demo-Operator-2025' });
  t.equal(wrong.statusCode, 401);
  t.equal(wrong.json().code, 'invalid_credentials');
  t.same(unknown.json(), wrong.json());
});

t.test('five wrong passwords in a row lock sign-in for 15 minutes, even with the right password', async (t) => {
  const api = await h.api(t);
  const op = await newOperator(api);
  for (let i = 0; i < 4; i++) {
    t.equal((await opsCall(api, 'POST', '/ops/login', null, { email: op.email, password: 'falsch-falsch-falsch' })).statusCode, 401);
  }
  const fifth = await opsCall(api, 'POST', '/ops/login', null, { email: op.email, password: 'falsch-falsch-falsch' });
  t.equal(fifth.statusCode, 429);
  t.equal(fifth.json().code, 'too_many_attempts');
  t.equal(fifth.json().details.retryAfter, 900);
  const right = await opsCall(api, 'POST', '/ops/login', null, { email: op.email, password: PASSWORD });
  t.equal(right.statusCode, 429, 'the right password does not pass while locked');
  api.clock.advance(14 * 60);
  t.equal((await opsCall(api, 'POST', '/ops/login', null, { email: op.email, password: PASSWORD })).statusCode, 429);
  api.clock.advance(61);
  t.equal((await opsCall(api, 'POST', '/ops/login', null, { email: op.email, password: PASSWORD })).statusCode, 200, 'the lock ends');
});

t.test('a successful sign-in forgets earlier failures', async (t) => {
  const api = await h.api(t);
  const op = await newOperator(api);
  for (let i = 0; i < 4; i++) await opsCall(api, 'POST', '/ops/login', null, { email: op.email, password: 'falsch-falsch-falsch' });
  await opsLogin(api, op.email, PASSWORD);
  for (let i = 0; i < 4; i++) {
    t.equal((await opsCall(api, 'POST', '/ops/login', null, { email: op.email, password: 'falsch-falsch-falsch' })).statusCode, 401);
  }
});

t.test('an e-mail no operator has locks the same way, so the lock tells nothing', async (t) => {
  const api = await h.api(t);
  const email = uniqueEmail('ghost');
  for (let i = 0; i < 4; i++) t.equal((await opsCall(api, 'POST', '/ops/login', null, { email, password: 'falsch-falsch-falsch' })).statusCode, 401);
  const fifth = await opsCall(api, 'POST', '/ops/login', null, { email, password: 'falsch-falsch-falsch' });
  t.equal(fifth.statusCode, 429);
  t.equal(fifth.json().details.retryAfter, 900);
});

t.test('a disabled operator cannot sign in, and its open session ends', async (t) => {
  const api = await h.api(t);
  const op = await newOperator(api);
  const session = await opsLogin(api, op.email, PASSWORD);
  const admin = await demoToken(api, 'admin');
  t.equal((await opsCall(api, 'PUT', `/ops/operators/${op.id}`, admin, { disabled: true })).statusCode, 200);
  const res = await opsCall(api, 'POST', '/ops/login', null, { email: op.email, password: PASSWORD });
  t.equal(res.statusCode, 401);
  t.equal(res.json().code, 'invalid_credentials');
  t.equal((await opsCall(api, 'GET', '/ops/me', session.accessToken)).json().code, 'operator_token_required');
});

t.test('sign-out ends the token at once; after 8 hours it ends by itself', async (t) => {
  const api = await h.api(t);
  const a = await opsLogin(api, 'support@ops.example');
  const b = await opsLogin(api, 'support@ops.example');
  t.equal((await opsCall(api, 'POST', '/ops/logout', a.accessToken)).statusCode, 200);
  t.equal((await opsCall(api, 'GET', '/ops/me', a.accessToken)).statusCode, 401);
  t.equal((await opsCall(api, 'GET', '/ops/me', b.accessToken)).statusCode, 200, 'another session stays');
  api.clock.advance(8 * 3600 - 1);
  t.equal((await opsCall(api, 'GET', '/ops/me', b.accessToken)).statusCode, 200);
  api.clock.advance(1);
  const expired = await opsCall(api, 'GET', '/ops/me', b.accessToken);
  t.equal(expired.statusCode, 401);
  t.equal(expired.json().code, 'operator_token_required');
});

t.test('a customer token, none or garbage on /ops answers 401 operator_token_required', async (t) => {
  const api = await h.api(t);
  const account = await registerVerified(api);
  const customer = await login(api, account);
  for (const token of [customer.accessToken, null, 'op_forged', 'x'.repeat(300)]) {
    for (const [method, url] of [['GET', '/ops/me'], ['GET', '/ops/orders'], ['GET', '/ops/audit'], ['POST', '/ops/orders/7c6a3f36-1c59-4f2b-9d0e-3c1c1d8f7a10/payments'], ['GET', '/ops/operators']] as const) {
      const res = await opsCall(api, method, url, token, method === 'POST' ? {} : undefined);
      t.equal(res.statusCode, 401, `${method} ${url}`);
      t.equal(res.json().code, 'operator_token_required');
    }
  }
  // with the store header as the storefront would send it: still no
  const withStore = await api.call('GET', '/ops/me', { store: 'ch', token: customer.accessToken });
  t.equal(withStore.json().code, 'operator_token_required');
});

t.test('an operator token opens no customer call', async (t) => {
  const api = await h.api(t);
  const { accessToken } = await opsLogin(api, 'admin@ops.example');
  for (const [method, url] of [['GET', '/customers/me'], ['GET', '/orders'], ['GET', '/deposits'], ['POST', '/customers/logout']] as const) {
    const res = await api.call(method, url, { store: 'ch', token: accessToken });
    t.equal(res.statusCode, 401, `${method} ${url}`);
    t.equal(res.json().code, 'invalid_token');
  }
});

t.test('/ops calls take no x-store-key', async (t) => {
  const api = await h.api(t);
  const { accessToken } = await opsLogin(api, 'support@ops.example');
  t.equal((await opsCall(api, 'GET', '/ops/me', accessToken)).statusCode, 200);
  const doc = (await api.call('GET', '/openapi.json', { store: null })).json();
  const login = doc.paths['/ops/login'].post;
  t.notOk((login.parameters ?? []).some((p: { name: string }) => p.name === 'x-store-key'));
  t.equal(login.operationId, 'opsLogin');
  t.same(doc.paths['/ops/me'].get.security, [{ operatorToken: [] }]);
});

t.test('sign-in bodies with unknown fields or no password are refused with 400 validation_failed', async (t) => {
  const api = await h.api(t);
  for (const body of [{ email: 'admin@ops.example', password: DEMO_PASSWORD, admin: true }, { email: 'admin@ops.example' }, { email: 'admin@ops.example', password: 42 }]) {
    const res = await opsCall(api, 'POST', '/ops/login', null, body);
    t.equal(res.statusCode, 400, JSON.stringify(body));
    t.equal(res.json().code, 'validation_failed');
  }
});

t.test('one address gets 20 failed sign-ins per 15 minutes, whatever e-mails it names (RATE_LIMITS on)', async (t) => {
  const api = await h.api(t, { config: { RATE_LIMITS: 'on' } });
  for (let i = 0; i < 20; i++) {
    t.equal((await opsCall(api, 'POST', '/ops/login', null, { email: uniqueEmail('guess'), password: 'falsch-falsch-falsch' })).statusCode, 401);
  }
  const res = await opsCall(api, 'POST', '/ops/login', null, { email: 'admin@ops.example', password: DEMO_PASSWORD });
  t.equal(res.statusCode, 429);
  t.equal(res.json().code, 'too_many_attempts');
  api.clock.advance(15 * 60 + 1);
  t.equal((await opsCall(api, 'POST', '/ops/login', null, { email: 'admin@ops.example', password: DEMO_PASSWORD })).statusCode, 200);
});

t.test('housekeeping deletes operator sessions dead for more than a day, without anyone signing in', async (t) => {
  const clock = testClock();
  const first = await h.api(t, { clock });
  const op = await newOperator(first);
  const { accessToken } = await opsLogin(first, op.email, PASSWORD);
  const count = async () => (await h.db.query<{ n: number }>('select count(*)::int as n from operator_sessions where operator_id = $1', [op.id]))[0].n;
  t.equal(await count(), 1, 'the session is stored');
  clock.advance(8 * 3600 + 86400 + 60);
  t.equal((await opsCall(first, 'GET', '/ops/me', accessToken)).statusCode, 401, 'the session is expired');
  await h.api(t, { clock }); // a start-up runs the hourly housekeeping at once
  t.equal(await count(), 0, 'the expired session is gone');
});
