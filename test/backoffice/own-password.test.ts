// Issue 26, as staff see it: every operator opens its own page from its name in the header and changes its
// password there with the current one and the second factor's code; the form checks what it can before
// commerce counts an attempt. (Commerce's rules:
// test/ops/own-password.test.ts.)
import t from 'tap';
import { uniqueEmail } from '../commerce/helpers.ts';
import { totpCode } from '../../src/commerce/auth/second-factor.ts';
import { demoToken, opsCall, totpSecretOf } from '../ops/helpers.ts';
import { backofficeUnderTest, textOf, type Browser } from './helpers.ts';

const { api, browser, secondStep } = await backofficeUnderTest(t);
const PASSWORD = 'Tresor-Schluessel-42';
const NEW = 'Neuer-Tresor-Code-2026';

/** What the operator's authenticator shows a time step later (each step is accepted once; the clock stands still). */
async function codeOf(email: string): Promise<string> {
  api.clock.advance(30);
  return totpCode(await totpSecretOf(api.db, email), api.clock().getTime());
}

async function operatorAt(): Promise<{ email: string; b: Browser }> {
  const email = uniqueEmail('schicht');
  const created = await opsCall(api, 'POST', '/ops/operators', await demoToken(api, 'admin'), { email, password: PASSWORD, roles: ['warehouse'] });
  t.equal(created.statusCode, 201, created.body);
  const b = browser();
  await b.get('/sign-in');
  t.equal((await b.post('/sign-in', { email, password: PASSWORD })).statusCode, 303);
  await secondStep(b, email);
  return { email, b };
}

t.test('the header names the operator with a link to its page, which shows the roles and the password form', async (t) => {
  const { email, b } = await operatorAt();
  const orders = await b.get('/orders');
  t.match(orders.body, `<a href="/me">${email}</a>`);
  const me = await b.get('/me');
  t.equal(me.statusCode, 200);
  t.match(textOf(me.body), 'Your account');
  t.match(textOf(me.body), 'Warehouse');
  t.match(me.body, /autocomplete="current-password"/i);
  t.match(me.body, /<a href="\/me" aria-current="page">/, 'the header marks the page as current');
  const de = await b.get('/me', { 'accept-language': 'de-CH' });
  t.match(textOf(de.body), 'Passwort ändern');
});

t.test('a warehouse operator changes its own password: a success notice, the new password signs in, the old does not', async (t) => {
  const { email, b } = await operatorAt();
  await b.get('/me');
  const res = await b.post('/me/password', { currentPassword: PASSWORD, newPassword: NEW, repeatPassword: NEW, code: await codeOf(email) });
  t.equal(res.statusCode, 303);
  t.equal(res.headers.location, '/me?done=password');
  const after = await b.get('/me?done=password');
  t.equal(after.statusCode, 200, 'still signed in');
  t.match(textOf(after.body), 'Your password was changed. Your other sessions were ended.');
  const again = browser();
  await again.get('/sign-in');
  t.equal((await again.post('/sign-in', { email, password: PASSWORD })).statusCode, 401);
  t.equal((await again.post('/sign-in', { email, password: NEW })).statusCode, 303);
});

t.test('the form marks its fields: too short, not repeated alike, a wrong current password; nothing sent back', async (t) => {
  const { email, b } = await operatorAt();
  await b.get('/me');
  const short = await b.post('/me/password', { currentPassword: PASSWORD, newPassword: 'kurz', repeatPassword: 'anders' });
  t.equal(short.statusCode, 400);
  t.match(textOf(short.body), 'Please correct the marked fields.');
  t.match(short.body, 'id="new-password-error"');
  t.match(short.body, 'id="repeat-password-error"');
  t.match(short.body, 'id="password-code-error"', 'the code is asked too');
  t.notMatch(short.body, PASSWORD, 'no password is sent back');
  const wrong = await b.post('/me/password', { currentPassword: 'falsch-falsch-falsch', newPassword: NEW, repeatPassword: NEW, code: '123456' });
  t.equal(wrong.statusCode, 400);
  t.match(wrong.body, 'id="current-password-error"');
  t.match(textOf(wrong.body), 'Entered password is incorrect.');
  const same = await b.post('/me/password', { currentPassword: PASSWORD, newPassword: PASSWORD, repeatPassword: PASSWORD, code: '123456' });
  t.equal(same.statusCode, 400);
  t.match(textOf(same.body), 'The new password must differ from the current one.');
  const wrongCode = await b.post('/me/password', { currentPassword: PASSWORD, newPassword: NEW, repeatPassword: NEW, code: '000000' === totpCode(await totpSecretOf(api.db, email), api.clock().getTime()) ? '111111' : '000000' });
  t.equal(wrongCode.statusCode, 400);
  t.match(wrongCode.body, /id="password-code-error"[^>]*>This code is not correct or was used already/, 'a wrong code is marked on its field');
  const noCsrf = await b.post('/me/password', { currentPassword: PASSWORD, newPassword: NEW, repeatPassword: NEW, code: await codeOf(email) }, { csrf: null });
  t.equal(noCsrf.statusCode, 403, 'CSRF as on every back-office form');
  const still = browser();
  await still.get('/sign-in');
  t.equal((await still.post('/sign-in', { email, password: PASSWORD })).statusCode, 303, 'the password is unchanged');
});

t.test('a guest is sent to sign in', async (t) => {
  const res = await browser().get('/me');
  t.equal(res.statusCode, 303);
  t.match(String(res.headers.location), /^\/sign-in/);
});
