// Issue 23, the smaller holes of the back office: form fields named like Object's members, the language
// links of a page built from its route (never the raw URL), customer and bank text never a link, the order
// search by company, the customer's order comment, a cancelled order that owes nothing, and the whistleblower
// cases kept out of the back office's log.
import { request } from 'node:http';
import { Writable } from 'node:stream';
import t from 'tap';
import { commerceHarness } from '../commerce/helpers.ts';
import { addressOf, createCart, customer, guest, ok, openShop, placeOrder } from '../orders/helpers.ts';
import { order } from '../lifecycle/helpers.ts';
import * as life from '../../src/commerce/lifecycle/index.ts';
import { finance } from '../lifecycle/helpers.ts';
import { backofficeOver, textOf } from './helpers.ts';

const h = await commerceHarness(t);

t.test('form fields named constructor, toString, valueOf or __proto__ are fields like any other, never a 500', async (t) => {
  const { api } = await openShop(h, t);
  const { signedIn, browser } = await backofficeOver(t, api);
  const o = await order(await customer(api, 'ch'));
  const fin = await signedIn('finance@ops.example');

  for (const name of ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__']) {
    const paid = await fin.post(`/orders/${o.id}/payment`, { amount: 'abc', currency: 'CHF', reference: o.orderNumber, valueDate: '2026-11-23', [name]: 'x' });
    t.equal(paid.statusCode, 400, `${name}: the form is read, the bad amount refused at its field`);
    t.match(paid.body, 'id="payment-amount-error"', name);
    const signIn = await browser().post('/sign-in', { email: 'finance@ops.example', password: 'wrong-password', [name]: 'x' }, { csrf: null });
    t.equal(signIn.statusCode, 403, `${name}: a sign-in without the token is refused as such`);
  }
  // a step whose name is one of Object's members is no step: 404, not 500
  for (const step of ['constructor', 'toString', '__proto__']) {
    t.equal((await fin.post(`/orders/${o.id}/${step}`, { amount: '1.00' })).statusCode, 404, step);
  }
  // __proto__ twice used to make the body's prototype an array: the form (@fastify/formbody) is read as before
  const twice = await fin.post(`/orders/${o.id}/payment`, { amount: 'abc', currency: 'CHF', reference: o.orderNumber, valueDate: '2026-11-23', ['__proto__']: ['a', 'b'], constructor: 'c' });
  t.equal(twice.statusCode, 400, '__proto__ twice: the form is read, the bad amount refused at its field');
  t.match(twice.body, 'id="payment-amount-error"');
  t.match(twice.body, 'value="abc"', 'what was typed stays');
  // the upload's parts named like Object's members: @fastify/multipart refuses them (400, the back office's page):
  // test/backoffice/security.test.ts
});

t.test('the language links are built from the route: a raw path like //evil.example/x never becomes a link', async (t) => {
  const { api } = await openShop(h, t);
  const { bo, signedIn } = await backofficeOver(t, api);
  await bo.listen({ host: '127.0.0.1', port: 0 });
  const { port } = bo.server.address() as { port: number };
  // over a real socket: inject normalizes the URL, a browser's request line reaches the server as typed
  const get = (path: string, headers: Record<string, string> = {}) => new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
  for (const path of ['//evil.example/x', '//evil.example/x?a=1', '/\\evil.example/x', '/%2F%2Fevil.example/x']) {
    const page = await get(path);
    t.equal(page.status, 404, path);
    const links = [...page.body.matchAll(/href="([^"]*)"[^>]*hrefLang|hrefLang="[a-z]+"[^>]*href="([^"]*)"|<a href="([^"]*lang=[^"]*)"/gi)].map((m) => m[1] ?? m[2] ?? m[3]);
    t.ok(links.length > 0, `${path}: the page has its language link`);
    for (const href of links) t.match(href, /^\/\?lang=(de|en)$/, `${path}: the language link ${href} leads to the start page`);
    t.notMatch(page.body, /href="\/\/|href="\/\\|evil\.example/, `${path}: no link to another site, the path is not echoed`);
  }

  // an ordinary page keeps its own path and query
  const fin = await signedIn('finance@ops.example');
  const cookie = [...fin.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const queue = await get('/orders?queue=to_pay', { cookie });
  t.match(queue.body, 'href="/orders?queue=to_pay&amp;lang=de"');
  const id = '00000000-0000-4000-8000-000000000000';
  const missing = await get(`/orders/${id}?x=%22%3E`, { cookie });
  t.match(missing.body, `href="/orders/${id}?x=%22%3E&amp;lang=de"`, 'the query is written again, encoded');
});

t.test('a remittance or comment starting with https:// is shown as text on the staff order page, never as a link', async (t) => {
  const { api } = await openShop(h, t);
  const { signedIn } = await backofficeOver(t, api);
  t.teardown(() => h.db.query('delete from bank_statement_entries'));
  const o = await order(await customer(api, 'ch'));
  const fin = finance();
  const remittance = `https://evil.example/pay ${o.orderNumber}`;
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.04"><BkToCstmrStmt><GrpHdr><MsgId>M1</MsgId><CreDtTm>2026-11-23T08:00:00</CreDtTm></GrpHdr>
<Stmt><Id>STMT-H6-1</Id><Acct><Id><IBAN>CH3200700110004738291</IBAN></Id></Acct>
<Ntry><NtryRef>H6-1</NtryRef><Amt Ccy="CHF">${(o.totalGrossPrice.centAmount / 100).toFixed(2)}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><ValDt><Dt>2026-11-23</Dt></ValDt>
<NtryDtls><TxDtls><RltdPties><Dbtr><Nm>Anna Muster</Nm></Dbtr></RltdPties><RmtInf><Ustrd>${remittance}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>
</Stmt></BkToCstmrStmt></Document>`;
  const result = await life.importBankStatement(api.app.commerce, xml, fin.actor, fin.roles);
  t.equal(result.applied, 1, 'the transfer is applied');

  const staff = await signedIn('finance@ops.example');
  const page = await staff.get(`/orders/${o.id}`);
  t.equal(page.statusCode, 200);
  t.match(textOf(page.body), remittance, 'the bank\'s text is shown');
  t.notMatch(page.body, /<a[^>]+href="https:\/\/evil\.example/, 'but never as a link');
});

t.test('staff find an order by the company of its billing address, and read the customer\'s comment', async (t) => {
  const { api } = await openShop(h, t);
  const { signedIn } = await backofficeOver(t, api);
  const g = await guest(api, 'ch');
  let cart = await createCart(g, 'buy');
  cart = await ok(g.call('PUT', `/carts/${cart.id}/line-items`, { sku: 'AU-KRUG-1OZ', quantity: 1 }));
  cart = await ok(g.call('PUT', `/carts/${cart.id}/addresses`, {
    email: 'einkauf@muster-metall.ch', shippingAddress: addressOf.ch, billingAddress: { ...addressOf.ch, company: 'Muster Metall AG' },
  }));
  cart = await ok(g.call('PUT', `/carts/${cart.id}`, { shippingMethodId: 'shipping', paymentMethod: 'bank-transfer' }));
  const comment = 'Bitte beim Empfang melden.\nhttps://evil.example/lieferhinweis';
  const placed = await placeOrder(g, cart.id, undefined, { comment });
  t.equal(placed.statusCode, 201, 'the company\'s order is placed');
  const o = placed.json() as { id: string; orderNumber: string };

  const sup = await signedIn('support@ops.example');
  for (const q of ['Muster Metall', 'metall ag']) {
    const found = textOf((await sup.get(`/orders?q=${encodeURIComponent(q)}`)).body);
    t.match(found, o.orderNumber, `"${q}" finds the company's order`);
  }
  const detail = await sup.get(`/orders/${o.id}`);
  const text = textOf(detail.body);
  t.match(text, 'Customer\'s comment Bitte beim Empfang melden. https://evil.example/lieferhinweis', 'the comment is on the order page');
  t.notMatch(detail.body, /<a[^>]+href="https:\/\/evil\.example/, 'as text, not a link');
  t.match(textOf((await sup.get(`/orders/${o.id}`, { 'accept-language': 'de' })).body), 'Kommentar der Kundschaft');
});

t.test('the back office does not log whistleblower case references (its case routes log from warn up only)', async (t) => {
  const { api } = await openShop(h, t);
  const lines: string[] = [];
  const logStream = new Writable({ write(chunk, _enc, cb) { lines.push(String(chunk)); cb(); } });
  const { signedIn } = await backofficeOver(t, api, { logStream });
  const report = await api.call('POST', '/application/whistleblow', { store: 'de', body: { category: 'fraud', message: 'Jemand bucht doppelt.', anonymous: true } });
  const { caseReference } = report.json() as { caseReference: string };
  const admin = await signedIn('admin@ops.example');
  t.equal((await admin.get('/cases')).statusCode, 200);
  t.equal((await admin.get(`/cases/${caseReference}`)).statusCode, 200);
  const answered = await admin.post(`/cases/${caseReference}/answers`, { message: 'Wir prüfen das.' });
  t.equal(answered.statusCode, 303);
  t.equal((await admin.get(answered.headers.location as string)).statusCode, 200);
  await admin.get('/orders');
  const log = lines.join('');
  t.match(log, '"path":"/orders"', 'the back office does log its other pages');
  t.notMatch(log, caseReference, 'no line names the case');
  t.notMatch(log, '/cases', 'no request line of a case route at info');
});
