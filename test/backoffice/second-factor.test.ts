// Issue 26 (staff) in the back office: the first sign-in shows the TOTP enrolment (QR code as inline SVG, the
// key as text, a code to confirm, the recovery codes once) before any page; later sign-ins ask for the code;
// the own sessions are listed on /me and can be ended.
import t from 'tap';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { totpCode } from '../../src/commerce/auth/second-factor.ts';
import { createOperator } from '../../src/commerce/ops/index.ts';
import { uniqueEmail } from '../commerce/helpers.ts';
import { backofficeUnderTest, textOf } from './helpers.ts';

const PASSWORD = 'Tresor-Schluessel-42';

t.test('the first sign-in enrols TOTP before any page; the QR code scans to the otpauth URI; recovery codes are shown once', async (t) => {
  const u = await backofficeUnderTest(t);
  const email = uniqueEmail('staff');
  await createOperator(u.api.db, { email, password: PASSWORD, roles: ['finance'] }, { type: 'system', id: 'test', email: null }, u.api.clock());
  const b = u.browser();
  await b.get('/sign-in');
  const signIn = await b.post('/sign-in', { email, password: PASSWORD });
  t.equal(signIn.statusCode, 303);
  t.equal(signIn.headers.location, '/sign-in/second-step');
  const orders = await b.get('/orders');
  t.equal(orders.statusCode, 303, 'no page before the second factor');
  t.equal(orders.headers.location, '/sign-in/second-step');

  const page = await b.get('/sign-in/second-step');
  t.equal(page.statusCode, 200);
  t.match(textOf(page.body), 'Set up your second factor');
  const svg = /<svg[^]*?<\/svg>/.exec(page.body)?.[0];
  t.ok(svg, 'the QR code is inline SVG');
  t.notMatch(page.body, /<script|style="/, 'no script, no inline style (the CSP stays)');
  const secret = /<code class="secret">([A-Z2-7 ]+)<\/code>/.exec(page.body)?.[1].replace(/ /g, '');
  t.match(secret, /^[A-Z2-7]{32}$/, 'the key is shown as text');
  // an independent reader: zbarimg decodes the page's own SVG, rasterised by ImageMagick where it is installed
  const dir = mkdtempSync(join(tmpdir(), 'qr-'));
  writeFileSync(join(dir, 'qr.svg'), svg!);
  let decoded = '';
  try {
    execFileSync('convert', ['-density', '300', join(dir, 'qr.svg'), join(dir, 'qr.png')], { stdio: 'ignore' });
    decoded = execFileSync('zbarimg', ['--raw', '-q', join(dir, 'qr.png')]).toString().trim();
  } catch {
    decoded = '';
  }
  if (decoded) {
    t.match(decoded, /^otpauth:\/\/totp\//, 'zbarimg reads the otpauth URI');
    t.match(decoded, `secret=${secret}`);
  } else t.comment('no SVG rasteriser on this machine: the QR code was not decoded independently');

  const wrong = await b.post('/sign-in/enrol', { code: totpCode(secret!, u.api.clock().getTime()) === '000000' ? '111111' : '000000' });
  t.equal(wrong.statusCode, 400);
  t.match(textOf(wrong.body), 'This code is not correct');
  t.match(wrong.body, 'aria-invalid="true"');
  const ok = await b.post('/sign-in/enrol', { code: totpCode(secret!, u.api.clock().getTime()) });
  t.equal(ok.statusCode, 200);
  const codes = [...ok.body.matchAll(/<li><code>([0-9a-z]{5}-[0-9a-z]{5})<\/code><\/li>/g)].map((m) => m[1]);
  t.equal(codes.length, 10, 'ten recovery codes shown');
  t.equal((await b.get('/orders')).statusCode, 200, 'now the back office opens');
  const again = await b.get('/sign-in/second-step');
  t.equal(again.statusCode, 303, 'the enrolment (and its codes) is never shown again');

  // the next sign-in asks for the code; a recovery code passes too, once
  const c = u.browser();
  await c.get('/sign-in');
  await c.post('/sign-in', { email, password: PASSWORD });
  const ask = await c.get('/sign-in/second-step');
  t.match(textOf(ask.body), 'Confirm your sign-in');
  t.notMatch(ask.body, '<svg', 'no QR code: the factor exists');
  const recovered = await c.post('/sign-in/second-step', { code: codes[0] });
  t.equal(recovered.statusCode, 200);
  t.match(textOf(recovered.body), '9 are left');
  t.equal((await c.get('/orders')).statusCode, 200);
});

t.test('a locked second step sends the operator back to the sign-in page with the password\'s lock message', async (t) => {
  const u = await backofficeUnderTest(t);
  const b = await u.signedIn('support@ops.example');
  await b.post('/sign-out', {});
  const c = u.browser();
  await c.get('/sign-in');
  await c.post('/sign-in', { email: 'support@ops.example', password: 'Demo-Operator-2026' });
  let last = await c.post('/sign-in/second-step', { code: '000000' });
  for (let i = 0; i < 4; i++) last = await c.post('/sign-in/second-step', { code: 'zzzzz-zzzzz' });
  t.equal(last.statusCode, 429);
  t.match(textOf(last.body), 'Too many failed attempts. Please try again in 15 minutes.');
  t.ok(c.lastSetCookie.some((l) => /^bo_session=;|bo_session=.*Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(l)), 'signed out');
});

t.test('/me lists the operator\'s sessions with device and last use; ending one signs that browser out at once', async (t) => {
  const u = await backofficeUnderTest(t);
  const firefox = await u.signedIn('warehouse@ops.example');
  u.api.clock.advance(60);
  const other = await u.signedIn('warehouse@ops.example');
  const me = await firefox.get('/me');
  t.equal(me.statusCode, 200);
  const text = textOf(me.body);
  t.match(text, 'Your sessions');
  t.match(text, 'This session');
  const ids = [...me.body.matchAll(/name="session" value="([0-9a-f-]{36})"/g)].map((m) => m[1]);
  t.equal(ids.length, 1, 'one other session to end (this one signs out)');
  const ended = await firefox.post('/me/sessions/end', { session: ids[0] });
  t.equal(ended.statusCode, 303);
  t.match(textOf((await firefox.get(ended.headers.location as string)).body), 'The session was ended.');
  const out = await other.get('/orders');
  t.equal(out.statusCode, 303, 'the other browser is out at once');
  t.match(out.headers.location, '/sign-in');
  t.equal((await firefox.get('/orders')).statusCode, 200, 'this one stays');
  const foreign = await firefox.post('/me/sessions/end', { session: '00000000-0000-4000-8000-000000000000' });
  t.equal(foreign.statusCode, 404);
});
