// The browser's API for signing in and out, registration, e-mail activation and the password reset, with
// their error cases as a customer meets them (spec 4, 5, 8): messages in the page's language, the count of
// invalid fields, e-mail not verified, throttling with the time to wait.
import t from 'tap';
import { lastMessageTo, PASSWORD, registerVerified, startShop, tokenFromText, uniqueEmail } from './helpers.ts';

t.test('sign-in, registration and passwords', async (t) => {
  const shop = await startShop(t);

  t.test('POST /api/login', async (t) => {
    const b = shop.browser();
    await b.open();
    const account = await registerVerified(shop, b);

    t.test('an empty form reports both fields and their count', async (t) => {
      const res = await b.post('/api/login', {});
      t.equal(res.status, 400);
      t.equal(res.json.code, 'validation_failed');
      t.equal(res.json.message, 'Bitte korrigieren Sie 2 Felder.');
      t.same(res.json.details.fields.map((f: { field: string }) => f.field).sort(), ['email', 'password']);
      t.equal(res.json.details.fields[0].message, 'Dieses Feld ist erforderlich.');
      b.language = 'en';
      const en = await b.post('/api/login', { email: 'not-an-email', password: 'x' });
      t.equal(en.json.message, 'Please correct 1 field.');
      t.same(en.json.details.fields, [{ field: 'email', code: 'invalid_email', message: 'Invalid e-mail' }]);
      b.language = 'de';
    });

    t.test('a wrong password answers spec 8\'s message and sets no cookie', async (t) => {
      b.language = 'en';
      const res = await b.post('/api/login', { email: account.email, password: 'Wrong1234' });
      b.language = 'de';
      t.equal(res.status, 401);
      t.equal(res.json.code, 'invalid_credentials');
      t.equal(res.json.message, "E-mail address and password don't match.");
      t.notOk(b.cookie('ctToken'));
      const de = await b.post('/api/login', { email: uniqueEmail(), password: 'Wrong1234' });
      t.equal(de.json.message, 'E-Mail-Adresse und Passwort stimmen nicht überein.', 'the same answer for an unknown address');
    });

    t.test('the right password signs in and answers the customer', async (t) => {
      const res = await b.post('/api/login', { email: account.email.toUpperCase(), password: account.password });
      t.equal(res.status, 200);
      t.same(res.json.session, { level: 'user' });
      t.equal(res.json.customer.email, account.email);
      t.equal(b.cookie('ctTokenLevel'), 'User');
    });

    t.test('POST /api/logout ends the session in the browser and at the commerce service', async (t) => {
      const token = b.cookie('ctToken') as string;
      t.ok(token);
      const res = await b.post('/api/logout', {});
      t.equal(res.status, 200);
      t.same(res.json, { session: { level: 'guest' } });
      for (const name of ['ctToken', 'ctRefreshToken', 'ctUserId', 'ctTokenExpiresAt', 'ctTokenLevel']) t.notOk(b.cookie(name), `${name} cleared`);
      t.ok(b.cookie('ctCsrf'), 'the page keeps its CSRF token');
      t.same((await b.get('/api/me')).json, { session: { level: 'guest' }, customer: null });
      t.equal((await b.get('/kundenkonto')).status, 302, 'the account needs a login again');
      t.equal((await b.post('/api/logout', {})).status, 200, 'logging out twice is harmless');
      const copied = await shop.commerce.inject({ method: 'GET', url: '/customers/me', headers: { 'x-store-key': 'ch', authorization: `Bearer ${token}` } });
      t.equal(copied.statusCode, 401, 'a copy of the old token no longer opens the account');
    });

    t.test('an address that is not confirmed yet is told so (and can have the mail again)', async (t) => {
      const email = uniqueEmail();
      await b.post('/api/register', { email, password: PASSWORD, firstName: 'Ben', lastName: 'Meier' });
      const res = await b.post('/api/login', { email, password: PASSWORD });
      t.equal(res.status, 403);
      t.equal(res.json.code, 'email_not_verified');
      t.match(res.json.message, /Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse/);
      const resend = await b.post('/api/activation-mail', { email });
      t.equal(resend.status, 202);
      t.match((await lastMessageTo(shop.db, email))?.subject ?? '', /E-Mail-Adresse/);
    });

    t.test('too many failures lock sign-in and the answer says when to try again', async (t) => {
      const other = shop.browser();
      await other.open();
      const target = await registerVerified(shop, other);
      let last = await other.post('/api/login', { email: target.email, password: 'Wrong1234' });
      for (let i = 0; i < 5 && last.status !== 429; i++) last = await other.post('/api/login', { email: target.email, password: 'Wrong1234' });
      t.equal(last.status, 429);
      t.equal(last.json.code, 'too_many_attempts');
      t.match(last.json.message, /^Zu viele fehlgeschlagene Versuche\. Bitte versuchen Sie es in (1 Minute|\d+ Sekunden|\d+ Minuten) erneut\.$/);
      t.type(last.json.details.retryAfter, 'number');
      t.ok(Number(last.headers['retry-after']) > 0, 'Retry-After header');
      const right = await other.post('/api/login', { email: target.email, password: target.password });
      t.equal(right.status, 429, 'even the right password waits');
    });

    t.test('the commerce service being away is a 503 with the generic message, not a crash', async (t) => {
      shop.proxy.faults.set('POST /customers/login', 0);
      t.teardown(() => shop.proxy.faults.delete('POST /customers/login'));
      const res = await b.post('/api/login', { email: account.email, password: account.password });
      t.equal(res.status, 503);
      t.equal(res.json.code, 'service_unavailable');
      t.equal(res.json.message, 'Etwas ist schiefgelaufen. Bitte versuchen Sie es später erneut.');
      shop.proxy.faults.set('POST /customers/login', 500);
      const five = await b.post('/api/login', { email: account.email, password: account.password });
      t.equal(five.status, 502);
      t.equal(five.json.code, 'service_unavailable');
    });
  });

  t.test('POST /api/register', async (t) => {
    const b = shop.browser();
    await b.open();

    t.test('registers a private customer, sends the activation mail, signs nobody in', async (t) => {
      const email = uniqueEmail();
      const res = await b.post('/api/register', { email, password: PASSWORD, passwordRepeat: PASSWORD, firstName: 'Clara', lastName: 'Keller', salutation: 'ms', phone: '', newsletterOptIn: true });
      t.equal(res.status, 201);
      t.same(res.json, { verificationRequired: true, email });
      t.notOk(b.cookie('ctToken'));
      const mails = await shop.db.query<{ text: string }>('select text from outbox where "to" = $1 order by id', [email]);
      t.match(mails[0]?.text ?? '', new RegExp(`http://ch\\.localhost:${shop.port}/activate-user\\?token=`), 'the link opens this shop');
      // the newsletter box asks for the double opt-in, with a link to this shop as well
      t.match(mails[1]?.text ?? '', new RegExp(`http://ch\\.localhost:${shop.port}/\\?newsletterToken=`), 'the newsletter confirmation opens this shop');
    });

    t.test('English pages register English customers and their mail is English', async (t) => {
      const email = uniqueEmail();
      b.language = 'en';
      const res = await b.post('/api/register', { email, password: PASSWORD, firstName: 'Clara', lastName: 'Keller' });
      b.language = 'de';
      t.equal(res.status, 201);
      const mail = await lastMessageTo(shop.db, email);
      t.match(mail?.text ?? '', /\/en\/activate-user\?token=/);
    });

    t.test('every invalid field is reported at once with spec 5 wording', async (t) => {
      const res = await b.post('/api/register', { email: 'x@', password: 'short', firstName: '', lastName: '' });
      t.equal(res.status, 400);
      t.equal(res.json.message, 'Bitte korrigieren Sie 4 Felder.');
      const byField = Object.fromEntries(res.json.details.fields.map((f: { field: string; message: string }) => [f.field, f.message]));
      t.same(byField, {
        email: 'Ungültige E-Mail-Adresse',
        password: 'Das Feld muss mindestens 8 Zeichen enthalten.',
        firstName: 'Dieses Feld ist erforderlich.',
        lastName: 'Dieses Feld ist erforderlich.',
      });
      b.language = 'en';
      const en = await b.post('/api/register', { email: uniqueEmail(), password: 'lowercase1', firstName: 'A', lastName: 'B' });
      t.same(en.json.details.fields, [{ field: 'password', code: 'password_needs_capital', message: 'Password must contain at least one capital letter.' }]);
      const noNumber = await b.post('/api/register', { email: uniqueEmail(), password: 'Goldbarren', firstName: 'A', lastName: 'B', phone: '044 123' });
      t.same(noNumber.json.details.fields.map((f: { message: string }) => f.message).sort(), ['Password must contain at least one number.', 'Phone number is not valid.'], 'a national number too short for the store\'s country');
      b.language = 'de';
    });

    t.test("a repeated password that differs: \"Passwords don't match.\"", async (t) => {
      b.language = 'en';
      const res = await b.post('/api/register', { email: uniqueEmail(), password: PASSWORD, passwordRepeat: 'Goldbarren2025', firstName: 'A', lastName: 'B' });
      b.language = 'de';
      t.equal(res.status, 400);
      t.same(res.json.details.fields, [{ field: 'passwordRepeat', code: 'password_mismatch', message: "Passwords don't match." }]);
    });

    t.test('a company needs its name and VAT ID; a wrong VAT ID says so', async (t) => {
      const res = await b.post('/api/register', { email: uniqueEmail(), password: PASSWORD, firstName: 'A', lastName: 'B', accountType: 'company' });
      t.same(res.json.details.fields.map((f: { field: string }) => f.field).sort(), ['companyName', 'vatId']);
      const bad = await b.post('/api/register', { email: uniqueEmail(), password: PASSWORD, firstName: 'A', lastName: 'B', accountType: 'company', companyName: 'Gold AG', vatId: 'CHE-123.456.789' });
      t.same(bad.json.details.fields, [{ field: 'vatId', code: 'invalid_vat_id', message: 'Ungültige Mehrwertsteuernummer' }]);
      const ok = await b.post('/api/register', { email: uniqueEmail(), password: PASSWORD, firstName: 'A', lastName: 'B', accountType: 'company', companyName: 'Gold AG', vatId: 'CHE-116.281.710' });
      t.equal(ok.status, 201);
    });

    t.test('a taken address is asked to log in', async (t) => {
      const email = uniqueEmail();
      await b.post('/api/register', { email, password: PASSWORD, firstName: 'A', lastName: 'B' });
      const res = await b.post('/api/register', { email, password: PASSWORD, firstName: 'A', lastName: 'B' });
      t.equal(res.status, 409);
      t.equal(res.json.code, 'email_taken');
      t.equal(res.json.message, 'Zu dieser E-Mail-Adresse besteht bereits ein Kundenkonto. Bitte melden Sie sich an.');
    });

    t.test('unknown fields and wrong types are 400, not 500', async (t) => {
      const res = await b.post('/api/register', { email: uniqueEmail(), password: PASSWORD, firstName: 'A', lastName: 'B', isAdmin: true });
      t.equal(res.status, 400);
      t.equal(res.json.code, 'validation_failed');
      t.equal(res.json.details.fields[0].field, 'isAdmin');
      const types = await b.post('/api/register', { email: uniqueEmail(), password: PASSWORD, firstName: 'A', lastName: 'B', newsletterOptIn: { yes: 1 } });
      t.equal(types.status, 400);
    });
  });

  t.test('POST /api/activate and /api/activation-mail', async (t) => {
    const b = shop.browser();
    await b.open();
    const email = uniqueEmail();
    await b.post('/api/register', { email, password: PASSWORD, firstName: 'Dora', lastName: 'Frei' });
    const token = tokenFromText((await lastMessageTo(shop.db, email))?.text ?? '');

    t.test('a wrong or missing token is a 400 with the service\'s reason in the customer language', async (t) => {
      const wrong = await b.post('/api/activate', { token: 'ev_nope' });
      t.equal(wrong.status, 400);
      t.equal(wrong.json.code, 'invalid_email_token');
      t.match(wrong.json.message, /Aktivierungslink ist ungültig/);
      const missing = await b.post('/api/activate', {});
      t.equal(missing.status, 400);
      t.equal(missing.json.code, 'invalid_email_token');
    });

    t.test('the link\'s token confirms the address; a second click is fine', async (t) => {
      const ok = await b.post('/api/activate', { token });
      t.same(ok.json, { verified: true, alreadyVerified: false });
      const again = await b.post('/api/activate', { token });
      t.same(again.json, { verified: true, alreadyVerified: true });
      t.equal((await b.post('/api/login', { email, password: PASSWORD })).status, 200, 'and sign-in works');
    });

    t.test('the activation mail request answers the same for any address; a malformed one is a field error', async (t) => {
      t.equal((await b.post('/api/activation-mail', { email: uniqueEmail() })).status, 202);
      const bad = await b.post('/api/activation-mail', { email: 'nope' });
      t.equal(bad.status, 400);
      t.equal(bad.json.details.fields[0].message, 'Ungültige E-Mail-Adresse');
    });
  });

  t.test('forgot and reset password', async (t) => {
    const b = shop.browser();
    await b.open();
    const account = await registerVerified(shop, b);

    t.test('POST /api/password/forgot answers 202 whether or not the address is known', async (t) => {
      const unknown = await b.post('/api/password/forgot', { email: uniqueEmail() });
      t.equal(unknown.status, 202);
      const known = await b.post('/api/password/forgot', { email: account.email });
      t.equal(known.status, 202);
      const mail = await lastMessageTo(shop.db, account.email);
      t.match(mail?.text ?? '', new RegExp(`http://ch\\.localhost:${shop.port}/passwort-zuruecksetzen\\?token=`));
      const bad = await b.post('/api/password/forgot', { email: '' });
      t.equal(bad.status, 400);
    });

    t.test('POST /api/password/reset checks the password rules, the repeat and the link', async (t) => {
      const token = tokenFromText((await lastMessageTo(shop.db, account.email))?.text ?? '');
      const weak = await b.post('/api/password/reset', { token, newPassword: 'weakweak' });
      t.equal(weak.status, 400);
      t.equal(weak.json.details.fields[0].field, 'newPassword');
      const mismatch = await b.post('/api/password/reset', { token, newPassword: 'Silber2026', newPasswordRepeat: 'Silber2027' });
      t.equal(mismatch.json.details.fields[0].code, 'password_mismatch');
      const wrongToken = await b.post('/api/password/reset', { token: 'pr_nope', newPassword: 'Silber2026' });
      t.equal(wrongToken.status, 400);
      t.equal(wrongToken.json.code, 'invalid_reset_token');
      const noToken = await b.post('/api/password/reset', { newPassword: 'Silber2026' });
      t.equal(noToken.json.code, 'invalid_reset_token');
      const ok = await b.post('/api/password/reset', { token, newPassword: 'Silber2026', newPasswordRepeat: 'Silber2026' });
      t.equal(ok.status, 200);
      t.equal((await b.post('/api/password/reset', { token, newPassword: 'Silber2027' })).json.code, 'invalid_reset_token', 'single use');
      t.equal((await b.post('/api/login', { email: account.email, password: account.password })).status, 401, 'the old password is gone');
      t.equal((await b.post('/api/login', { email: account.email, password: 'Silber2026' })).status, 200, 'the new one works');
    });
  });

  t.test('GET /api/check-email tells the checkout whether to ask for a login', async (t) => {
    const b = shop.browser();
    await b.open();
    const account = await registerVerified(shop, b);
    t.same((await b.get(`/api/check-email?email=${encodeURIComponent(account.email)}`)).json, { exists: true });
    t.same((await b.get(`/api/check-email?email=${encodeURIComponent(uniqueEmail())}`)).json, { exists: false });
    const missing = await b.get('/api/check-email');
    t.equal(missing.status, 400);
    t.equal(missing.json.code, 'validation_failed');
  });

  t.test('unknown API paths answer a JSON 404, not a page', async (t) => {
    const b = shop.browser();
    const res = await b.get('/api/nothing/here');
    t.equal(res.status, 404);
    t.equal(res.json.code, 'not_found');
    t.equal((await b.get('/api')).status, 404);
    t.equal(res.headers['cache-control'], 'private, no-store');
  });
});

t.test('the visitor\'s address reaches the commerce service, so its per-visitor limits apply', async (t) => {
  // behind a trusted proxy the storefront knows the visitor's address from X-Forwarded-For
  const shop = await startShop(t, { env: { TRUST_PROXY: 'on', RATE_LIMITS: 'on' } });
  const b = shop.browser();
  await b.open();
  const lookup = (ip: string) => b.fetch('GET', `/api/check-email?email=${encodeURIComponent(uniqueEmail())}`, { headers: { 'x-forwarded-for': ip } });
  let last = await lookup('203.0.113.7');
  for (let i = 0; i < 40 && last.status === 200; i++) last = await lookup('203.0.113.7');
  t.equal(last.status, 429, 'one visitor runs into the lookup limit');
  t.equal(last.json.code, 'too_many_requests');
  t.match(last.json.message, /^Zu viele Anfragen\. Bitte versuchen Sie es in \d+ Minuten erneut\.$/);
  t.equal((await lookup('198.51.100.4')).status, 200, 'another visitor is not affected');
});
