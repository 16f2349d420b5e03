// Issue 26 (staff): every operator has a second factor. The first sign-in enrols TOTP before anything else
// is possible; afterwards each sign-in asks for a code (each once) or a recovery code (each once); wrong
// codes lock sign-in as wrong passwords do, without telling which factor was wrong; an admin resets another
// operator's factor (audited), never its own; operators list and end their own sessions.
import t from 'tap';
import { commerceHarness, uniqueEmail, type Api } from '../commerce/helpers.ts';
import { createOperator } from '../../src/commerce/ops/index.ts';
import { totpCode } from '../../src/commerce/auth/second-factor.ts';
import type { OperatorRole, OpsLoginResponse } from '../../src/contracts/ops.ts';
import { demoToken, opsCall, opsLogin, totpSecretOf } from './helpers.ts';

const h = await commerceHarness(t);
const PASSWORD = 'Tresor-Schluessel-42';

async function newOperator(api: Api, roles: OperatorRole[] = ['finance']): Promise<{ id: string; email: string }> {
  const email = uniqueEmail('operator');
  const op = await createOperator(api.db, { email, password: PASSWORD, roles }, { type: 'system', id: 'test', email: null }, api.clock());
  return { id: op.id, email };
}

async function passwordStep(api: Api, email: string, headers: Record<string, string> = {}): Promise<OpsLoginResponse> {
  const res = await opsCall(api, 'POST', '/ops/login', null, { email, password: PASSWORD }, headers);
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json() as OpsLoginResponse;
}

/** Enrols through the API as the operator would: the secret, a code from it, the recovery codes. */
async function enrol(api: Api, email: string): Promise<{ token: string; secret: string; recoveryCodes: string[] }> {
  const login = await passwordStep(api, email);
  const started = (await opsCall(api, 'POST', '/ops/login/enrolment', login.accessToken)).json();
  const confirmed = await opsCall(api, 'POST', '/ops/login/enrolment/confirm', login.accessToken, { code: totpCode(started.secret, api.clock().getTime()) });
  if (confirmed.statusCode !== 200) throw new Error(confirmed.body);
  return { token: login.accessToken, secret: started.secret, recoveryCodes: confirmed.json().recoveryCodes };
}

t.test('the first sign-in enrols TOTP before anything else is possible; the recovery codes are shown once', async (t) => {
  const api = await h.api(t);
  const op = await newOperator(api);
  const login = await passwordStep(api, op.email);
  t.equal(login.secondStep, 'enrol', 'a new operator has no factor yet');
  const orders = await opsCall(api, 'GET', '/ops/orders', login.accessToken);
  t.equal(orders.statusCode, 403);
  t.equal(orders.json().code, 'operator_second_step_required');
  t.equal(orders.json().details.step, 'enrol');
  t.equal((await opsCall(api, 'GET', '/ops/me', login.accessToken)).statusCode, 403, 'not even its own profile');
  t.equal((await opsCall(api, 'POST', '/ops/login/second-factor', login.accessToken, { code: '123456' })).json().code, 'operator_second_step_done', 'no code step before enrolment');

  const started = await opsCall(api, 'POST', '/ops/login/enrolment', login.accessToken);
  t.equal(started.statusCode, 200);
  const { secret, otpauthUri } = started.json();
  t.match(secret, /^[A-Z2-7]{32}$/, 'a 160-bit base32 secret');
  t.match(otpauthUri, /^otpauth:\/\/totp\//);
  t.match(decodeURIComponent(otpauthUri), op.email);
  t.equal((await opsCall(api, 'POST', '/ops/login/enrolment', login.accessToken)).json().secret, secret, 'a reloaded page shows the same secret');

  const wrong = await opsCall(api, 'POST', '/ops/login/enrolment/confirm', login.accessToken, { code: '000000' === totpCode(secret, api.clock().getTime()) ? '111111' : '000000' });
  t.equal(wrong.statusCode, 400);
  t.equal(wrong.json().code, 'invalid_code');
  const ok = await opsCall(api, 'POST', '/ops/login/enrolment/confirm', login.accessToken, { code: totpCode(secret, api.clock().getTime()) });
  t.equal(ok.statusCode, 200, ok.body);
  const { recoveryCodes, expiresIn } = ok.json();
  t.equal(expiresIn, 8 * 3600, 'the session opens for a shift');
  t.equal(recoveryCodes.length, 10);
  t.equal(new Set(recoveryCodes).size, 10);
  for (const c of recoveryCodes) t.match(c, /^[0-9a-z]{5}-[0-9a-z]{5}$/);
  const stored = await api.db.query<{ code_hash: string }>('select code_hash from operator_recovery_codes where operator_id = $1', [op.id]);
  t.equal(stored.length, 10);
  t.notOk(stored.some((r) => recoveryCodes.includes(r.code_hash) || recoveryCodes.map((c: string) => c.replace('-', '')).includes(r.code_hash)), 'only hashes are stored');
  t.equal((await opsCall(api, 'GET', '/ops/orders', login.accessToken)).statusCode, 200, 'now the session opens the calls of its role');
  t.equal((await opsCall(api, 'POST', '/ops/login/enrolment', login.accessToken)).json().code, 'operator_second_step_done', 'the codes are never shown again');
  const me = (await opsCall(api, 'GET', '/ops/me', login.accessToken)).json();
  t.equal(me.secondFactor, true);
  t.ok(me.lastLoginAt, 'the sign-in counts once the second step is passed');
  const audit = (await opsCall(api, 'GET', '/ops/audit?limit=50', await demoToken(api, 'admin'))).json();
  t.ok(audit.results.some((e: { details: Record<string, unknown>; actor: { id: string } }) => e.details?.secondFactor === 'totp_enrolled' && e.actor.id === op.id), 'the enrolment is audited');
});

t.test('afterwards each sign-in asks for a code, each code is accepted once, a pending session expires after 10 minutes', async (t) => {
  const api = await h.api(t);
  const op = await newOperator(api);
  const { secret } = await enrol(api, op.email);
  api.clock.advance(30);
  const login = await passwordStep(api, op.email);
  t.equal(login.secondStep, 'code');
  t.equal((await opsCall(api, 'GET', '/ops/orders', login.accessToken)).json().details.step, 'code');
  const code = totpCode(secret, api.clock().getTime());
  const ok = await opsCall(api, 'POST', '/ops/login/second-factor', login.accessToken, { code });
  t.equal(ok.statusCode, 200, ok.body);
  t.equal((await opsCall(api, 'GET', '/ops/orders', login.accessToken)).statusCode, 200);

  const again = await passwordStep(api, op.email);
  const replay = await opsCall(api, 'POST', '/ops/login/second-factor', again.accessToken, { code });
  t.equal(replay.statusCode, 400, 'the same code twice (someone looking over a shoulder) is refused');
  t.equal(replay.json().code, 'invalid_code');
  api.clock.advance(30);
  t.equal((await opsCall(api, 'POST', '/ops/login/second-factor', again.accessToken, { code: totpCode(secret, api.clock().getTime()) })).statusCode, 200, 'the next period\'s code passes');

  const late = await passwordStep(api, op.email);
  api.clock.advance(10 * 60 + 1);
  const expired = await opsCall(api, 'POST', '/ops/login/second-factor', late.accessToken, { code: totpCode(secret, api.clock().getTime()) });
  t.equal(expired.statusCode, 401, 'a half signed-in session ends after 10 minutes');
  t.equal(expired.json().code, 'operator_token_required');
});

t.test('a recovery code passes the second step once; its use is audited', async (t) => {
  const api = await h.api(t);
  const op = await newOperator(api);
  const { recoveryCodes } = await enrol(api, op.email);
  const first = await passwordStep(api, op.email);
  const used = await opsCall(api, 'POST', '/ops/login/second-factor', first.accessToken, { code: recoveryCodes[3].toUpperCase() });
  t.equal(used.statusCode, 200, used.body);
  t.equal(used.json().recoveryCodesLeft, 9);
  t.equal((await opsCall(api, 'GET', '/ops/orders', first.accessToken)).statusCode, 200);
  const second = await passwordStep(api, op.email);
  const again = await opsCall(api, 'POST', '/ops/login/second-factor', second.accessToken, { code: recoveryCodes[3] });
  t.equal(again.statusCode, 400, 'a recovery code works once');
  t.equal(again.json().code, 'invalid_code');
  const audit = (await opsCall(api, 'GET', '/ops/audit?limit=50', await demoToken(api, 'admin'))).json();
  const entry = audit.results.find((e: { details: Record<string, unknown> }) => e.details?.secondFactor === 'recovery_code_used' && e.details?.operatorId === op.id);
  t.ok(entry, 'an auditor sees the recovery code used');
  t.equal(entry.details.recoveryCodesLeft, 9);
  t.notMatch(JSON.stringify(entry), recoveryCodes[3], 'never the code itself');
});

t.test('five wrong codes lock sign-in for 15 minutes with the same answer as wrong passwords; the password again does not reset it', async (t) => {
  const api = await h.api(t);
  const op = await newOperator(api);
  const { secret } = await enrol(api, op.email);
  api.clock.advance(30);
  const right = () => totpCode(secret, api.clock().getTime());
  const wrong = () => (right() === '000000' ? '000001' : '000000');
  // four wrong codes, the password again (a fresh pending session), the fifth wrong code: the count goes on
  let login = await passwordStep(api, op.email);
  for (let i = 0; i < 4; i++) t.equal((await opsCall(api, 'POST', '/ops/login/second-factor', login.accessToken, { code: wrong() })).statusCode, 400);
  login = await passwordStep(api, op.email);
  const fifth = await opsCall(api, 'POST', '/ops/login/second-factor', login.accessToken, { code: wrong() });
  t.equal(fifth.statusCode, 429);
  t.equal(fifth.json().code, 'too_many_attempts');
  t.equal(fifth.json().details.retryAfter, 15 * 60);
  t.equal((await opsCall(api, 'POST', '/ops/login/second-factor', login.accessToken, { code: right() })).statusCode, 401, 'the pending session ended with the lock');
  const byPassword = await opsCall(api, 'POST', '/ops/login', null, { email: op.email, password: PASSWORD });
  t.equal(byPassword.statusCode, 429, 'the right password does not pass while locked');
  t.same(Object.keys(byPassword.json()).sort(), Object.keys(fifth.json()).sort(), 'the lock looks the same whichever factor was wrong');
  t.equal(byPassword.json().code, fifth.json().code);
  t.notMatch(byPassword.json().message, /code|totp|factor|second/i, 'nothing names the factor');
  api.clock.advance(15 * 60 + 1);
  login = await passwordStep(api, op.email);
  t.equal((await opsCall(api, 'POST', '/ops/login/second-factor', login.accessToken, { code: right() })).statusCode, 200, 'the lock ends');
});

t.test('wrong codes spend the address\'s sign-in budget (RATE_LIMITS on)', async (t) => {
  const api = await h.api(t, { config: { RATE_LIMITS: 'on' } });
  // 20 failed sign-ins per address per 15 minutes: 4 wrong codes each for 5 operators (none reaches its own lock)
  for (let i = 0; i < 5; i++) {
    const op = await newOperator(api);
    await enrol(api, op.email);
    const login = await passwordStep(api, op.email);
    for (let k = 0; k < 4; k++) t.equal((await opsCall(api, 'POST', '/ops/login/second-factor', login.accessToken, { code: 'aaaaa-aaaaa' })).statusCode, 400);
  }
  const next = await newOperator(api);
  const res = await opsCall(api, 'POST', '/ops/login', null, { email: next.email, password: PASSWORD });
  t.equal(res.statusCode, 429, 'the address is out of attempts, for any operator');
  t.equal(res.json().code, 'too_many_attempts');
});

t.test('an admin resets another operator\'s factor (audited, sessions end, it enrols again), never its own', async (t) => {
  const api = await h.api(t);
  const op = await newOperator(api);
  const { token } = await enrol(api, op.email);
  const admin = await opsLogin(api, 'admin@ops.example');
  const finance = await demoToken(api, 'finance');
  t.equal((await opsCall(api, 'POST', `/ops/operators/${op.id}/second-factor/reset`, finance)).statusCode, 403, 'admins only');
  const own = await opsCall(api, 'POST', `/ops/operators/${admin.operator.id}/second-factor/reset`, admin.accessToken);
  t.equal(own.statusCode, 409);
  t.equal(own.json().code, 'operator_self_factor_reset');
  t.equal((await opsCall(api, 'POST', '/ops/operators/00000000-0000-4000-8000-000000000000/second-factor/reset', admin.accessToken)).statusCode, 404);
  const reset = await opsCall(api, 'POST', `/ops/operators/${op.id}/second-factor/reset`, admin.accessToken);
  t.equal(reset.statusCode, 200, reset.body);
  t.equal(reset.json().secondFactor, false);
  t.equal((await opsCall(api, 'GET', '/ops/orders', token)).statusCode, 401, 'its sessions ended');
  t.equal((await passwordStep(api, op.email)).secondStep, 'enrol', 'the next sign-in enrols again');
  const audit = (await opsCall(api, 'GET', '/ops/audit?limit=50', admin.accessToken)).json();
  const entry = audit.results.find((e: { details: Record<string, unknown> }) => e.details?.secondFactor === 'reset' && e.details?.operatorId === op.id);
  t.ok(entry, 'the reset is audited');
  t.equal(entry.actor.id, admin.operator.id, 'naming the admin');
});

t.test('an operator lists its sessions with device and last use and ends one or all others at once', async (t) => {
  const api = await h.api(t);
  const op = await newOperator(api);
  const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
  const { secret } = await enrol(api, op.email);
  const signIn = async (ua: string) => {
    api.clock.advance(30);
    const login = await passwordStep(api, op.email, { 'user-agent': ua });
    await opsCall(api, 'POST', '/ops/login/second-factor', login.accessToken, { code: totpCode(secret, api.clock().getTime()) });
    return login.accessToken;
  };
  const a = await signIn(firefox);
  const b = await signIn('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36');
  api.clock.advance(120);
  const listed = await opsCall(api, 'GET', '/ops/me/sessions', a);
  t.equal(listed.statusCode, 200);
  const sessions = listed.json().results as { id: string; device: string | null; lastUsedAt: string; current: boolean }[];
  t.equal(sessions.length, 3, 'the enrolment\'s and both sign-ins');
  const current = sessions.find((s) => s.current);
  t.equal(current?.device, 'Firefox on Windows');
  t.equal(current?.lastUsedAt, api.clock().toISOString(), 'its last use is now');
  const chrome = sessions.find((s) => s.device === 'Chrome on Linux');
  t.ok(chrome);
  t.notMatch(JSON.stringify(sessions), /Mozilla|token/, 'neither the full browser string nor a token');

  const other = await newOperator(api);
  const otherToken = (await enrol(api, other.email)).token;
  t.equal((await opsCall(api, 'DELETE', `/ops/me/sessions/${chrome!.id}`, otherToken)).statusCode, 404, 'another\'s session: 404');
  t.equal((await opsCall(api, 'GET', '/ops/orders', b)).statusCode, 200);
  t.equal((await opsCall(api, 'DELETE', `/ops/me/sessions/${chrome!.id}`, a)).statusCode, 200);
  t.equal((await opsCall(api, 'GET', '/ops/orders', b)).statusCode, 401, 'the ended session stops at once');
  const all = await opsCall(api, 'DELETE', '/ops/me/sessions', a);
  t.equal(all.json().ended, 1, 'the enrolment\'s session');
  const left = (await opsCall(api, 'GET', '/ops/me/sessions', a)).json().results;
  t.equal(left.length, 1);
  t.equal(left[0].current, true, 'this one stays');
});

t.test('the demo operators and the created ones enrol at first sign-in (the helper passes it as they would)', async (t) => {
  const api = await h.api(t);
  const login = await opsLogin(api, 'support@ops.example');
  t.equal((await opsCall(api, 'GET', '/ops/me', login.accessToken)).json().secondFactor, true);
  t.ok(await totpSecretOf(api.db, 'support@ops.example'));
});
