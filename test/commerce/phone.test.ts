// Phone verification by SMS code (spec 8, 9; our calls): six digits, valid ten minutes, five attempts then
// a ten-minute lock (sms_locked with retryAfter), sending rate-limited, codes stored hashed.
import t from 'tap';
import { commerceHarness, lastMessageTo, login, registerVerified } from './helpers.ts';
import type { Api } from './helpers.ts';

const h = await commerceHarness(t);
const PHONE = '+41791234567';

async function withPhone(api: Api, phone = '+41 79 123 45 67') {
  const account = await registerVerified(api, { body: { phone } });
  const session = await login(api, account);
  return { ...account, token: session.accessToken };
}

async function codeFrom(api: Api, phone = PHONE): Promise<string> {
  const sms = await lastMessageTo(api.db, phone);
  const m = /\b(\d{6})\b/.exec(sms?.text ?? '');
  if (!m) throw new Error('no code in the SMS');
  return m[1];
}

t.test('a six-digit code goes out by SMS and verifies the phone number', async (t) => {
  const api = await h.api(t);
  const me = await withPhone(api);
  const res = await api.call('POST', `/customers/${me.id}/phone/verification`, { token: me.token });
  t.equal(res.statusCode, 202);
  t.same(res.json(), { expiresAt: new Date(api.clock().getTime() + 600_000).toISOString(), phone: '+41•••••••67' });
  const sms = await lastMessageTo(api.db, PHONE);
  t.equal(sms?.channel, 'sms');
  t.match(sms?.text, /^\d{6} ist Ihr Bestätigungscode von Aurum Edelmetalle\. Er ist 10 Minuten gültig\./);
  const code = await codeFrom(api);
  const stored = await api.db.query<{ code_hash: string }>('select code_hash from sms_codes where customer_id = $1', [me.id]);
  t.not(stored[0].code_hash, code, 'stored hashed');
  t.notMatch(stored[0].code_hash, new RegExp(code));
  const ok = await api.call('POST', `/customers/${me.id}/phone/verification/verify`, { token: me.token, body: { code } });
  t.equal(ok.statusCode, 200);
  t.equal(ok.json().phoneVerified, true);
  const again = await api.call('POST', `/customers/${me.id}/phone/verification`, { token: me.token });
  t.equal(again.statusCode, 409);
  t.equal(again.json().code, 'phone_already_verified');
  const changed = await api.call('PUT', `/customers/${me.id}`, { token: me.token, body: { phone: '+41 79 765 43 21' } });
  t.equal(changed.json().phoneVerified, false, 'a new number needs verifying again');
});

t.test('wrong codes count down; the fifth locks for ten minutes, even for the right code', async (t) => {
  const api = await h.api(t);
  const me = await withPhone(api);
  await api.call('POST', `/customers/${me.id}/phone/verification`, { token: me.token });
  const code = await codeFrom(api);
  const wrong = code === '000000' ? '000001' : '000000';
  for (let left = 4; left >= 1; left--) {
    const res = await api.call('POST', `/customers/${me.id}/phone/verification/verify`, { token: me.token, body: { code: wrong } });
    t.equal(res.statusCode, 400);
    t.same(res.json(), { statusCode: 400, code: 'invalid_code', message: 'Verification code incorrect.', details: { attemptsLeft: left } });
  }
  const fifth = await api.call('POST', `/customers/${me.id}/phone/verification/verify`, { token: me.token, body: { code: wrong } });
  t.equal(fifth.statusCode, 429);
  t.equal(fifth.json().code, 'sms_locked');
  t.equal(fifth.json().details.retryAfter, 600);
  t.equal(fifth.headers['retry-after'], '600');
  api.clock.advance(300);
  const locked = await api.call('POST', `/customers/${me.id}/phone/verification/verify`, { token: me.token, body: { code } });
  t.equal(locked.statusCode, 429);
  t.equal(locked.json().details.retryAfter, 300);
  const resend = await api.call('POST', `/customers/${me.id}/phone/verification`, { token: me.token });
  t.equal(resend.statusCode, 429, 'no new code while locked');
  t.equal(resend.json().code, 'sms_locked');
  api.clock.advance(300);
  const fresh = await api.call('POST', `/customers/${me.id}/phone/verification`, { token: me.token });
  t.equal(fresh.statusCode, 202, 'after ten minutes a new code can be sent');
  const ok = await api.call('POST', `/customers/${me.id}/phone/verification/verify`, { token: me.token, body: { code: await codeFrom(api) } });
  t.equal(ok.statusCode, 200);
});

t.test('a code expires after ten minutes; a new code replaces the old', async (t) => {
  const api = await h.api(t);
  const me = await withPhone(api);
  await api.call('POST', `/customers/${me.id}/phone/verification`, { token: me.token });
  const first = await codeFrom(api);
  api.clock.advance(600);
  const expired = await api.call('POST', `/customers/${me.id}/phone/verification/verify`, { token: me.token, body: { code: first } });
  t.equal(expired.statusCode, 400);
  t.equal(expired.json().code, 'code_expired');
  await api.call('POST', `/customers/${me.id}/phone/verification`, { token: me.token });
  const second = await codeFrom(api);
  if (second !== first) {
    const old = await api.call('POST', `/customers/${me.id}/phone/verification/verify`, { token: me.token, body: { code: first } });
    t.equal(old.json().code, 'invalid_code', 'the old code no longer works');
  }
  t.equal((await api.call('POST', `/customers/${me.id}/phone/verification/verify`, { token: me.token, body: { code: second } })).statusCode, 200);
});

t.test('sending is limited to one SMS per minute and five per hour', async (t) => {
  const api = await h.api(t);
  const me = await withPhone(api);
  const send = () => api.call('POST', `/customers/${me.id}/phone/verification`, { token: me.token });
  t.equal((await send()).statusCode, 202);
  const soon = await send();
  t.equal(soon.statusCode, 429);
  t.equal(soon.json().code, 'sms_rate_limited');
  t.equal(soon.headers['retry-after'], '60');
  const statuses = [];
  for (let i = 0; i < 5; i++) {
    api.clock.advance(60);
    statuses.push((await send()).statusCode);
  }
  t.same(statuses, [202, 202, 202, 202, 429]);
});

t.test('verification needs a phone number and a pending code; an empty code is a field error', async (t) => {
  const api = await h.api(t);
  const account = await registerVerified(api);
  const session = await login(api, account);
  const noPhone = await api.call('POST', `/customers/${account.id}/phone/verification`, { token: session.accessToken });
  t.equal(noPhone.statusCode, 409);
  t.equal(noPhone.json().code, 'phone_missing');
  const me = await withPhone(api, '+41 79 111 22 33');
  const nothing = await api.call('POST', `/customers/${me.id}/phone/verification/verify`, { token: me.token, body: { code: '123456' } });
  t.equal(nothing.statusCode, 400);
  t.equal(nothing.json().code, 'no_pending_code');
  const empty = await api.call('POST', `/customers/${me.id}/phone/verification/verify`, { token: me.token, body: { code: '' } });
  t.equal(empty.statusCode, 400);
  t.equal(empty.json().details.fields[0].field, 'code');
  await api.call('POST', `/customers/${me.id}/phone/verification`, { token: me.token });
  await api.call('PUT', `/customers/${me.id}`, { token: me.token, body: { phone: '+41 79 444 55 66' } });
  const stale = await api.call('POST', `/customers/${me.id}/phone/verification/verify`, { token: me.token, body: { code: await codeFrom(api, '+41791112233') } });
  t.equal(stale.json().code, 'no_pending_code', 'a code for the previous number does not verify the new one');
});

t.test('English customers get the SMS in English', async (t) => {
  const api = await h.api(t);
  const account = await registerVerified(api, { store: 'us', body: { phone: '+1 212 736 3100', language: 'en' } });
  const session = await login(api, account);
  await api.call('POST', `/customers/${account.id}/phone/verification`, { store: 'us', token: session.accessToken });
  t.match((await lastMessageTo(api.db, '+12127363100'))?.text, /^\d{6} is your Aurum Precious Metals verification code\. It is valid for 10 minutes\./);
});
