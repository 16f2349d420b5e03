// Issue 25: invoice numbers are one gapless sequence per company and year, also when payments are recorded at
// the same moment (run on PostgreSQL by `npm run test:pg`, test/postgres.ts, where the payments really run in
// parallel on separate connections; on PGlite they queue), and a rolled-back issue gives its number back.
import t from 'tap';
import * as life from '../../src/commerce/lifecycle/index.ts';
import { issueInvoice } from '../../src/commerce/documents/index.ts';
import type { OrderRow } from '../../src/commerce/db/rows.ts';
import type { Order } from '../../src/contracts/order.ts';
import { commerceHarness } from '../commerce/helpers.ts';
import { customer, openShop } from '../orders/helpers.ts';
import { finance, order } from '../lifecycle/helpers.ts';
import { docsOf } from './helpers.ts';

const h = await commerceHarness(t);

const payment = (o: Order) => ({ centAmount: o.totalGrossPrice.centAmount, currency: o.totalGrossPrice.currencyCode as 'EUR', reference: `transfer ${o.orderNumber}`, valueDate: '2026-11-22' });

t.test('parallel payments: every paid order gets its own number, consecutive, none skipped or shared', async (t) => {
  const { api } = await openShop(h, t);
  const ctx = api.app.commerce;
  const orders: Order[] = [];
  for (let i = 0; i < 4; i++) {
    const c = await customer(api, 'de');
    orders.push(await order(c), await order(c));
  }
  const fin = finance();
  const results = await Promise.allSettled(orders.map((o) => life.recordPayment(ctx, o.id, payment(o), fin.actor, fin.roles)));
  t.same(results.map((r) => r.status), orders.map(() => 'fulfilled'), 'every payment is recorded');
  const docs = (await Promise.all(orders.map((o) => docsOf(h.db, o.id)))).map((d) => d[0]);
  t.equal(docs.length, orders.length);
  t.ok(docs.every((d) => d.kind === 'invoice' && d.company_key === 'DE' && d.year === 2026), 'one invoice each');
  const seqs = docs.map((d) => d.seq).sort((a, b) => a - b);
  t.same(seqs, seqs.map((_, i) => seqs[0] + i), `consecutive: ${seqs.join(', ')}`);
  t.equal(new Set(docs.map((d) => d.number)).size, docs.length, 'no number twice');
  const [{ last }] = await h.db.query<{ last: number }>(`select last_number as last from document_counters where company_key = 'DE' and kind = 'invoice' and year = 2026`);
  t.equal(last, seqs.at(-1), 'the counter stands at the last number issued');
});

t.test('a rolled-back issue gives its number back: the next invoice takes it', async (t) => {
  const { api } = await openShop(h, t);
  const ctx = api.app.commerce;
  const c = await customer(api, 'de');
  const a = await order(c);
  const b = await order(c);
  const [{ last }] = await h.db.query<{ last: number }>(`select coalesce(max(last_number), 0) as last from document_counters where company_key = 'DE' and kind = 'invoice' and year = 2026`);
  // the payment's transaction fails after the invoice was issued (a later step refused): all of it rolls back
  const [row] = await h.db.query<OrderRow>('select * from orders where id = $1', [a.id]);
  await t.rejects(ctx.db.transaction(async (tx) => {
    await issueInvoice(ctx, tx, { ...row, payment_state: 'Paid' }, api.clock());
    throw new Error('a later step failed');
  }), /a later step failed/);
  t.same(await docsOf(h.db, a.id), [], 'nothing stored');
  const fin = finance();
  await life.recordPayment(ctx, b.id, payment(b), fin.actor, fin.roles);
  const [doc] = await docsOf(h.db, b.id);
  t.equal(doc.seq, Number(last) + 1, 'the next payment\'s invoice takes the number given back');
});
