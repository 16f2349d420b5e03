// Availability notifications (spec 3, 4): a signed-in customer subscribes to a sold-out product and
// enables or disables it in the account; a guest confirms the e-mail first (double opt-in) or cancels;
// when the product comes back in stock (the admin availability call) each subscriber gets exactly one
// e-mail, also when two calls restock at once; another customer's alert answers 404.
import t, { type Test } from 'tap';
import type { AvailabilityAlert } from '../../src/contracts/availability-alert.ts';
import { commerceHarness, uniqueEmail, type Api } from '../commerce/helpers.ts';
import { customer, guest } from '../orders/helpers.ts';
import { mailCount, openAccountShop, restoreProducts, setAvailability } from './helpers.ts';

const h = await commerceHarness(t);
const SKU = 'AG-PHIL-1OZ';
const backInStock = /Wieder verfügbar|Back in stock/;

function alertToken(text: string): string {
  const m = /alertToken=([\w%-]+)/.exec(text);
  if (!m) throw new Error('no alert token in the mail');
  return decodeURIComponent(m[1]);
}

async function soldOut(tt: Test, api: Api, sku = SKU) {
  await restoreProducts(tt, h.db, [sku]);
  tt.teardown(() => h.db.query('delete from availability_alerts'));
  const res = await setAvailability(api, sku, { availability: 'soldOut' });
  tt.equal(res.statusCode, 200, res.body);
}

t.test('a signed-in customer subscribes, gets one e-mail on restock, and enables it again for the next one', async (t) => {
  const { api } = await openAccountShop(h, t);
  await soldOut(t, api);
  const c = await customer(api);
  const res = await c.call('POST', '/availability-alerts', { sku: SKU });
  t.equal(res.statusCode, 201, res.body);
  const alert = res.json().alert as AvailabilityAlert;
  t.match(res.json(), { confirmationRequired: false });
  t.match(alert, { sku: SKU, email: c.email, enabled: true, notifiedAt: null, availability: 'soldOut', published: true });
  t.equal((await c.call('POST', '/availability-alerts', { sku: SKU })).statusCode, 200, 'subscribing twice keeps one alert');
  t.same((await c.call('GET', '/availability-alerts')).json().results.map((a: AvailabilityAlert) => a.id), [alert.id]);

  const restock = await setAvailability(api, SKU, { availability: 'available' });
  t.match(restock.json(), { sku: SKU, availability: 'available', restocked: true, notified: 1 });
  t.equal(await mailCount(h.db, c.email, backInStock), 1, 'one e-mail');
  const mail = (await h.db.query<{ text: string }>('select text from outbox where "to" = $1 order by id desc limit 1', [c.email]))[0];
  t.match(mail.text, /Guten Tag Anna Muster,\n\ngute Nachricht: .* ist wieder verfügbar\.\n\nhttp:\/\/ch\.localhost:\d+\/produkt\//);
  t.match((await c.call('GET', '/availability-alerts')).json().results[0], { enabled: false, notifiedAt: api.clock().toISOString() }, 'done: disabled');

  await setAvailability(api, SKU, { availability: 'soldOut' });
  await setAvailability(api, SKU, { availability: 'available' });
  t.equal(await mailCount(h.db, c.email, backInStock), 1, 'a disabled alert sends nothing');

  await setAvailability(api, SKU, { availability: 'soldOut' });
  t.match((await c.call('PUT', `/availability-alerts/${alert.id}`, { enabled: true })).json(), { enabled: true, notifiedAt: null });
  t.match((await setAvailability(api, SKU, { availability: 'preorder' })).json(), { restocked: true, notified: 1 }, 'pre-order counts as back');
  t.equal(await mailCount(h.db, c.email, backInStock), 2, 'enabled again: the next restock mails again');

  await setAvailability(api, SKU, { availability: 'soldOut' });
  t.match((await c.call('PUT', `/availability-alerts/${alert.id}`, { enabled: false })).json(), { enabled: false });
  t.match((await setAvailability(api, SKU, { availability: 'available' })).json(), { notified: 0 }, 'disabled in the account: nothing');
  t.equal((await c.call('DELETE', `/availability-alerts/${alert.id}`)).statusCode, 200);
  t.same((await c.call('GET', '/availability-alerts')).json().results, []);
});

t.test('a guest confirms the e-mail first (double opt-in); only then does the restock mail it, once, and nothing is kept', async (t) => {
  const { api } = await openAccountShop(h, t);
  await soldOut(t, api);
  const email = uniqueEmail('gast');
  const g = await guest(api);
  const res = await g.call('POST', '/availability-alerts?languageTag=en', { sku: SKU, email });
  t.equal(res.statusCode, 202);
  t.same(res.json(), { alert: null, confirmationRequired: true });
  const confirmation = (await h.db.query<{ subject: string; text: string }>('select subject, text from outbox where "to" = $1', [email]))[0];
  t.match(confirmation.subject, /^Please confirm your availability notification/);
  t.match(confirmation.text, /http:\/\/ch\.localhost:\d+\/en\/product\/[\w-]+\?alertToken=/);

  await setAvailability(api, SKU, { availability: 'available' });
  t.equal(await mailCount(h.db, email, backInStock), 0, 'unconfirmed: no mail');
  await setAvailability(api, SKU, { availability: 'soldOut' });

  const token = alertToken(confirmation.text);
  t.equal((await api.call('POST', '/availability-alerts/confirmation', { store: 'de', body: { token } })).json().code, 'alert_token_invalid', 'another store');
  t.same((await api.call('POST', '/availability-alerts/confirmation', { body: { token } })).json(), { sku: SKU, status: 'confirmed' });
  t.equal((await api.call('POST', '/availability-alerts/confirmation', { body: { token } })).statusCode, 200, 'a second click changes nothing');
  t.equal((await api.call('POST', '/availability-alerts/confirmation', { body: { token: 'aa_wrong' } })).json().code, 'alert_token_invalid');
  t.equal((await api.call('POST', '/availability-alerts', { body: { sku: SKU, email } })).statusCode, 202, 'asking again');
  t.equal(await mailCount(h.db, email, /confirm/), 1, 'a confirmed address gets no second confirmation mail');

  t.match((await setAvailability(api, SKU, { availability: 'available' })).json(), { notified: 1 });
  t.equal(await mailCount(h.db, email, backInStock), 1);
  t.equal((await h.db.query('select id from availability_alerts where email_lower = $1', [email])).length, 0, 'the guest\'s alert is gone once sent');
});

t.test('a guest cancels with the link of the confirmation mail; a link that is too old confirms nothing', async (t) => {
  const { api } = await openAccountShop(h, t);
  await soldOut(t, api);
  const email = uniqueEmail('gast');
  await api.call('POST', '/availability-alerts', { body: { sku: SKU, email } });
  const token = alertToken((await h.db.query<{ text: string }>('select text from outbox where "to" = $1', [email]))[0].text);
  t.same((await api.call('POST', '/availability-alerts/cancellation', { body: { token } })).json(), { sku: SKU, status: 'cancelled' });
  t.equal((await h.db.query('select id from availability_alerts where email_lower = $1', [email])).length, 0);

  const late = uniqueEmail('spaet');
  await api.call('POST', '/availability-alerts', { body: { sku: SKU, email: late } });
  const lateToken = alertToken((await h.db.query<{ text: string }>('select text from outbox where "to" = $1', [late]))[0].text);
  api.clock.advance(48 * 3600 + 1);
  t.equal((await api.call('POST', '/availability-alerts/confirmation', { body: { token: lateToken } })).json().code, 'alert_token_invalid');
});

t.test('two restocks at the same moment send each subscriber one e-mail', async (t) => {
  const { api } = await openAccountShop(h, t);
  await soldOut(t, api);
  const customers = await Promise.all([1, 2, 3, 4].map(() => customer(api)));
  for (const c of customers) t.equal((await c.call('POST', '/availability-alerts', { sku: SKU })).statusCode, 201);
  const answers = await Promise.all([
    setAvailability(api, SKU, { availability: 'available' }), setAvailability(api, SKU, { availability: 'available' }),
    setAvailability(api, SKU, { availability: 'preorder' }),
  ]);
  t.same(answers.map((a) => a.statusCode), [200, 200, 200]);
  t.equal(answers.reduce((n, a) => n + (a.json().notified as number), 0), 4, 'four mails in all');
  for (const c of customers) t.equal(await mailCount(h.db, c.email, backInStock), 1);
});

t.test('the rules of subscribing: a sold-out, published product, an e-mail for guests', async (t) => {
  const { api } = await openAccountShop(h, t);
  await soldOut(t, api);
  await restoreProducts(t, h.db, ['AU-MAPLE-1OZ']);
  const c = await customer(api);
  t.equal((await c.call('POST', '/availability-alerts', { sku: 'AU-KRUG-1OZ' })).json().code, 'alert_not_needed', 'an available product needs none');
  t.equal((await c.call('POST', '/availability-alerts', { sku: 'NOPE' })).json().code, 'product_not_found');
  await setAvailability(api, 'AU-MAPLE-1OZ', { availability: 'soldOut', published: false });
  t.equal((await c.call('POST', '/availability-alerts', { sku: 'AU-MAPLE-1OZ' })).json().code, 'product_no_longer_available');
  const noEmail = await api.call('POST', '/availability-alerts', { body: { sku: SKU } });
  t.match(noEmail.json(), { statusCode: 400, details: { fields: [{ field: 'email', code: 'required' }] } });
  t.match((await api.call('POST', '/availability-alerts', { body: { sku: SKU, email: 'kein-at' } })).json(), { details: { fields: [{ code: 'invalid_email' }] } });
  const other = uniqueEmail('andere');
  t.equal((await c.call('POST', '/availability-alerts', { sku: SKU, email: other })).statusCode, 202, 'a signed-in customer naming another address confirms it first');
  t.equal((await c.call('GET', '/availability-alerts')).json().results.length, 0);
});

t.test('another customer\'s alert answers 404; the admin call needs loopback or the admin token', async (t) => {
  const { api } = await openAccountShop(h, t);
  await soldOut(t, api);
  const owner = await customer(api);
  const other = await customer(api);
  const alert = (await owner.call('POST', '/availability-alerts', { sku: SKU })).json().alert as AvailabilityAlert;
  for (const [method, body] of [['PUT', { enabled: false }], ['DELETE', undefined]] as const) {
    const res = await other.call(method, `/availability-alerts/${alert.id}`, body);
    t.equal(res.statusCode, 404, method);
    t.equal(res.json().code, 'alert_not_found');
  }
  t.equal((await other.call('PUT', '/availability-alerts/x', { enabled: false })).json().code, 'alert_not_found');
  t.same((await other.call('GET', '/availability-alerts')).json().results, []);
  t.equal((await api.call('GET', '/availability-alerts')).statusCode, 401);
  t.match((await owner.call('GET', '/availability-alerts')).json().results, [{ id: alert.id, enabled: true }], 'unchanged');

  const remote = await api.app.inject({ method: 'PUT', url: `/admin/products/${SKU}/availability`, remoteAddress: '203.0.113.7', payload: { availability: 'available' } });
  t.equal(remote.statusCode, 403);
  t.equal(remote.json().code, 'forbidden');
  t.equal((await setAvailability(api, 'NOPE', { availability: 'available' })).json().code, 'product_not_found');
  t.equal((await setAvailability(api, SKU, {})).statusCode, 400, 'something to change');
  t.equal((await h.db.query<{ availability: string }>('select availability from products where sku = $1', [SKU]))[0].availability, 'soldOut');
});
