// Issue 25 in the back office, through its pages against the real commerce service: the order page lists the
// order's documents and downloads the stored bytes and its packing slip; the packing slips of many orders come as
// one PDF; the accountant's screen "Documents" (finance, admin) lists a period, filters it and downloads its CSV and
// ZIP. PDFs are read with pdftotext, the ZIP with unzip (not the libraries that wrote them).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import * as life from '../../src/commerce/lifecycle/index.ts';
import type { Order } from '../../src/contracts/order.ts';
import { commerceHarness, type Api } from '../commerce/helpers.ts';
import { customer, openShop } from '../orders/helpers.ts';
import { finance, order } from '../lifecycle/helpers.ts';
import { docsOf, pdfText, sha256 } from '../documents/helpers.ts';
import { backofficeOver, textOf } from './helpers.ts';

const h = await commerceHarness(t);

async function pay(api: Api, o: Order): Promise<void> {
  const fin = finance();
  await life.recordPayment(api.app.commerce, o.id, { centAmount: o.totalGrossPrice.centAmount, currency: o.totalGrossPrice.currencyCode as 'EUR', reference: o.orderNumber, valueDate: '2026-11-22' }, fin.actor, fin.roles);
}

t.test('documents in the back office: the order page, the packing slips as PDF, the accountant\'s list with CSV and ZIP', async (t) => {
  const { api } = await openShop(h, t);
  const { signedIn } = await backofficeOver(t, api);
  const c = await customer(api, 'de');
  const a = await order(c);
  const b = await order(c, { lines: [{ sku: 'AU-KRUG-1OZ', quantity: 2 }] });
  await pay(api, a);
  await pay(api, b);
  const [da] = await docsOf(h.db, a.id);
  const [db] = await docsOf(h.db, b.id);

  // the order page: every document with kind, number and hash, its download, the packing slip
  const wh = await signedIn('warehouse@ops.example');
  const page = await wh.get(`/orders/${a.id}`);
  t.equal(page.statusCode, 200);
  const section = /<section[^>]*data-testid="order-documents"[\s\S]*?<\/section>/.exec(page.body)?.[0] ?? '';
  t.match(textOf(section), new RegExp(`Documents.*Invoice ${da.number} .*${da.sha256.slice(0, 12)} Download`), 'kind, number, date and the hash\'s start');
  t.match(section, `href="/orders/${a.id}/documents/${da.id}"`);
  const pdf = await wh.get(`/orders/${a.id}/documents/${da.id}`);
  t.equal(pdf.statusCode, 200);
  t.equal(pdf.headers['content-type'], 'application/pdf');
  t.equal(sha256(pdf.rawPayload), da.sha256, 'the stored bytes, through the back office');
  t.equal((await wh.get(`/orders/${a.id}/documents/7c6a3f36-1c59-4f2b-9d0e-3c1c1d8f7a10`)).statusCode, 404);
  const slip = await wh.get(`/orders/${a.id}/packing-slip.pdf`);
  t.equal(slip.statusCode, 200);
  t.match(pdfText(slip.rawPayload), `Lieferschein ${a.orderNumber}`, 'the order\'s packing slip in its language');

  // many slips at once: the page links the PDF, one page per order
  const slips = await wh.get(`/orders/packing-slips?id=${a.id}&id=${b.id}`);
  t.match(slips.body, `href="/orders/packing-slips.pdf?id=${a.id}&amp;id=${b.id}"`);
  const many = await wh.get(`/orders/packing-slips.pdf?id=${a.id}&id=${b.id}`);
  t.equal(many.statusCode, 200);
  const pages = pdfText(many.rawPayload).split('\f').filter((p) => p.trim());
  t.equal(pages.length, 2);
  t.match(pages[1], new RegExp(`Lieferschein ${b.orderNumber}[\\s\\S]*2\\s+Krügerrand`));
  t.notMatch(pages.join(''), /EUR|€/, 'no prices');

  // the accountant's screen: not for the warehouse
  t.notMatch(page.body, 'href="/documents"', 'the warehouse has no Documents in its navigation');
  t.equal((await wh.get('/documents?from=2026-11-01&to=2026-11-30')).statusCode, 403);
  t.equal((await wh.get('/documents.zip?from=2026-11-01&to=2026-11-30')).statusCode, 403);

  const fin = await signedIn('finance@ops.example');
  const list = await fin.get('/documents?from=2026-11-01&to=2026-11-30&company=DE');
  t.equal(list.statusCode, 200);
  t.match(list.body, 'href="/documents"', 'finance has it in its navigation');
  const text = textOf(list.body);
  t.match(text, '2 documents');
  t.match(text, new RegExp(`${da.number} Invoice .* DE ${a.orderNumber} Anna Muster`));
  t.match(text, db.number);
  t.match(list.body, 'href="/documents.csv?from=2026-11-01&amp;to=2026-11-30&amp;company=DE"', 'the CSV of the filter shown');
  const csv = await fin.get('/documents.csv?from=2026-11-01&to=2026-11-30&company=DE');
  t.equal(csv.statusCode, 200);
  t.match(String(csv.headers['content-type']), /^text\/csv/);
  const rows = csv.rawPayload.toString('utf8').trim().split('\r\n');
  t.equal(rows.length, 3, 'a header and two documents');
  t.match(rows[1], `${da.number},Invoice,2026-11-22,DE,${a.orderNumber}`, 'the English operator\'s CSV: commas');
  const zip = await fin.get('/documents.zip?from=2026-11-01&to=2026-11-30&company=DE');
  t.equal(zip.statusCode, 200);
  const dir = mkdtempSync(join(tmpdir(), 'bo-zip-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'd.zip'), zip.rawPayload);
  t.same(execFileSync('unzip', ['-Z1', join(dir, 'd.zip')]).toString().trim().split('\n'), [`${da.number}.pdf`, `${db.number}.pdf`]);

  // bad filters: the form again with the reason, 400
  const bad = await fin.get('/documents?from=2026-13-40&to=2026-11-30');
  t.equal(bad.statusCode, 400);
  t.match(bad.body, 'aria-invalid="true"');
  const backwards = await fin.get('/documents?from=2026-11-30&to=2026-11-01');
  t.equal(backwards.statusCode, 400);
  t.match(textOf(backwards.body), 'The date range runs backwards');
});
