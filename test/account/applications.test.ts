// Contact form and whistleblower system (spec 5, 7, 8, 9): consent, the stored message with its reference
// and the receipt; contact data older than 12 months deleted by the scheduled job; anonymous reports read
// back with case reference and access code, the office's answers, follow-ups, and nothing of a report in
// the logs.
import t from 'tap';
import { testCompanyFacts } from '../company-facts.ts';
import { Writable } from 'node:stream';
import { buildCommerceApp } from '../../src/commerce/app.ts';
import { loggerOptions } from '../../src/lib/service.ts';
import { commerceHarness, testClock, testConfig, uniqueEmail } from '../commerce/helpers.ts';
import { customer } from '../orders/helpers.ts';
import { job } from './helpers.ts';

const h = await commerceHarness(t);
t.teardown(async () => {
  await h.db.query('delete from contact_messages');
  await h.db.query('delete from whistleblower_cases');
});

const contact = (over: Record<string, unknown> = {}) => ({
  salutation: 'ms', firstName: 'Anna', lastName: 'Muster', email: uniqueEmail('kontakt'), phone: '+41 44 668 18 00', subject: 'Goldbarren',
  message: 'Guten Tag,\nich hätte eine Frage zu Ihren Barren.', consent: true, ...over,
});

t.test('a contact message needs consent and its fields; it is stored with a reference and the sender gets a receipt', async (t) => {
  const api = await h.api(t);
  const refused = await api.call('POST', '/application/contact', { body: contact({ consent: false, firstName: '', message: ' ' }) });
  t.equal(refused.statusCode, 400);
  t.same(refused.json().details.fields.map((f: { field: string; code: string }) => [f.field, f.code]), [['firstName', 'required'], ['message', 'required'], ['consent', 'consent_required']]);
  t.match((await api.call('POST', '/application/contact', { body: contact({ email: 'nope', phone: '12' }) })).json().details.fields, [
    { field: 'email', code: 'invalid_email' }, { field: 'phone', code: 'invalid_phone' },
  ]);

  const body = contact();
  const res = await api.call('POST', '/application/contact?languageTag=en', { body });
  t.equal(res.statusCode, 201, res.body);
  const { reference, receivedAt } = res.json();
  t.match(reference, /^CT-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  t.equal(receivedAt, api.clock().toISOString());
  const [row] = await h.db.query<{ message: string; email: string; phone: string; customer_id: string | null }>('select * from contact_messages where reference = $1', [reference]);
  t.match(row, { message: body.message, email: body.email, phone: '+41446681800', customer_id: null });
  const receipt = (await h.db.query<{ subject: string; text: string }>('select subject, text from outbox where "to" = $1', [body.email]))[0];
  t.equal(receipt.subject, `We have received your message – ${reference}`);
  t.notMatch(receipt.text, 'Barren', 'the receipt does not repeat the message');

  const c = await customer(api);
  const signedIn = await c.call('POST', '/application/contact', contact({ email: c.email }));
  t.equal((await h.db.query<{ customer_id: string }>('select customer_id from contact_messages where reference = $1', [signedIn.json().reference]))[0].customer_id, c.ownerId);
  const list = await api.call('GET', '/admin/applications/contact', { store: null });
  t.ok(list.json().results.some((m: { reference: string }) => m.reference === reference), 'support reads it');
  t.equal((await api.app.inject({ method: 'GET', url: '/admin/applications/contact', remoteAddress: '203.0.113.9' })).statusCode, 403);
});

t.test('contact data older than 12 months is deleted by the scheduled job; younger stays', async (t) => {
  const api = await h.api(t);
  const old = (await api.call('POST', '/application/contact', { body: contact() })).json().reference;
  api.clock.advance(30 * 86400);
  const young = (await api.call('POST', '/application/contact', { body: contact() })).json().reference;
  const exists = async (ref: string) => (await h.db.query('select id from contact_messages where reference = $1', [ref])).length === 1;

  api.clock.set(Date.parse('2027-11-22T09:59:00.000Z'));
  await job(api, 'data-retention').run();
  t.ok(await exists(old), '12 months less a minute: kept');
  api.clock.set(Date.parse('2027-11-22T10:00:01.000Z'));
  const report = await job(api, 'data-retention').run() as { contactMessages: number };
  t.ok(report.contactMessages >= 1);
  t.notOk(await exists(old), 'past 12 months: deleted');
  t.ok(await exists(young), 'the younger message stays');
});

t.test('the data-retention job runs at start and then on its own every hour', async (t) => {
  const clock = testClock();
  const stale = await h.db.query<{ reference: string }>(
    `insert into contact_messages (id, reference, store_key, first_name, last_name, email, email_lower, message, language, consent_at, created_at)
     values (gen_random_uuid(), 'CT-OLD0-0001', 'ch', 'A', 'B', 'a@example.ch', 'a@example.ch', 'alt', 'de', $1, $1) returning reference`,
    [new Date(clock().getTime() - 400 * 86400_000)],
  );
  const FakeTimers = await import('@sinonjs/fake-timers');
  const timers = FakeTimers.install({ toFake: ['setInterval', 'clearInterval'] });
  t.teardown(() => timers.uninstall());
  const app = await buildCommerceApp({ companyFacts: testCompanyFacts(), db: h.db, config: testConfig(), logger: false, clock });
  t.teardown(() => app.close());
  await app.ready();
  await app.commerce.jobs.get('data-retention')!.idle();
  t.equal((await h.db.query('select id from contact_messages where reference = $1', [stale[0].reference])).length, 0, 'deleted at start');
  const ref = (await app.inject({ method: 'POST', url: '/application/contact', headers: { 'x-store-key': 'ch' }, payload: contact() })).json().reference;
  clock.advance(366 * 86400);
  await timers.tickAsync(3600_000);
  await app.commerce.jobs.get('data-retention')!.idle();
  t.equal((await h.db.query('select id from contact_messages where reference = $1', [ref])).length, 0, 'deleted by the timer');
});

t.test('an anonymous whistleblower report: case reference and access code read the office\'s answers; nothing names the reporter', async (t) => {
  const api = await h.api(t);
  const res = await api.call('POST', '/application/whistleblow', { body: { category: 'fraud', message: 'Bei der Filiale X werden Barren falsch gewogen.', name: 'Hans', email: 'hans@example.ch' } });
  t.equal(res.statusCode, 201, res.body);
  const { caseReference, secret, status } = res.json();
  t.match(caseReference, /^WB-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  t.match(secret, /^wb_[\w-]{43}$/);
  t.equal(status, 'received');
  const [row] = await h.db.query<Record<string, unknown>>('select * from whistleblower_cases where reference = $1', [caseReference]);
  t.match(row, { anonymous: true, reporter_name: null, reporter_email: null, reporter_phone: null }, 'anonymous: the name sent is not kept');
  t.not(row.secret_hash, secret, 'the access code is kept only as a hash');
  t.equal((await h.db.query('select id from outbox where text like $1', [`%${caseReference}%`])).length, 0, 'no mail about it');

  const read = (body: Record<string, unknown>, store = 'ch') => api.call('POST', '/application/whistleblow/case', { store, body });
  t.match((await read({ caseReference, secret })).json(), { caseReference, status: 'received', anonymous: true, messages: [{ author: 'reporter', text: 'Bei der Filiale X werden Barren falsch gewogen.' }] });
  t.equal((await read({ caseReference: caseReference.toLowerCase(), secret })).statusCode, 200, 'the reference in any case');
  for (const wrong of [{ caseReference, secret: 'wb_guess' }, { caseReference: 'WB-AAAA-AAAA', secret }]) {
    const r = await read(wrong);
    t.equal(r.statusCode, 404);
    t.equal(r.json().code, 'whistleblow_case_not_found');
  }
  t.equal((await read({ caseReference, secret }, 'de')).statusCode, 404, 'another store');

  const answer = await api.call('POST', '/admin/applications/whistleblow/answers', { store: null, body: { caseReference, message: 'Danke, wir prüfen das.' } });
  t.equal(answer.statusCode, 201);
  const follow = await api.call('POST', '/application/whistleblow/case/messages', { body: { caseReference, secret, message: 'Es betrifft die Waage 2.' } });
  t.equal(follow.statusCode, 201);
  t.same(follow.json().messages.map((m: { author: string }) => m.author), ['reporter', 'office', 'reporter']);
  t.equal(follow.json().status, 'in-progress');
  await api.call('POST', '/admin/applications/whistleblow/answers', { store: null, body: { caseReference, message: 'Abgeschlossen.', status: 'closed' } });
  t.equal((await api.call('POST', '/application/whistleblow/case/messages', { body: { caseReference, secret, message: 'Noch etwas.' } })).json().code, 'whistleblow_case_closed');
  t.match((await read({ caseReference, secret })).json(), { status: 'closed', messages: [{}, {}, {}, { author: 'office', text: 'Abgeschlossen.' }] });
  const office = (await api.call('GET', '/admin/applications/whistleblow', { store: null })).json().results.find((c: { caseReference: string }) => c.caseReference === caseReference);
  t.equal(office.reporter, null);
  t.equal((await api.app.inject({ method: 'GET', url: '/admin/applications/whistleblow', remoteAddress: '203.0.113.9' })).statusCode, 403);
});

t.test('a named report keeps who reports; it needs the name', async (t) => {
  const api = await h.api(t);
  const missing = await api.call('POST', '/application/whistleblow', { body: { category: 'other', message: 'Hinweis', anonymous: false } });
  t.match(missing.json(), { statusCode: 400, details: { fields: [{ field: 'name', code: 'required' }] } });
  t.match((await api.call('POST', '/application/whistleblow', { body: { category: 'other', message: '' } })).json().details.fields, [{ field: 'message', code: 'required' }]);
  const res = await api.call('POST', '/application/whistleblow', { body: { category: 'workplace', message: 'Hinweis', anonymous: false, name: 'Eva Beispiel', email: 'eva@example.ch' } });
  t.equal(res.statusCode, 201);
  const office = (await api.call('GET', '/admin/applications/whistleblow', { store: null })).json().results.find((c: { caseReference: string }) => c.caseReference === res.json().caseReference);
  t.same(office.reporter, { name: 'Eva Beispiel', email: 'eva@example.ch', phone: null });
});

t.test('nothing of a whistleblower report reaches the logs, at any level', async (t) => {
  const lines: string[] = [];
  const stream = new Writable({ write(chunk, _enc, done) { lines.push(String(chunk)); done(); } });
  const app = await buildCommerceApp({ companyFacts: testCompanyFacts(), db: h.db, config: testConfig(), logger: { ...(loggerOptions('trace', 'commerce') as object), stream }, clock: testClock() });
  t.teardown(() => app.close());
  const secretPhrase = 'Geheimhinweis-Bestechung-Filialleiter';
  const post = (url: string, payload: object) => app.inject({ method: 'POST', url, headers: { 'x-store-key': 'ch' }, payload });
  const res = await post('/application/whistleblow', { category: 'corruption', message: secretPhrase, anonymous: false, name: 'Reporter Name', email: 'reporter@example.ch' });
  const { caseReference, secret } = res.json();
  await post('/application/whistleblow/case', { caseReference, secret });
  await post('/application/whistleblow/case/messages', { caseReference, secret, message: `${secretPhrase} 2` });
  await post('/application/whistleblow', { category: 'corruption', message: `${secretPhrase}\u0000`, name: 'Reporter Name' });
  const office = await app.inject({ method: 'POST', url: '/admin/applications/whistleblow/answers', payload: { caseReference, message: `${secretPhrase} answer` } });
  t.equal(office.statusCode, 201);
  t.ok(lines.length >= 4, 'requests were logged');
  const all = lines.join('\n');
  for (const s of [secretPhrase, secret, 'Reporter Name', 'reporter@example.ch', caseReference]) t.notOk(all.includes(s), `no "${s.slice(0, 12)}…" in the logs`);
});
