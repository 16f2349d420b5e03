// Issue 26: the browser's authenticator-app calls through the storefront (session cookies, CSRF, the pending
// sign-in in an httpOnly cookie): enrolment from the account, the sign-in's second step for a guest with a cart
// (the cart moves into the account as after a password sign-in), the pending sign-in usable only from the
// browser that typed the password, "remember this device", a recovery code used once, the lock that tells the
// same whichever factor was wrong, and switching the app off after a step-up with a code (fake clock).
import t, { type Test } from 'tap';
import { totpCode } from '../../src/commerce/auth/second-factor.ts';
import { signedIn, startShop, type Browser, type Registered, type Shop } from './helpers.ts';

const PENDING = 'ctSignInPending';
/** the answer's body as the message of a failed status check only (a passing one would print secrets) */
const why = (res: { status: number; text: string }) => (res.status < 300 ? 'answered' : res.text);

/** A code of the app for the shop's clock, and a code that is certainly not it. */
const codeAt = (shop: Shop, secret: string) => totpCode(secret, shop.clock().getTime());
const wrongAt = (shop: Shop, secret: string) => (codeAt(shop, secret) === '123456' ? '654321' : '123456');

/** A signed-in customer who switched the authenticator app on through /api: secret and recovery codes. */
async function enrolledThroughApi(t: Test, shop: Shop, b: Browser) {
  const start = await b.post('/api/me/totp', {});
  t.equal(start.status, 200, why(start));
  const { secret, uri, qrSvg } = start.json as { secret: string; uri: string; qrSvg: string };
  t.match(uri, new RegExp(`^otpauth://totp/.*secret=${secret}`), 'the otpauth URI for the QR code');
  t.match(qrSvg, /^<svg/, 'the QR code as SVG');
  const wrong = await b.post('/api/me/totp/confirmation', { code: wrongAt(shop, secret) });
  t.equal(wrong.status, 401);
  t.equal((wrong.json as { message: string }).message, 'Dieser Code ist nicht gültig.', 'a wrong code, told in German');
  t.same((await b.get('/api/me/second-factor')).json, { totp: false, recoveryCodesLeft: 0 }, 'not on before the right code');
  const ok = await b.post('/api/me/totp/confirmation', { code: codeAt(shop, secret) });
  t.equal(ok.status, 200, why(ok));
  const codes = (ok.json as { recoveryCodes: string[] }).recoveryCodes;
  t.equal(codes.length, 10, '10 recovery codes');
  t.equal(new Set(codes).size, 10);
  t.same((await b.get('/api/me/second-factor')).json, { totp: true, recoveryCodesLeft: 10 });
  shop.clock.advance(30); // a code is accepted once: the next sign-in types the next time step's
  return { secret, codes };
}

/** A fresh browser that typed the right password: it is asked for the code. */
async function passwordTyped(t: Test, shop: Shop, account: Registered): Promise<Browser> {
  const g = shop.browser('ch.localhost');
  await g.open();
  const res = await g.post('/api/login', { email: account.email, password: account.password });
  t.equal(res.status, 401, why(res));
  t.equal((res.json as { code: string }).code, 'second_factor_required');
  return g;
}

t.test('the authenticator app through /api: enrolment, second step with the guest\'s cart, remembered device, recovery code once, removal', async (t) => {
  const shop = await startShop(t);
  const { b, account } = await signedIn(shop);
  t.same((await b.get('/api/me/second-factor')).json, { totp: false, recoveryCodesLeft: 0 });
  const { secret, codes } = await enrolledThroughApi(t, shop, b);

  // a guest with a cart types the right password: no session yet, the pending sign-in stays server-side
  const g = shop.browser('ch.localhost');
  await g.open();
  const line = await g.post('/api/cart/items', { transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity: 1 });
  t.ok(line.status < 300, `the guest's cart line: ${line.status}`);
  const first = await g.post('/api/login', { email: account.email, password: account.password });
  t.equal(first.status, 401);
  t.match(first.json, { code: 'second_factor_required', message: 'Bitte geben Sie den Code aus Ihrer Authenticator-App ein.' });
  const pending = g.cookie(PENDING);
  t.ok(pending, 'the pending sign-in is kept in a cookie');
  t.notOk(first.text.includes(pending as string), 'and never given to the page\'s script');
  const cookieLine = first.setCookies.find((c) => c.startsWith(`${PENDING}=`)) ?? '';
  t.match(cookieLine, /HttpOnly/i);
  t.match(cookieLine, /SameSite=Strict/i);
  t.match(cookieLine, /Path=\/api/i);
  t.not(((await g.get('/api/session')).json as { session: { level: string } }).session.level, 'user', 'not signed in yet');

  const stranger = shop.browser('ch.localhost');
  await stranger.open();
  const elsewhere = await stranger.post('/api/login/second-factor', { code: codeAt(shop, secret) });
  t.equal(elsewhere.status, 401, 'another browser cannot finish this browser\'s sign-in');
  t.equal((elsewhere.json as { code: string }).code, 'invalid_pending_sign_in');

  const wrong = await g.post('/api/login/second-factor', { code: wrongAt(shop, secret) });
  t.equal(wrong.status, 401);
  t.match(wrong.json, { code: 'invalid_second_factor', message: 'Dieser Code ist nicht gültig.' });
  t.ok(g.cookie(PENDING), 'a wrong code keeps the pending sign-in (no second password)');

  const ok = await g.post('/api/login/second-factor', { code: codeAt(shop, secret), rememberDevice: true });
  t.equal(ok.status, 200, why(ok));
  t.match(ok.json, { session: { level: 'user' }, customer: { email: account.email }, merged: true });
  t.notOk(g.cookie(PENDING), 'the pending sign-in is spent');
  t.ok(g.cookie('ctToken'), 'the session cookies are set');
  t.ok(g.cookie('ctDevice'), 'the remembered device\'s cookie is set');
  const carts = (await g.get('/api/carts')).json;
  t.ok(JSON.stringify(carts).includes('AU-KRUG-1OZ'), 'the guest\'s cart line is in the account\'s cart');

  // the remembered device signs in with the password alone, for 30 days
  t.equal((await g.post('/api/logout', {})).status, 200);
  const again = await g.post('/api/login', { email: account.email, password: account.password });
  t.equal(again.status, 200, 'a remembered device skips the second step');

  // a recovery code instead of the app's code, once
  const r1 = await passwordTyped(t, shop, account);
  const withRecovery = await r1.post('/api/login/second-factor', { code: codes[0].toUpperCase() });
  t.equal(withRecovery.status, 200, why(withRecovery));
  const r2 = await passwordTyped(t, shop, account);
  const reused = await r2.post('/api/login/second-factor', { code: codes[0] });
  t.equal(reused.status, 401, 'a recovery code works once');
  t.equal((reused.json as { code: string }).code, 'invalid_second_factor');
  t.equal(((await r1.get('/api/me/second-factor')).json as { recoveryCodesLeft: number }).recoveryCodesLeft, 9);

  // switching off: beyond the 5 minutes after the enrolment's confirmation the service asks for a code first
  shop.clock.advance(301);
  const refused = await b.delete('/api/me/totp', {});
  t.equal(refused.status, 403);
  t.equal((refused.json as { code: string }).code, 'step_up_required');
  t.same((await b.get('/api/me/second-factor')).json, { totp: true, recoveryCodesLeft: 9 }, 'nothing removed');
  const badCode = await b.delete('/api/me/totp', { code: wrongAt(shop, secret) });
  t.equal(badCode.status, 401);
  t.equal((badCode.json as { code: string }).code, 'invalid_second_factor');
  const removed = await b.delete('/api/me/totp', { code: codeAt(shop, secret) });
  t.equal(removed.status, 200, why(removed));
  t.same((await b.get('/api/me/second-factor')).json, { totp: false, recoveryCodesLeft: 0 });
  const plain = shop.browser('ch.localhost');
  await plain.open();
  t.equal((await plain.post('/api/login', { email: account.email, password: account.password })).status, 200, 'the password alone signs in again');
});

t.test('the lock after wrong codes tells the same as the password\'s, whichever factor was wrong', async (t) => {
  const shop = await startShop(t);
  const { b, account } = await signedIn(shop);
  const { secret } = await enrolledThroughApi(t, shop, b);
  const g = await passwordTyped(t, shop, account);
  let locked: { status: number; json: unknown; headers: Record<string, unknown> } | null = null;
  for (let i = 0; i < 6 && !locked; i++) {
    const res = await g.post('/api/login/second-factor', { code: wrongAt(shop, secret) });
    if (res.status === 429) locked = res;
    else t.equal(res.status, 401);
  }
  t.ok(locked, 'wrong codes lock the account');
  const lockMessage = (locked!.json as { message: string }).message;
  t.match(lockMessage, /^Zu viele fehlgeschlagene Versuche\. Bitte versuchen Sie es in \d+ Minuten erneut\.$/);
  t.ok(locked!.headers['retry-after'], 'Retry-After says when');
  const right = await g.post('/api/login/second-factor', { code: codeAt(shop, secret) });
  t.equal(right.status, 429, 'within the lock the right code is refused as well');
  t.equal((right.json as { message: string }).message, lockMessage);
  const fresh = shop.browser('ch.localhost');
  await fresh.open();
  const password = await fresh.post('/api/login', { email: account.email, password: account.password });
  t.equal(password.status, 429, 'the right password answers the same lock');
  t.equal((password.json as { message: string }).message, lockMessage, 'the same words: nothing tells which factor was wrong');
  t.notOk(fresh.cookie(PENDING), 'no pending sign-in within the lock');
  shop.clock.advance(601);
  const after = await passwordTyped(t, shop, account);
  t.equal((await after.post('/api/login/second-factor', { code: codeAt(shop, secret) })).status, 200, 'after the lock the right code signs in');
});
