// Issue 26: every operator changes its own password (before, only an admin could set one): the current
// password first, under the sign-in lock, then the second factor's code (or one recovery code); the other sessions end, this one stays; audited without the password.
import t from 'tap';
import { commerceHarness, uniqueEmail, type Api } from '../commerce/helpers.ts';
import { totpCode } from '../../src/commerce/auth/second-factor.ts';
import { demoToken, opsCall, opsLogin, passSecondStep, totpSecretOf } from './helpers.ts';

const h = await commerceHarness(t);
const PASSWORD = 'Tresor-Schluessel-42';
const NEW = 'Neuer-Tresor-Code-2026';

async function newOperator(api: Api, roles: string[] = ['warehouse']) {
  const email = uniqueEmail('selbst');
  const created = await opsCall(api, 'POST', '/ops/operators', await demoToken(api, 'admin'), { email, password: PASSWORD, roles });
  t.equal(created.statusCode, 201, created.body);
  return email;
}

/** What the operator's authenticator shows a time step later (the test clock stands still, and each step is accepted once). */
async function codeOf(api: Api, email: string): Promise<string> {
  api.clock.advance(30);
  return totpCode(await totpSecretOf(api.db, email), api.clock().getTime());
}

t.test('an operator changes its own password: this session stays, the others end, the new password signs in', async (t) => {
  const api = await h.api(t);
  const email = await newOperator(api);
  const here = await opsLogin(api, email, PASSWORD);
  const elsewhere = await opsLogin(api, email, PASSWORD);
  const res = await opsCall(api, 'PUT', '/ops/me/password', here.accessToken, { currentPassword: PASSWORD, newPassword: NEW, code: await codeOf(api, email) });
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
    const res = await opsCall(api, 'PUT', '/ops/me/password', s.accessToken, { currentPassword: PASSWORD, newPassword: NEW, code: await codeOf(api, email) });
    t.equal(res.statusCode, 200, `${role}: ${res.body}`);
    // another operator's password stays an admin's matter
    const other = await opsCall(api, 'PUT', `/ops/operators/${s.operator.id}`, s.accessToken, { password: 'Noch-ein-Passwort-1' });
    t.equal(other.statusCode, 403);
  }
  t.equal((await opsCall(api, 'PUT', '/ops/me/password', null, { currentPassword: PASSWORD, newPassword: NEW, code: '123456' })).statusCode, 401, 'no token, no change');
});

t.test('a wrong current password is 400 on its field and changes nothing; the fifth in a row locks like sign-in', async (t) => {
  const api = await h.api(t);
  const email = await newOperator(api);
  const s = await opsLogin(api, email, PASSWORD);
  const wrong = await opsCall(api, 'PUT', '/ops/me/password', s.accessToken, { currentPassword: 'falsch-falsch-falsch', newPassword: NEW, code: '123456' });
  t.equal(wrong.statusCode, 400);
  t.equal(wrong.json().code, 'invalid_current_password');
  t.same(wrong.json().details.fields.map((f: { field: string }) => f.field), ['currentPassword']);
  for (let i = 2; i <= 4; i++) t.equal((await opsCall(api, 'PUT', '/ops/me/password', s.accessToken, { currentPassword: `falsch-${i}`, newPassword: NEW, code: '123456' })).statusCode, 400);
  const fifth = await opsCall(api, 'PUT', '/ops/me/password', s.accessToken, { currentPassword: 'falsch-5', newPassword: NEW, code: '123456' });
  t.equal(fifth.statusCode, 429);
  t.equal(fifth.json().code, 'too_many_attempts');
  t.ok(fifth.json().details.retryAfter > 0);
  // the lock holds the right password too, here and at sign-in
  t.equal((await opsCall(api, 'PUT', '/ops/me/password', s.accessToken, { currentPassword: PASSWORD, newPassword: NEW, code: await codeOf(api, email) })).statusCode, 429);
  t.equal((await opsCall(api, 'POST', '/ops/login', null, { email, password: PASSWORD })).statusCode, 429);
  api.clock.advance(15 * 60 + 1);
  await opsLogin(api, email, PASSWORD);
});

t.test('bad new passwords are refused with 400 and change nothing', async (t) => {
  const api = await h.api(t);
  const email = await newOperator(api);
  const s = await opsLogin(api, email, PASSWORD);
  const same = await opsCall(api, 'PUT', '/ops/me/password', s.accessToken, { currentPassword: PASSWORD, newPassword: PASSWORD, code: '123456' });
  t.equal(same.statusCode, 400);
  t.same(same.json().details.fields, [{ field: 'newPassword', code: 'password_unchanged', message: 'The new password must differ from the current one.' }]);
  for (const body of [{ currentPassword: PASSWORD, newPassword: 'kurz', code: '123456' }, { currentPassword: PASSWORD, code: '123456' }, { currentPassword: PASSWORD, newPassword: NEW }, { currentPassword: PASSWORD, newPassword: NEW, code: '123456', roles: ['admin'] }]) {
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
  t.equal((await opsCall(api, 'PUT', '/ops/me/password', s.accessToken, { currentPassword: PASSWORD, newPassword: NEW, code: await codeOf(api, email) })).statusCode, 200);
  const admin = await demoToken(api, 'admin');
  const audit = await opsCall(api, 'GET', `/ops/audit?operatorId=${s.operator.id}&limit=50`, admin);
  t.equal(audit.statusCode, 200, audit.body);
  // issue 26: the enrolment of the second factor at the first sign-in is an operator_updated entry of its own
  const entries = audit.json().results.filter((e: { action: string; details: { passwordChanged?: boolean } }) => e.action === 'operator_updated' && e.details.passwordChanged);
  t.equal(entries.length, 1);
  t.same(entries[0].actor, { type: 'operator', id: s.operator.id, email });
  t.same(entries[0].details, { operatorId: s.operator.id, passwordChanged: true, by: 'self', confirmedWith: 'totp', otherSessionsEnded: 1 });
  t.notOk(JSON.stringify(audit.json()).includes(NEW) || JSON.stringify(audit.json()).includes(PASSWORD));
});

t.test('the second factor confirms the change: no code, a spent or wrong one are refused on its field; five wrong codes lock like sign-in; a recovery code works once', async (t) => {
  const api = await h.api(t);
  const email = await newOperator(api);
  const login = (await opsCall(api, 'POST', '/ops/login', null, { email, password: PASSWORD })).json();
  const { recoveryCodes } = await passSecondStep(api, login, email);
  const token = login.accessToken as string;
  const secret = await totpSecretOf(api.db, email);
  const change = (code: string, currentPassword = PASSWORD, newPassword = NEW) => opsCall(api, 'PUT', '/ops/me/password', token, { currentPassword, newPassword, code });

  const missing = await opsCall(api, 'PUT', '/ops/me/password', token, { currentPassword: PASSWORD, newPassword: NEW });
  t.equal(missing.statusCode, 400, 'the password alone is not enough');
  t.equal(missing.json().code, 'validation_failed');
  const spent = await change(totpCode(secret, api.clock().getTime()));
  t.equal(spent.statusCode, 400, 'the code the enrolment used is not accepted again');
  t.equal(spent.json().code, 'invalid_code');
  const wrong = () => (totpCode(secret, api.clock().getTime()) === '123456' ? '654321' : '123456');
  for (let i = 2; i <= 3; i++) t.equal((await change(wrong())).json().code, 'invalid_code', `wrong code ${i}`);
  t.equal((await change('zzzzz-zzzzz')).json().code, 'invalid_code', 'a wrong recovery code counts too');
  const fifth = await change(wrong());
  t.equal(fifth.statusCode, 429, 'the fifth wrong code locks');
  t.equal(fifth.json().code, 'too_many_attempts');
  const right = await change(await codeOf(api, email));
  t.equal(right.statusCode, 429, 'locked: the right password and code too');
  const signIn = await opsCall(api, 'POST', '/ops/login', null, { email, password: PASSWORD });
  t.equal(signIn.statusCode, 429, 'and the sign-in, with the answer wrong passwords get');
  t.equal(signIn.json().message, fifth.json().message);
  t.equal((await opsCall(api, 'POST', '/ops/login', null, { email, password: NEW })).statusCode, 429, 'nothing changed');

  api.clock.advance(15 * 60 + 1);
  const withRecovery = await change(recoveryCodes![0]);
  t.equal(withRecovery.statusCode, 200, withRecovery.body);
  const again = await change(recoveryCodes![0], NEW, 'Dritter-Tresor-Code-2026');
  t.equal(again.json().code, 'invalid_code', 'each recovery code once');
  const audit = (await opsCall(api, 'GET', `/ops/audit?operatorId=${login.operator.id}&limit=50`, await demoToken(api, 'admin'))).json();
  const entry = audit.results.find((e: { details: { passwordChanged?: boolean } }) => e.details.passwordChanged);
  t.equal(entry?.details.confirmedWith, 'recovery_code', 'the audit says how it was confirmed');
});
