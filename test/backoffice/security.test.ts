// The back office's doors: sign-in and sign-out against a real commerce service, the session and CSRF
// cookies, the CSRF refusal, the security headers, a role refusal shown as a message, the language switch.
import { request } from 'node:http';
import t from 'tap';
import { backofficeUnderTest, DEMO_PASSWORD, textOf } from './helpers.ts';
import { backofficeCsp } from '../../src/backoffice/app.ts';
import { parseAmount } from '../../src/backoffice/format.ts';

// one commerce service and back office for the whole file (a database per test would take a minute)
const { browser, signedIn, api, bo, secondStep } = await backofficeUnderTest(t);

t.test('every page carries a CSP without any script and the other security headers, and is not cached', async (t) => {
  const res = await browser().get('/sign-in');
  t.equal(res.statusCode, 200);
  t.equal(res.headers['content-security-policy'], backofficeCsp);
  t.match(backofficeCsp, /default-src 'none'/);
  t.notMatch(backofficeCsp, /script-src/, 'no script may run at all');
  t.match(backofficeCsp, /frame-ancestors 'none'/);
  t.match(backofficeCsp, /form-action 'self'/);
  t.equal(res.headers['x-frame-options'], 'DENY');
  t.equal(res.headers['x-content-type-options'], 'nosniff');
  t.equal(res.headers['referrer-policy'], 'same-origin', 'no address goes to other sites, and form posts keep their Origin');
  t.equal(res.headers['cache-control'], 'no-store');
  t.notMatch(res.body, /<script/i, 'the page has no script element');
  const css = await browser().get('/assets/backoffice.css');
  t.equal(css.statusCode, 200);
  t.match(String(css.headers['content-type']), /text\/css/);
  t.match(css.body, /@media \(max-width:767px\)/, 'the layout changes at 768 px');
});

t.test('an operator signs in, gets an httpOnly Secure SameSite=Strict session, and signs out for good', async (t) => {
  const b = browser();
  const page = await b.get('/sign-in');
  const csrfLine = b.lastSetCookie.find((l) => l.startsWith('bo_csrf='));
  t.ok(csrfLine, 'the sign-in form gets a CSRF token before any session');
  t.match(csrfLine!, /HttpOnly/);
  t.match(csrfLine!, /Secure/);
  t.match(csrfLine!, /SameSite=Strict/);
  t.match(page.body, `name="_csrf" value="${b.cookies.get('bo_csrf')}"`, 'the form repeats the token');

  const wrong = await b.post('/sign-in', { email: 'finance@ops.example', password: 'not-the-password' });
  t.equal(wrong.statusCode, 401);
  t.match(textOf(wrong.body), 'The e-mail address or the password is not correct');
  t.notOk(b.cookies.has('bo_session'), 'no session after a wrong password');
  t.match(wrong.body, 'value="finance@ops.example"', 'the e-mail address stays in the field');

  const csrfBefore = b.cookies.get('bo_csrf');
  const ok = await b.post('/sign-in', { email: 'finance@ops.example', password: DEMO_PASSWORD });
  t.equal(ok.statusCode, 303);
  t.equal(ok.headers.location, '/sign-in/second-step', 'issue 26: the second step first');
  const session = b.lastSetCookie.find((l) => l.startsWith('bo_session='));
  t.ok(session, 'a session cookie');
  t.match(session!, /HttpOnly/);
  t.match(session!, /Secure/);
  t.match(session!, /SameSite=Strict/);
  t.match(session!, /Max-Age=28800/, 'it lasts a shift (8 h), like the token');
  t.not(b.cookies.get('bo_csrf'), csrfBefore, 'a new session gets a new CSRF token');
  await secondStep(b, 'finance@ops.example');

  const token = b.cookies.get('bo_session')!;
  const out = await b.post('/sign-out', {});
  t.equal(out.statusCode, 303);
  t.equal(out.headers.location, '/sign-in?reason=signedOut');
  t.notOk(b.cookies.has('bo_session'), 'the session cookie is cleared');
  const signedOut = await b.get('/sign-in?reason=signedOut');
  t.match(textOf(signedOut.body), 'You are signed out.');

  // the old token was ended at the commerce service, not only forgotten by the browser
  b.cookies.set('bo_session', token);
  const again = await b.get('/audit');
  t.equal(again.statusCode, 303);
  t.equal(again.headers.location, '/sign-in?reason=expired');
  const expired = await b.get('/sign-in?reason=expired');
  t.match(textOf(expired.body), 'Your session has ended. Please sign in again.');
});

t.test('a page needs a session: without one the operator is sent to the sign-in page with a message', async (t) => {
  const b = browser();
  const res = await b.get('/orders');
  t.equal(res.statusCode, 303);
  t.equal(res.headers.location, '/sign-in?reason=required');
  t.match(textOf((await b.get(res.headers.location as string)).body), 'Please sign in to use the back office.');
});

t.test('a form without the session\'s CSRF token, or from another origin, is refused and changes nothing', async (t) => {
  const admin = await signedIn('admin@ops.example');

  const noToken = await admin.post('/operators', { email: 'new.one@ops.example', password: 'Long-enough-2026', roles: 'support' }, { csrf: null });
  t.equal(noToken.statusCode, 403);
  t.match(textOf(noToken.body), 'This form has expired or was not sent from the back office. Nothing was changed.');

  const wrongToken = await admin.post('/operators', { email: 'new.one@ops.example', password: 'Long-enough-2026', roles: 'support' }, { csrf: 'x'.repeat(43) });
  t.equal(wrongToken.statusCode, 403);

  const foreign = await admin.post('/operators', { email: 'new.one@ops.example', password: 'Long-enough-2026', roles: 'support' }, { headers: { origin: 'https://evil.example' } });
  t.equal(foreign.statusCode, 403, 'the right token from another origin is refused too');

  const crossSite = await admin.post('/operators', { email: 'new.one@ops.example', password: 'Long-enough-2026', roles: 'support' }, { headers: { 'sec-fetch-site': 'cross-site' } });
  t.equal(crossSite.statusCode, 403);

  const list = await admin.get('/operators');
  t.notMatch(list.body, 'new.one@ops.example', 'no operator was created');

  // a sign-in form posted from elsewhere (login CSRF) is refused as well
  const stranger = browser();
  const login = await stranger.post('/sign-in', { email: 'admin@ops.example', password: DEMO_PASSWORD }, { csrf: null });
  t.equal(login.statusCode, 403);
  t.notOk(stranger.cookies.has('bo_session'));

  const good = await admin.post('/operators', { email: 'new.one@ops.example', password: 'Long-enough-2026', roles: 'support' });
  t.equal(good.statusCode, 303, 'with the token the same form works');
  t.match((await admin.get('/operators')).body, 'new.one@ops.example');
});

t.test('a step the role may not take is shown as a message in the operator\'s language', async (t) => {
  const support = await signedIn('support@ops.example');
  const res = await support.get('/operators');
  t.equal(res.statusCode, 403);
  t.match(textOf(res.body), 'Your role may not manage operators.');
  t.notMatch(res.body, /href="\/operators"/, 'the navigation does not offer what the role may not use');

  const de = await support.get('/cases', { 'accept-language': 'de-CH,de;q=0.9' });
  t.equal(de.statusCode, 403);
  t.match(textOf(de.body), 'Ihre Rolle darf nicht Hinweisgeberfälle lesen.');
});

t.test('operator forms show field messages next to the fields', async (t) => {
  const admin = await signedIn('admin@ops.example');
  const res = await admin.post('/operators', { email: 'short@ops.example', password: 'short' });
  t.equal(res.statusCode, 400);
  t.match(textOf(res.body), 'Please correct the marked fields.');
  t.match(res.body, /id="new-password"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="new-password"/, 'the password field is marked');
  t.match(res.body, 'id="new-password-error"');
  t.match(textOf(res.body), 'Please choose at least one role.');
  t.match(res.body, 'value="short@ops.example"', 'what was typed stays');
  t.notMatch(res.body, 'value="short"', 'the password is not sent back');

  const taken = await admin.post('/operators', { email: 'finance@ops.example', password: 'Long-enough-2026', roles: 'finance' });
  t.equal(taken.statusCode, 409);
  t.match(textOf(taken.body), 'An operator with this e-mail address exists already.');
});

t.test('the language follows Accept-Language, and the switch keeps the choice in a cookie', async (t) => {
  const b = browser();
  const de = await b.get('/sign-in', { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' });
  t.match(de.body, '<html lang="de"');
  t.match(textOf(de.body), 'Anmelden');

  const sw = await b.get('/sign-in?lang=en', { 'accept-language': 'de-DE' });
  t.equal(sw.statusCode, 303);
  t.equal(sw.headers.location, '/sign-in', 'the switch reloads the same page');
  t.match(b.lastSetCookie.join('\n'), /bo_lang=en;.*SameSite=Strict/);
  const en = await b.get('/sign-in', { 'accept-language': 'de-DE' });
  t.match(en.body, '<html lang="en"', 'the choice wins over the browser');
  t.match(en.body, 'href="/sign-in?lang=de"', 'a link to the other language');

  b.cookies.set('bo_lang', 'fr');
  const bad = await b.get('/sign-in', { 'accept-language': 'de' });
  t.match(bad.body, '<html lang="de"', 'a foreign cookie value is ignored');
});

t.test('amounts are read as staff type them', async (t) => {
  t.equal(parseAmount('1234.50'), 123450);
  t.equal(parseAmount("1'234.50"), 123450);
  t.equal(parseAmount('1.234,50'), 123450);
  t.equal(parseAmount('1234,5'), 123450);
  t.equal(parseAmount('1234'), 123400);
  t.equal(parseAmount('CHF 1 000.00'), 100000);
  t.equal(parseAmount('12.345'), 1234500, 'three digits after a separator are thousands');
  t.equal(parseAmount('-5'), null);
  t.equal(parseAmount('0'), null);
  t.equal(parseAmount('abc'), null);
});

// Issue 24: the upload is read by @fastify/multipart; what it cannot read is a clear 4xx page, never a 500
t.test('the statement upload reads a multipart body with a file and the CSRF field; a body it cannot read is a 4xx page', async (t) => {
  const fin = await signedIn('finance@ops.example');
  const boundary = '----x7';
  const send = (payload: string | Buffer, contentType = `multipart/form-data; boundary=${boundary}`) => bo.inject({
    method: 'POST', url: '/bank-statements', payload,
    headers: { host: 'backoffice.test', origin: 'http://backoffice.test', 'content-type': contentType, cookie: [...fin.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
  });
  const part = (name: string, value: string, file = false) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? '; filename="s.xml"\r\nContent-Type: text/xml' : ''}\r\n\r\n${value}\r\n`;
  const csrf = part('_csrf', fin.cookies.get('bo_csrf')!);

  // a file that is no statement: read (CSRF field and file), then refused by commerce as a statement
  const notAStatement = await send(csrf + part('file', '\uFEFF<Document>ä</Document>', true) + `--${boundary}--\r\n`);
  t.equal(notAStatement.statusCode, 400);
  t.match(textOf(notAStatement.body), 'not a camt.053', 'the file reached commerce, which says what is wrong with it');
  // the CSRF field is read from the upload like from any form
  const forged = await send(part('_csrf', 'x'.repeat(43)) + part('file', '<Document/>', true) + `--${boundary}--\r\n`);
  t.equal(forged.statusCode, 403, 'a wrong token in the upload is refused');

  for (const [why, body, type] of [
    ['no boundary', csrf + `--${boundary}--\r\n`, 'multipart/form-data'],
    ['a body cut off', csrf + part('file', '<Document>', true).slice(0, -20), undefined],
    ['garbage', 'garbage', undefined],
    ['a part named __proto__', csrf + part('__proto__', 'x') + `--${boundary}--\r\n`, undefined],
    ['a part named constructor', csrf + part('constructor', 'x') + `--${boundary}--\r\n`, undefined],
  ] as const) {
    const res = await send(body, type);
    t.ok(res.statusCode >= 400 && res.statusCode < 500, `${why}: ${res.statusCode}, a refusal`);
    t.match(res.headers['content-type'], /text\/html/, `${why}: the back office's page`);
    t.match(textOf(res.body), /could not be read|Nothing was changed/, `${why}: a message that says so`);
  }
  const tooLarge = await send(csrf + part('file', 'x'.repeat(5_000_001), true) + `--${boundary}--\r\n`);
  t.equal(tooLarge.statusCode, 413, 'a file over 5 MB is refused as too large');
  t.match(textOf(tooLarge.body), /too large/i);
});

t.test('the reporting office (admin) reads a whistleblower case, answers it and closes it', async (t) => {
  const report = await api.call('POST', '/application/whistleblow', { store: 'ch', body: { category: 'fraud', message: 'Invoices are being altered.', anonymous: true } });
  t.equal(report.statusCode, 201);
  const { caseReference } = report.json() as { caseReference: string };
  const admin = await signedIn('admin@ops.example');
  const list = await admin.get('/cases');
  t.equal(list.statusCode, 200);
  t.match(list.body, `href="/cases/${caseReference}"`);
  const one = await admin.get(`/cases/${caseReference}`);
  t.match(textOf(one.body), 'Invoices are being altered.');
  t.match(textOf(one.body), 'Anonymous');

  const empty = await admin.post(`/cases/${caseReference}/answers`, { message: '  ' });
  t.equal(empty.statusCode, 400);
  t.match(one.body, 'name="message"');

  const answered = await admin.post(`/cases/${caseReference}/answers`, { message: 'Thank you, we have started an investigation.', close: '1' });
  t.equal(answered.statusCode, 303);
  const closed = await admin.get(answered.headers.location as string);
  const text = textOf(closed.body);
  t.match(text, 'Your answer was sent and the case is closed.');
  t.match(text, 'Thank you, we have started an investigation.');
  t.match(text, 'Closed');
  t.notMatch(closed.body, `action="/cases/${caseReference}/answers"`, 'a closed case takes no answer');
});

t.test('an admin changes an operator\'s roles and disables it; taking its own admin role is refused with a message', async (t) => {
  const admin = await signedIn('admin@ops.example');
  t.equal((await admin.post('/operators', { email: 'temp.staff@ops.example', password: 'Temporary-2026-x', roles: 'support' })).statusCode, 303);
  const list = (await api.call('GET', '/ops/operators', { store: null, token: admin.cookies.get('bo_session')! })).json() as { results: { id: string; email: string; roles: string[] }[] };
  const temp = list.results.find((o) => o.email === 'temp.staff@ops.example')!;
  const me = list.results.find((o) => o.email === 'admin@ops.example')!;

  const roles = await admin.post(`/operators/${temp.id}`, { roles: ['support', 'finance'] });
  t.equal(roles.statusCode, 303);
  t.match(textOf((await admin.get('/operators?done=saved')).body), 'The changes were saved.');
  const tempSession = browser();
  await tempSession.get('/sign-in');
  t.equal((await tempSession.post('/sign-in', { email: 'temp.staff@ops.example', password: 'Temporary-2026-x' })).statusCode, 303);
  await secondStep(tempSession, 'temp.staff@ops.example');
  t.match((await tempSession.get('/orders')).body, 'href="/bank-statements"', 'the new finance role opens the statements');

  t.equal((await admin.post(`/operators/${temp.id}`, { roles: ['support', 'finance'], disabled: '1' })).statusCode, 303);
  const after = await tempSession.get('/orders');
  t.equal(after.statusCode, 303, 'a disabled operator\'s session ends');
  const again = browser();
  await again.get('/sign-in');
  t.equal((await again.post('/sign-in', { email: 'temp.staff@ops.example', password: 'Temporary-2026-x' })).statusCode, 401, 'and it cannot sign in');

  const self = await admin.post(`/operators/${me.id}`, { roles: 'support' });
  t.equal(self.statusCode, 409);
  t.match(textOf(self.body), 'You cannot take your own admin role or disable yourself.');
  const none = await admin.post(`/operators/${temp.id}`, {});
  t.equal(none.statusCode, 400);
  t.match(textOf(none.body), 'Please choose at least one role.');
});

t.test('the language switch never redirects to another site (raw paths like /.//evil.example)', async (t) => {
  // over a real socket: inject normalizes the URL, a browser's request line reaches the server as typed
  await bo.listen({ host: '127.0.0.1', port: 0 });
  const { port } = bo.server.address() as { port: number };
  const location = (path: string) => new Promise<string>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
      res.resume();
      resolve(String(res.headers.location ?? ''));
    });
    req.on('error', reject);
    req.end();
  });
  for (const path of ['/.//evil.example/?lang=en', '/a/..//evil.example?lang=en', '/%2e//evil.example/x?lang=de', '//evil.example/?lang=en', '/orders/..//evil.example?lang=en']) {
    const to = await location(path);
    t.notOk(/^(\/\/|\/\\|[a-z][a-z0-9+.-]*:)/i.test(to), `${path} -> ${to}`);
  }
  t.equal(await location('/orders?queue=to_pay&lang=de'), '/orders?queue=to_pay', 'an ordinary page reloads itself with its query');
});
