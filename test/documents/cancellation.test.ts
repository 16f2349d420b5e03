// Issue 25: cancellation after invoicing. A purchase paid in full has its invoice; the payer's bank returns the
// transfer (camt.053), finance cancels the order: a cancellation invoice with its own number (ST-...) refers to
// the original, with the amounts negated; the original stays byte for byte.
import t from 'tap';
import * as life from '../../src/commerce/lifecycle/index.ts';
import type { Order } from '../../src/contracts/order.ts';
import { commerceHarness, login } from '../commerce/helpers.ts';
import { customer, openShop } from '../orders/helpers.ts';
import { finance, order } from '../lifecycle/helpers.ts';
import { docsOf, pdfText, sha256 } from './helpers.ts';

const h = await commerceHarness(t);
const CHF_ACCOUNT = 'CH3200700110004738291';

/** A camt.053 statement of the Swiss company's account with one entry. */
function statement(ref: string, cents: number, remittance: string, debit = false): string {
  const code = debit ? '<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>RRTN</SubFmlyCd></Fmly></Domn></BkTxCd>' : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><GrpHdr><MsgId>MSG-${ref}</MsgId><CreDtTm>2026-11-22T18:00:00+01:00</CreDtTm></GrpHdr>
<Stmt><Id>STMT-${ref}</Id><Acct><Id><IBAN>${CHF_ACCOUNT}</IBAN></Id><Ccy>CHF</Ccy></Acct>
<Ntry><NtryRef>${ref}</NtryRef><Amt Ccy="CHF">${(cents / 100).toFixed(2)}</Amt><CdtDbtInd>${debit ? 'DBIT' : 'CRDT'}</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>
<BookgDt><Dt>2026-11-22</Dt></BookgDt><ValDt><Dt>2026-11-22</Dt></ValDt>${code}
<NtryDtls><TxDtls><RltdPties><Dbtr><Pty><Nm>Anna Muster</Nm></Pty></Dbtr></RltdPties><RmtInf><Ustrd>${remittance}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>
</Stmt></BkToCstmrStmt></Document>`;
}

t.test('paid from the bank statement, returned by the bank, cancelled: a cancellation invoice ST-CH-… refers to the invoice, which stays', async (t) => {
  const { api } = await openShop(h, t);
  t.teardown(() => h.db.query('delete from bank_statement_entries'));
  const ctx = api.app.commerce;
  const fin = finance();
  const c = await customer(api, 'ch');
  const o: Order = await order(c, { lines: [{ sku: 'AU-KRUG-1OZ', quantity: 1 }, { sku: 'AG-PHIL-1OZ', quantity: 5 }] });
  const cents = o.totalGrossPrice.centAmount;

  await life.importBankStatement(ctx, statement('IN-1', cents, `Bestellung ${o.orderNumber}`), fin.actor, fin.roles);
  const [invoice] = await docsOf(h.db, o.id);
  t.match(invoice, { kind: 'invoice', company_key: 'CH' }, 'the statement\'s payment in full issued the invoice');

  await life.importBankStatement(ctx, statement('RT-1', cents, `Retoure ${o.orderNumber}`, true), fin.actor, fin.roles);
  t.equal((await docsOf(h.db, o.id)).length, 1, 'a returned payment alone issues nothing');
  api.clock.advance(86_400);
  await life.cancelOrder(ctx, o.id, { reason: 'transfer returned by the bank' }, fin.actor, fin.roles);

  const docs = await docsOf(h.db, o.id);
  t.equal(docs.length, 2);
  const storno = docs.find((d) => d.kind === 'cancellation_invoice')!;
  t.match(storno.number, /^ST-CH-2026-\d{6}$/, 'its own number in its own sequence');
  t.equal(storno.refers_to, invoice.id, 'it refers to the original');
  t.equal(storno.sha256, sha256(storno.pdf));
  const same = docs.find((d) => d.kind === 'invoice')!;
  t.equal(same.sha256, invoice.sha256, 'the original is unchanged');
  t.ok(Buffer.compare(same.pdf, invoice.pdf) === 0);

  const text = pdfText(storno.pdf);
  t.match(text, `Stornorechnung ${storno.number}`);
  t.match(text, `Storniert die Rechnung ${invoice.number} vom 22/11/2026.`, 'names the original and its date');
  t.match(text, 'Rechnungsdatum: 23/11/2026', 'issued on the day of the cancellation');
  t.match(text, /Gesamtbetrag\s+CHF\s?-[\d']+\.\d\d/, 'the amounts negated');
  t.match(text, /MWST 8\.1 % auf CHF\s?-[\d']+\.\d\d\s+CHF\s?-[\d']+\.\d\d/, 'the VAT corrected per rate');
  t.match(text, '(1) Steuerfreie Lieferung von Anlagegold gemäss Art. 107', 'the legal note of the exempt line again');
  t.notMatch(text, /Bezahlt am/, 'no payment on a cancellation');

  // the cancellation mail carries the cancellation invoice, byte for byte (issue 25: mails carry their documents)
  const [cancelMail] = await h.db.query<{ id: number; subject: string }>(`select id, subject from outbox where order_id = $1 order by id desc limit 1`, [o.id]);
  t.match(cancelMail.subject, /storniert/i);
  const files = await ctx.outbox.attachmentsOf(cancelMail.id);
  t.same(files.map((f) => f.filename), [`${storno.number}.pdf`], 'the cancellation mail carries the cancellation invoice');
  t.equal(sha256(files[0].content), storno.sha256);

  const [entry] = await h.db.query<{ details: Record<string, unknown>; actor_id: string }>(
    `select details, actor_id from order_audit where order_id = $1 and action = 'cancellation_invoice_issued'`, [o.id]);
  t.match(entry, { actor_id: fin.actor.id, details: { number: storno.number, sha256: storno.sha256, refersTo: invoice.number } }, 'audited with number, hash and the original');
  // a day later: the customer signs in again
  const session = await login(api, { email: c.email, password: c.password, store: 'ch' });
  const res = await api.call('GET', `/orders/${o.id}`, { store: 'ch', token: session.accessToken });
  t.equal(res.statusCode, 200, res.body.slice(0, 300));
  const mine = res.json() as Order;
  t.same(mine.documents?.map((d) => [d.kind, d.number]), [['invoice', invoice.number], ['cancellation_invoice', storno.number]], 'the customer sees both');
});

t.test('an unpaid order cancelled: no document at all', async (t) => {
  const { api } = await openShop(h, t);
  const fin = finance();
  const o = await order(await customer(api, 'de'));
  await life.cancelOrder(api.app.commerce, o.id, { reason: 'customer asked' }, fin.actor, fin.roles);
  t.same(await docsOf(h.db, o.id), []);
});
