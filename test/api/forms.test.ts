// The storefront's API for availability alerts, the newsletter, the contact form and the whistleblower
// system (issue 10) between real services: a customer never reaches another customer's alert (404), guests
// can write to us and report, the newsletter duplicate answers its message.
import t from 'tap';
import { lastMessageTo, signedIn, startShop, uniqueEmail } from './helpers.ts';

const SOLD_OUT = 'AU-EAGLE-1-10OZ'; // sold out in the seed

t.test('another customer\'s alert answers 404 and is not listed; a guest has no list', async (t) => {
  const shop = await startShop(t);
  const { b: anna, account } = await signedIn(shop);
  const created = await anna.post('/api/availability-alerts', { sku: SOLD_OUT });
  t.equal(created.status, 200, created.text);
  t.equal(created.json.confirmationRequired, false, 'the account\'s address is active at once');
  t.equal(created.json.alert.email, account.email);
  const id = created.json.alert.id as string;

  const { b: ben } = await signedIn(shop);
  const put = await ben.put(`/api/me/availability-alerts/${id}`, { enabled: false });
  t.equal(put.status, 404);
  t.equal(put.json.code, 'alert_not_found');
  t.ok(put.json.message, 'with a message');
  const del = await ben.delete(`/api/me/availability-alerts/${id}`);
  t.equal(del.status, 404);
  t.equal(del.json.code, 'alert_not_found');
  const notUuid = await ben.delete('/api/me/availability-alerts/nope');
  t.equal(notUuid.status, 404);
  t.same((await ben.get('/api/me/availability-alerts')).json, { results: [] });

  // the owner still has it, enabled
  const mine = await anna.get('/api/me/availability-alerts');
  t.same(mine.json.results.map((a: { id: string; enabled: boolean }) => [a.id, a.enabled]), [[id, true]]);
  const off = await anna.put(`/api/me/availability-alerts/${id}`, { enabled: false });
  t.equal(off.status, 200);
  t.equal(off.json.enabled, false);
  t.equal((await anna.delete(`/api/me/availability-alerts/${id}`)).status, 200);

  const guest = shop.browser();
  await guest.open();
  const list = await guest.get('/api/me/availability-alerts');
  t.equal(list.status, 401);
  t.equal(list.json.code, 'not_signed_in');
});

t.test('a guest subscribes with an e-mail and confirms through the mailed link', async (t) => {
  const shop = await startShop(t);
  const guest = shop.browser();
  await guest.open();
  const email = uniqueEmail('alert');
  const r = await guest.post('/api/availability-alerts', { sku: SOLD_OUT, email });
  t.equal(r.status, 200, r.text);
  t.same(r.json, { alert: null, confirmationRequired: true, alreadySubscribed: false }, 'a guest is never told whether the address was on the list');
  const mail = await lastMessageTo(shop.db, email);
  const token = /alertToken=([^\s&]+)/.exec(mail?.text ?? '')?.[1];
  t.ok(token, 'the link carries the token');
  const ok = await guest.post('/api/availability-alerts/confirmation', { token: decodeURIComponent(token ?? '') });
  t.equal(ok.status, 200);
  t.same(ok.json, { sku: SOLD_OUT, status: 'confirmed' });
  const bad = await guest.post('/api/availability-alerts/confirmation', { token: 'aa_nothing' });
  t.equal(bad.status, 400);
  t.equal(bad.json.code, 'alert_token_invalid');
});

t.test('newsletter: double opt-in, then the duplicate answers its message', async (t) => {
  const shop = await startShop(t);
  const guest = shop.browser();
  guest.language = 'en';
  await guest.open();
  const email = uniqueEmail('news');
  const first = await guest.post('/api/newsletter/subscriptions', { email });
  t.equal(first.status, 200, first.text);
  t.same(first.json, { status: 'pending', confirmationRequired: true });
  const mail = await lastMessageTo(shop.db, email);
  const token = /newsletterToken=([^\s&]+)/.exec(mail?.text ?? '')?.[1];
  const confirmed = await guest.post('/api/newsletter/confirmation', { token: decodeURIComponent(token ?? '') });
  t.same(confirmed.json, { status: 'confirmed' });
  const again = await guest.post('/api/newsletter/subscriptions', { email });
  t.equal(again.status, 409);
  t.equal(again.json.code, 'newsletter_already_subscribed');
  t.equal(again.json.message, 'This e-mail address is already subscribed to our newsletter.');
});

t.test('a guest sends the contact form (consent required) and an anonymous report, and reads the case', async (t) => {
  const shop = await startShop(t);
  const guest = shop.browser();
  await guest.open();
  const body = { firstName: 'Anna', lastName: 'Muster', email: uniqueEmail('contact'), message: 'Eine Frage zu meiner Bestellung.', consent: false };
  const refused = await guest.post('/api/contact', body);
  t.equal(refused.status, 400);
  t.same(refused.json.details.fields.map((f: { field: string }) => f.field), ['consent']);
  const sent = await guest.post('/api/contact', { ...body, consent: true });
  t.equal(sent.status, 201, sent.text);
  t.match(sent.json.reference, /^CT-/);

  const report = await guest.post('/api/whistleblow', { category: 'fraud', message: 'Gewichte werden manipuliert.' });
  t.equal(report.status, 201, report.text);
  t.match(report.json.caseReference, /^WB-/);
  const { caseReference, secret } = report.json;
  const read = await guest.post('/api/whistleblow/case', { caseReference, secret });
  t.equal(read.status, 200);
  t.equal(read.json.anonymous, true);
  t.equal(read.json.messages.length, 1);
  const wrong = await guest.post('/api/whistleblow/case', { caseReference, secret: 'wb_wrong' });
  t.equal(wrong.status, 404);
  t.equal(wrong.json.code, 'whistleblow_case_not_found');
  const reply = await guest.post('/api/whistleblow/case/messages', { caseReference, secret, message: 'Noch ein Detail.' });
  t.equal(reply.status, 201);
  t.equal(reply.json.messages.length, 2);
});

t.test('the newsletter box at registration asks for the double opt-in by mail; without it no mail goes out', async (t) => {
  const shop = await startShop(t);
  const b = shop.browser();
  await b.open();
  const email = uniqueEmail('regnl');
  const reg = await b.post('/api/register', { email, password: 'Goldbarren2026', passwordRepeat: 'Goldbarren2026', firstName: 'Anna', lastName: 'Muster', newsletterOptIn: true });
  t.equal(reg.status, 201, reg.text);
  const mails = await shop.db.query<{ text: string }>('select text from outbox where "to" = $1 order by id', [email]);
  t.equal(mails.length, 2, 'the activation mail and the newsletter confirmation');
  t.match(mails[1].text, /newsletterToken=/, 'the second asks to confirm the newsletter');
  const rows = await shop.db.query<{ status: string }>('select status from newsletter_subscriptions where email_lower = $1', [email.toLowerCase()]);
  t.same(rows.map((r) => r.status), ['pending'], 'pending until confirmed');

  const other = uniqueEmail('regnone');
  const plain = await b.post('/api/register', { email: other, password: 'Goldbarren2026', passwordRepeat: 'Goldbarren2026', firstName: 'Ben', lastName: 'Muster' });
  t.equal(plain.status, 201);
  t.equal((await shop.db.query('select 1 from newsletter_subscriptions where email_lower = $1', [other.toLowerCase()])).length, 0, 'no box, no subscription');
});
