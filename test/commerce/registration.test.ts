// Registration (spec 3, 4, 5, 8): field rules and messages, company accounts and VAT ids, "please log in"
// for a taken address, the activation mail and link, resending it, and the e-mail lookups.
import t from 'tap';
import { commerceHarness, lastMessageTo, messageCount, registerVerified, tokenFromText, uniqueEmail, PASSWORD } from './helpers.ts';
import { hashCost } from '../../src/commerce/auth/passwords.ts';

const h = await commerceHarness(t);

const fieldsOf = (body: { details?: { fields?: Array<{ field: string; code: string }> } }) =>
  Object.fromEntries((body.details?.fields ?? []).map((f) => [f.field, f.code]));

t.test('registering creates an unverified account and mails a German activation link on the store origin', async (t) => {
  const api = await h.api(t);
  const email = uniqueEmail();
  const res = await api.call('POST', '/customers', {
    headers: { 'x-shop-origin': 'http://ch.localhost:3000' },
    body: {
      email, password: PASSWORD, salutation: 'ms', title: 'Dr.', firstName: 'Anna', lastName: 'Muster', phone: '+41 79 123 45 67',
      newsletterOptIn: true,
    },
  });
  t.equal(res.statusCode, 201);
  const body = res.json();
  t.equal(body.verificationRequired, true);
  t.match(body.customer, {
    email, emailVerified: false, salutation: 'ms', title: 'Dr.', firstName: 'Anna', lastName: 'Muster', phone: '+41791234567',
    accountType: 'individual', language: 'de', newsletterOptIn: true, storeKey: 'ch', addresses: [],
  });
  t.notOk('password' in body.customer);
  const mail = await lastMessageTo(api.db, email);
  t.equal(mail?.subject, 'Bitte bestätigen Sie Ihre E-Mail-Adresse – Aurum Edelmetalle');
  t.match(mail?.text, /^Guten Tag Anna Muster,/);
  t.match(mail?.text, /http:\/\/ch\.localhost:3000\/activate-user\?token=ev_[\w-]+/);
  t.match(mail?.text, /Freundliche Grüsse/, 'Swiss spelling in the ch store');
  t.match(mail?.html, /<a href="http:\/\/ch\.localhost:3000\/activate-user\?token=/);
  const stored = await api.db.query<{ password_hash: string }>('select password_hash from customers where id = $1', [body.customer.id]);
  // the cost is test/tap.env's (production's 2^15: test/unit/password-cost.test.ts)
  t.match(stored[0].password_hash, new RegExp(`^scrypt\\$${hashCost()}\\$8\\$1\\$`), 'the password is stored as a scrypt hash');
});

t.test('English customers get the English link; a foreign x-shop-origin is ignored', async (t) => {
  const api = await h.api(t);
  const email = uniqueEmail();
  await api.call('POST', '/customers', {
    store: 'de',
    headers: { 'x-shop-origin': 'https://evil.example' },
    body: { email, password: PASSWORD, firstName: 'John', lastName: 'Smith', language: 'en' },
  });
  const mail = await lastMessageTo(api.db, email);
  t.equal(mail?.subject, 'Please confirm your e-mail address – Aurum Edelmetalle');
  t.match(mail?.text, /^Hello John Smith,/);
  t.match(mail?.text, /http:\/\/de\.localhost:3000\/en\/activate-user\?token=/, 'the store\'s own origin, never the header\'s foreign one');
  t.notMatch(mail?.text, /evil/);
});

t.test('x-shop-origin of another store is not used for links', async (t) => {
  const api = await h.api(t, { config: { STORE_HOSTS: 'at=www.aurum.at', PORT: 4000 } });
  const email = uniqueEmail();
  await api.call('POST', '/customers', { store: 'at', headers: { 'x-shop-origin': 'http://ch.localhost:3000' }, body: { email, password: PASSWORD, firstName: 'A', lastName: 'B' } });
  t.match((await lastMessageTo(api.db, email))?.text, /https:\/\/www\.aurum\.at\/activate-user/, 'the canonical production host');
  const email2 = uniqueEmail();
  await api.call('POST', '/customers', { store: 'at', headers: { 'x-shop-origin': 'https://www.aurum.at' }, body: { email: email2, password: PASSWORD, firstName: 'A', lastName: 'B' } });
  t.match((await lastMessageTo(api.db, email2))?.text, /https:\/\/www\.aurum\.at\/activate-user/);
  const email3 = uniqueEmail();
  await api.call('POST', '/customers', { store: 'ch', body: { email: email3, password: PASSWORD, firstName: 'A', lastName: 'B' } });
  t.match((await lastMessageTo(api.db, email3))?.text, /http:\/\/ch\.localhost:4000\/activate-user/, 'dev host with the configured port');
});

t.test('every invalid field is reported at once with the spec\'s messages', async (t) => {
  const api = await h.api(t);
  const res = await api.call('POST', '/customers', { body: { email: 'kein-mail', password: 'kurz', phone: '079 123', salutation: 'king' } });
  t.equal(res.statusCode, 400);
  const body = res.json();
  t.equal(body.code, 'validation_failed');
  t.same(fieldsOf(body), {
    email: 'invalid_email', password: 'password_too_short', salutation: 'invalid_value', firstName: 'required', lastName: 'required', phone: 'phone_format',
  });
  const messages = Object.fromEntries(body.details.fields.map((f: { field: string; message: string }) => [f.field, f.message]));
  t.equal(messages.firstName, 'This field is required.');
  t.equal(messages.email, 'Invalid e-mail');
  // '079 123': a Swiss number in the national form (issue 28), too short for one
  t.equal(messages.phone, 'Phone number is not valid.');
  t.equal(body.message, '6 fields are invalid.');
});

t.test('passwords need 8 characters, a capital letter and a number (spec 5)', async (t) => {
  const api = await h.api(t);
  const attempt = async (password: string) =>
    fieldsOf((await api.call('POST', '/customers', { body: { email: uniqueEmail(), password, firstName: 'A', lastName: 'B' } })).json()).password;
  t.equal(await attempt('Abc1234'), 'password_too_short');
  t.equal(await attempt('abcdefg1'), 'password_needs_capital');
  t.equal(await attempt('Abcdefgh'), 'password_needs_number');
  t.equal(await attempt(''), 'required');
  t.equal(await attempt('Ärger123'), undefined, 'a capital umlaut counts');
});

t.test('company accounts need a company name and a valid VAT id; US companies may leave the EIN out', async (t) => {
  const api = await h.api(t);
  const missing = await api.call('POST', '/customers', { store: 'at', body: { email: uniqueEmail(), password: PASSWORD, firstName: 'A', lastName: 'B', accountType: 'company' } });
  t.same(fieldsOf(missing.json()), { companyName: 'required', vatId: 'required' });
  const bad = await api.call('POST', '/customers', {
    store: 'at', body: { email: uniqueEmail(), password: PASSWORD, firstName: 'A', lastName: 'B', accountType: 'company', companyName: 'Gold GmbH', vatId: 'ATU13585626' },
  });
  t.same(fieldsOf(bad.json()), { vatId: 'invalid_vat_id' }, 'the check digit is wrong');
  t.equal(bad.json().details.fields[0].message, 'Invalid VAT ID');
  const good = await api.call('POST', '/customers', {
    store: 'at', body: { email: uniqueEmail(), password: PASSWORD, firstName: 'A', lastName: 'B', accountType: 'company', companyName: 'Gold GmbH', vatId: 'atu 1358 5627' },
  });
  t.equal(good.statusCode, 201);
  t.match(good.json().customer, { accountType: 'company', companyName: 'Gold GmbH', vatId: 'ATU13585627' }, 'stored normalised');
  const swiss = await api.call('POST', '/customers', {
    store: 'ch', body: { email: uniqueEmail(), password: PASSWORD, firstName: 'A', lastName: 'B', accountType: 'company', companyName: 'Gold AG', vatId: 'CHE-116.281.710 MWST' },
  });
  t.equal(swiss.json().customer.vatId, 'CHE-116.281.710 MWST');
  const us = await api.call('POST', '/customers', { store: 'us', body: { email: uniqueEmail(), password: PASSWORD, firstName: 'A', lastName: 'B', accountType: 'company', companyName: 'Gold Inc.' } });
  t.equal(us.statusCode, 201);
  t.equal(us.json().customer.language, 'en', 'the us store defaults to English');
  const individual = await api.call('POST', '/customers', { body: { email: uniqueEmail(), password: PASSWORD, firstName: 'A', lastName: 'B', companyName: 'X', vatId: 'junk' } });
  t.equal(individual.statusCode, 201, 'an individual\'s company fields are ignored');
  t.match(individual.json().customer, { companyName: null, vatId: null });
});

t.test('a registered e-mail answers 409 email_taken ("please log in"), in any letter case', async (t) => {
  const api = await h.api(t);
  const email = uniqueEmail();
  t.equal((await api.call('POST', '/customers', { body: { email, password: PASSWORD, firstName: 'A', lastName: 'B' } })).statusCode, 201);
  const again = await api.call('POST', '/customers', { body: { email: email.toUpperCase(), password: PASSWORD, firstName: 'A', lastName: 'B' } });
  t.equal(again.statusCode, 409);
  t.equal(again.json().code, 'email_taken');
  t.match(again.json().message, /log in/);
  const otherStore = await api.call('POST', '/customers', { store: 'de', body: { email, password: PASSWORD, firstName: 'A', lastName: 'B' } });
  t.equal(otherStore.statusCode, 201, 'accounts belong to one store');
});

t.test('two registrations of one address at the same moment: one account, one 409', async (t) => {
  const api = await h.api(t);
  const email = uniqueEmail();
  const both = await Promise.all([1, 2].map(() => api.call('POST', '/customers', { body: { email, password: PASSWORD, firstName: 'A', lastName: 'B' } })));
  t.same(both.map((r) => r.statusCode).sort(), [201, 409]);
});

t.test('unknown body fields and wrong types are field errors, never 500', async (t) => {
  const api = await h.api(t);
  const res = await api.call('POST', '/customers', { body: { email: uniqueEmail(), password: PASSWORD, firstName: 'A', lastName: 'B', isAdmin: true } });
  t.equal(res.statusCode, 400);
  t.same(fieldsOf(res.json()), { isAdmin: 'unknown_field' });
  const arr = await api.call('POST', '/customers', { body: [1, 2] });
  t.equal(arr.statusCode, 400);
  const text = await api.call('POST', '/customers', { body: 'hello', headers: { 'content-type': 'application/json' } });
  t.equal(text.statusCode, 400);
  t.equal(text.json().code, 'invalid_json');
  const newsletter = await api.call('POST', '/customers', { body: { email: uniqueEmail(), password: PASSWORD, firstName: 'A', lastName: 'B', newsletterOptIn: 'maybe' } });
  t.equal(newsletter.statusCode, 400);
  t.same(fieldsOf(newsletter.json()), { newsletterOptIn: 'invalid_value' });
});

t.test('the activation link verifies once; a second click is fine; a wrong one is not', async (t) => {
  const api = await h.api(t);
  const email = uniqueEmail();
  await api.call('POST', '/customers', { body: { email, password: PASSWORD, firstName: 'A', lastName: 'B' } });
  const token = tokenFromText((await lastMessageTo(api.db, email))!.text);
  const first = await api.call('GET', `/customers/email-verification?emailToken=${token}`);
  t.same(first.json(), { verified: true, alreadyVerified: false });
  const second = await api.call('GET', `/customers/email-verification?emailToken=${token}`);
  t.same(second.json(), { verified: true, alreadyVerified: true });
  const wrong = await api.call('GET', '/customers/email-verification?emailToken=ev_wrong');
  t.equal(wrong.statusCode, 400);
  t.equal(wrong.json().code, 'invalid_email_token');
  const missing = await api.call('GET', '/customers/email-verification');
  t.equal(missing.statusCode, 400);
  t.equal(missing.json().code, 'validation_failed');
  const otherStore = await api.call('GET', `/customers/email-verification?emailToken=${token}`, { store: 'de' });
  t.equal(otherStore.json().code, 'invalid_email_token', 'a link works on its own store only');
  t.equal((await api.call('POST', '/customers/login', { body: { email, password: PASSWORD } })).statusCode, 200);
});

t.test('an activation link expires after 48 hours; a resent mail voids the old link', async (t) => {
  const api = await h.api(t);
  const email = uniqueEmail();
  await api.call('POST', '/customers', { body: { email, password: PASSWORD, firstName: 'A', lastName: 'B' } });
  const old = tokenFromText((await lastMessageTo(api.db, email))!.text);
  api.clock.advance(48 * 3600);
  const expired = await api.call('GET', `/customers/email-verification?emailToken=${old}`);
  t.equal(expired.statusCode, 400);
  t.equal(expired.json().code, 'email_token_expired');
  const resend = await api.call('POST', '/customers/emails/registration-activation', { body: { email } });
  t.equal(resend.statusCode, 202);
  t.same(resend.json(), { accepted: true });
  const fresh = tokenFromText((await lastMessageTo(api.db, email))!.text);
  t.not(fresh, old);
  const older = await api.call('POST', '/customers/emails/registration-activation', { body: { email } });
  t.equal(older.statusCode, 202);
  const newest = tokenFromText((await lastMessageTo(api.db, email))!.text);
  t.equal((await api.call('GET', `/customers/email-verification?emailToken=${fresh}`)).json().code, 'invalid_email_token', 'voided by the newer mail');
  t.equal((await api.call('GET', `/customers/email-verification?emailToken=${newest}`)).statusCode, 200);
});

t.test('resending activation answers the same for unknown, verified and rate-limited addresses', async (t) => {
  const api = await h.api(t);
  const verified = await registerVerified(api);
  const unknown = uniqueEmail('nobody');
  const answers = [];
  answers.push(await api.call('POST', '/customers/emails/registration-activation', { body: { email: unknown } }));
  const before = await messageCount(api.db, verified.email);
  answers.push(await api.call('POST', '/customers/emails/registration-activation', { body: { email: verified.email } }));
  t.equal(await messageCount(api.db, verified.email), before, 'a verified account gets no mail');
  t.equal(await messageCount(api.db, unknown), 0);
  const pending = uniqueEmail();
  await api.call('POST', '/customers', { body: { email: pending, password: PASSWORD, firstName: 'A', lastName: 'B' } });
  for (let i = 0; i < 5; i++) answers.push(await api.call('POST', '/customers/emails/registration-activation', { body: { email: pending } }));
  t.equal(await messageCount(api.db, pending), 1 + 3, 'three resends per hour');
  for (const a of answers) {
    t.equal(a.statusCode, 202);
    t.same(a.json(), { accepted: true });
  }
  const bad = await api.call('POST', '/customers/emails/registration-activation', { body: { email: 'nope' } });
  t.equal(bad.statusCode, 400);
  t.equal(bad.json().details.fields[0].code, 'invalid_email');
});

t.test('GET /customers/email says whether an account exists, nothing more', async (t) => {
  const api = await h.api(t);
  const account = await registerVerified(api);
  const yes = await api.call('GET', `/customers/email?email=${encodeURIComponent(account.email.toUpperCase())}&storeKey=ch`);
  t.same(yes.json(), { exists: true });
  t.same((await api.call('GET', `/customers/email?email=${encodeURIComponent(uniqueEmail())}`)).json(), { exists: false });
  t.same((await api.call('GET', `/customers/email?email=${encodeURIComponent(account.email)}&storeKey=de`)).json(), { exists: false }, 'per store');
  t.same((await api.call('GET', `/customers/email?email=${encodeURIComponent(account.email)}`, { store: 'de' })).json(), { exists: false });
  t.equal((await api.call('GET', `/customers/email?email=a@b.ch&storeKey=xx`)).statusCode, 400);
  t.equal((await api.call('GET', '/customers/email')).json().code, 'validation_failed');
});

t.test('e-mail lookups are rate limited per client address', async (t) => {
  const api = await h.api(t, { config: { RATE_LIMITS: 'on' } });
  let last;
  for (let i = 0; i < 31; i++) last = await api.call('GET', `/customers/email?email=${uniqueEmail()}`, { clientIp: '198.51.100.77' });
  t.equal(last!.statusCode, 429);
  t.equal(last!.json().code, 'too_many_requests');
  t.ok(Number(last!.headers['retry-after']) > 0);
  t.equal((await api.call('GET', `/customers/email?email=${uniqueEmail()}`, { clientIp: '198.51.100.78' })).statusCode, 200);
});

t.test('check-first-time-logging-in is true until the first sign-in', async (t) => {
  const api = await h.api(t);
  const account = await registerVerified(api);
  const q = `/customers/check-first-time-logging-in?email=${encodeURIComponent(account.email)}`;
  t.same((await api.call('GET', q)).json(), { firstTimeLoggingIn: true });
  await api.call('POST', '/customers/login', { body: { email: account.email, password: account.password } });
  t.same((await api.call('GET', q)).json(), { firstTimeLoggingIn: false });
  t.same((await api.call('GET', `/customers/check-first-time-logging-in?email=${uniqueEmail()}`)).json(), { firstTimeLoggingIn: false });
  t.equal((await api.call('GET', '/customers/check-first-time-logging-in')).statusCode, 400);
});

t.test('registrations are rate limited per client address', async (t) => {
  const api = await h.api(t, { config: { RATE_LIMITS: 'on' } });
  let last;
  for (let i = 0; i < 21; i++) {
    last = await api.call('POST', '/customers', { clientIp: '198.51.100.90', body: { email: uniqueEmail(), password: PASSWORD, firstName: 'A', lastName: 'B' } });
  }
  t.equal(last!.statusCode, 429);
});

t.test('GET /customers/vat-validation checks formats per country', async (t) => {
  const api = await h.api(t);
  const check = async (vat: string, store = 'ch') => (await api.call('GET', `/customers/vat-validation?vat=${encodeURIComponent(vat)}`, { store })).json();
  t.same(await check('CHE-116.281.710 MWST'), { valid: true, countryCode: 'CH', normalized: 'CHE-116.281.710 MWST' });
  t.same(await check('CHE116281710'), { valid: true, countryCode: 'CH', normalized: 'CHE-116.281.710' });
  t.same(await check('CHE-116.281.711'), { valid: false, countryCode: 'CH', normalized: null }, 'wrong check digit');
  t.same(await check('U13585627', 'at'), { valid: true, countryCode: 'AT', normalized: 'ATU13585627' });
  t.same(await check('136695976', 'de'), { valid: true, countryCode: 'DE', normalized: 'DE136695976' });
  t.same(await check('12345', 'li'), { valid: true, countryCode: 'LI', normalized: 'LI12345' });
  t.same(await check('12-3456789', 'us'), { valid: true, countryCode: 'US', normalized: '12-3456789' });
  t.same(await check('FR40303265045', 'de'), { valid: true, countryCode: 'FR', normalized: 'FR40303265045' });
  t.equal((await check('hello', 'de')).valid, false);
  t.equal((await api.call('GET', '/customers/vat-validation')).statusCode, 400);
});
