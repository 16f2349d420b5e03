// Issue 15: camt.053 bank statements. Credit lines are matched by the order number in the remittance
// information (as printed, without dashes, with spaces; unstructured or the structured reference); only an
// exact amount and currency on an order awaiting payment is applied (a payment of source camt053, by the
// uploading operator); everything else is flagged and changes nothing; the same statement again applies
// nothing twice; a document that is not a camt.053 statement is refused with 400 invalid_bank_statement.
import { readFileSync } from 'node:fs';
import t from 'tap';
import type { Order } from '../../src/contracts/order.ts';
import * as life from '../../src/commerce/lifecycle/index.ts';
import { entryOrderNumbers, findOrderNumber, parseCamt053, toCents } from '../../src/commerce/lifecycle/camt.ts';
import { orderReference } from '../../src/contracts/payment-qr.ts';
import { commerceHarness } from '../commerce/helpers.ts';
import { customer, openShop } from '../orders/helpers.ts';
import { auditActions, finance, order } from './helpers.ts';

const h = await commerceHarness(t);
const asFinance = () => { const f = finance(); return [f.actor, f.roles] as const; };
const sample = readFileSync(new URL('../fixtures/camt053-ch-sample.xml', import.meta.url), 'utf8');
const chf = (cents: number) => (cents / 100).toFixed(2);

function statementFor(a: Order, b: Order, c: Order): string {
  return sample
    .replaceAll('CH-B-2026-000101', a.orderNumber).replaceAll('3488.90', chf(a.totalGrossPrice.centAmount))
    .replace('CHB2026000102', b.orderNumber.replaceAll('-', '')).replace('3478.90', chf(b.totalGrossPrice.centAmount - 1000))
    .replace('CH B 2026 000103', c.orderNumber.replaceAll('-', ' '));
}

t.test('a statement: the exact match is applied, the rest flagged; uploaded again, nothing twice', async (t) => {
  const { api } = await openShop(h, t);
  t.teardown(() => h.db.query('delete from bank_statement_entries'));
  const ctx = api.app.commerce;
  const cust = await customer(api, 'ch');
  const a = await order(cust);
  const b = await order(cust);
  const c = await order(cust);
  const fin = finance();
  const xml = statementFor(a, b, c);

  const result = await life.importBankStatement(ctx, xml, fin.actor, fin.roles);
  t.match(result, { statementId: 'STMT-20261124-CH9300762011623852957', accountIban: 'CH3200700110004738291', applied: 1, flagged: 3 });
  t.same(result.entries.map((e) => [e.orderNumber, e.result]), [
    [a.orderNumber, 'applied'], [b.orderNumber, 'amount_mismatch'], [c.orderNumber, 'currency_mismatch'], [null, 'no_order'], [null, 'debit'],
  ]);
  t.match(result.entries[0], { entryReference: '20261124-0000417', debtorName: 'Anna Muster', valueDate: '2026-11-24', orderId: a.id, remittance: `Bestellung ${a.orderNumber} & Dank` });
  t.match(result.entries[2], { amount: { centAmount: 330_000, currencyCode: 'EUR' }, valueDate: '2026-11-25', debtorName: 'Carla Exempel' });

  const da = await life.opsOrderDetail(ctx, a.id, fin.roles);
  t.match(da.summary, { orderState: 'Confirmed', paymentState: 'Paid' });
  t.match(da.payments, [{ source: 'camt053', valueDate: '2026-11-24', recordedBy: { id: fin.actor.id, email: fin.actor.email } }]);
  t.same(await auditActions(h.db, a.id), ['placed', 'payment_recorded', 'invoice_issued', 'confirmed']);
  const db = await life.opsOrderDetail(ctx, b.id, fin.roles);
  t.match(db.summary, { orderState: 'Open', paymentState: 'Pending' }, 'a short amount changes nothing');
  t.same(db.payments, []);
  t.match(db.timeline.at(-1), { action: 'payment_flagged', details: { reason: 'amount_mismatch' } });
  t.same(((await cust.call('GET', `/orders/${b.id}`)).json() as Order).timeline?.map((e) => e.kind), ['placed'], 'the customer does not see flags');

  const again = await life.importBankStatement(ctx, xml, fin.actor, fin.roles);
  t.same(again.entries.map((e) => e.result), ['duplicate', 'duplicate', 'duplicate', 'duplicate', 'debit'], 'the same statement again: duplicates');
  t.match(again, { applied: 0, flagged: 0 });
  const [{ n }] = await h.db.query<{ n: number }>('select count(*)::int as n from order_payments where order_id = $1', [a.id]);
  t.equal(n, 1, 'booked once');

  // finance records CHF 10 by hand; the rest still owed is the line's amount, which now applies
  await life.recordPayment(ctx, b.id, { centAmount: 1000, currency: 'CHF', reference: 'phone: rest follows', valueDate: '2026-11-25' }, fin.actor, fin.roles);
  const later = await life.importBankStatement(ctx, xml.replace('20261124-0000418', '20261125-0000001').replace('UBS-20261124-418', 'UBS-20261125-1'), fin.actor, fin.roles);
  t.same(later.entries[1].result, 'applied', 'the amount still owed is what must match');
  t.match((await life.opsOrderDetail(ctx, b.id, fin.roles)).summary, { orderState: 'Confirmed', paymentState: 'Paid' });
  const audit = await life.listAudit(ctx, { operatorId: fin.actor.id, limit: 200 });
  t.ok(audit.results.some((e) => e.action === 'statement_uploaded' && e.orderId === null), 'each upload is in the audit');
});

t.test('two uploads of one statement at once apply it once', async (t) => {
  const { api } = await openShop(h, t);
  t.teardown(() => h.db.query('delete from bank_statement_entries'));
  const ctx = api.app.commerce;
  const cust = await customer(api, 'ch');
  const [a, b, c] = [await order(cust), await order(cust), await order(cust)];
  const xml = statementFor(a, b, c);
  const [x, y] = await Promise.all([life.importBankStatement(ctx, xml, ...asFinance()), life.importBankStatement(ctx, xml, ...asFinance())]);
  t.equal(x.applied + y.applied, 1, JSON.stringify([x.entries.map((e) => e.result), y.entries.map((e) => e.result)]));
  const [{ n }] = await h.db.query<{ n: number }>('select count(*)::int as n from order_payments where order_id = $1', [a.id]);
  t.equal(n, 1);
});

t.test('not a camt.053 statement: 400 invalid_bank_statement, nothing applied', async (t) => {
  const bad = [
    '<html><body>hello</body></html>',
    '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08"><BkToCstmrDbtCdtNtfctn/></Document>',
    '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><Stmt><Ntry><Amt Ccy="CHF">1.234</Amt><CdtDbtInd>CRDT</CdtDbtInd></Ntry></Stmt></BkToCstmrStmt></Document>',
    '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><Stmt>',
    '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><Stmt><Ntry><Amt Ccy="CHF">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><NtryDtls><TxDtls><RmtInf><Ustrd>&x;</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry></Stmt></BkToCstmrStmt></Document>',
    'not xml at all',
  ];
  for (const xml of bad) t.throws(() => parseCamt053(xml), { statusCode: 400, code: 'invalid_bank_statement' }, xml.slice(0, 60));
  const { api } = await openShop(h, t);
  await t.rejects(life.importBankStatement(api.app.commerce, bad[4], ...asFinance()), { code: 'invalid_bank_statement', details: { reason: 'doctype_not_allowed' } }, 'external entities are refused');
});

t.test('order numbers in remittance texts; amounts', async (t) => {
  t.equal(findOrderNumber('Rechnung CH-B-2026-000042 danke'), 'CH-B-2026-000042');
  t.equal(findOrderNumber('chb2026000042'), 'CH-B-2026-000042');
  t.equal(findOrderNumber('DE B 2026 000042'), 'DE-B-2026-000042');
  t.equal(findOrderNumber('XCH-B-2026-0000421'), null, 'not inside longer numbers');
  t.equal(findOrderNumber('order 42'), null);
  t.same([toCents('3488.9'), toCents('12'), toCents('0.05'), toCents('1.234'), toCents('-5.00'), toCents('1e3')], [348890, 1200, 5, null, null, null]);
});

t.test('a statement line with an impossible date (31 February, year 0): 400 invalid_bank_statement, never a 500 or a payment', async (t) => {
  const { api } = await openShop(h, t);
  t.teardown(() => h.db.query('delete from bank_statement_entries'));
  const ctx = api.app.commerce;
  const cust = await customer(api, 'ch');
  const [a, b, c] = [await order(cust), await order(cust), await order(cust)];
  for (const date of ['2026-02-31', '0000-01-01', '2026-13-01']) {
    const xml = statementFor(a, b, c).replaceAll('<ValDt><Dt>2026-11-24</Dt></ValDt>', `<ValDt><Dt>${date}</Dt></ValDt>`);
    await t.rejects(life.importBankStatement(ctx, xml, ...asFinance()), { statusCode: 400, code: 'invalid_bank_statement', details: { reason: 'malformed_entry' } }, date);
  }
  const [{ n }] = await h.db.query<{ n: number }>('select count(*)::int as n from order_payments where order_id = $1', [a.id]);
  t.equal(n, 0, 'nothing booked');
});

t.test('a transfer naming two orders is flagged ambiguous_reference and pays neither; only finance may upload', async (t) => {
  const { api } = await openShop(h, t);
  t.teardown(() => h.db.query('delete from bank_statement_entries'));
  const ctx = api.app.commerce;
  const cust = await customer(api, 'ch');
  const [a, b, c] = [await order(cust), await order(cust), await order(cust)];
  t.equal(findOrderNumber(`${a.orderNumber} ${b.orderNumber}`), null, 'two numbers: none chosen');
  t.equal(findOrderNumber(`${a.orderNumber} / ${a.orderNumber.replaceAll('-', '')}`), a.orderNumber, 'one number written twice is one order');
  // the exact amount of order a, with b's number beside it in the remittance
  const xml = statementFor(a, b, c).replace(`Bestellung ${a.orderNumber}`, `Bestellung ${a.orderNumber} ${b.orderNumber}`);
  t.not(xml, statementFor(a, b, c), 'the fixture carries a\'s number in Ustrd');
  const wh = { actor: finance().actor, roles: ['warehouse' as const] };
  await t.rejects(life.importBankStatement(ctx, xml, wh.actor, wh.roles), { statusCode: 403, code: 'operator_role_required' }, 'the warehouse may not turn statement lines into payments');
  const fin = finance();
  const result = await life.importBankStatement(ctx, xml, fin.actor, fin.roles);
  t.match(result.entries.find((e) => e.amount.centAmount === a.totalGrossPrice.centAmount), { result: 'ambiguous_reference', orderNumber: null });
  t.equal(result.applied, 0);
  const [{ n }] = await h.db.query<{ n: number }>('select count(*)::int as n from order_payments where order_id = any($1::uuid[])', [[a.id, b.id]]);
  t.equal(n, 0, 'neither order is paid');
});

/** A CHF credit line as a Swiss bank books a QR-bill payment: the slip's reference in Strd/CdtrRefInf, the payer's text in Ustrd. */
function qrBillCredit(no: number, cents: number, ref: { type: string; reference: string }, ustrd: string): string {
  const tp = ref.type === 'QRR' ? '<Prtry>QRR</Prtry>' : '<Cd>SCOR</Cd>';
  return `<Ntry><NtryRef>20261124-QR${no}</NtryRef><Amt Ccy="CHF">${chf(cents)}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>
    <BookgDt><Dt>2026-11-24</Dt></BookgDt><ValDt><Dt>2026-11-24</Dt></ValDt>
    <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>DMCT</SubFmlyCd></Fmly></Domn></BkTxCd>
    <NtryDtls><TxDtls><Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs><RltdPties><Dbtr><Pty><Nm>Anna Muster</Nm></Pty></Dbtr></RltdPties>
    <RmtInf><Ustrd>${ustrd}</Ustrd><Strd><CdtrRefInf><Tp><CdOrPrtry>${tp}</CdOrPrtry></Tp><Ref>${ref.reference}</Ref></CdtrRefInf></Strd></RmtInf>
    </TxDtls></NtryDtls></Ntry>`;
}

const statementOf = (entries: string[]) => sample.replace(/<Ntry>[\s\S]*<\/Ntry>/, entries.join('\n'));

t.test('issue 25: the structured reference of the payment slip decides before the free text', async (t) => {
  const { api } = await openShop(h, t);
  t.teardown(() => h.db.query('delete from bank_statement_entries'));
  const ctx = api.app.commerce;
  const cust = await customer(api, 'ch');
  const [a, b, c, d] = [await order(cust), await order(cust), await order(cust), await order(cust)];
  const iban = a.paymentInstructions!.iban!;
  const refA = orderReference(a.orderNumber, iban);
  t.equal(refA.type, 'SCOR', 'the shop\'s account is an ordinary IBAN: RF creditor reference');
  const refC = orderReference(c.orderNumber, 'CH4431999123000889012');
  const wrongCheck = { type: 'SCOR', reference: `RF${refA.reference.slice(2, 4) === '99' ? '98' : '99'}${refA.reference.slice(4)}` };
  const xml = statementOf([
    // A's reference from the QR code, the payer typed B's number: A is paid
    qrBillCredit(1, a.totalGrossPrice.centAmount, refA, `Bestellung ${b.orderNumber}`),
    // a QR reference (of a QR-IBAN) names its order just the same, as printed in groups
    qrBillCredit(2, c.totalGrossPrice.centAmount, { type: 'QRR', reference: refC.reference.replace(/^(..)(.....)(.....)/, '$1 $2 $3 ') }, 'Danke'),
    // a reference whose check digits are wrong is no reference: the text decides (D)
    qrBillCredit(3, d.totalGrossPrice.centAmount, wrongCheck, `Bestellung ${d.orderNumber}`),
  ]);
  const fin = finance();
  const result = await life.importBankStatement(ctx, xml, fin.actor, fin.roles);
  t.same(result.entries.map((e) => [e.orderNumber, e.result]), [[a.orderNumber, 'applied'], [c.orderNumber, 'applied'], [d.orderNumber, 'applied']]);
  t.match(result, { applied: 3, flagged: 0 });
  t.match((await life.opsOrderDetail(ctx, a.id, fin.roles)).summary, { orderState: 'Confirmed', paymentState: 'Paid' }, 'A paid by its reference');
  t.match((await life.opsOrderDetail(ctx, a.id, fin.roles)).payments, [{ source: 'camt053', recordedBy: { id: fin.actor.id } }]);
  const db = await life.opsOrderDetail(ctx, b.id, fin.roles);
  t.match(db.summary, { orderState: 'Open', paymentState: 'Pending' }, 'B, only named in the text, is untouched');
  t.same(db.payments, []);
  t.same(await auditActions(h.db, b.id), ['placed'], 'no flag on B either');
  t.same(await auditActions(h.db, a.id), ['placed', 'payment_recorded', 'invoice_issued', 'confirmed']);
});

t.test('issue 25: which order an entry names (structured reference first)', async (t) => {
  const ref = orderReference('CH-B-2026-000042', 'CH3200700110004738291').reference;
  t.same(entryOrderNumbers({ structuredRefs: [ref], remittance: `CH-B-2026-000077 ${ref}` }), ['CH-B-2026-000042']);
  t.same(entryOrderNumbers({ structuredRefs: ['CHB2026000077'], remittance: 'CHB2026000077' }), ['CH-B-2026-000077'], 'the bare number as reference: read as text');
  t.same(entryOrderNumbers({ structuredRefs: [ref, orderReference('CH-B-2026-000043', 'CH3200700110004738291').reference], remittance: '' }), ['CH-B-2026-000042', 'CH-B-2026-000043'], 'two references: both (ambiguous)');
  t.same(entryOrderNumbers({ structuredRefs: [], remittance: 'Bestellung CH-B-2026-000077' }), ['CH-B-2026-000077']);
});
