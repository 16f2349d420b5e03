// Issue 25 between real services: the depot statements on the storefront's depot page. The customer asks for
// a statement as of now through /api (CSRF as every unsafe call), finds it in the list and on the
// server-rendered depot page (number, period, day of issue in the store's format), and downloads the stored
// PDF through the storefront: the very bytes commerce stored (SHA-256), read by poppler. Another customer gets
// 404 for it; the sixth in an hour is refused with 429 in the customer's language.
import { gzipSync } from 'node:zlib';
import t from 'tap';
import * as life from '../../src/commerce/lifecycle/index.ts';
import { signedIn, startShop, swissAddress, type Browser, type Shop } from '../api/helpers.ts';
import { finance } from '../lifecycle/helpers.ts';
import { priceSetAt } from '../orders/helpers.ts';
import { pdfText, sha256 } from '../documents/helpers.ts';
import { formatDate } from '../../src/i18n.ts';

async function pricesNow(shop: Shop) {
  const set = await priceSetAt(shop.db, shop.clock().getTime());
  const res = await shop.commerce.inject({
    method: 'PUT', url: '/admin/prices', payload: gzipSync(JSON.stringify(set)),
    headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
  });
  if (res.statusCode !== 200) throw new Error(`hand-over ${res.statusCode} ${res.body}`);
}

/** A Krugerrand bought into the deposit and paid: the customer has a depot with a holding. */
async function depositPurchase(shop: Shop, b: Browser): Promise<void> {
  const added = await b.post('/api/cart/items', { transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity: 1, deposit: true });
  if (added.status !== 200) throw new Error(`add ${added.status} ${added.text}`);
  const cartId = added.json.cart.id as string;
  await b.put(`/api/carts/${cartId}/addresses`, { shippingAddress: swissAddress(), billingAddress: swissAddress() });
  await b.put(`/api/carts/${cartId}`, { shippingMethodId: 'deposit', paymentMethod: 'bank-transfer' });
  const placed = await b.post('/api/orders', { cartId, idempotencyKey: `depot-statements-${cartId}` });
  if (placed.status !== 201) throw new Error(`order ${placed.status} ${placed.text}`);
  const order = placed.json.order;
  const fin = finance();
  await life.recordPayment(shop.commerce.commerce, order.id, { centAmount: order.totalGrossPrice.centAmount, currency: 'CHF', reference: order.orderNumber, valueDate: '2026-11-22' }, fin.actor, fin.roles);
}

t.test('the depot page\'s statements: create one now, list it, download the stored bytes; another customer gets 404', async (t) => {
  const shop = await startShop(t);
  await pricesNow(shop);
  const { b: anna } = await signedIn(shop);
  const { b: ben } = await signedIn(shop);
  await depositPurchase(shop, anna);

  t.same((await anna.get('/api/deposits/statements')).json, { statements: [] }, 'none yet');
  const before = await anna.get('/kundenkonto/depotverwaltung');
  t.equal(before.status, 200);
  t.match(before.text, 'data-testid="depot-statements-none"', 'the page says there is none yet');
  t.match(before.text, 'Depotauszug jetzt erstellen', 'and offers to create one');

  // without the CSRF header the shop refuses before the service is asked
  const forged = await anna.fetch('POST', '/api/deposits/statements', { body: {}, csrf: false });
  t.equal(forged.status, 403);
  t.equal(forged.json.code, 'csrf_failed');

  const created = await anna.post('/api/deposits/statements');
  t.equal(created.status, 201, created.text);
  const s = created.json.statement;
  t.match(s.number, /^DA-CH-\d{4}-\d{6}$/, 'numbered');
  t.equal(s.periodKind, 'on_demand');
  t.equal(s.url, `/api/deposits/statements/${s.id}.pdf`, 'linked to the storefront\'s download, not the service\'s path');
  t.same((await anna.get('/api/deposits/statements')).json.statements.map((x: { id: string }) => x.id), [s.id], 'listed');

  // the depot page lists it in the store's format (the shop's date format of de-CH) with its download
  const page = await anna.get('/kundenkonto/depotverwaltung');
  t.equal(page.status, 200);
  const start = page.text.indexOf('data-testid="depot-statement"');
  const row = page.text.slice(start, page.text.indexOf('</tr>', start));
  t.match(row, `href="/api/deposits/statements/${s.id}.pdf"`, 'the download link');
  t.match(row, `Depotauszug ${s.number} herunterladen (PDF)`, 'named by its number');
  t.match(row, `<td>${formatDate(s.issuedAt, 'de-CH')}</td>`, 'issued on, in the store\'s format');
  t.match(row, `Auf Anfrage<!-- -->: <!-- -->${formatDate(`${s.periodFrom.slice(0, 4)}-01-01`, 'de-CH')} – ${formatDate(s.periodTo, 'de-CH')}`, 'the period: 1 January until today');
  t.match(page.text, '<caption>Ihre Depotauszüge, der neueste zuerst</caption>', 'a table with its caption');

  // the download is the stored document, byte for byte
  const pdf = await anna.get(s.url);
  t.equal(pdf.status, 200);
  t.equal(pdf.headers['content-type'], 'application/pdf');
  t.equal(pdf.headers['content-disposition'], `attachment; filename="${s.number}.pdf"`);
  t.match(String(pdf.headers['cache-control']), /no-store/, 'a customer\'s document is not kept by caches');
  const bytes = Buffer.from(await (await fetch(`http://127.0.0.1:${shop.port}${s.url}`, { headers: { host: `ch.localhost:${shop.port}`, cookie: [...anna.jar].map(([k, v]) => `${k}=${v}`).join('; ') } })).arrayBuffer());
  const [stored] = await shop.db.query<{ sha256: string }>('select sha256 from depot_statements where id = $1', [s.id]);
  t.equal(sha256(bytes), stored.sha256, 'the bytes commerce stored (SHA-256)');
  t.match(pdfText(bytes), s.number, 'a PDF poppler reads, with the statement\'s number');

  // Ben: not his
  const theirs = await ben.get(s.url);
  t.equal(theirs.status, 404, 'another customer\'s statement');
  t.equal(theirs.json.code, 'document_not_found');
  t.notOk(theirs.text.includes('%PDF'), 'no bytes of it');
  t.same((await ben.get('/api/deposits/statements')).json, { statements: [] }, 'not in his list');
  t.equal((await ben.post('/api/deposits/statements')).json.code, 'deposit_not_found', 'no depot, no statement');
  t.equal((await anna.get('/api/deposits/statements/not-an-id.pdf')).status, 404);
  const guest = shop.browser();
  await guest.open();
  t.equal((await guest.get(s.url)).status, 401, 'a guest: not signed in');
});

t.test('more than 5 an hour: 429 with its message in the customer\'s language, and an hour later again', async (t) => {
  const shop = await startShop(t);
  await pricesNow(shop);
  const { b: anna } = await signedIn(shop);
  await depositPurchase(shop, anna);
  for (let i = 0; i < 5; i++) t.equal((await anna.post('/api/deposits/statements')).status, 201, `statement ${i + 1}`);
  const refused = await anna.post('/api/deposits/statements');
  t.equal(refused.status, 429);
  t.equal(refused.json.code, 'too_many_requests');
  t.match(refused.json.message, /^Zu viele Anfragen\./, 'in German');
  t.ok(Number(refused.headers['retry-after']) > 0, 'says when to try again');
  anna.language = 'en';
  const english = await anna.post('/api/deposits/statements');
  t.equal(english.status, 429);
  t.match(english.json.message, /^Too many requests\./, 'the message in the page\'s language');
  t.equal((await anna.get('/api/deposits/statements')).json.statements.length, 5, 'the refused ones issued nothing');
  shop.clock.advance(3601);
  t.equal((await anna.post('/api/deposits/statements')).status, 201, 'an hour later');
});
