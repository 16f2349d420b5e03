// Issue 26: the customers' authenticator app through the commerce API: enrolment (QR code, typed code, 10
// recovery codes shown once), the second step at sign-in with a code and with a recovery code (each once), the
// remembered device, the rate limit whose lock tells nothing, step-up (required, and expired after 5 minutes on
// the fake clock), the security mails and the session list.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { totpCode } from '../../src/commerce/auth/second-factor.ts';
import { createCart } from '../orders/helpers.ts';
import { commerceHarness, lastMessageTo, login, messageCount, registerVerified, type Account, type Api } from '../commerce/helpers.ts';

const h = await commerceHarness(t);

/** Signs in (password alone) and enrols the authenticator; the secret, recovery codes and the session's token. */
async function enrolled(api: Api, store: 'ch' | 'de' = 'ch') {
  const account = await registerVerified(api, { store });
  const session = await login(api, account);
  const start = await api.call('POST', `/customers/${account.id}/totp`, { store, token: session.accessToken });
  if (start.statusCode !== 200) throw new Error(`enrolment: ${start.statusCode} ${start.body}`);
  const { secret } = start.json() as { secret: string };
  const confirm = await api.call('POST', `/customers/${account.id}/totp/confirmation`, {
    store, token: session.accessToken, body: { code: totpCode(secret, api.clock().getTime()) },
  });
  if (confirm.statusCode !== 200) throw new Error(`confirmation: ${confirm.statusCode} ${confirm.body}`);
  api.clock.advance(30); // the next code belongs to the next time step (a code is never accepted twice)
  return { account, secret, session, recoveryCodes: (confirm.json() as { recoveryCodes: string[] }).recoveryCodes };
}

const passwordStep = (api: Api, account: Account, headers: Record<string, string> = {}) =>
  api.call('POST', '/customers/login', { store: account.store, body: { email: account.email, password: account.password }, headers });

async function pendingToken(api: Api, account: Account): Promise<string> {
  const res = await passwordStep(api, account);
  if (res.statusCode !== 401 || res.json().code !== 'second_factor_required') throw new Error(`expected the second step: ${res.statusCode} ${res.body}`);
  return res.json().details.pendingToken as string;
}

const secondStep = (api: Api, account: Account, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  api.call('POST', '/customers/login/second-factor', { store: account.store, body, headers });

t.test('enrolment: QR code of the otpauth URI and the secret as text, confirmed by a typed code, then 10 recovery codes shown once', async (t) => {
  const api = await h.api(t);
  const account = await registerVerified(api);
  const session = await login(api, account);
  const start = await api.call('POST', `/customers/${account.id}/totp`, { token: session.accessToken });
  t.equal(start.statusCode, 200);
  const e = start.json() as { secret: string; uri: string; qrSvg: string };
  t.match(e.secret, /^[A-Z2-7]{32}$/, '160-bit base32 secret to type');
  t.match(e.uri, new RegExp(`^otpauth://totp/.*secret=${e.secret}`));
  t.match(e.qrSvg, /^<svg[\s\S]*<\/svg>\s*$/, 'inline SVG');
  // checked with independent tools: the inline SVG rendered by Chromium (as a browser shows it), read by zbarimg
  const dir = mkdtempSync(join(tmpdir(), 'totp-qr-'));
  writeFileSync(join(dir, 'qr.html'), `<!doctype html><body style="margin:20px;background:#fff"><div style="width:400px">${e.qrSvg}</div></body>`);
  execFileSync('/usr/bin/chromium', ['--headless', '--no-sandbox', '--disable-gpu', `--screenshot=${join(dir, 'qr.png')}`, '--window-size=500,500', `file://${join(dir, 'qr.html')}`], { stdio: 'ignore', timeout: 60_000 });
  const read = execFileSync('zbarimg', ['--quiet', '--raw', join(dir, 'qr.png')], { encoding: 'utf8' }).trim();
  t.equal(read, e.uri, 'zbarimg reads the otpauth URI from the QR code');

  t.equal((await api.call('GET', `/customers/${account.id}/second-factor`, { token: session.accessToken })).json().totp, false, 'not yet on before the typed code');
  const wrong = await api.call('POST', `/customers/${account.id}/totp/confirmation`, { token: session.accessToken, body: { code: '000000' === totpCode(e.secret, api.clock().getTime()) ? '111111' : '000000' } });
  t.equal(wrong.statusCode, 401);
  t.equal(wrong.json().code, 'invalid_second_factor');
  const ok = await api.call('POST', `/customers/${account.id}/totp/confirmation`, { token: session.accessToken, body: { code: totpCode(e.secret, api.clock().getTime()) } });
  t.equal(ok.statusCode, 200);
  const codes = ok.json().recoveryCodes as string[];
  t.equal(codes.length, 10);
  t.equal(new Set(codes).size, 10);
  const stored = await api.db.query<{ code_hash: string }>('select code_hash from customer_recovery_codes where customer_id = $1', [account.id]);
  t.equal(stored.length, 10);
  t.notOk(stored.some((r) => codes.some((c) => r.code_hash.includes(c.replace('-', '')))), 'stored hashed, never as shown');
  t.same((await api.call('GET', `/customers/${account.id}/second-factor`, { token: session.accessToken })).json(), { totp: true, recoveryCodesLeft: 10 });
  const again = await api.call('POST', `/customers/${account.id}/totp`, { token: session.accessToken });
  t.equal(again.statusCode, 409, 'a confirmed authenticator is not replaced by a new enrolment');
  t.equal(again.json().code, 'second_factor_exists');

  const mail = await lastMessageTo(api.db, account.email);
  t.match(mail?.subject, /Zwei-Faktor-Anmeldung eingeschaltet/);
  t.match(mail?.text, /22.11.2026 um 11:00/, 'when, in the store\'s locale and time zone (10:00 UTC is 11:00 in Zürich)');
  t.match(mail?.text, /passwort-zuruecksetzen\?token=/, 'how to lock the account');
});

t.test('another customer\'s id answers 404', async (t) => {
  const api = await h.api(t);
  const a = await registerVerified(api);
  const b = await registerVerified(api);
  const s = await login(api, a);
  const res = await api.call('POST', `/customers/${b.id}/totp`, { token: s.accessToken });
  t.equal(res.statusCode, 404);
  t.equal(res.json().code, 'customer_not_found');
});

t.test('sign-in: the right password gives a single-use pending token, not a session; the code completes it', async (t) => {
  const api = await h.api(t);
  const { account, secret } = await enrolled(api);
  const tokensBefore = await api.db.query('select 1 from tokens where customer_id = $1', [account.id]);
  const first = await passwordStep(api, account);
  t.equal(first.statusCode, 401);
  t.equal(first.json().code, 'second_factor_required');
  t.match(first.json().details, { pendingToken: /^ps_/, expiresAt: new Date(api.clock().getTime() + 300_000).toISOString() });
  t.notOk('accessToken' in first.json());
  t.equal((await api.db.query('select 1 from tokens where customer_id = $1', [account.id])).length, tokensBefore.length, 'no token issued by the first step');
  const pending = first.json().details.pendingToken as string;

  const code = totpCode(secret, api.clock().getTime());
  const ok = await secondStep(api, account, { pendingToken: pending, code });
  t.equal(ok.statusCode, 200);
  t.match(ok.json(), { accessToken: /^at_/, tokenLevel: 'User', customer: { id: account.id }, merged: false });
  const me = await api.call('GET', '/customers/me', { token: ok.json().accessToken });
  t.equal(me.json().tokenLevel, 'User');

  const reuse = await secondStep(api, account, { pendingToken: pending, code: totpCode(secret, api.clock().getTime() + 30_000) });
  t.equal(reuse.statusCode, 401, 'the pending token is single use');
  t.equal(reuse.json().code, 'invalid_pending_sign_in');

  const replay = await secondStep(api, account, { pendingToken: await pendingToken(api, account), code });
  t.equal(replay.json().code, 'invalid_second_factor', 'the same code is never accepted twice');

  const late = await pendingToken(api, account);
  api.clock.advance(301);
  const expired = await secondStep(api, account, { pendingToken: late, code: totpCode(secret, api.clock().getTime()) });
  t.equal(expired.json().code, 'invalid_pending_sign_in', 'a pending sign-in lives 5 minutes');
});

t.test('sign-in with a recovery code: each works once', async (t) => {
  const api = await h.api(t);
  const { account, recoveryCodes } = await enrolled(api);
  const ok = await secondStep(api, account, { pendingToken: await pendingToken(api, account), code: recoveryCodes[3].toUpperCase() });
  t.equal(ok.statusCode, 200, 'a recovery code (case and dash do not matter)');
  const twice = await secondStep(api, account, { pendingToken: await pendingToken(api, account), code: recoveryCodes[3] });
  t.equal(twice.statusCode, 401);
  t.equal(twice.json().code, 'invalid_second_factor', 'used once: refused the second time');
  const other = await secondStep(api, account, { pendingToken: await pendingToken(api, account), code: recoveryCodes[4].replace('-', '') });
  t.equal(other.statusCode, 200);
  const status = await api.call('GET', `/customers/${account.id}/second-factor`, { token: other.json().accessToken });
  t.equal(status.json().recoveryCodesLeft, 8);
});

t.test('the guest\'s cart merge and a wrong password stay as they were with the second step', async (t) => {
  const api = await h.api(t);
  const { account } = await enrolled(api);
  const wrong = await api.call('POST', '/customers/login', { body: { email: account.email, password: 'nicht-das-passwort' } });
  t.equal(wrong.statusCode, 401);
  t.equal(wrong.json().code, 'invalid_credentials', 'a wrong password never reaches the second step');
});

t.test('remember this device for 30 days: the device token skips the second step; removing the factor forgets it', async (t) => {
  const api = await h.api(t);
  const { account, secret, session } = await enrolled(api);
  const ok = await secondStep(api, account, { pendingToken: await pendingToken(api, account), code: totpCode(secret, api.clock().getTime()), rememberDevice: true });
  t.equal(ok.statusCode, 200);
  const device = ok.json().deviceToken as string;
  t.match(device, /^rd_/);
  t.equal(ok.json().deviceTokenExpiresAt, new Date(api.clock().getTime() + 30 * 86400_000).toISOString());
  const stored = await api.db.query<{ token_hash: string }>('select token_hash from customer_remembered_devices where customer_id = $1 and trusted', [account.id]);
  t.equal(stored.length, 1);
  t.not(stored[0].token_hash, device, 'stored as a hash');

  api.clock.advance(29 * 86400);
  const direct = await passwordStep(api, account, { 'x-device-token': device });
  t.equal(direct.statusCode, 200, 'day 29: password alone on the remembered device');
  const other = await registerVerified(api);
  const bound = await api.call('POST', '/customers/login', { body: { email: other.email, password: other.password }, headers: { 'x-device-token': device } });
  t.equal(bound.statusCode, 200);
  t.not(bound.json().deviceToken, undefined, 'bound to the account: another account sees a new device');
  api.clock.advance(2 * 86400);
  t.equal((await passwordStep(api, account, { 'x-device-token': device })).json().code, 'second_factor_required', 'day 31: asked again');

  // removing the factor (after a step-up) deletes the remembered devices
  const s = await secondStep(api, account, { pendingToken: await pendingToken(api, account), code: totpCode(secret, api.clock().getTime()) });
  const token = s.json().accessToken as string;
  api.clock.advance(30);
  t.equal((await api.call('POST', `/customers/${account.id}/step-up`, { token, body: { code: totpCode(secret, api.clock().getTime()) } })).statusCode, 200);
  t.equal((await api.call('DELETE', `/customers/${account.id}/totp`, { token })).statusCode, 200);
  t.equal((await api.db.query('select 1 from customer_remembered_devices where customer_id = $1', [account.id])).length, 0);
  t.equal((await passwordStep(api, account)).statusCode, 200, 'without the factor: password alone');
  t.ok(session.accessToken);
});

t.test('rate limit: 5 wrong codes lock the second step 10 minutes, and the lock answers like the password\'s', async (t) => {
  const api = await h.api(t);
  const { account, secret } = await enrolled(api);
  const pending = await pendingToken(api, account);
  const now = () => api.clock().getTime();
  const wrongCode = () => (totpCode(secret, now()) === '123456' ? '654321' : '123456');
  for (let i = 1; i <= 4; i++) {
    const r = await secondStep(api, account, { pendingToken: pending, code: wrongCode() });
    t.equal(r.json().code, 'invalid_second_factor', `wrong code ${i}`);
  }
  const fifth = await secondStep(api, account, { pendingToken: pending, code: wrongCode() });
  t.equal(fifth.statusCode, 429);
  t.same(fifth.json().details, { retryAfter: 600 });
  const right = await secondStep(api, account, { pendingToken: pending, code: totpCode(secret, now()) });
  t.equal(right.statusCode, 429, 'locked: even the right code');
  t.equal(right.json().code, 'too_many_attempts');
  const password = await passwordStep(api, account);
  t.equal(password.statusCode, 429, 'the right password answers the same lock: nothing tells which factor was wrong');
  t.equal(password.json().code, 'too_many_attempts');
  t.equal(password.json().message, right.json().message);
  const wrongPassword = await passwordStep(api, { ...account, password: 'NotThePassword1' });
  t.equal(wrongPassword.statusCode, 429, 'a wrong password answers the same lock as the right one (401 would tell a guesser which is right)');
  t.same(wrongPassword.json(), password.json());
  const recovery = await secondStep(api, account, { pendingToken: pending, code: 'abcde-fghjk' });
  t.equal(recovery.statusCode, 429, 'recovery codes count against the same lock');
  api.clock.advance(600);
  const after = await secondStep(api, account, { pendingToken: await pendingToken(api, account), code: totpCode(secret, now()) });
  t.equal(after.statusCode, 200, 'after 10 minutes the right code works');
});

t.test('step-up: removing the factor and changing the password need a fresh second-factor confirmation, which expires after 5 minutes', async (t) => {
  const api = await h.api(t);
  const { account, secret, session } = await enrolled(api);
  api.clock.advance(301); // the enrolment's own confirmation has expired
  const token = session.accessToken;
  const refused = await api.call('DELETE', `/customers/${account.id}/totp`, { token });
  t.equal(refused.statusCode, 403);
  t.equal(refused.json().code, 'step_up_required');
  t.same(refused.json().details, { method: 'second_factor', windowS: 300 });
  const pw = await api.call('PUT', '/customers/change-password', { token, body: { currentPassword: account.password, newPassword: 'Silberbarren2027' } });
  t.equal(pw.statusCode, 403, 'the password in the body is not enough for a customer with a second factor');
  t.equal(pw.json().code, 'step_up_required');
  const byPassword = await api.call('POST', `/customers/${account.id}/step-up`, { token, body: { password: account.password } });
  t.equal(byPassword.json().code, 'second_factor_required_for_step_up', 'the password does not count where a second factor exists');

  const up = await api.call('POST', `/customers/${account.id}/step-up`, { token, body: { code: totpCode(secret, api.clock().getTime()) } });
  t.equal(up.statusCode, 200);
  t.same(up.json(), { method: 'totp', confirmedAt: api.clock().toISOString(), validUntil: new Date(api.clock().getTime() + 300_000).toISOString() });
  api.clock.advance(301);
  t.equal((await api.call('DELETE', `/customers/${account.id}/totp`, { token })).json().code, 'step_up_required', '5 minutes and 1 second later: expired');
  api.clock.advance(30);
  await api.call('POST', `/customers/${account.id}/step-up`, { token, body: { code: totpCode(secret, api.clock().getTime()) } });
  api.clock.advance(299);
  const changed = await api.call('PUT', '/customers/change-password', { token, body: { currentPassword: account.password, newPassword: 'Silberbarren2027' } });
  t.equal(changed.statusCode, 200, 'within 5 minutes');
  const removed = await api.call('DELETE', `/customers/${account.id}/totp`, { token });
  t.equal(removed.statusCode, 200);
  const mail = await lastMessageTo(api.db, account.email);
  t.match(mail?.subject, /Zwei-Faktor-Anmeldung ausgeschaltet/);
});

t.test('step-up without a second factor: the password, within 5 minutes, for deleting the account', async (t) => {
  const api = await h.api(t);
  const account = await registerVerified(api);
  const s = await login(api, account);
  const wrong = await api.call('POST', `/customers/${account.id}/step-up`, { token: s.accessToken, body: { password: 'falsch-falsch' } });
  t.equal(wrong.json().code, 'invalid_current_password');
  const up = await api.call('POST', `/customers/${account.id}/step-up`, { token: s.accessToken, body: { password: account.password } });
  t.equal(up.json().method, 'password');
});

t.test('mail on a sign-in from a new device; none from a known one', async (t) => {
  const api = await h.api(t);
  const account = await registerVerified(api, { body: { language: 'en' } });
  const before = await messageCount(api.db, account.email);
  const first = await api.call('POST', '/customers/login', { body: { email: account.email, password: account.password }, headers: { 'user-agent': 'Mozilla/5.0 (Macintosh) Firefox/140.0' } });
  t.equal(first.statusCode, 200);
  t.equal(await messageCount(api.db, account.email), before + 1);
  const mail = await lastMessageTo(api.db, account.email);
  t.match(mail?.subject, /New sign-in/);
  t.match(mail?.text, /Firefox\/140\.0/, 'names the device');
  t.match(mail?.text, /22\/11\/2026/, 'the date in the store\'s English locale');
  t.match(mail?.text, /\/en\/reset-password\?token=/, 'how to lock the account');
  const again = await api.call('POST', '/customers/login', { body: { email: account.email, password: account.password }, headers: { 'x-device-token': first.json().deviceToken } });
  t.equal(again.statusCode, 200);
  t.equal(await messageCount(api.db, account.email), before + 1, 'a known device: no mail');
});

t.test('sessions: the account lists its sessions and ends one; its refresh token stops at once', async (t) => {
  const api = await h.api(t);
  const account = await registerVerified(api);
  const a = await api.call('POST', '/customers/login', { body: { email: account.email, password: account.password }, headers: { 'user-agent': 'Browser A' }, clientIp: '203.0.113.77' });
  api.clock.advance(60);
  const b = await api.call('POST', '/customers/login', { body: { email: account.email, password: account.password }, headers: { 'user-agent': 'Browser B' } });
  const list = await api.call('GET', `/customers/${account.id}/sessions`, { token: b.json().accessToken });
  t.equal(list.statusCode, 200);
  const sessions = list.json().sessions as { id: string; device: string; ipRange: string | null; current: boolean }[];
  t.equal(sessions.length, 2);
  const sa = sessions.find((s) => s.device === 'Browser A')!;
  t.equal(sa.ipRange, '203.0.113.0/24', 'the place at most as a range, never the full address');
  t.equal(sa.current, false);
  t.equal(sessions.find((s) => s.device === 'Browser B')!.current, true);
  api.clock.advance(120);
  t.equal((await api.call('POST', '/admin/customers/refresh-token', { body: { refreshToken: a.json().refreshToken } })).statusCode, 200);
  const used = (await api.call('GET', `/customers/${account.id}/sessions`, { token: b.json().accessToken })).json().sessions as { id: string; lastUsedAt: string }[];
  t.equal(used[0].id, sa.id, 'the session used last comes first');
  t.equal(used[0].lastUsedAt, api.clock().toISOString(), 'last use: its refresh');

  const other = await registerVerified(api);
  const o = await login(api, other);
  t.equal((await api.call('DELETE', `/customers/${other.id}/sessions/${sa.id}`, { token: o.accessToken })).statusCode, 404, 'another\'s session: 404');
  t.equal((await api.call('DELETE', `/customers/${account.id}/sessions/${sa.id}`, { token: o.accessToken })).statusCode, 404);

  const end = await api.call('DELETE', `/customers/${account.id}/sessions/${sa.id}`, { token: b.json().accessToken });
  t.equal(end.statusCode, 200);
  const refreshed = await api.db.query<{ n: number }>(`select count(*)::int as n from tokens where family_id = $1 and revoked_at is null`, [sa.id]);
  t.equal(refreshed[0].n, 0, 'every token of the ended session is revoked');
  const refresh = await api.call('POST', '/admin/customers/refresh-token', { body: { refreshToken: a.json().refreshToken } });
  t.equal(refresh.statusCode, 400, 'the ended session\'s refresh token is refused at once');
  t.equal((await api.call('GET', '/customers/me', { token: a.json().accessToken })).statusCode, 401, 'and its access token');
  t.equal((await api.call('GET', `/customers/${account.id}/sessions`, { token: b.json().accessToken })).json().sessions.length, 1);
});

t.test('step-up before a payout account: fresh after sign-in, refused after 5 minutes, the password again, and a mail', async (t) => {
  const api = await h.api(t);
  const account = await registerVerified(api);
  const s = await login(api, account);
  const shopper = { token: s.accessToken, ownerId: account.id, store: account.store, call: (m: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', url: string, body?: unknown) => api.call(m, url, { token: s.accessToken, body }) };
  const cart = await createCart(shopper, 'sell');
  const iban = (n: string) => ({ accountOwner: 'Anna Muster', iban: n });
  const fresh = await api.call('PUT', `/carts/${cart.id}/payout-account`, { token: s.accessToken, body: iban('CH9300762011623852957') });
  t.equal(fresh.statusCode, 200, 'the sign-in a minute ago is the confirmation');
  const mail = await lastMessageTo(api.db, account.email);
  t.match(mail?.subject, /Neues Auszahlungskonto/);
  t.match(mail?.text, /CH93•+2957/, 'names the account masked');
  t.notMatch(mail?.text, /CH9300762011623852957/, 'never the whole IBAN');

  api.clock.advance(301);
  const refused = await api.call('PUT', `/carts/${cart.id}/payout-account`, { token: s.accessToken, body: iban('DE89370400440532013000') });
  t.equal(refused.statusCode, 403);
  t.same(refused.json().details, { method: 'password', windowS: 300 }, 'without a second factor the password confirms');
  const up = await api.call('POST', `/customers/${account.id}/step-up`, { token: s.accessToken, body: { password: account.password } });
  t.equal(up.statusCode, 200);
  const changed = await api.call('PUT', `/carts/${cart.id}/payout-account`, { token: s.accessToken, body: iban('DE89370400440532013000') });
  t.equal(changed.statusCode, 200, 'asked, confirmed, retried');
  t.match((await lastMessageTo(api.db, account.email))?.text, /DE89•+3000/);
});

t.test('step-up before a payout account with a second factor: the remembered device\'s password sign-in does not count', async (t) => {
  const api = await h.api(t);
  const { account, secret } = await enrolled(api);
  const two = await secondStep(api, account, { pendingToken: await pendingToken(api, account), code: totpCode(secret, api.clock().getTime()), rememberDevice: true });
  const viaDevice = await passwordStep(api, account, { 'x-device-token': two.json().deviceToken });
  t.equal(viaDevice.statusCode, 200);
  const token = viaDevice.json().accessToken as string;
  const shopper = { token, ownerId: account.id, store: account.store, call: (m: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', url: string, body?: unknown) => api.call(m, url, { token, body }) };
  const cart = await createCart(shopper, 'sell');
  const refused = await api.call('PUT', `/carts/${cart.id}/payout-account`, { token, body: { accountOwner: 'Anna Muster', iban: 'CH9300762011623852957' } });
  t.equal(refused.statusCode, 403);
  t.same(refused.json().details, { method: 'second_factor', windowS: 300 });
  api.clock.advance(30);
  t.equal((await api.call('POST', `/customers/${account.id}/step-up`, { token, body: { code: totpCode(secret, api.clock().getTime()) } })).statusCode, 200);
  t.equal((await api.call('PUT', `/carts/${cart.id}/payout-account`, { token, body: { accountOwner: 'Anna Muster', iban: 'CH9300762011623852957' } })).statusCode, 200);
});
