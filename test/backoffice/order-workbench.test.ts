// The order page as a workbench in the back office (issue 24), through its forms against the real commerce
// service: the sum row equals the order total, an internal note (escaped, CSRF-checked, never in the
// customer's order), the customer card linking the customer's other orders, "send again" of a mail with
// its budget, the carrier from the list or "other", the next step first; the audit log filtered by order
// number and operator name; operators listed by name and role.
import t from 'tap';
import { commerceHarness } from '../commerce/helpers.ts';
import { customer, guest, openShop } from '../orders/helpers.ts';
import { order } from '../lifecycle/helpers.ts';
import { fmtFor } from '../../src/backoffice/format.ts';
import { backofficeOver, textOf } from './helpers.ts';

const h = await commerceHarness(t);

t.test('the order page: lines with unit prices and a sum row equal to the total; the next step first', async (t) => {
  const { api } = await openShop(h, t);
  const { signedIn } = await backofficeOver(t, api);
  const c = await customer(api, 'ch');
  const o = await order(c, { lines: [{ sku: 'AU-KRUG-1OZ', quantity: 2 }] });
  const fin = await signedIn('finance@ops.example');
  const page = await fin.get(`/orders/${o.id}`);
  t.equal(page.statusCode, 200);
  const sums = /data-testid="order-sums"[\s\S]*?<\/table>/.exec(page.body)?.[0] ?? '';
  const format = fmtFor('en', 'ch').money;
  // as the page's text reads it (the formatter's no-break spaces count as spaces)
  const money = (m: { centAmount: number; currencyCode: string }) => format(m).replace(/\s/g, ' ');
  t.match(textOf(sums), 'Unit price', 'a unit price column');
  t.match(textOf(sums), `2 ${money({ centAmount: o.lineItems[0].price!.centAmount, currencyCode: 'CHF' })} ${money(o.lineItems[0].totalPrice)}`, 'quantity, unit price, line total');
  t.match(textOf(sums), 'Shipping', 'the shipping row');
  const sumCell = /data-testid="order-sum"><strong>([^<]+)</.exec(sums)?.[1];
  t.equal(sumCell, format(o.totalGrossPrice), 'the sum row shows the order total');
  t.notMatch(page.body, 'role="alert"', 'the rows add up');
  // finance: the payment leads, the failed payment and the cancellation come after it
  const primary = page.body.indexOf('id="h-next-step"');
  t.ok(primary > 0, 'a next step');
  t.ok(page.body.indexOf(`action="/orders/${o.id}/payment"`) > primary, 'the payment is the next step');
  t.ok(page.body.indexOf(`action="/orders/${o.id}/payment"`) < page.body.indexOf('id="h-other-actions"'), 'before the other actions');
  t.ok(page.body.indexOf(`action="/orders/${o.id}/cancel"`) > page.body.indexOf('id="h-other-actions"'), 'cancelling is among the others');
});

t.test('an internal note through the form: on the page escaped, in the timeline, never the customer\'s; CSRF and blank refused', async (t) => {
  const { api } = await openShop(h, t);
  const { signedIn } = await backofficeOver(t, api);
  const c = await customer(api, 'ch');
  const o = await order(c);
  const sup = await signedIn('support@ops.example');
  const text = 'Rückruf: <script>alert(1)</script> bitte neutral verpacken';

  const noCsrf = await sup.post(`/orders/${o.id}/notes`, { body: text }, { csrf: null });
  t.equal(noCsrf.statusCode, 403, 'without the form token: refused');
  const blank = await sup.post(`/orders/${o.id}/notes`, { body: '   ' });
  t.equal(blank.statusCode, 400);
  t.match(blank.body, 'id="note-error"', 'the message sits at the note field');

  const added = await sup.post(`/orders/${o.id}/notes`, { body: text });
  t.equal(added.statusCode, 303);
  t.equal(added.headers.location, `/orders/${o.id}?done=note`);
  const page = await sup.get(added.headers.location as string);
  t.match(textOf(page.body), 'The note is added to the timeline.');
  t.notMatch(page.body, '<script>alert(1)</script>', 'never markup');
  t.match(page.body, '&lt;script&gt;alert(1)&lt;/script&gt; bitte neutral verpacken', 'shown as typed, escaped');
  t.match(textOf(page.body), 'Sam Support', 'by its author\'s name');
  t.match(textOf(page.body), 'Internal note added', 'on the timeline');
  const [{ n }] = await api.db.query<{ n: number }>('select count(*)::int as n from order_notes where order_id = $1', [o.id]);
  t.equal(n, 1, 'one note (the refused ones wrote nothing)');
  const mine = await c.call('GET', `/orders/${o.id}`);
  t.notOk(mine.body.includes('neutral verpacken'), 'the customer never reads it');
});

t.test('the customer card links the customer\'s other orders; a guest\'s says so', async (t) => {
  const { api } = await openShop(h, t);
  const { signedIn } = await backofficeOver(t, api);
  const c = await customer(api, 'ch');
  const first = await order(c);
  const o = await order(c);
  const sup = await signedIn('support@ops.example');
  const page = await sup.get(`/orders/${o.id}`);
  const card = /data-testid="customer-card"[\s\S]*?<\/section>/.exec(page.body)?.[0] ?? '';
  t.match(textOf(card), 'Other orders (1)');
  t.match(card, `href="/orders/${first.id}"`, 'a link to the other order');
  t.notMatch(card, `href="/orders/${o.id}"`, 'not to this one');
  t.match(textOf(card), 'No depot.');

  const g = await guest(api, 'ch');
  const go = await order(g);
  const guestPage = await sup.get(`/orders/${go.id}`);
  t.match(textOf(guestPage.body), 'Guest order: no customer account.');
});

t.test('send a mail again: a new mail in the outbox, audited; at once again: refused with the wait', async (t) => {
  const { api } = await openShop(h, t);
  const { signedIn } = await backofficeOver(t, api);
  const c = await customer(api, 'ch');
  const o = await order(c);
  const sup = await signedIn('support@ops.example');
  const page = await sup.get(`/orders/${o.id}`);
  const mailId = /action="\/orders\/[^/]+\/mails\/(\d+)\/resend"/.exec(page.body)?.[1];
  t.ok(mailId, 'the order confirmation with its button');
  const sent = await sup.post(`/orders/${o.id}/mails/${mailId}/resend`, {});
  t.equal(sent.statusCode, 303);
  t.equal(sent.headers.location, `/orders/${o.id}?done=resent`);
  const after = await sup.get(sent.headers.location as string);
  t.match(textOf(after.body), 'The mail is sent again.');
  t.match(textOf(after.body), 'Sent again (copy of the mail of');
  t.match(textOf(after.body), 'Mail sent again', 'on the timeline');
  const [{ n }] = await api.db.query<{ n: number }>('select count(*)::int as n from outbox where order_id = $1', [o.id]);
  t.equal(n, 2, 'a second mail in the outbox');
  const again = await sup.post(`/orders/${o.id}/mails/${mailId}/resend`, {});
  t.equal(again.statusCode, 429);
  t.match(textOf(again.body), 'you can send it again in 10 minutes');
});

t.test('ship with a carrier from the list, or "other" with its name', async (t) => {
  const { api } = await openShop(h, t);
  const { signedIn } = await backofficeOver(t, api);
  const c = await customer(api, 'ch');
  const listed = await order(c);
  const other = await order(c);
  const fin = await signedIn('finance@ops.example');
  for (const o of [listed, other]) {
    await fin.post(`/orders/${o.id}/payment`, { amount: (o.totalGrossPrice.centAmount / 100).toFixed(2), currency: 'CHF', reference: o.orderNumber, valueDate: '2026-11-23' });
  }
  const wh = await signedIn('warehouse@ops.example');
  const form = await wh.get(`/orders/${listed.id}`);
  t.match(form.body, '<option value="deutschepost">Deutsche Post</option>', 'the list');
  t.match(form.body, /<option value="swisspost" selected="">Swiss Post<\/option>/, 'the Swiss store\'s usual carrier first choice');
  const missing = await wh.post(`/orders/${other.id}/shipment`, { carrier: 'other', carrierOther: ' ', trackingNumber: 'PLZ-123456' });
  t.equal(missing.statusCode, 400);
  t.match(textOf(missing.body), 'Please enter the other carrier\'s name.');
  const shipped = await wh.post(`/orders/${listed.id}/shipment`, { carrier: 'deutschepost', trackingNumber: '00340434161234567890' });
  t.equal(shipped.statusCode, 303);
  const typed = await wh.post(`/orders/${other.id}/shipment`, { carrier: 'other', carrierOther: 'Planzer', trackingNumber: 'PLZ-123456' });
  t.equal(typed.statusCode, 303);
  const rows = await api.db.query<{ order_id: string; carrier: string; tracking_url: string | null }>('select order_id, carrier, tracking_url from order_shipments where order_id = any($1::uuid[])', [[listed.id, other.id]]);
  const by = new Map(rows.map((r) => [r.order_id, r]));
  t.match(by.get(listed.id), { carrier: 'Deutsche Post', tracking_url: /deutschepost\.de/ });
  t.match(by.get(other.id), { carrier: 'Planzer', tracking_url: null });
});

t.test('the audit log by order number and operator name; operators by name and role', async (t) => {
  const { api } = await openShop(h, t);
  const { signedIn } = await backofficeOver(t, api);
  const c = await customer(api, 'ch');
  const o = await order(c);
  const other = await order(c);
  const sup = await signedIn('support@ops.example');
  await sup.post(`/orders/${o.id}/notes`, { body: 'eins' });
  const wh = await signedIn('warehouse@ops.example');
  await wh.post(`/orders/${other.id}/notes`, { body: 'zwei' });

  const byNumber = await sup.get(`/audit?orderNumber=${encodeURIComponent(o.orderNumber)}`);
  t.equal(byNumber.statusCode, 200);
  t.match(textOf(byNumber.body), o.orderNumber);
  t.notMatch(textOf(byNumber.body), other.orderNumber, 'only that order');
  t.match(byNumber.body, `value="${o.orderNumber}"`, 'the filter keeps what was typed');
  const byName = await sup.get('/audit?operator=Lena');
  t.match(textOf(byName.body), other.orderNumber);
  t.notMatch(textOf(byName.body), o.orderNumber, 'only Lena Lager\'s entries');
  t.match(textOf(byName.body), 'Lena Lager', 'named by name');

  const admin = await signedIn('admin@ops.example');
  const ops = textOf((await admin.get('/operators')).body);
  t.match(ops, /Ada Admin admin@ops\.example Admin/, 'name, e-mail, role');
  t.ok(ops.indexOf('Felix Finanz') < ops.indexOf('Lena Lager') && ops.indexOf('Lena Lager') < ops.indexOf('Sam Support'), 'by name');
  const created = await admin.post('/operators', { email: 'zora@ops.example', name: 'Zora Zeller', password: 'Zora-Operator-2026', roles: 'support' });
  t.equal(created.statusCode, 303);
  t.match(textOf((await admin.get('/operators')).body), 'Zora Zeller');
  t.teardown(() => api.db.query('delete from operators where email = $1', ['zora@ops.example']));
});
