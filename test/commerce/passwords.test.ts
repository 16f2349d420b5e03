// Password reset by mail (same answer for every address, single-use link valid one hour, a new one voids
// the old, 3 per hour) and change password (current password required).
import t from 'tap';
import { commerceHarness, lastMessageTo, login, messageCount, registerVerified, tokenFromText, uniqueEmail, PASSWORD } from './helpers.ts';

const h = await commerceHarness(t);

t.test('a reset mail arrives in the requested language with a one-hour link that sets a new password', async (t) => {
  const api = await h.api(t);
  const account = await registerVerified(api);
  const session = await login(api, account);
  const res = await api.call('POST', '/customers/emails/password-reset', { body: { email: account.email, languageTag: 'en-GB' } });
  t.equal(res.statusCode, 202);
  t.same(res.json(), { accepted: true });
  const mail = await lastMessageTo(api.db, account.email);
  t.equal(mail?.subject, 'Reset your password – Aurum Edelmetalle');
  t.match(mail?.text, /http:\/\/ch\.localhost:3000\/en\/reset-password\?token=pr_/);
  t.match(mail?.text, /valid for one hour/);
  const token = tokenFromText(mail!.text);
  const reset = await api.call('PUT', '/customers/password', { body: { token, newPassword: 'Silbermuenze9' } });
  t.equal(reset.statusCode, 200);
  t.same(reset.json(), { ok: true });
  t.equal((await api.call('POST', '/customers/login', { body: { email: account.email, password: PASSWORD } })).statusCode, 401, 'the old password is gone');
  t.equal((await api.call('POST', '/customers/login', { body: { email: account.email, password: 'Silbermuenze9' } })).statusCode, 200);
  t.equal((await api.call('GET', '/customers/me', { token: session.accessToken })).statusCode, 401, 'every earlier session ended');
  const again = await api.call('PUT', '/customers/password', { body: { token, newPassword: 'Silbermuenze10' } });
  t.equal(again.statusCode, 400, 'single use');
  t.equal(again.json().code, 'invalid_reset_token');
});

t.test('German reset links point at /passwort-zuruecksetzen; the account language is the default', async (t) => {
  const api = await h.api(t);
  const account = await registerVerified(api, { store: 'at' });
  await api.call('POST', '/customers/emails/password-reset', { store: 'at', body: { email: account.email } });
  const mail = await lastMessageTo(api.db, account.email);
  t.equal(mail?.subject, 'Passwort zurücksetzen – Aurum Edelmetalle');
  t.match(mail?.text, /http:\/\/at\.localhost:3000\/passwort-zuruecksetzen\?token=pr_/);
  t.match(mail?.text, /Freundliche Grüße/, 'Austrian spelling');
});

t.test('the reset answer is the same for unknown addresses, and they get no mail', async (t) => {
  const api = await h.api(t);
  const email = uniqueEmail('nobody');
  const res = await api.call('POST', '/customers/emails/password-reset', { body: { email, languageTag: 'de' } });
  t.equal(res.statusCode, 202);
  t.same(res.json(), { accepted: true });
  t.equal(await messageCount(api.db, email), 0);
  const invalid = await api.call('POST', '/customers/emails/password-reset', { body: { email: 'x' } });
  t.equal(invalid.statusCode, 400);
});

t.test('a reset link expires after one hour', async (t) => {
  const api = await h.api(t);
  const account = await registerVerified(api);
  await api.call('POST', '/customers/emails/password-reset', { body: { email: account.email } });
  const token = tokenFromText((await lastMessageTo(api.db, account.email))!.text);
  api.clock.advance(3600);
  const res = await api.call('PUT', '/customers/password', { body: { token, newPassword: 'Silbermuenze9' } });
  t.equal(res.statusCode, 400);
  t.equal(res.json().code, 'invalid_reset_token');
});

t.test('a new reset mail voids the older link', async (t) => {
  const api = await h.api(t);
  const account = await registerVerified(api);
  await api.call('POST', '/customers/emails/password-reset', { body: { email: account.email } });
  const first = tokenFromText((await lastMessageTo(api.db, account.email))!.text);
  await api.call('POST', '/customers/emails/password-reset', { body: { email: account.email } });
  const second = tokenFromText((await lastMessageTo(api.db, account.email))!.text);
  t.equal((await api.call('PUT', '/customers/password', { body: { token: first, newPassword: 'Silbermuenze9' } })).json().code, 'invalid_reset_token');
  t.equal((await api.call('PUT', '/customers/password', { body: { token: second, newPassword: 'Silbermuenze9' } })).statusCode, 200);
});

t.test('at most three reset mails per account and hour, with the same answer', async (t) => {
  const api = await h.api(t);
  const account = await registerVerified(api);
  const before = await messageCount(api.db, account.email);
  for (let i = 0; i < 5; i++) {
    const res = await api.call('POST', '/customers/emails/password-reset', { body: { email: account.email } });
    t.equal(res.statusCode, 202);
  }
  t.equal(await messageCount(api.db, account.email), before + 3);
  api.clock.advance(3600);
  await api.call('POST', '/customers/emails/password-reset', { body: { email: account.email } });
  t.equal(await messageCount(api.db, account.email), before + 4, 'a new hour, a new mail');
});

t.test('the new password must follow the rules; a missing token is a field error', async (t) => {
  const api = await h.api(t);
  const account = await registerVerified(api);
  await api.call('POST', '/customers/emails/password-reset', { body: { email: account.email } });
  const token = tokenFromText((await lastMessageTo(api.db, account.email))!.text);
  const weak = await api.call('PUT', '/customers/password', { body: { token, newPassword: 'password' } });
  t.equal(weak.statusCode, 400);
  t.same(weak.json().details.fields.map((f: { field: string; code: string }) => [f.field, f.code]), [['newPassword', 'password_needs_capital']]);
  const none = await api.call('PUT', '/customers/password', { body: {} });
  t.same(none.json().details.fields.map((f: { field: string }) => f.field), ['token', 'newPassword']);
  t.equal((await api.call('PUT', '/customers/password', { body: { token, newPassword: 'Silbermuenze9' } })).statusCode, 200, 'the weak attempt did not use up the link');
});

t.test('a reset link also verifies the e-mail of an unverified account', async (t) => {
  const api = await h.api(t);
  const email = uniqueEmail();
  await api.call('POST', '/customers', { body: { email, password: PASSWORD, firstName: 'A', lastName: 'B' } });
  await api.call('POST', '/customers/emails/password-reset', { body: { email } });
  const token = tokenFromText((await lastMessageTo(api.db, email))!.text);
  await api.call('PUT', '/customers/password', { body: { token, newPassword: 'Silbermuenze9' } });
  t.equal((await api.call('POST', '/customers/login', { body: { email, password: 'Silbermuenze9' } })).statusCode, 200);
});

t.test('change password needs the current password and keeps this session only', async (t) => {
  const api = await h.api(t);
  const account = await registerVerified(api);
  const other = await login(api, account);
  const session = await login(api, account);
  const wrong = await api.call('PUT', '/customers/change-password', { token: session.accessToken, body: { currentPassword: 'Wrong12345', newPassword: 'Platin2026x' } });
  t.equal(wrong.statusCode, 400);
  t.same(wrong.json(), {
    statusCode: 400, code: 'invalid_current_password', message: 'Entered password is incorrect.',
    details: { fields: [{ field: 'currentPassword', code: 'invalid_current_password', message: 'Entered password is incorrect.' }] },
  });
  const weak = await api.call('PUT', '/customers/change-password', { token: session.accessToken, body: { currentPassword: PASSWORD, newPassword: 'platin' } });
  t.equal(weak.json().details.fields[0].code, 'password_too_short');
  const ok = await api.call('PUT', '/customers/change-password', { token: session.accessToken, body: { currentPassword: PASSWORD, newPassword: 'Platin2026x' } });
  t.equal(ok.statusCode, 200);
  t.equal((await api.call('GET', '/customers/me', { token: session.accessToken })).statusCode, 200, 'this session goes on');
  t.equal((await api.call('GET', '/customers/me', { token: other.accessToken })).statusCode, 401, 'other sessions end');
  t.equal((await api.call('POST', '/customers/login', { body: { email: account.email, password: 'Platin2026x' } })).statusCode, 200);
});

t.test('change password needs a signed-in customer and is throttled like sign-in', async (t) => {
  const api = await h.api(t);
  t.equal((await api.call('PUT', '/customers/change-password', { body: { currentPassword: 'a', newPassword: 'b' } })).statusCode, 401);
  const guest = (await api.call('GET', '/admin/customers/anonymous')).json();
  t.equal((await api.call('PUT', '/customers/change-password', { token: guest.accessToken, body: { currentPassword: 'a', newPassword: 'Platin2026x' } })).statusCode, 403);
  const account = await registerVerified(api);
  const session = await login(api, account);
  const codes = [];
  for (let i = 0; i < 6; i++) {
    codes.push((await api.call('PUT', '/customers/change-password', { token: session.accessToken, clientIp: '203.0.113.60', body: { currentPassword: 'Wrong12345', newPassword: 'Platin2026x' } })).statusCode);
  }
  t.same(codes, [400, 400, 400, 400, 429, 429]);
});
