// Issue 25, "Staff: every document of an order on its back-office page; a document list per period for the
// accountant (CSV and a ZIP of the PDFs), filterable by company, type and date": through the ops API. The CSV's
// rows and totals for a filtered period, the ZIP read with Info-ZIP's unzip (not the library that wrote it) holding
// exactly the filtered PDFs byte for byte, the roles that may not see the list, and bad filters.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import * as life from '../../src/commerce/lifecycle/index.ts';
import type { Order } from '../../src/contracts/order.ts';
import type { OpsDocumentsResponse, OpsOrderDocumentsResponse } from '../../src/contracts/ops-documents.ts';
import { commerceHarness, type Api } from '../commerce/helpers.ts';
import { customer, openShop } from '../orders/helpers.ts';
import { finance, order } from '../lifecycle/helpers.ts';
import { demoToken, opsCall } from '../ops/helpers.ts';
import { docsOf, sha256 } from './helpers.ts';

const h = await commerceHarness(t);
const DAY = 86_400;

async function pay(api: Api, o: Order): Promise<void> {
  const fin = finance();
  await life.recordPayment(api.app.commerce, o.id, { centAmount: o.totalGrossPrice.centAmount, currency: o.totalGrossPrice.currencyCode as 'EUR', reference: o.orderNumber, valueDate: '2026-11-22' }, fin.actor, fin.roles);
}

/** Integer cents as the German CSV writes them: 123456 -> "1234,56". */
const de = (cents: number) => `${Math.trunc(cents / 100)},${String(cents % 100).padStart(2, '0')}`;

t.test('the accountant lists, exports and zips the documents of a period by company; staff see an order\'s documents', async (t) => {
  const { api } = await openShop(h, t);
  const deBuyer = await customer(api, 'de');
  const chBuyer = await customer(api, 'ch');
  const first = await order(deBuyer);
  const second = await order(deBuyer, { lines: [{ sku: 'AU-KRUG-1OZ', quantity: 2 }] });
  const swiss = await order(chBuyer);
  await pay(api, first); // 22 November 2026
  await pay(api, swiss);
  api.clock.advance(2 * DAY);
  await pay(api, second); // 24 November 2026
  const [d1] = await docsOf(h.db, first.id);
  const [d2] = await docsOf(h.db, second.id);
  const [d3] = await docsOf(h.db, swiss.id);
  const fin = await demoToken(api, 'finance');

  // the list: by company, kind and number; filtered by day, company and kind
  const list = async (q: string) => {
    const res = await opsCall(api, 'GET', `/ops/documents?${q}`, fin);
    t.equal(res.statusCode, 200, res.body);
    return res.json() as OpsDocumentsResponse;
  };
  const day = await list('from=2026-11-22&to=2026-11-22');
  t.same(day.results.map((r) => r.number), [d3.number, d1.number], 'the day\'s two invoices, the Swiss company\'s first');
  t.match(day.results[1], { kind: 'invoice', company: 'DE', orderNumber: first.orderNumber, grossCents: first.totalGrossPrice.centAmount, currency: 'EUR', sha256: d1.sha256 });
  t.equal(day.results[1].netCents! + day.results[1].vatCents!, day.results[1].grossCents, 'net and VAT add up to gross');
  t.same((await list('from=2026-11-01&to=2026-11-30&company=DE')).results.map((r) => r.number), [d1.number, d2.number], 'the German company\'s month');
  t.same((await list('from=2026-11-23&to=2026-11-30')).results.map((r) => r.number), [d2.number], 'a later range');
  t.same((await list('from=2026-11-01&to=2026-11-30&kind=credit_note')).results, [], 'no credit note');
  t.match(await list('from=2026-11-01&to=2026-11-30&page=2'), { results: [], page: 2, pageSize: 50, total: 3 }, 'paged: page 2 of 3 documents is empty');

  // the CSV: German Excel's (semicolons, decimal commas, BOM, CRLF), one row per filtered document
  const csv = await opsCall(api, 'GET', '/ops/documents.csv?from=2026-11-01&to=2026-11-30&company=DE', fin);
  t.equal(csv.statusCode, 200, csv.body);
  t.match(String(csv.headers['content-type']), /^text\/csv; charset=utf-8/);
  t.same([...csv.rawPayload.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'a UTF-8 byte order mark: Excel reads the umlauts right');
  const lines = csv.rawPayload.subarray(3).toString('utf8').split('\r\n');
  t.equal(lines.pop(), '', 'CRLF after every row');
  t.equal(lines[0], 'Nummer;Art;Datum;Gesellschaft;Bestellnummer;Kunde;Netto;MwSt;Brutto;Währung;SHA-256');
  t.equal(lines.length, 3, 'a header and the two German invoices');
  const rows = lines.slice(1).map((l) => l.split(';'));
  t.same(rows[0], [d1.number, 'Rechnung', '2026-11-22', 'DE', first.orderNumber, 'Anna Muster', rows[0][6], rows[0][7], de(first.totalGrossPrice.centAmount), 'EUR', d1.sha256]);
  t.same(rows[1].slice(0, 5), [d2.number, 'Rechnung', '2026-11-24', 'DE', second.orderNumber]);
  const cents = (s: string) => Number(s.replace(',', ''));
  t.equal(rows.reduce((s, r) => s + cents(r[8]), 0), first.totalGrossPrice.centAmount + second.totalGrossPrice.centAmount, 'the gross column sums to what was invoiced');
  for (const r of rows) t.equal(cents(r[6]) + cents(r[7]), cents(r[8]), `${r[0]}: net + VAT = gross`);
  const en = await opsCall(api, 'GET', '/ops/documents.csv?from=2026-11-22&to=2026-11-22&company=DE&languageTag=en', fin);
  t.match(en.rawPayload.toString('utf8'), `Number,Type,Date,Company,Order number,Customer,Net,VAT,Gross,Currency,SHA-256\r\n${d1.number},Invoice,2026-11-22,DE,`, 'English: commas');
  t.match(en.rawPayload.toString('utf8'), `,${(first.totalGrossPrice.centAmount / 100).toFixed(2)},EUR,`, 'and a decimal point');

  // the ZIP: exactly the filtered PDFs, named by number, identical bytes (read with unzip)
  const zip = await opsCall(api, 'GET', '/ops/documents.zip?from=2026-11-22&to=2026-11-24&company=DE', fin);
  // (the body is only named when it is an error: a ZIP's bytes in the TAP output would make the log binary)
  t.equal(zip.statusCode, 200, zip.statusCode === 200 ? 'the ZIP is answered' : zip.body.slice(0, 200));
  t.equal(zip.headers['content-type'], 'application/zip');
  const dir = mkdtempSync(join(tmpdir(), 'docs-zip-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'docs.zip'), zip.rawPayload);
  execFileSync('unzip', ['-t', '-q', join(dir, 'docs.zip')]);
  t.same(execFileSync('unzip', ['-Z1', join(dir, 'docs.zip')]).toString().trim().split('\n'), [`${d1.number}.pdf`, `${d2.number}.pdf`], 'exactly the filtered PDFs');
  execFileSync('unzip', ['-q', join(dir, 'docs.zip'), '-d', join(dir, 'out')]);
  t.equal(sha256(readFileSync(join(dir, 'out', `${d1.number}.pdf`))), d1.sha256, 'byte for byte as stored');
  t.equal(sha256(readFileSync(join(dir, 'out', `${d2.number}.pdf`))), d2.sha256);
  const empty = await opsCall(api, 'GET', '/ops/documents.zip?from=2026-10-01&to=2026-10-31', fin);
  t.equal(empty.statusCode, 200, 'an empty period: an empty ZIP');

  // an order's documents on its back-office page, for any operator, and their download
  const warehouse = await demoToken(api, 'warehouse');
  const ofOrder = await opsCall(api, 'GET', `/ops/orders/${first.id}/documents`, warehouse);
  t.match((ofOrder.json() as OpsOrderDocumentsResponse).results, [{ id: d1.id, kind: 'invoice', number: d1.number, sha256: d1.sha256 }]);
  const pdf = await opsCall(api, 'GET', `/ops/documents/${d1.id}`, warehouse);
  t.equal(pdf.statusCode, 200);
  t.equal(sha256(pdf.rawPayload), d1.sha256, 'the stored bytes');
  t.equal(pdf.headers['content-disposition'], `attachment; filename="${d1.number}.pdf"`);
  t.match((await opsCall(api, 'GET', '/ops/documents/7c6a3f36-1c59-4f2b-9d0e-3c1c1d8f7a10', warehouse)).json(), { statusCode: 404, code: 'document_not_found' });
  t.match((await opsCall(api, 'GET', '/ops/documents/nope', warehouse)).json(), { statusCode: 404, code: 'document_not_found' });
  t.equal((await opsCall(api, 'GET', `/ops/documents/${d1.id}`, null)).statusCode, 401, 'no operator: 401');
  t.equal(d3.number.startsWith('RE-CH-2026-'), true);
});

t.test('only finance and admin see the accountant\'s list; bad filters are a 400 with a stable code', async (t) => {
  const { api } = await openShop(h, t);
  const q = 'from=2026-11-01&to=2026-11-30';
  for (const role of ['warehouse', 'support'] as const) {
    const token = await demoToken(api, role);
    for (const path of ['/ops/documents', '/ops/documents.csv', '/ops/documents.zip']) {
      t.match((await opsCall(api, 'GET', `${path}?${q}`, token)).json(), { statusCode: 403, code: 'operator_role_required' }, `${role}: ${path} refused`);
    }
  }
  const admin = await demoToken(api, 'admin');
  t.equal((await opsCall(api, 'GET', `/ops/documents?${q}`, admin)).statusCode, 200, 'admin sees it');
  const fin = await demoToken(api, 'finance');
  const bad = async (query: string) => (await opsCall(api, 'GET', `/ops/documents?${query}`, fin)).json();
  t.match(await bad('from=2026-11-30&to=2026-11-01'), { statusCode: 400, code: 'invalid_date_range' }, 'a period backwards');
  t.match(await bad('from=2025-01-01&to=2026-11-30'), { statusCode: 400, code: 'invalid_date_range' }, 'longer than a year');
  t.match(await bad('from=yesterday&to=2026-11-30'), { statusCode: 400, code: 'validation_failed' });
  t.match(await bad('to=2026-11-30'), { statusCode: 400, code: 'validation_failed' }, 'a period needs its first day');
  t.match(await bad(`${q}&company=de`), { statusCode: 400, code: 'validation_failed' }, 'a company is its two capitals');
  t.match(await bad(`${q}&kind=receipt`), { statusCode: 400, code: 'validation_failed' }, 'an unknown kind');
  t.match(await bad(`${q}&page=0`), { statusCode: 400, code: 'validation_failed' });
  t.match((await opsCall(api, 'GET', '/ops/documents.csv?from=2026-11-30&to=2026-11-01', fin)).json(), { statusCode: 400, code: 'invalid_date_range' });
  t.match((await opsCall(api, 'GET', '/ops/documents.zip?from=2026-11-30&to=2026-11-01', fin)).json(), { statusCode: 400, code: 'invalid_date_range' });
});
