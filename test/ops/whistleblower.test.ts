// The reporting office (admin) reads and answers whistleblower cases through /ops; the reporter reads the
// answer with reference and access code. The loopback admin calls keep working.
import t from 'tap';
import { commerceHarness, type Api } from '../commerce/helpers.ts';
import { demoToken, opsCall } from './helpers.ts';

const h = await commerceHarness(t);

async function report(api: Api, body: Record<string, unknown> = {}): Promise<{ caseReference: string; secret: string }> {
  const res = await api.call('POST', '/application/whistleblow', { store: 'de', body: { category: 'fraud', message: 'Ein Kollege bucht Barren doppelt.', ...body } });
  if (res.statusCode !== 201) throw new Error(`report failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

t.test('an admin lists, reads, answers and closes a case; the reporter reads the answer', async (t) => {
  const api = await h.api(t);
  const admin = await demoToken(api, 'admin');
  const named = await report(api, { anonymous: false, name: 'Erika Muster', email: 'erika@example.de' });
  const anon = await report(api);

  const list = await opsCall(api, 'GET', '/ops/whistleblower?status=received', admin);
  t.equal(list.statusCode, 200, list.body);
  const refs = list.json().results.map((c: { caseReference: string }) => c.caseReference);
  t.ok(refs.includes(named.caseReference) && refs.includes(anon.caseReference));
  t.ok(list.json().total >= 2);

  const one = (await opsCall(api, 'GET', `/ops/whistleblower/${anon.caseReference.toLowerCase()}`, admin)).json();
  t.equal(one.caseReference, anon.caseReference);
  t.equal(one.reporter, null, 'an anonymous report names nobody');
  t.equal(one.messages[0].text, 'Ein Kollege bucht Barren doppelt.');
  t.same((await opsCall(api, 'GET', `/ops/whistleblower/${named.caseReference}`, admin)).json().reporter, { name: 'Erika Muster', email: 'erika@example.de', phone: null });

  const answered = await opsCall(api, 'POST', `/ops/whistleblower/${anon.caseReference}/answers`, admin, { message: 'Danke, wir prüfen das.' });
  t.equal(answered.statusCode, 201, answered.body);
  t.equal(answered.json().status, 'in-progress');
  const reporterView = await api.call('POST', '/application/whistleblow/case', { store: 'de', body: { caseReference: anon.caseReference, secret: anon.secret } });
  t.same(reporterView.json().messages.map((m: { author: string; text: string }) => [m.author, m.text]),
    [['reporter', 'Ein Kollege bucht Barren doppelt.'], ['office', 'Danke, wir prüfen das.']]);

  const closed = await opsCall(api, 'POST', `/ops/whistleblower/${anon.caseReference}/answers`, admin, { message: 'Erledigt.', close: true });
  t.equal(closed.json().status, 'closed');
  const again = await opsCall(api, 'POST', `/ops/whistleblower/${anon.caseReference}/answers`, admin, { message: 'Noch etwas.' });
  t.equal(again.statusCode, 409);
  t.equal(again.json().code, 'whistleblow_case_closed');
  const onlyClosed = (await opsCall(api, 'GET', '/ops/whistleblower?status=closed', admin)).json();
  t.ok(onlyClosed.results.every((c: { status: string }) => c.status === 'closed'));
  t.ok(onlyClosed.results.some((c: { caseReference: string }) => c.caseReference === anon.caseReference));
});

t.test('an unknown case is 404; an empty answer is 400', async (t) => {
  const api = await h.api(t);
  const admin = await demoToken(api, 'admin');
  t.equal((await opsCall(api, 'GET', '/ops/whistleblower/WB-AAAA-BBBB', admin)).json().code, 'whistleblow_case_not_found');
  t.equal((await opsCall(api, 'POST', '/ops/whistleblower/WB-AAAA-BBBB/answers', admin, { message: 'x' })).json().code, 'whistleblow_case_not_found');
  const c = await report(api);
  for (const body of [{ message: '   ' }, { message: '' }, { message: 'x', status: 'closed' }]) {
    const res = await opsCall(api, 'POST', `/ops/whistleblower/${c.caseReference}/answers`, admin, body);
    t.equal(res.statusCode, 400, JSON.stringify(body));
    t.equal(res.json().code, 'validation_failed');
  }
});

t.test('the loopback admin calls still list and answer cases', async (t) => {
  const api = await h.api(t);
  const c = await report(api);
  const answered = await api.call('POST', '/admin/applications/whistleblow/answers', { store: null, body: { caseReference: c.caseReference, message: 'Eingang bestätigt.' } });
  t.equal(answered.statusCode, 201, answered.body);
  const list = (await api.call('GET', '/admin/applications/whistleblow', { store: null })).json();
  const found = list.results.find((x: { caseReference: string }) => x.caseReference === c.caseReference);
  t.equal(found.messages[1].text, 'Eingang bestätigt.');
  t.equal(found.status, 'in-progress');
  const log = (await opsCall(api, 'GET', '/ops/audit?limit=200', await demoToken(api, 'admin'))).json().results as { action: string; actor: { type: string; id: string }; details: Record<string, unknown> }[];
  t.match(log.find((e) => e.details.caseReference === c.caseReference), { action: 'whistleblow_answered', actor: { type: 'system', id: 'admin-api' } }, 'an answer without an operator is audited too');
});

t.test('an answer and a closing are in the audit log naming the operator (admins read those entries); the office sees who answered', async (t) => {
  const api = await h.api(t);
  const admin = await demoToken(api, 'admin');
  const c = await report(api);
  t.equal((await opsCall(api, 'POST', `/ops/whistleblower/${c.caseReference}/answers`, admin, { message: 'Danke, wir prüfen das.' })).statusCode, 201);
  t.equal((await opsCall(api, 'POST', `/ops/whistleblower/${c.caseReference}/answers`, admin, { message: 'Erledigt.', close: true })).statusCode, 201);

  const log = (await opsCall(api, 'GET', '/ops/audit?limit=200', admin)).json().results as { action: string; actor: { type: string; email: string | null }; details: Record<string, unknown> }[];
  const mine = log.filter((e) => e.details.caseReference === c.caseReference);
  t.same(mine.map((e) => [e.action, e.actor.type, e.actor.email, e.details.status]).reverse(), [
    ['whistleblow_answered', 'operator', 'admin@ops.example', 'in-progress'],
    ['whistleblow_closed', 'operator', 'admin@ops.example', 'closed'],
  ], 'who answered and who closed, oldest first');
  t.notMatch(JSON.stringify(mine), /prüfen|Erledigt|bucht/, 'never the text of the case');

  const finance = await demoToken(api, 'finance');
  const theirs = (await opsCall(api, 'GET', '/ops/audit?limit=200', finance)).json().results as { action: string }[];
  t.notOk(theirs.some((e) => e.action.startsWith('whistleblow_')), 'other roles do not read the office\'s entries (a case is confidential)');

  const office = (await opsCall(api, 'GET', `/ops/whistleblower/${c.caseReference}`, admin)).json();
  t.same(office.messages.map((m: { author: string; by: string | null }) => [m.author, m.by]),
    [['reporter', null], ['office', 'admin@ops.example'], ['office', 'admin@ops.example']], 'the office reads who wrote each answer');
  const reporterView = (await api.call('POST', '/application/whistleblow/case', { store: 'de', body: { caseReference: c.caseReference, secret: c.secret } })).json();
  t.notMatch(JSON.stringify(reporterView), 'ops.example', 'the reporter reads "office", never the operator');
});
