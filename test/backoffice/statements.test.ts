// Issue 23 in the back office: a statement upload starts an import job in commerce and never waits on it
// (the page is never "unavailable" while an import runs): a quick one shows its result at once, a longer one
// its progress page, which shows the result (pending, returns, a page of the entries) once done. Another
// account's statement says why nothing was booked. Finance records a failed payment with its reason; a
// payment the bank took back shows on the order (struck through, the review notice) and in its queue.
import t from 'tap';
import { commerceHarness } from '../commerce/helpers.ts';
import { customer, openShop } from '../orders/helpers.ts';
import { order } from '../lifecycle/helpers.ts';
import { backofficeOver, textOf, type Browser } from './helpers.ts';

const h = await commerceHarness(t);

const camt = (iban: string, entries: { ref: string; cents: number; remittance: string; sts?: string; debit?: boolean; code?: string }[]) => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><GrpHdr><MsgId>M1</MsgId><CreDtTm>2026-11-23T08:00:00</CreDtTm></GrpHdr>
<Stmt><Id>STMT-${entries[0].ref}</Id><Acct><Id><IBAN>${iban}</IBAN></Id><Ccy>CHF</Ccy></Acct>
${entries.map((e) => `<Ntry><NtryRef>${e.ref}</NtryRef><Amt Ccy="CHF">${(e.cents / 100).toFixed(2)}</Amt><CdtDbtInd>${e.debit ? 'DBIT' : 'CRDT'}</CdtDbtInd>${e.sts ?? '<Sts><Cd>BOOK</Cd></Sts>'}<ValDt><Dt>2026-11-23</Dt></ValDt>
${e.code ? `<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>RRTN</SubFmlyCd></Fmly></Domn></BkTxCd>` : ''}
<NtryDtls><TxDtls><RltdPties><Dbtr><Nm>Anna Muster</Nm></Dbtr></RltdPties><RmtInf><Ustrd>${e.remittance}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`).join('\n')}
</Stmt></BkToCstmrStmt></Document>`;

function upload(bo: Awaited<ReturnType<typeof backofficeOver>>['bo'], fin: Browser, xml: string) {
  const boundary = '----bo' + Math.random().toString(36).slice(2);
  const body = `--${boundary}\r\nContent-Disposition: form-data; name="_csrf"\r\n\r\n${fin.cookies.get('bo_csrf')}\r\n`
    + `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="s.xml"\r\nContent-Type: text/xml\r\n\r\n${xml}\r\n--${boundary}--\r\n`;
  return bo.inject({
    method: 'POST', url: '/bank-statements', payload: body,
    headers: { host: 'backoffice.test', origin: 'http://backoffice.test', 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: [...fin.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
  });
}

const CHF = 'CH3200700110004738291';

t.test('an upload runs as a job: the progress page, then the result with pending entries and a returned payment', async (t) => {
  const { api } = await openShop(h, t);
  t.teardown(() => h.db.query('delete from bank_statement_entries'));
  // the upload does not wait at all: the progress page, whatever the machine's speed
  const { signedIn, bo } = await backofficeOver(t, api, { statementWaitMs: 0 });
  const c = await customer(api, 'ch');
  const paid = await order(c);
  const pending = await order(c);
  const fin = await signedIn('finance@ops.example');

  const first = await upload(bo, fin, camt(CHF, [
    { ref: 'BO-1', cents: paid.totalGrossPrice.centAmount, remittance: paid.orderNumber },
    { ref: 'BO-2', cents: pending.totalGrossPrice.centAmount, remittance: pending.orderNumber, sts: '<Sts>PDNG</Sts>' },
  ]));
  t.equal(first.statusCode, 303, textOf(first.body).slice(0, 300));
  const progress = first.headers.location as string;
  t.match(progress, /^\/bank-statements\/imports\/[0-9a-f-]{36}$/);
  let text = '';
  for (let i = 0; i < 100; i++) {
    const page = await fin.get(progress);
    t.equal(page.statusCode, 200, 'never unavailable while it runs');
    text = textOf(page.body);
    if (!/being read|is running/.test(text)) break;
    t.match(page.body, `href="${progress}"`, 'the progress page links itself');
    await new Promise((r) => setTimeout(r, 100));
  }
  t.match(text, '1 applied, 0 flagged');
  t.match(text, '1 not booked by the bank (listed only)');
  t.match(text, 'Pending at the bank (not booked)');

  const back = await upload(bo, fin, camt(CHF, [{ ref: 'BO-3', cents: paid.totalGrossPrice.centAmount, remittance: `Retoure ${paid.orderNumber}`, debit: true, code: 'RRTN' }]));
  let backText = '';
  for (let i = 0; i < 100 && !/applied, \d+ flagged/.test(backText); i++) backText = textOf((await fin.get(back.headers.location as string)).body);
  t.match(backText, '1 payments taken back');
  t.match(backText, 'Payment taken back: order awaits payment again');

  const detail = await fin.get(`/orders/${paid.id}`);
  const detailText = textOf(detail.body);
  t.match(detailText, /Open\s+Payment failed/);
  t.match(detailText, 'The bank took the payment back: the order awaits its money again.');
  t.match(detailText, 'taken back by the bank');
  t.match(detail.body, '<del>', 'the payment struck through');
  t.match(textOf((await fin.get('/orders?queue=payment_review')).body), paid.orderNumber, 'in the queue "Payment failed or returned"');
  t.match(textOf((await fin.get('/orders')).body), 'Payment failed or returned');
  t.match(textOf((await fin.get('/bank-statements/imports/00000000-0000-4000-8000-000000000000')).body), /not found|Not found|nicht gefunden/i);
});

t.test('another account\'s statement: nothing booked, the reason shown; finance records a failed payment', async (t) => {
  const { api } = await openShop(h, t);
  t.teardown(() => h.db.query('delete from bank_statement_entries'));
  const { signedIn, bo } = await backofficeOver(t, api);
  const c = await customer(api, 'ch');
  const o = await order(c);
  const fin = await signedIn('finance@ops.example');
  const res = await upload(bo, fin, camt('CH9300762011623852957', [{ ref: 'FA-1', cents: o.totalGrossPrice.centAmount, remittance: o.orderNumber }]));
  t.equal(res.statusCode, 400);
  t.match(textOf(res.body), 'This statement is for account CH9300762011623852957, which is not one of the shop\'s accounts for its currency. Nothing was booked.');
  t.match(textOf((await fin.get(`/orders/${o.id}`)).body), /Open\s+Payment pending/);

  const detail = await fin.get(`/orders/${o.id}`);
  t.match(detail.body, `action="/orders/${o.id}/payment-failed"`, 'finance is offered the step');
  const wh = await signedIn('warehouse@ops.example');
  t.notMatch((await wh.get(`/orders/${o.id}`)).body, `action="/orders/${o.id}/payment-failed"`, 'the warehouse is not');
  const empty = await fin.post(`/orders/${o.id}/payment-failed`, { reason: '' });
  t.equal(empty.statusCode, 400);
  const done = await fin.post(`/orders/${o.id}/payment-failed`, { reason: 'Die Bank hat die Überweisung abgelehnt.' });
  t.equal(done.statusCode, 303);
  t.match(done.headers.location, new RegExp(`^/orders/${o.id}\\?done=payment-failed&shown=`));
  const after = textOf((await fin.get(done.headers.location as string)).body);
  t.match(after, 'The payment is recorded as failed; the customer gets a mail.');
  t.match(after, /Open\s+Payment failed/);
  t.match(after, 'Die Bank hat die Überweisung abgelehnt.');
  t.match(after, 'by finance@ops.example');
});
