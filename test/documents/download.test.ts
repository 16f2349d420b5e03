// Issue 25, "Documents are stored once" and "Where documents appear": the customer's order lists its invoice,
// and the download answers the stored bytes (their SHA-256 is the audit's) to the order's owner only; a later
// change of the company facts changes the next invoice, never an issued one.
import t from 'tap';
import * as life from '../../src/commerce/lifecycle/index.ts';
import { buildCommerceApp } from '../../src/commerce/app.ts';
import type { Order } from '../../src/contracts/order.ts';
import type { CompanyFactsSource } from '../../src/contracts/company-facts.ts';
import { testCompanyFacts } from '../company-facts.ts';
import { commerceHarness, testConfig } from '../commerce/helpers.ts';
import { customer, openShop } from '../orders/helpers.ts';
import { finance, order } from '../lifecycle/helpers.ts';
import { docsOf, pdfText, sha256 } from './helpers.ts';

const h = await commerceHarness(t);

async function pay(ctx: Parameters<typeof life.recordPayment>[0], o: Order): Promise<void> {
  const fin = finance();
  await life.recordPayment(ctx, o.id, { centAmount: o.totalGrossPrice.centAmount, currency: o.totalGrossPrice.currencyCode as 'EUR', reference: o.orderNumber, valueDate: '2026-11-22' }, fin.actor, fin.roles);
}

t.test('the owner downloads the invoice finance\'s payment issued: the stored bytes, a PDF named by its number; nobody else', async (t) => {
  const { api } = await openShop(h, t);
  const c = await customer(api, 'de');
  const o = await order(c);
  t.same((await c.call('GET', `/orders/${o.id}`)).json().documents, [], 'no document while unpaid');
  await pay(api.app.commerce, o);
  const [stored] = await docsOf(h.db, o.id);

  const mine = (await c.call('GET', `/orders/${o.id}`)).json() as Order;
  t.same(mine.documents, [{ id: stored.id, kind: 'invoice', number: stored.number, issuedAt: api.clock().toISOString(), url: `/orders/${o.id}/documents/${stored.id}` }],
    'the order lists its invoice with the download path');

  const res = await c.call('GET', mine.documents![0].url);
  t.equal(res.statusCode, 200);
  t.equal(res.headers['content-type'], 'application/pdf');
  t.equal(res.headers['content-disposition'], `attachment; filename="${stored.number}.pdf"`);
  t.equal(sha256(res.rawPayload), stored.sha256, 'the bytes whose hash is stored and audited');
  t.match(pdfText(res.rawPayload), `Rechnung ${stored.number}`);

  const other = await customer(api, 'de');
  t.match((await other.call('GET', `/orders/${o.id}/documents/${stored.id}`)).json(), { statusCode: 404, code: 'order_not_found' }, 'another customer: 404');
  const theirs = await order(other);
  t.match((await other.call('GET', `/orders/${theirs.id}/documents/${stored.id}`)).json(), { statusCode: 404, code: 'document_not_found' },
    'a document of another order under one\'s own: 404');
  t.match((await c.call('GET', `/orders/${o.id}/documents/not-a-uuid`)).json(), { statusCode: 404, code: 'document_not_found' });
  t.equal((await api.call('GET', `/orders/${o.id}/documents/${stored.id}`, { store: 'de' })).statusCode, 401, 'no token: 401');
});

t.test('the company facts change: the issued invoice downloads byte for byte as before, the next invoice shows the new facts', async (t) => {
  const { api } = await openShop(h, t);
  const c = await customer(api, 'de');
  const first = await order(c);
  const second = await order(c);
  await pay(api.app.commerce, first);
  const before = await c.call('GET', `/orders/${first.id}/documents/${(await docsOf(h.db, first.id))[0].id}`);
  t.match(pdfText(before.rawPayload), 'Feingoldstraße 14');

  // the company moved: the CMS story now says so (a service started after the change)
  const cms = testCompanyFacts();
  const moved: CompanyFactsSource = { forStore: async (s) => ({ ...(await cms.forStore(s)), streetAddress: 'Barrenweg 99', registerNumber: 'HRB 999999' }) };
  const app = await buildCommerceApp({ companyFacts: moved, db: h.db, config: testConfig(), logger: false, clock: api.clock });
  t.teardown(() => app.close());
  const get = (url: string) => app.inject({ method: 'GET', url, headers: { 'x-store-key': 'de', authorization: `Bearer ${c.token}` } });

  const [doc] = await docsOf(h.db, first.id);
  const after = await get(`/orders/${first.id}/documents/${doc.id}`);
  t.equal(after.statusCode, 200);
  t.ok(Buffer.compare(after.rawPayload, before.rawPayload) === 0, 'identical bytes on a second download');
  t.equal(sha256(after.rawPayload), doc.sha256);

  await pay(app.commerce, second);
  const [next] = await docsOf(h.db, second.id);
  const text = pdfText((await get(`/orders/${second.id}/documents/${next.id}`)).rawPayload);
  t.match(text, 'Barrenweg 99', 'a new invoice is written with the facts of its day');
  t.match(text, 'HRB 999999');
  t.notMatch(pdfText(after.rawPayload), 'Barrenweg', 'the old one keeps its facts');
});

t.test('the company facts cannot be read: the payment is refused as a whole (503), nothing recorded, no number used', async (t) => {
  const { api } = await openShop(h, t);
  const c = await customer(api, 'de');
  const o = await order(c);
  const down: CompanyFactsSource = { forStore: async () => { throw new Error('CMS down'); } };
  const app = await buildCommerceApp({ companyFacts: down, db: h.db, config: testConfig(), logger: false, clock: api.clock });
  t.teardown(() => app.close());
  const [{ before }] = await h.db.query<{ before: number }>(`select coalesce(sum(last_number), 0)::int as before from document_counters`);
  await t.rejects(pay(app.commerce, o), { statusCode: 503, code: 'service_unavailable' });
  t.same(await docsOf(h.db, o.id), [], 'no invoice');
  t.match((await c.call('GET', `/orders/${o.id}`)).json(), { paymentState: 'Pending', orderState: 'Open' }, 'and no payment: the order is as it was');
  const [{ after }] = await h.db.query<{ after: number }>(`select coalesce(sum(last_number), 0)::int as after from document_counters`);
  t.equal(after, before, 'no number taken');
});
