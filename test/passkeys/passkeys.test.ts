// Issue 26: customers' passkeys through the commerce API, with a software authenticator (ES256 built with
// node:crypto, test/passkeys/authenticator.ts): adding one (password again after 5 minutes, a mail), the
// usernameless sign-in with the guest's cart merge, single-use and short-lived ceremonies, wrong origin and
// RP, the counter, removal scoped to its owner, and the ceremony rate limit.
import t from 'tap';
import type { Test } from 'tap';
import type { Cart } from '../../src/contracts/cart.ts';
import { canonicalOrigin } from '../../src/commerce/lib/http.ts';
import { commerceHarness, lastMessageTo, login, proof, registerVerified, testConfig, type Account, type Api } from '../commerce/helpers.ts';
import { createCart, guest, ok } from '../orders/helpers.ts';
import { assert, createCredential, type SoftPasskey } from './authenticator.ts';

const h = await commerceHarness(t);
const ORIGIN = canonicalOrigin('ch', testConfig());
const RP_ID = new URL(ORIGIN).hostname;

interface Options { ceremonyId: string; options: { challenge: string; rp: { id: string }; user: { id: string }; rpId?: string } }

async function signedIn(api: Api, body: Record<string, unknown> = {}): Promise<{ account: Account; token: string }> {
  const account = await registerVerified(api, { body });
  return { account, token: (await login(api, account)).accessToken };
}

async function addPasskey(t: Test, api: Api, token: string, name = 'Laptop'): Promise<{ passkey: SoftPasskey; id: string }> {
  const opts = await api.call('POST', '/customers/passkeys/registration-options', { token, body: {} });
  t.equal(opts.statusCode, 200, 'registration options');
  const o = opts.json() as Options;
  const { passkey, response } = createCredential(o.options, ORIGIN);
  const res = await api.call('POST', '/customers/passkeys', { token, body: { ceremonyId: o.ceremonyId, name, response } });
  t.equal(res.statusCode, 201, `passkey added: ${res.body}`);
  return { passkey, id: res.json().id };
}

async function signInOptions(api: Api): Promise<{ ceremonyId: string; options: { challenge: string; rpId: string; userVerification: string; allowCredentials?: unknown[] } }> {
  const res = await api.call('POST', '/customers/passkeys/authentication-options');
  if (res.statusCode !== 200) throw new Error(`authentication options: ${res.statusCode} ${res.body}`);
  return res.json();
}

t.test('a customer adds a named passkey: listed with created and last use, and a mail says what, when and how to lock the account', async (t) => {
  const api = await h.api(t);
  const { account, token } = await signedIn(api);
  const opts = (await api.call('POST', '/customers/passkeys/registration-options', { token, body: {} })).json() as Options;
  t.equal(opts.options.rp.id, RP_ID, 'the relying party is the store\'s host');
  t.match(opts.options, { attestation: 'none', authenticatorSelection: { residentKey: 'required', userVerification: 'required' } });
  const { passkey, response } = createCredential(opts.options, ORIGIN);
  const added = await api.call('POST', '/customers/passkeys', { token, body: { ceremonyId: opts.ceremonyId, name: 'MacBook', response } });
  t.equal(added.statusCode, 201);
  t.same(Object.keys(added.json()).sort(), ['createdAt', 'id', 'lastUsedAt', 'name']);
  const list = (await api.call('GET', '/customers/passkeys', { token })).json();
  t.same(list.passkeys, [{ id: added.json().id, name: 'MacBook', createdAt: api.clock().toISOString(), lastUsedAt: null }]);
  t.equal(passkey.userHandle, Buffer.from(account.id).toString('base64url'), 'the user handle is the customer id, no personal data');

  const mail = await lastMessageTo(api.db, account.email);
  t.match(mail?.subject, /Passkey wurde Ihrem Konto hinzugefügt/);
  t.match(mail?.text, /„MacBook“/);
  t.match(mail?.text, /22\/11\/2026/, 'when: the date in the store\'s format');
  t.match(mail?.text, /sperren Sie Ihr Konto/, 'how to lock the account');
  t.match(mail?.text, `${ORIGIN}/kundenkonto/passkeys`);

  // an English customer gets it in English
  const en = await signedIn(api, { language: 'en' });
  await addPasskey(t, api, en.token, 'Phone');
  const enMail = await lastMessageTo(api.db, en.account.email);
  t.match(enMail?.subject, /A passkey was added to your account/);
  t.match(enMail?.text, /lock your account now/);
  t.match(enMail?.text, `${ORIGIN}/en/my-account/passkeys`);
});

t.test('signing in with the passkey alone: usernameless, the cart of the guest merged, last use recorded', async (t) => {
  const api = await h.api(t);
  const { account, token } = await signedIn(api);
  const { passkey } = await addPasskey(t, api, token);
  const g = await guest(api);
  const cart = await createCart(g, 'buy');
  await ok(g.call('PUT', `/carts/${cart.id}/line-items`, { sku: 'AG-PHIL-1OZ', quantity: 2 }));

  api.clock.advance(600);
  const o = await signInOptions(api);
  t.equal(o.options.rpId, RP_ID);
  t.equal(o.options.userVerification, 'required');
  t.same(o.options.allowCredentials ?? [], [], 'no account is named: the authenticator offers its passkeys');
  const res = await api.call('POST', '/customers/passkeys/login', {
    body: { ceremonyId: o.ceremonyId, response: assert(passkey, o.options, ORIGIN), anonymousId: g.ownerId }, headers: proof(g.token),
  });
  t.equal(res.statusCode, 200, res.body);
  const session = res.json();
  t.match(session, { tokenLevel: 'User', ownerId: account.id, merged: true, customer: { id: account.id, email: account.email } });
  const carts = (await api.call('GET', '/carts', { token: session.accessToken })).json().results as Cart[];
  t.ok(carts.some((c) => c.lineItems.some((l) => l.sku === 'AG-PHIL-1OZ' && l.quantity === 2)), 'the guest\'s cart line is in the account');
  const me = await api.call('GET', '/customers/me', { token: session.accessToken });
  t.equal(me.json().tokenLevel, 'User', 'no second step: the passkey is possession and user verification');
  const list = (await api.call('GET', '/customers/passkeys', { token: session.accessToken })).json();
  t.equal(list.passkeys[0].lastUsedAt, api.clock().toISOString());
});

t.test('a ceremony is used once, lives 3 minutes and must be answered from the store\'s origin and RP', async (t) => {
  const api = await h.api(t);
  const { token } = await signedIn(api);
  const { passkey } = await addPasskey(t, api, token);

  const o = await signInOptions(api);
  const first = await api.call('POST', '/customers/passkeys/login', { body: { ceremonyId: o.ceremonyId, response: assert(passkey, o.options, ORIGIN) } });
  t.equal(first.statusCode, 200);
  const again = await api.call('POST', '/customers/passkeys/login', { body: { ceremonyId: o.ceremonyId, response: assert(passkey, o.options, ORIGIN) } });
  t.equal(again.statusCode, 400);
  t.equal(again.json().code, 'passkey_ceremony_expired', 'the challenge is not taken twice');

  const late = await signInOptions(api);
  api.clock.advance(181);
  const lateRes = await api.call('POST', '/customers/passkeys/login', { body: { ceremonyId: late.ceremonyId, response: assert(passkey, late.options, ORIGIN) } });
  t.equal(lateRes.json().code, 'passkey_ceremony_expired', 'after 3 minutes the challenge is gone');

  const evil = await signInOptions(api);
  const wrongOrigin = await api.call('POST', '/customers/passkeys/login', {
    body: { ceremonyId: evil.ceremonyId, response: assert(passkey, evil.options, 'https://aurum-login.example') },
  });
  t.equal(wrongOrigin.statusCode, 400);
  t.equal(wrongOrigin.json().code, 'passkey_rejected', 'a phishing origin is refused');
  const rp = await signInOptions(api);
  const wrongRp = await api.call('POST', '/customers/passkeys/login', {
    body: { ceremonyId: rp.ceremonyId, response: assert(passkey, rp.options, ORIGIN, { rpId: 'aurum-login.example' }) },
  });
  t.equal(wrongRp.json().code, 'passkey_rejected', 'an assertion for another relying party is refused');
  const uv = await signInOptions(api);
  const noUv = await api.call('POST', '/customers/passkeys/login', {
    body: { ceremonyId: uv.ceremonyId, response: assert(passkey, uv.options, ORIGIN, { userVerified: false }) },
  });
  t.equal(noUv.json().code, 'passkey_rejected', 'without user verification a passkey is one factor: refused');

  // registration: wrong origin refused, and a ceremony belongs to the session that asked for it
  const reg = (await api.call('POST', '/customers/passkeys/registration-options', { token, body: {} })).json() as Options;
  const bad = createCredential(reg.options, ORIGIN, { origin: 'https://aurum-login.example' });
  const badRes = await api.call('POST', '/customers/passkeys', { token, body: { ceremonyId: reg.ceremonyId, name: 'x', response: bad.response } });
  t.equal(badRes.json().code, 'passkey_rejected');
  const reg2 = (await api.call('POST', '/customers/passkeys/registration-options', { token, body: {} })).json() as Options;
  const other = await signedIn(api);
  const stolen = await api.call('POST', '/customers/passkeys', {
    token: other.token, body: { ceremonyId: reg2.ceremonyId, name: 'x', response: createCredential(reg2.options, ORIGIN).response },
  });
  t.equal(stolen.json().code, 'passkey_ceremony_expired', 'another session cannot answer this session\'s ceremony');
  t.equal((await api.call('GET', '/customers/passkeys', { token: other.token })).json().passkeys.length, 0);
});

t.test('the signature counter must go forward: a cloned authenticator\'s older counter is refused', async (t) => {
  const api = await h.api(t);
  const { token } = await signedIn(api);
  const { passkey } = await addPasskey(t, api, token);
  const o1 = await signInOptions(api);
  t.equal((await api.call('POST', '/customers/passkeys/login', { body: { ceremonyId: o1.ceremonyId, response: assert(passkey, o1.options, ORIGIN, { counter: 5 }) } })).statusCode, 200);
  const o2 = await signInOptions(api);
  const back = await api.call('POST', '/customers/passkeys/login', { body: { ceremonyId: o2.ceremonyId, response: assert(passkey, o2.options, ORIGIN, { counter: 3 }) } });
  t.equal(back.statusCode, 400);
  t.equal(back.json().code, 'passkey_rejected');
  const o3 = await signInOptions(api);
  const same = await api.call('POST', '/customers/passkeys/login', { body: { ceremonyId: o3.ceremonyId, response: assert(passkey, o3.options, ORIGIN, { counter: 5 }) } });
  t.equal(same.json().code, 'passkey_rejected', 'the same counter again is refused too');
  const o4 = await signInOptions(api);
  t.equal((await api.call('POST', '/customers/passkeys/login', { body: { ceremonyId: o4.ceremonyId, response: assert(passkey, o4.options, ORIGIN, { counter: 6 }) } })).statusCode, 200);
});

t.test('adding a passkey to a session older than 5 minutes needs the password again', async (t) => {
  const api = await h.api(t);
  const { account, token } = await signedIn(api);
  api.clock.advance(301);
  const none = await api.call('POST', '/customers/passkeys/registration-options', { token, body: {} });
  t.equal(none.statusCode, 403);
  t.equal(none.json().code, 'passkey_password_required');
  const wrong = await api.call('POST', '/customers/passkeys/registration-options', { token, body: { password: 'Falsch12345' } });
  t.equal(wrong.json().code, 'invalid_current_password');
  const right = await api.call('POST', '/customers/passkeys/registration-options', { token, body: { password: account.password } });
  t.equal(right.statusCode, 200);
  // a refreshed session is as old as its sign-in
  const session = await login(api, account);
  api.clock.advance(290);
  const rotated = (await api.call('POST', '/admin/customers/refresh-token', { body: { refreshToken: session.refreshToken } })).json();
  api.clock.advance(20);
  const afterRefresh = await api.call('POST', '/customers/passkeys/registration-options', { token: rotated.accessToken, body: {} });
  t.equal(afterRefresh.json().code, 'passkey_password_required', 'refreshing does not make a session fresh');
});

t.test('removing a passkey: another customer\'s id is 404, the owner\'s goes with a mail and no longer signs in', async (t) => {
  const api = await h.api(t);
  const { account, token } = await signedIn(api);
  const { passkey, id } = await addPasskey(t, api, token, 'YubiKey');
  const other = await signedIn(api);
  const foreign = await api.call('DELETE', `/customers/passkeys/${id}`, { token: other.token });
  t.equal(foreign.statusCode, 404);
  t.equal(foreign.json().code, 'passkey_not_found');
  t.equal((await api.call('DELETE', '/customers/passkeys/not-a-uuid', { token })).json().code, 'passkey_not_found');
  t.equal((await api.call('GET', '/customers/passkeys', { token })).json().passkeys.length, 1, 'still there');

  api.clock.advance(60);
  const del = await api.call('DELETE', `/customers/passkeys/${id}`, { token });
  t.equal(del.statusCode, 200);
  t.same((await api.call('GET', '/customers/passkeys', { token })).json().passkeys, []);
  const mail = await lastMessageTo(api.db, account.email);
  t.match(mail?.subject, /Passkey wurde aus Ihrem Konto entfernt/);
  t.match(mail?.text, /„YubiKey“/);
  const o = await signInOptions(api);
  const gone = await api.call('POST', '/customers/passkeys/login', { body: { ceremonyId: o.ceremonyId, response: assert(passkey, o.options, ORIGIN) } });
  t.equal(gone.json().code, 'passkey_rejected', 'a removed passkey signs in no more');
  t.equal((await api.call('DELETE', `/customers/passkeys/${id}`, { token })).statusCode, 404, 'twice: gone');
});

t.test('the ceremony endpoints are rate-limited per address; failed passkey sign-ins count with wrong passwords', async (t) => {
  const api = await h.api(t, { config: { RATE_LIMITS: 'on' } });
  const ip = '203.0.113.77';
  let last = 0;
  for (let i = 0; i < 31; i++) last = (await api.call('POST', '/customers/passkeys/authentication-options', { clientIp: ip })).statusCode;
  t.equal(last, 429, 'the 31st ceremony in 10 minutes from one address is refused');
  const res = await api.call('POST', '/customers/passkeys/authentication-options', { clientIp: ip });
  t.equal(res.json().code, 'too_many_requests');
  t.ok(Number(res.headers['retry-after']) > 0);
  t.equal((await api.call('POST', '/customers/passkeys/authentication-options', { clientIp: '203.0.113.78' })).statusCode, 200, 'another address is not affected');
  api.clock.advance(601);
  t.equal((await api.call('POST', '/customers/passkeys/authentication-options', { clientIp: ip })).statusCode, 200, 'after the window');
});
