// Newsletter (spec 7 POST /newsletters/subscriptions with languageTag; spec 8 duplicate message): double
// opt-in by the mailed link, the welcome mail's unsubscribe link, a signed-in customer's own address at
// once, the account's newsletter flag following the subscription.
import t from 'tap';
import { commerceHarness, uniqueEmail } from '../commerce/helpers.ts';
import { customer } from '../orders/helpers.ts';
import { mailCount } from './helpers.ts';

const h = await commerceHarness(t);
t.teardown(() => h.db.query('delete from newsletter_subscriptions'));

async function linkToken(to: string, param: string): Promise<string> {
  const rows = await h.db.query<{ text: string }>('select text from outbox where "to" = $1 order by id desc', [to]);
  for (const r of rows) {
    const m = new RegExp(`${param}=([\\w%-]+)`).exec(r.text);
    if (m) return decodeURIComponent(m[1]);
  }
  throw new Error(`no ${param} link to ${to}`);
}

t.test('a new address is pending until the link in the confirmation mail confirms it; then a duplicate answers with its message', async (t) => {
  const api = await h.api(t);
  const email = uniqueEmail('leser');
  const res = await api.call('POST', '/newsletters/subscriptions?languageTag=en', { body: { email } });
  t.equal(res.statusCode, 202);
  t.same(res.json(), { status: 'pending', confirmationRequired: true });
  const mail = (await h.db.query<{ subject: string; text: string }>('select subject, text from outbox where "to" = $1', [email]))[0];
  t.match(mail.subject, /^Please confirm your newsletter subscription/);
  t.match(mail.text, /http:\/\/ch\.localhost:\d+\/en\?newsletterToken=nl_/);

  const token = await linkToken(email, 'newsletterToken');
  t.same((await api.call('POST', '/newsletters/subscriptions/confirmation', { body: { token } })).json(), { status: 'confirmed' });
  t.equal((await api.call('POST', '/newsletters/subscriptions/confirmation', { body: { token } })).statusCode, 200, 'a second click changes nothing');
  t.equal(await mailCount(h.db, email, /^Welcome/), 1, 'one welcome mail');
  t.match((await h.db.query<{ text: string }>('select text from outbox where "to" = $1 order by id desc limit 1', [email]))[0].text, /\/en\?newsletterUnsubscribe=nu_/);

  const duplicate = await api.call('POST', '/newsletters/subscriptions', { body: { email: email.toUpperCase() } });
  t.equal(duplicate.statusCode, 409);
  t.same(duplicate.json(), { statusCode: 409, code: 'newsletter_already_subscribed', message: 'This e-mail address is already subscribed to our newsletter.' });
  t.equal((await api.call('POST', '/newsletters/subscriptions', { store: 'de', body: { email } })).statusCode, 202, 'each store has its own list');
});

t.test('asking again while pending sends the confirmation again, at most three an hour; an old link confirms nothing', async (t) => {
  const api = await h.api(t);
  const email = uniqueEmail('zoegerlich');
  for (let i = 0; i < 5; i++) t.equal((await api.call('POST', '/newsletters/subscriptions', { body: { email } })).statusCode, 202);
  t.equal(await mailCount(h.db, email, /Newsletter-Abonnement/), 3, 'three mails, the same answer every time');
  const token = await linkToken(email, 'newsletterToken');
  api.clock.advance(48 * 3600 + 1);
  t.equal((await api.call('POST', '/newsletters/subscriptions/confirmation', { body: { token } })).json().code, 'newsletter_token_invalid');
  t.equal((await api.call('POST', '/newsletters/subscriptions/confirmation', { body: { token: 'nl_nothing' } })).json().code, 'newsletter_token_invalid');
  const bad = await api.call('POST', '/newsletters/subscriptions', { body: { email: 'no-address' } });
  t.match(bad.json(), { statusCode: 400, code: 'validation_failed', details: { fields: [{ field: 'email', code: 'invalid_email' }] } });
});

t.test('the unsubscribe link deletes the subscription', async (t) => {
  const api = await h.api(t);
  const email = uniqueEmail('geht');
  await api.call('POST', '/newsletters/subscriptions', { body: { email } });
  await api.call('POST', '/newsletters/subscriptions/confirmation', { body: { token: await linkToken(email, 'newsletterToken') } });
  const token = await linkToken(email, 'newsletterUnsubscribe');
  t.same((await api.call('POST', '/newsletters/subscriptions/unsubscribe', { body: { token } })).json(), { status: 'unsubscribed' });
  t.equal((await h.db.query('select id from newsletter_subscriptions where email_lower = $1', [email])).length, 0, 'nothing kept');
  t.equal((await api.call('POST', '/newsletters/subscriptions/unsubscribe', { body: { token } })).json().code, 'newsletter_token_invalid');
  t.equal((await api.call('POST', '/newsletters/subscriptions', { body: { email } })).statusCode, 202, 'and the address can subscribe again');
});

t.test('a signed-in customer\'s own address is subscribed at once; the profile\'s newsletter flag follows', async (t) => {
  const api = await h.api(t);
  const c = await customer(api);
  const res = await c.call('POST', '/newsletters/subscriptions', { email: c.email });
  t.equal(res.statusCode, 201);
  t.same(res.json(), { status: 'confirmed', confirmationRequired: false });
  t.match((await c.call('GET', '/newsletters/subscriptions/me')).json(), { email: c.email, status: 'confirmed' });
  t.equal((await c.call('GET', '/customers/me')).json().customer.newsletterOptIn, true);
  t.equal(await mailCount(h.db, c.email, /Willkommen/), 1);
  t.equal((await c.call('POST', '/newsletters/subscriptions', { email: c.email })).json().code, 'newsletter_already_subscribed');

  t.same((await c.call('DELETE', '/newsletters/subscriptions/me')).json(), { status: 'unsubscribed' });
  t.equal((await c.call('GET', '/customers/me')).json().customer.newsletterOptIn, false);
  t.match((await c.call('GET', '/newsletters/subscriptions/me')).json(), { status: 'none' });
  t.equal((await c.call('DELETE', '/newsletters/subscriptions/me')).json().code, 'newsletter_not_subscribed');
  const other = uniqueEmail('fremd');
  t.equal((await c.call('POST', '/newsletters/subscriptions', { email: other })).statusCode, 202, 'another address is confirmed by its owner');
  t.equal((await api.call('GET', '/newsletters/subscriptions/me')).statusCode, 401);
});
