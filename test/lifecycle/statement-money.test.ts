// Issue 23: only what the bank booked is money. A camt.053 entry counts only with status BOOK (pending
// entries in both forms, and INFO, are listed and book nothing); a credit marked as a reversal is never a
// payment; a debit that takes a payment back (RvslInd, or a return code such as PMNT/RCDT/RRTN) undoes it:
// the order goes back to unpaid (payment Pending) or to payment Failed when nothing is left paid, metal
// booked into the depot by it leaves again (unless sold: then the order waits for finance, as delivered
// goods do), the audit says so and finance finds it in the payment_review queue. The statement's account
// must be the shop's, the document a camt.053 (its namespace read for real), and a value date outside the
// rule for typed value dates books nothing.
import t from 'tap';
import type { Cart } from '../../src/contracts/cart.ts';
import type { Order } from '../../src/contracts/order.ts';
import * as life from '../../src/commerce/lifecycle/index.ts';
import { isReturnCode, parseCamt053 } from '../../src/commerce/lifecycle/camt.ts';
import { checkValueDate, valueDateInRange } from '../../src/commerce/lifecycle/steps.ts';
import { commerceHarness, type Api } from '../commerce/helpers.ts';
import { customer, ok, placeOrder, pricesNow, readyCart, type Shopper } from '../orders/helpers.ts';
import { openAccountShop } from '../account/helpers.ts';
import { auditActions, finance, mailsTo, order, warehouse } from './helpers.ts';

const h = await commerceHarness(t);
const COIN = 'AU-KRUG-1OZ';
/** the shop's own accounts (the company facts story) */
const CHF_ACCOUNT = 'CH3200700110004738291';
const EUR_ACCOUNT_DE = 'DE06701500001002847365';

interface Line {
  ref: string; cents: number; currency?: string; remittance: string; debit?: boolean;
  /** the status element as the bank writes it; default <Sts><Cd>BOOK</Cd></Sts> */
  sts?: string; rvsl?: boolean; code?: string; prtry?: string; valueDate?: string;
}

function ntry(l: Line): string {
  const code = l.code ? `<BkTxCd><Domn><Cd>${l.code.split('/')[0]}</Cd><Fmly><Cd>${l.code.split('/')[1]}</Cd><SubFmlyCd>${l.code.split('/')[2]}</SubFmlyCd></Fmly></Domn></BkTxCd>`
    : l.prtry ? `<BkTxCd><Prtry><Cd>${l.prtry}</Cd><Issr>Bank</Issr></Prtry></BkTxCd>` : '';
  return `
      <Ntry>
        <NtryRef>${l.ref}</NtryRef>
        <Amt Ccy="${l.currency ?? 'CHF'}">${(l.cents / 100).toFixed(2)}</Amt>
        <CdtDbtInd>${l.debit ? 'DBIT' : 'CRDT'}</CdtDbtInd>${l.rvsl ? '\n        <RvslInd>true</RvslInd>' : ''}
        ${l.sts ?? '<Sts><Cd>BOOK</Cd></Sts>'}
        <BookgDt><Dt>2026-11-22</Dt></BookgDt>
        <ValDt><Dt>${l.valueDate ?? '2026-11-22'}</Dt></ValDt>
        ${code}
        <NtryDtls><TxDtls>
          <RltdPties><Dbtr><Pty><Nm>Anna Muster</Nm></Pty></Dbtr></RltdPties>
          <RmtInf><Ustrd>${l.remittance}</Ustrd></RmtInf>
        </TxDtls></NtryDtls>
      </Ntry>`;
}

function statement(lines: Line[], opts: { iban?: string; ccy?: string; ns?: string; id?: string } = {}): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="${opts.ns ?? 'urn:iso:std:iso:20022:tech:xsd:camt.053.001.08'}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>MSG-${opts.id ?? lines[0]?.ref}</MsgId><CreDtTm>2026-11-22T18:00:00+01:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>STMT-${opts.id ?? lines[0]?.ref}</Id>
      <Acct><Id><IBAN>${opts.iban ?? CHF_ACCOUNT}</IBAN></Id>${opts.ccy === '' ? '' : `<Ccy>${opts.ccy ?? 'CHF'}</Ccy>`}</Acct>${lines.map(ntry).join('')}
    </Stmt>
  </BkToCstmrStmt>
</Document>`;
}

const fin = finance();
const upload = (api: { app: { commerce: Parameters<typeof life.importBankStatement>[0] } }, xml: string) => life.importBankStatement(api.app.commerce, xml, fin.actor, fin.roles);
const cents = (o: Order) => o.totalGrossPrice.centAmount;
const results = (r: { entries: { result: string }[] }) => r.entries.map((e) => e.result);
async function paidCount(orderId: string): Promise<number> {
  const [{ n }] = await h.db.query<{ n: number }>('select count(*)::int as n from order_payments where order_id = $1 and reversed_at is null', [orderId]);
  return n;
}

t.test('pending (both forms) and INFO entries are listed, book nothing, and apply once the bank books them', async (t) => {
  const { api } = await openAccountShop(h, t);
  t.teardown(() => h.db.query('delete from bank_statement_entries'));
  const c = await customer(api, 'ch');
  const [a, b, d, e] = [await order(c), await order(c), await order(c), await order(c)];
  const xml = statement([
    { ref: 'P-1', cents: cents(a), remittance: a.orderNumber, sts: '<Sts><Cd>PDNG</Cd></Sts>' },
    { ref: 'P-2', cents: cents(b), remittance: b.orderNumber, sts: '<Sts>PDNG</Sts>' },
    { ref: 'P-3', cents: cents(d), remittance: d.orderNumber, sts: '<Sts><Cd>INFO</Cd></Sts>' },
    { ref: 'P-4', cents: cents(e), remittance: e.orderNumber, sts: '<Sts>BOOK</Sts>' },
  ]);
  const r = await upload(api, xml);
  t.same(results(r), ['pending', 'pending', 'info', 'applied']);
  t.match(r, { applied: 1, flagged: 0, pending: 3 });
  for (const o of [a, b, d]) {
    t.match((await life.opsOrderDetail(api.app.commerce, o.id, fin.roles)).summary, { orderState: 'Open', paymentState: 'Pending' }, `${o.orderNumber} unpaid`);
    t.equal(await paidCount(o.id), 0);
  }
  t.match((await life.opsOrderDetail(api.app.commerce, e.id, fin.roles)).summary, { orderState: 'Confirmed', paymentState: 'Paid' });

  // the next day's statement reports the same entries booked (same entry references): now they are money
  const booked = await upload(api, statement([
    { ref: 'P-1', cents: cents(a), remittance: a.orderNumber },
    { ref: 'P-2', cents: cents(b), remittance: b.orderNumber, sts: '<Sts>BOOK</Sts>' },
  ], { id: 'NEXT' }));
  t.same(results(booked), ['applied', 'applied'], 'a pending entry was not recorded: booked later it applies');
});

t.test('a credit marked as a reversal is never a payment', async (t) => {
  const { api } = await openAccountShop(h, t);
  t.teardown(() => h.db.query('delete from bank_statement_entries'));
  const c = await customer(api, 'ch');
  const o = await order(c);
  const r = await upload(api, statement([{ ref: 'RV-1', cents: cents(o), remittance: `Storno ${o.orderNumber}`, rvsl: true }]));
  t.same(results(r), ['reversal']);
  t.match(r, { applied: 0, flagged: 1 });
  t.equal(await paidCount(o.id), 0, 'nothing booked');
  t.match((await life.opsOrderDetail(api.app.commerce, o.id, fin.roles)).summary, { orderState: 'Open', paymentState: 'Pending' });
});

t.test('a returned transfer undoes its payment: the order is unpaid again (Failed), finance sees it, the customer is told; a later transfer books', async (t) => {
  const { api } = await openAccountShop(h, t);
  t.teardown(() => h.db.query('delete from bank_statement_entries'));
  const ctx = api.app.commerce;
  const c = await customer(api, 'ch');
  const o = await order(c);
  t.same(results(await upload(api, statement([{ ref: 'IN-1', cents: cents(o), remittance: `Bestellung ${o.orderNumber}` }]))), ['applied']);
  t.match((await life.opsOrderDetail(ctx, o.id, fin.roles)).summary, { orderState: 'Confirmed', paymentState: 'Paid' });

  // the payer's bank returns it (PMNT/RCDT/RRTN), quoting the original reference
  const back = await upload(api, statement([{ ref: 'RT-1', cents: cents(o), remittance: `Retoure ${o.orderNumber} Konto erloschen`, debit: true, code: 'PMNT/RCDT/RRTN' }]));
  t.same(results(back), ['payment_reversed']);
  t.match(back, { reversed: 1, applied: 0 });
  const d = await life.opsOrderDetail(ctx, o.id, fin.roles);
  t.match(d.summary, { orderState: 'Open', paymentState: 'Failed', queues: ['payment_review'] }, 'back to unpaid; nothing left paid: Failed');
  t.same(d.paidAmount.centAmount, 0);
  t.match(d.payments, [{ source: 'camt053', reversedAt: String }], 'the payment stays on record, marked taken back');
  t.same(await auditActions(h.db, o.id), ['placed', 'payment_recorded', 'invoice_issued', 'confirmed', 'payment_failed']);
  t.match(d.timeline.at(-1), {
    action: 'payment_failed', actor: { id: fin.actor.id }, before: { orderState: 'Confirmed', paymentState: 'Paid' }, after: { orderState: 'Open', paymentState: 'Failed' },
    details: { cause: 'returned', amount: { centAmount: cents(o) }, entryReference: 'RT-1', review: 'returned' },
  });
  const queue = await life.listOpsOrders(ctx, { queue: 'payment_review' });
  t.same(queue.results.map((x) => x.id), [o.id], 'finance finds it in the payment_review queue');
  t.equal(queue.counts.payment_review, 1);
  const mine = (await c.call('GET', `/orders/${o.id}`)).json() as Order;
  t.match(mine, { paymentState: 'Failed', orderState: 'Open' });
  t.equal(mine.timeline?.at(-1)?.kind, 'payment_failed', 'the customer\'s timeline has the entry');
  t.match((await mailsTo(h.db, o.customerEmail, o.orderNumber)).at(-1), { subject: /Zahlung .* fehlgeschlagen/, text: /zurückgebucht/ });

  // the same return again: nothing twice
  t.same(results(await upload(api, statement([{ ref: 'RT-1', cents: cents(o), remittance: `Retoure ${o.orderNumber}`, debit: true, code: 'PMNT/RCDT/RRTN' }]))), ['duplicate']);
  // a new attempt: Failed -> Paid, Confirmed again, out of the queue
  t.same(results(await upload(api, statement([{ ref: 'IN-2', cents: cents(o), remittance: o.orderNumber }]))), ['applied']);
  t.match((await life.opsOrderDetail(ctx, o.id, fin.roles)).summary, { orderState: 'Confirmed', paymentState: 'Paid', queues: ['to_ship'] });
});

t.test('a reversal debit (RvslInd) of one of two payments: the order awaits the rest (Pending), not Failed; no payment, no match', async (t) => {
  const { api } = await openAccountShop(h, t);
  t.teardown(() => h.db.query('delete from bank_statement_entries'));
  const ctx = api.app.commerce;
  const c = await customer(api, 'ch');
  const o = await order(c);
  await life.recordPayment(ctx, o.id, { centAmount: 10_000, currency: 'CHF', reference: 'part 1', valueDate: '2026-11-22' }, fin.actor, fin.roles);
  await life.recordPayment(ctx, o.id, { centAmount: cents(o) - 10_000, currency: 'CHF', reference: 'part 2', valueDate: '2026-11-22' }, fin.actor, fin.roles);
  t.match((await life.opsOrderDetail(ctx, o.id, fin.roles)).summary, { orderState: 'Confirmed', paymentState: 'Paid' });
  const other = await order(c);
  const r = await upload(api, statement([
    { ref: 'RV-2', cents: 10_000, remittance: `Rueckbuchung ${o.orderNumber}`, debit: true, rvsl: true },
    // a proprietary code in the ISO form counts too; this order has no payment of that amount
    { ref: 'RV-3', cents: 5_000, remittance: other.orderNumber, debit: true, prtry: 'PMNT/ICDT/RRTN' },
    // an ordinary debit (a fee) is no return
    { ref: 'FEE-1', cents: 1_250, remittance: 'Kontoführung', debit: true },
  ]));
  t.same(results(r), ['payment_reversed', 'reversal_unmatched', 'debit']);
  const d = await life.opsOrderDetail(ctx, o.id, fin.roles);
  t.match(d.summary, { orderState: 'Open', paymentState: 'Pending', queues: ['to_pay', 'payment_review'] });
  t.equal(d.paidAmount.centAmount, cents(o) - 10_000);
  t.match(d.timeline.at(-1), { action: 'payment_reversed', details: { openAmount: { centAmount: 10_000 } } });
  t.match((await life.opsOrderDetail(ctx, other.id, fin.roles)).timeline.at(-1), { action: 'payment_flagged', details: { reason: 'reversal_unmatched' } });
});

async function depositOrder(c: Shopper, quantity: number): Promise<Order> {
  return order(c, { lines: [{ sku: COIN, quantity }], shippingMethodId: 'deposit' });
}

async function sellFromDepot(api: Api, c: Shopper, quantity: number): Promise<Order> {
  await pricesNow(api);
  for (const x of ((await c.call('GET', '/carts')).json().results as Cart[]).filter((y) => y.transactionType === 'sell')) await ok(c.call('DELETE', `/carts/${x.id}`));
  const cart = await readyCart(c, { type: 'sell', lines: [{ sku: COIN, quantity }], shippingMethodId: 'depositSell' });
  await ok(c.call('PUT', `/carts/${cart.id}/payout-account`, { accountOwner: 'Anna Muster', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' }));
  const res = await placeOrder(c, cart.id);
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json() as Order;
}

function refusal(fn: () => unknown): unknown {
  try {
    fn();
    return null;
  } catch (e) {
    return e;
  }
}

const lotsOf = async (orderId: string) => h.db.query<{ quantity: number; remaining: number }>('select quantity, remaining from deposit_lots where order_id = $1', [orderId]);

t.test('depot metal bought by a returned payment leaves the depot; sold already, or goods shipped: the order waits for finance, flagged', async (t) => {
  const { api } = await openAccountShop(h, t);
  t.teardown(() => h.db.query('delete from bank_statement_entries'));
  t.teardown(() => h.db.query('delete from deposits'));
  const ctx = api.app.commerce;
  const c = await customer(api, 'de');
  const de = (lines: Line[], id: string) => statement(lines.map((l) => ({ ...l, currency: 'EUR' })), { iban: EUR_ACCOUNT_DE, ccy: 'EUR', id });

  // 1. bought into the depot, paid, returned: the lots leave again, the order is unpaid again
  const kept = await depositOrder(c, 2);
  t.same(results(await upload(api, de([{ ref: 'D-IN-1', cents: cents(kept), remittance: kept.orderNumber }], 'd1'))), ['applied']);
  t.same((await lotsOf(kept.id)).map((l) => l.quantity), [2], 'booked into the depot');
  t.same(results(await upload(api, de([{ ref: 'D-RT-1', cents: cents(kept), remittance: kept.orderNumber, debit: true, code: 'PMNT/RCDT/RRTN' }], 'd2'))), ['payment_reversed']);
  t.same(await lotsOf(kept.id), [], 'the metal left the depot');
  const dk = await life.opsOrderDetail(ctx, kept.id, fin.roles);
  t.match(dk.summary, { orderState: 'Open', paymentState: 'Failed' });
  t.match(dk.timeline.at(-1), { action: 'payment_failed', details: { piecesRemoved: 2, review: 'returned' } });

  // 2. bought, paid, one coin sold from the depot, then the payment returned: nothing is taken out, finance decides
  const sold = await depositOrder(c, 2);
  await upload(api, de([{ ref: 'D-IN-2', cents: cents(sold), remittance: sold.orderNumber }], 'd3'));
  await sellFromDepot(api, c, 1);
  t.same((await lotsOf(sold.id)).map((l) => l.remaining), [1]);
  t.same(results(await upload(api, de([{ ref: 'D-RT-2', cents: cents(sold), remittance: sold.orderNumber, debit: true, rvsl: true }], 'd4'))), ['payment_reversed']);
  t.same((await lotsOf(sold.id)).map((l) => l.remaining), [1], 'sold metal cannot leave: the lots stay');
  const ds = await life.opsOrderDetail(ctx, sold.id, fin.roles);
  t.match(ds.summary, { orderState: 'Complete', paymentState: 'Failed', queues: ['payment_review'] });
  t.match(ds.timeline.at(-1), { action: 'payment_failed', details: { review: 'metal_sold' } });
  t.same(ds.actions, ['payment'], 'finance may book a new transfer for it');

  // 3. a parcel shipped, then its payment returned: Complete stays, flagged goods_delivered
  const parcel = await order(c);
  await upload(api, de([{ ref: 'D-IN-3', cents: cents(parcel), remittance: parcel.orderNumber }], 'd5'));
  const wh = warehouse();
  await life.recordShipment(ctx, parcel.id, { carrier: 'DHL', trackingNumber: '00340434161234567890' }, wh.actor, wh.roles);
  t.same(results(await upload(api, de([{ ref: 'D-RT-3', cents: cents(parcel), remittance: parcel.orderNumber, debit: true, code: 'PMNT/RCDT/RRTN' }], 'd6'))), ['payment_reversed']);
  const dp = await life.opsOrderDetail(ctx, parcel.id, fin.roles);
  t.match(dp.summary, { orderState: 'Complete', paymentState: 'Failed', queues: ['payment_review'] });
  t.match(dp.timeline.at(-1), { action: 'payment_failed', details: { review: 'goods_delivered' } });
  // the money comes again: paid, out of the queue, still Complete (nothing shipped twice)
  t.same(results(await upload(api, de([{ ref: 'D-IN-4', cents: cents(parcel), remittance: parcel.orderNumber }], 'd7'))), ['applied']);
  t.match((await life.opsOrderDetail(ctx, parcel.id, fin.roles)).summary, { orderState: 'Complete', paymentState: 'Paid', queues: [] });
});

t.test('another account\'s statement books nothing and says why', async (t) => {
  const { api } = await openAccountShop(h, t);
  t.teardown(() => h.db.query('delete from bank_statement_entries'));
  const c = await customer(api, 'ch');
  const o = await order(c);
  const line = [{ ref: 'F-1', cents: cents(o), remittance: o.orderNumber }];
  await t.rejects(upload(api, statement(line, { iban: 'CH9300762011623852957' })),
    { statusCode: 400, code: 'invalid_bank_statement', details: { reason: 'foreign_account', account: 'CH9300762011623852957' } }, 'not the shop\'s account');
  await t.rejects(upload(api, statement(line, { iban: CHF_ACCOUNT, ccy: 'EUR' })),
    { statusCode: 400, code: 'invalid_bank_statement', details: { reason: 'foreign_account' } }, 'the shop\'s CHF account is no EUR account');
  t.equal(await paidCount(o.id), 0, 'nothing booked');
  const [{ n }] = await h.db.query<{ n: number }>('select count(*)::int as n from bank_statement_entries');
  t.equal(n, 0, 'nothing recorded');
  // the shop's EUR account without its currency named: the account is ours; a CHF credit on it is no match
  t.same(results(await upload(api, statement(line, { iban: EUR_ACCOUNT_DE, ccy: '' }))), ['currency_mismatch']);
  t.equal(await paidCount(o.id), 0);
});

t.test('a camt.052 or camt.054 document is not a camt.053 statement, whatever its elements', async (t) => {
  const { api } = await openAccountShop(h, t);
  t.teardown(() => h.db.query('delete from bank_statement_entries'));
  const c = await customer(api, 'ch');
  const o = await order(c);
  const line = [{ ref: 'N-1', cents: cents(o), remittance: o.orderNumber }];
  for (const ns of ['urn:iso:std:iso:20022:tech:xsd:camt.052.001.08', 'urn:iso:std:iso:20022:tech:xsd:camt.054.001.08', '']) {
    await t.rejects(upload(api, statement(line, { ns })), { statusCode: 400, code: 'invalid_bank_statement', details: { reason: 'not_camt053' } }, ns || 'no namespace');
  }
  // prefixed: the prefix's namespace counts
  const prefixed = statement(line).replace('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"', '<c:Document xmlns:c="urn:iso:std:iso:20022:tech:xsd:camt.054.001.04" xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"')
    .replace('</Document>', '</c:Document>');
  t.match(refusal(() => parseCamt053(prefixed)), { code: 'invalid_bank_statement', details: { reason: 'not_camt053' } }, 'c:Document in camt.054');
  t.ok(parseCamt053(prefixed.replace('camt.054.001.04', 'camt.053.001.04')).entries.length === 1, 'c:Document in camt.053 is read');
  const report = '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.052.001.08"><BkToCstmrAcctRpt><Rpt><Id>R</Id></Rpt></BkToCstmrAcctRpt></Document>';
  t.match(refusal(() => parseCamt053(report)), { code: 'invalid_bank_statement', details: { reason: 'not_camt053' } }, 'a camt.052 report');
  t.equal(await paidCount(o.id), 0);
});

t.test('one rule for value dates: 2999-12-31 and 1900-01-01 are refused typed and book nothing from a statement', async (t) => {
  const { api } = await openAccountShop(h, t);
  t.teardown(() => h.db.query('delete from bank_statement_entries'));
  const ctx = api.app.commerce;
  const c = await customer(api, 'ch');
  const [a, b, d] = [await order(c), await order(c), await order(c)];
  const r = await upload(api, statement([
    { ref: 'V-1', cents: cents(a), remittance: a.orderNumber, valueDate: '2999-12-31' },
    { ref: 'V-2', cents: cents(b), remittance: b.orderNumber, valueDate: '1900-01-01' },
    { ref: 'V-3', cents: cents(d), remittance: d.orderNumber, valueDate: '2026-11-20' },
  ]));
  t.same(results(r), ['value_date_out_of_range', 'value_date_out_of_range', 'applied']);
  t.match(r, { applied: 1, flagged: 2 });
  t.equal(await paidCount(a.id) + await paidCount(b.id), 0, 'nothing booked');
  for (const day of ['2999-12-31', '1900-01-01']) {
    t.notOk(valueDateInRange(day, ctx.clock()));
    t.throws(() => checkValueDate(day, ctx.clock()), { code: 'validation_failed' }, `typed ${day}`);
    await t.rejects(life.recordPayment(ctx, a.id, { centAmount: cents(a), currency: 'CHF', reference: 'x', valueDate: day }, fin.actor, fin.roles), { code: 'validation_failed' });
  }
});

t.test('return codes', async (t) => {
  t.ok(isReturnCode('PMNT/RCDT/RRTN'));
  t.ok(isReturnCode('PMNT/ICDT/RRTN'));
  t.ok(isReturnCode('PMNT+RCDT+RRTN'));
  t.notOk(isReturnCode('PMNT/RCDT/DMCT'), 'a domestic credit transfer');
  t.notOk(isReturnCode('ACMT/MDOP/CHRG'), 'a fee');
  t.notOk(isReturnCode(null));
  const e = parseCamt053(statement([{ ref: 'X', cents: 100, remittance: 'x', debit: true, prtry: 'pmnt/icdt/rrtn' }])).entries[0];
  t.match(e, { credit: false, bankTxCode: 'PMNT/ICDT/RRTN', status: 'BOOK', reversal: false });
});
