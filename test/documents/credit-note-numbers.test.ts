// Issue 25: credit note numbers are one gapless GS sequence per company and year, also when payouts are recorded
// at the same moment (on PostgreSQL, TEST_DATABASE_URL, they run in parallel on separate connections; on PGlite
// they queue), and apart from the invoices' sequence.
import t from 'tap';
import * as life from '../../src/commerce/lifecycle/index.ts';
import type { Order } from '../../src/contracts/order.ts';
import { commerceHarness } from '../commerce/helpers.ts';
import { customer, openShop } from '../orders/helpers.ts';
import { finance, scrapSale, warehouse } from '../lifecycle/helpers.ts';
import { docsOf } from './helpers.ts';

const h = await commerceHarness(t);
const IBAN = 'DE89370400440532013000';

t.test('parallel payouts (on PostgreSQL really parallel): every credit note its own GS number, consecutive, none shared; the invoices\' sequence untouched', async (t) => {
  const { api } = await openShop(h, t);
  const ctx = api.app.commerce;
  const wh = warehouse();
  const fin = finance();
  const sales: { o: Order; due: number }[] = [];
  for (let i = 0; i < 5; i++) {
    const o = await scrapSale(await customer(api, 'de'));
    await life.recordGoodsReceived(ctx, o.id, {}, wh.actor, wh.roles);
    const assayed = await life.recordAssay(ctx, o.id, { lines: [{ lineId: o.lineItems[0].id, finalFineWeightMg: 7500 }] }, wh.actor, wh.roles);
    sales.push({ o, due: assayed.assay!.final.centAmount });
  }
  const [{ invoices }] = await h.db.query<{ invoices: number }>(`select coalesce(max(last_number), 0)::int as invoices from document_counters where company_key = 'DE' and kind = 'invoice' and year = 2026`);
  const results = await Promise.allSettled(sales.map(({ o, due }) => life.recordPayout(ctx, o.id, { iban: IBAN, centAmount: due, valueDate: '2026-11-24' }, fin.actor, fin.roles)));
  t.same(results.map((r) => r.status), sales.map(() => 'fulfilled'), 'every payout is recorded');
  const docs = (await Promise.all(sales.map(({ o }) => docsOf(h.db, o.id)))).map((d) => d[0]);
  t.ok(docs.every((d) => d.kind === 'credit_note' && d.company_key === 'DE'), 'one credit note each');
  const seqs = docs.map((d) => d.seq).sort((a, b) => a - b);
  t.same(seqs, seqs.map((_, i) => seqs[0] + i), `consecutive: ${seqs.join(', ')}`);
  t.equal(new Set(docs.map((d) => d.number)).size, docs.length, 'no number twice');
  const [{ after }] = await h.db.query<{ after: number }>(`select coalesce(max(last_number), 0)::int as after from document_counters where company_key = 'DE' and kind = 'invoice' and year = 2026`);
  t.equal(after, invoices, 'credit notes take no invoice number');
});
