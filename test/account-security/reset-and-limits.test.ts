// Issue 26 through the commerce API: what a password reset by the mailed link ends (every session, the
// remembered devices, the passkeys; the authenticator stays) and the mail it sends; the step-up's code checks
// under the same 5-tries lock as the sign-in's second step; and the hourly housekeeping that removes spent
// second steps, remembered devices past their 30 days and old step-up confirmations (fake clock throughout).
import t from 'tap';
import type { Test } from 'tap';
import { totpCode } from '../../src/commerce/auth/second-factor.ts';
import { canonicalOrigin } from '../../src/commerce/lib/http.ts';
import {
  commerceHarness, lastMessageTo, login, registerVerified, testClock, testConfig, tokenFromText, type Account, type Api,
} from '../commerce/helpers.ts';
import { assert, createCredential, type SoftPasskey } from '../passkeys/authenticator.ts';

const h = await commerceHarness(t);
const ORIGIN = canonicalOrigin('ch', testConfig());
const NEW_PASSWORD = 'Silbermuenze9';

/** A CH account with a confirmed authenticator (the enrolment's session), one step past its code. */
async function enrolled(api: Api) {
  const account = await registerVerified(api);
  const session = await login(api, account);
  const start = await api.call('POST', `/customers/${account.id}/totp`, { token: session.accessToken });
  const { secret } = start.json() as { secret: string };
  const confirm = await api.call('POST', `/customers/${account.id}/totp/confirmation`, {
    token: session.accessToken, body: { code: totpCode(secret, api.clock().getTime()) },
  });
  if (confirm.statusCode !== 200) throw new Error(`confirmation: ${confirm.statusCode} ${confirm.body}`);
  api.clock.advance(30);
  return { account, secret, session };
}

const passwordStep = (api: Api, account: Account, password = account.password, headers: Record<string, string> = {}) =>
  api.call('POST', '/customers/login', { body: { email: account.email, password }, headers });

/** The second step with a code: the session, and the remembered device's token when asked. */
async function signInWithCode(api: Api, account: Account, secret: string, rememberDevice = false) {
  const first = await passwordStep(api, account);
  if (first.json().code !== 'second_factor_required') throw new Error(`expected the second step: ${first.body}`);
  const res = await api.call('POST', '/customers/login/second-factor', {
    body: { pendingToken: first.json().details.pendingToken, code: totpCode(secret, api.clock().getTime()), rememberDevice },
  });
  if (res.statusCode !== 200) throw new Error(`second step: ${res.statusCode} ${res.body}`);
  api.clock.advance(30);
  return res.json() as { accessToken: string; refreshToken: string; deviceToken?: string };
}

async function addPasskey(t: Test, api: Api, token: string): Promise<SoftPasskey> {
  const o = (await api.call('POST', '/customers/passkeys/registration-options', { token, body: {} })).json();
  const { passkey, response } = createCredential(o.options, ORIGIN);
  const res = await api.call('POST', '/customers/passkeys', { token, body: { ceremonyId: o.ceremonyId, name: 'Laptop', response } });
  t.equal(res.statusCode, 201, 'passkey added');
  return passkey;
}

async function passkeySignIn(api: Api, passkey: SoftPasskey) {
  const o = (await api.call('POST', '/customers/passkeys/authentication-options')).json();
  return api.call('POST', '/customers/passkeys/login', { body: { ceremonyId: o.ceremonyId, response: assert(passkey, o.options, ORIGIN) } });
}

async function resetByMail(api: Api, account: Account) {
  await api.call('POST', '/customers/emails/password-reset', { body: { email: account.email } });
  const token = tokenFromText((await lastMessageTo(api.db, account.email))!.text);
  return api.call('PUT', '/customers/password', { body: { token, newPassword: NEW_PASSWORD } });
}

t.test('a password reset by the mailed link ends every session, forgets remembered devices and passkeys, keeps the authenticator, and mails the owner', async (t) => {
  const api = await h.api(t);
  const { account, secret, session } = await enrolled(api);
  const device = await signInWithCode(api, account, secret, true);
  t.equal((await passwordStep(api, account, account.password, { 'x-device-token': device.deviceToken! })).statusCode, 200, 'before: the remembered device skips the second step');
  const passkey = await addPasskey(t, api, device.accessToken);
  t.equal((await passkeySignIn(api, passkey)).statusCode, 200, 'before: the passkey signs in alone');

  const reset = await resetByMail(api, account);
  t.equal(reset.statusCode, 200);

  for (const s of [session, device]) {
    t.equal((await api.call('GET', '/customers/me', { token: s.accessToken })).statusCode, 401, 'the access token is dead');
    const refresh = await api.call('POST', '/admin/customers/refresh-token', { body: { refreshToken: s.refreshToken } });
    t.equal(refresh.json().code, 'invalid_refresh_token', 'the refresh token is dead');
  }
  const onDevice = await passwordStep(api, { ...account, password: NEW_PASSWORD }, NEW_PASSWORD, { 'x-device-token': device.deviceToken! });
  t.equal(onDevice.statusCode, 401);
  t.equal(onDevice.json().code, 'second_factor_required', 'the remembered device is forgotten: the code is asked again, and the authenticator still guards the account');
  t.equal((await api.db.query('select 1 from customer_remembered_devices where customer_id = $1', [account.id])).length, 0);
  const withPasskey = await passkeySignIn(api, passkey);
  t.equal(withPasskey.statusCode, 400);
  t.equal(withPasskey.json().code, 'passkey_rejected', 'the passkey no longer signs in');
  t.equal((await api.db.query('select 1 from customer_passkeys where customer_id = $1', [account.id])).length, 0);
  t.equal((await api.db.query('select 1 from customer_totp where customer_id = $1 and confirmed_at is not null', [account.id])).length, 1, 'the authenticator stays');

  const mail = await lastMessageTo(api.db, account.email);
  t.equal(mail?.subject, 'Ihr Passwort wurde zurückgesetzt');
  t.match(mail?.text, /22[./]11[./]2026 um 11:0\d/, 'when, in the store\'s locale and time zone');
  t.match(mail?.text, /Passkeys wurden entfernt/, 'what went');
  t.match(mail?.text, /passwort-zuruecksetzen\?token=pr_/, 'how to lock the account');
});

t.test('the password reset of an account without a second factor or passkey: sessions end, the new password signs in alone, a mail', async (t) => {
  const api = await h.api(t);
  const account = await registerVerified(api);
  const session = await login(api, account);
  t.equal((await resetByMail(api, account)).statusCode, 200);
  t.equal((await api.call('GET', '/customers/me', { token: session.accessToken })).statusCode, 401);
  t.equal((await lastMessageTo(api.db, account.email))?.subject, 'Ihr Passwort wurde zurückgesetzt');
  t.equal((await passwordStep(api, account, NEW_PASSWORD)).statusCode, 200, 'the new password signs in alone');
});

t.test('step-up codes count against the second factor\'s lock: 5 wrong ones lock it 10 minutes, the sign-in too, with one answer', async (t) => {
  const api = await h.api(t);
  const { account, secret, session } = await enrolled(api);
  const now = () => api.clock().getTime();
  const wrong = () => (totpCode(secret, now()) === '123456' ? '654321' : '123456');
  const stepUp = (code: string) => api.call('POST', `/customers/${account.id}/step-up`, { token: session.accessToken, body: { code } });
  for (let i = 1; i <= 4; i++) t.equal((await stepUp(wrong())).json().code, 'invalid_second_factor', `wrong code ${i}`);
  const fifth = await stepUp('abcde-fghjk');
  t.equal(fifth.statusCode, 429, 'a wrong recovery code is the fifth try');
  t.same(fifth.json().details, { retryAfter: 600 });
  const right = await stepUp(totpCode(secret, now()));
  t.equal(right.statusCode, 429, 'locked: even the right code');
  const signIn = await passwordStep(api, account);
  t.equal(signIn.statusCode, 429, 'the sign-in answers the same lock');
  t.equal(signIn.json().message, right.json().message, 'one answer: nothing tells which factor was wrong');
  api.clock.advance(600);
  t.equal((await stepUp(totpCode(secret, now()))).statusCode, 200, 'after 10 minutes the right code confirms');
});

t.test('housekeeping removes spent second steps, remembered devices past 30 days and old step-ups; live ones stay', async (t) => {
  const clock = testClock();
  const api = await h.api(t, { clock });
  const { account, secret } = await enrolled(api);
  await signInWithCode(api, account, secret, true); // a remembered device, a spent pending sign-in
  await passwordStep(api, account); // a pending sign-in never finished
  const count = async (table: string, id: string) =>
    (await h.db.query<{ n: number }>(`select count(*)::int as n from ${table} where customer_id = $1`, [id]))[0].n;
  t.ok(await count('customer_pending_sign_ins', account.id) >= 2);
  t.ok(await count('customer_remembered_devices', account.id) >= 1, 'the device is remembered');
  t.ok(await count('session_step_ups', account.id) >= 1, 'sign-ins and the enrolment confirmed their sessions');

  clock.advance(31 * 86400);
  const later = await h.api(t, { clock }); // a start-up runs the hourly housekeeping at once
  t.equal(await count('customer_pending_sign_ins', account.id), 0, 'pending sign-ins gone');
  t.equal(await count('customer_remembered_devices', account.id), 0, 'the device past its 30 days gone');
  t.equal(await count('session_step_ups', account.id), 0, 'the step-up older than a day gone');

  const other = await enrolled(later);
  await signInWithCode(later, other.account, other.secret, true);
  const live = { devices: await count('customer_remembered_devices', other.account.id), stepUps: await count('session_step_ups', other.account.id) };
  t.ok(live.devices >= 1 && live.stepUps >= 1);
  await h.api(t, { clock });
  t.equal(await count('customer_remembered_devices', other.account.id), live.devices, 'live remembered devices stay');
  t.equal(await count('session_step_ups', other.account.id), live.stepUps, 'fresh step-ups stay');
});
