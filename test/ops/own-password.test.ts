// Issue 26: every operator changes its own password (before, only an admin could set one): the current
// password first, under the sign-in lock; the other sessions end, this one stays; audited without the password.
import t from 'tap';
import { commerceHarness, uniqueEmail, type Api } from '../commerce/helpers.ts';
import { demoToken, opsCall, opsLogin } from './helpers.ts';

const h = await commerceHarness(t);
const PASSWORD = 'Tresor-Schluessel-42';
const NEW = 'Neuer-Tresor-Code-2026';

async function newOperator(api: Api, roles: string[] = ['warehouse']) {
  const email = uniqueEmail('selbst');
  const created = await opsCall(api, 'POST', '/ops/operators', await demoToken(api, 'admin'), { email, password: PASSWORD, roles });
  t.equal(created.statusCode, 201, created.body);
  return email;
}

t.test('an operator changes its own password: this session stays, the others end, the new password signs in', async (t) => {
  const api = await h.api(t);
  const email = await newOperator(api);
  const here = await opsLogin(api, email, PASSWORD);
  const elsewhere = await opsLogin(api, email, PASSWORD);
  const res = await opsCall(api, 'PUT', '/ops/me/password', here.accessToken, { currentPassword: PASSWORD, newPassword: NEW });
  t.equal(res.statusCode, 200, res.body);
  t.equal(res.json().email, email);
  t.notOk(res.body.includes('scrypt'), 'no hash leaves the service');
  t.equal((await opsCall(api, 'GET', '/ops/me', here.accessToken)).statusCode, 200, 'the session that changed it stays');
  t.equal((await opsCall(api, 'GET', '/ops/me', elsewhere.accessToken)).json().code, 'operator_token_required', 'the other session ended');
  t.equal((await opsCall(api, 'POST', '/ops/login', null, { email, password: PASSWORD })).statusCode, 401, 'the old password no longer signs in');
  await opsLogin(api, email, NEW);
});

t.test('every role may change its own password, and only its own', async (t) => {
  const api = await h.api(t);
  for (const role of ['finance', 'support'] as const) {
    const email = await newOperator(api, [role]);
    const s = await opsLogin(api, email, PASSWORD);
    const res = await opsCall(api, 'PUT', '/ops/me/password', s.accessToken, { currentPassword: PASSWORD, newPassword: NEW });
    t.equal(res.statusCode, 200, `${role}: ${res.body}`);
    // another operator's password stays an admin's matter
    const other = await opsCall(api, 'PUT', `/ops/operators/${s.operator.id}`, s.accessToken, { password: 'Noch-ein-Passwort-1' });
    t.equal(other.statusCode, 403);
  }
  t.equal((await opsCall(api, 'PUT', '/ops/me/password', null, { currentPassword: PASSWORD, newPassword: NEW })).statusCode, 401, 'no token, no change');
});

t.test('a wrong current password is 400 on its field and changes nothing; the fifth in a row locks like sign-in', async (t) => {
  const api = await h.api(t);
  const email = await newOperator(api);
  const s = await opsLogin(api, email, PASSWORD);
  const wrong = await opsCall(api, 'PUT', '/ops/me/password', s.accessToken, { currentPassword: 'falsch-falsch-falsch', newPassword: NEW });
  t.equal(wrong.statusCode, 400);
  t.equal(wrong.json().code, 'invalid_current_password');
  t.same(wrong.json().details.fields.map((f: { field: string }) => f.field), ['currentPassword']);
  for (let i = 2; i <= 4; i++) t.equal((await opsCall(api, 'PUT', '/ops/me/password', s.accessToken, { currentPassword: `falsch-${i}`, newPassword: NEW })).statusCode, 400);
  const fifth = await opsCall(api, 'PUT', '/ops/me/password', s.accessToken, { currentPassword: 'falsch-5', newPassword: NEW });
  t.equal(fifth.statusCode, 429);
  t.equal(fifth.json().code, 'too_many_attempts');
  t.ok(fifth.json().details.retryAfter > 0);
  // the lock holds the right password too, here and at sign-in
  t.equal((await opsCall(api, 'PUT', '/ops/me/password', s.accessToken, { currentPassword: PASSWORD, newPassword: NEW })).statusCode, 429);
  t.equal((await opsCall(api, 'POST', '/ops/login', null, { email, password: PASSWORD })).statusCode, 429);
  api.clock.advance(15 * 60 + 1);
  await opsLogin(api, email, PASSWORD);
});

t.test('bad new passwords are refused with 400 and change nothing', async (t) => {
  const api = await h.api(t);
  const email = await newOperator(api);
  const s = await opsLogin(api, email, PASSWORD);
  const same = await opsCall(api, 'PUT', '/ops/me/password', s.accessToken, { currentPassword: PASSWORD, newPassword: PASSWORD });
  t.equal(same.statusCode, 400);
  t.same(same.json().details.fields, [{ field: 'newPassword', code: 'password_unchanged', message: 'The new password must differ from the current one.' }]);
  for (const body of [{ currentPassword: PASSWORD, newPassword: 'kurz' }, { currentPassword: PASSWORD }, { currentPassword: PASSWORD, newPassword: NEW, roles: ['admin'] }]) {
    const res = await opsCall(api, 'PUT', '/ops/me/password', s.accessToken, body);
    t.equal(res.statusCode, 400, JSON.stringify(body));
    t.equal(res.json().code, 'validation_failed');
  }
  await opsLogin(api, email, PASSWORD);
});

t.test('the change is in the audit log, by the operator itself, never with a password', async (t) => {
  const api = await h.api(t);
  const email = await newOperator(api);
  const s = await opsLogin(api, email, PASSWORD);
  await opsLogin(api, email, PASSWORD);
  t.equal((await opsCall(api, 'PUT', '/ops/me/password', s.accessToken, { currentPassword: PASSWORD, newPassword: NEW })).statusCode, 200);
  const admin = await demoToken(api, 'admin');
  const audit = await opsCall(api, 'GET', `/ops/audit?operatorId=${s.operator.id}&limit=50`, admin);
  t.equal(audit.statusCode, 200, audit.body);
  // issue 26: the enrolment of the second factor at the first sign-in is an operator_updated entry of its own
  const entries = audit.json().results.filter((e: { action: string; details: { passwordChanged?: boolean } }) => e.action === 'operator_updated' && e.details.passwordChanged);
  t.equal(entries.length, 1);
  t.same(entries[0].actor, { type: 'operator', id: s.operator.id, email });
  t.same(entries[0].details, { operatorId: s.operator.id, passwordChanged: true, by: 'self', otherSessionsEnded: 1 });
  t.notOk(JSON.stringify(audit.json()).includes(NEW) || JSON.stringify(audit.json()).includes(PASSWORD));
});
