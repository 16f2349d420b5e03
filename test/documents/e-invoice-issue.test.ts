// Issue 25, the e-invoice at issue: a company customer's invoice on the DE and AT stores is stored as the
// Factur-X PDF with the EN 16931 XML embedded, and the XRechnung CII XML beside it for download; a private
// customer's stays a plain PDF. Checked with poppler-utils (pdfdetach extracts the XML, pdftotext reads the
// page) and the CEN's EN 16931 rules, KoSIT's XRechnung rules and the CII XSD run with Saxon-HE and the JDK,
// none of them part of the library that writes the XML.
import t from 'tap';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import * as life from '../../src/commerce/lifecycle/index.ts';
import { bankAccountFor } from '../../src/contracts/company-facts.ts';
import type { Order } from '../../src/contracts/order.ts';
import { commerceHarness } from '../commerce/helpers.ts';
import { addressOf, customer, ok, openShop, placeOrder, readyCart } from '../orders/helpers.ts';
import { finance, order } from '../lifecycle/helpers.ts';
import { docsOf, pdfText, sha256 } from './helpers.ts';
import { describe, validateCii } from './en16931.ts';

const run = promisify(execFile);
const h = await commerceHarness(t);

type Ctx = Parameters<typeof life.recordPayment>[0];

function pay(ctx: Ctx, o: Order) {
  const fin = finance();
  return life.recordPayment(ctx, o.id, { centAmount: o.totalGrossPrice.centAmount, currency: 'EUR', reference: o.orderNumber, valueDate: '2026-11-22' }, fin.actor, fin.roles);
}

/** The files embedded in a PDF, as poppler's pdfdetach extracts them: name -> text. */
async function embeddedFiles(pdf: Uint8Array): Promise<Record<string, string>> {
  const dir = await mkdtemp(join(tmpdir(), 'einvoice-'));
  try {
    await writeFile(join(dir, 'doc.pdf'), pdf);
    await run('mkdir', [join(dir, 'out')]);
    await run('pdfdetach', ['-saveall', '-o', join(dir, 'out'), join(dir, 'doc.pdf')]);
    const files: Record<string, string> = {};
    for (const name of await readdir(join(dir, 'out'))) files[name] = await readFile(join(dir, 'out', name), 'utf8');
    return files;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The stored XML of a document, read straight from the table. */
async function storedXml(id: string): Promise<{ xml: Buffer | null; xml_sha256: string | null }> {
  const [row] = await h.db.query<{ xml: Uint8Array | null; xml_sha256: string | null }>('select xml, xml_sha256 from documents where id = $1', [id]);
  return { xml: row.xml ? Buffer.from(row.xml) : null, xml_sha256: row.xml_sha256 };
}

/** A DE company customer's order: investment gold (exempt, § 25c), platinum (19 %) and a silver coin (margin scheme, § 25a). */
async function companyOrder(api: Parameters<typeof customer>[0]) {
  const c = await customer(api, 'de', { accountType: 'company', companyName: 'Muster Bau GmbH', vatId: 'DE136695976' });
  const cart = await readyCart(c, { lines: [{ sku: 'AU-KRUG-1OZ', quantity: 2 }, { sku: 'PT-PHIL-1OZ', quantity: 1 }, { sku: 'AG-PHIL-1OZ', quantity: 3 }] });
  await ok(c.call('PUT', `/carts/${cart.id}/addresses`, { billingAddress: { ...addressOf.de, company: 'Muster Bau GmbH' }, shippingAddress: addressOf.de }));
  const placed = await placeOrder(c, cart.id);
  if (placed.statusCode !== 201) throw new Error(placed.body);
  return { c, o: placed.json() as Order };
}

const amount = (xml: string, tag: string) => new RegExp(`<ram:${tag}[^>]*>([\\d.-]+)</ram:${tag}>`).exec(xml)?.[1];

t.test('DE company customer: the invoice is the Factur-X PDF with the XML embedded, the XRechnung XML is stored beside it; both pass the EN 16931 rules', async (t) => {
  const { api } = await openShop(h, t);
  const { c, o } = await companyOrder(api);
  await pay(api.app.commerce, o);
  const [inv] = await docsOf(h.db, o.id);
  t.match(inv.number, /^RE-DE-2026-\d{6}$/);

  const files = await embeddedFiles(inv.pdf);
  t.same(Object.keys(files), ['factur-x.xml'], 'the stored PDF embeds factur-x.xml (pdfdetach)');
  const embedded = files['factur-x.xml'];
  t.match(pdfText(inv.pdf), `Rechnung ${inv.number}`, 'the printed invoice is still the page a person reads');
  t.match(pdfText(inv.pdf), 'USt-IdNr. des Kunden: DE136695976');

  const stored = await storedXml(inv.id);
  t.ok(stored.xml, 'the XRechnung XML is stored');
  const xml = stored.xml!.toString('utf8');
  t.equal(stored.xml_sha256, sha256(stored.xml!), 'with the SHA-256 of its bytes');
  for (const doc of [embedded, xml]) {
    t.match(doc, `<ram:ID>${inv.number}</ram:ID>`, 'the invoice number');
    t.match(doc, 'DE136695976', 'the buyer\'s VAT ID');
    t.match(doc, 'Muster Bau GmbH');
    t.match(doc, '§ 25c UStG', 'the exempt line\'s legal note');
    t.equal(amount(doc, 'GrandTotalAmount'), (o.totalGrossPrice.centAmount / 100).toFixed(2), 'the gross total is the order\'s');
    t.equal(amount(doc, 'DuePayableAmount'), '0.00', 'paid in full');
  }
  t.match(xml, 'urn:xeinkauf.de:kosit:xrechnung', 'the download is XRechnung (its specification identifier)');

  const verdicts = await validateCii({ embedded, xrechnung: xml }, { xrechnung: true });
  for (const [name, v] of Object.entries(verdicts)) {
    t.same(v.fatal, [], `${name}: no fatal EN 16931 assert\n${describe(v.fatal)}`);
    t.equal(v.xsd, 'OK', `${name}: valid against the CII XSD`);
  }
  t.same(verdicts.xrechnung.xrechnung?.fatal, [], `the download passes KoSIT's XRechnung rules\n${describe(verdicts.xrechnung.xrechnung?.fatal ?? [])}`);

  const [audit] = await h.db.query<{ details: Record<string, unknown> }>(`select details from order_audit where order_id = $1 and action = 'invoice_issued'`, [o.id]);
  t.match(audit.details, { number: inv.number, sha256: inv.sha256, xmlSha256: stored.xml_sha256 }, 'the audit names the hashes of both stored files');

  // the customer's download, owner-scoped
  const mine = (await c.call('GET', `/orders/${o.id}`)).json() as Order;
  const listed = mine.documents![0];
  t.equal(listed.xmlUrl, `/orders/${o.id}/documents/${inv.id}/xml`, 'the order lists the XML download');
  const res = await c.call('GET', listed.xmlUrl!);
  t.equal(res.statusCode, 200);
  t.match(res.headers['content-type'], /^application\/xml/);
  t.equal(res.headers['content-disposition'], `attachment; filename="${inv.number}.xml"`);
  t.equal(sha256(res.rawPayload), stored.xml_sha256, 'the stored bytes');
  const other = await customer(api, 'de');
  t.match((await other.call('GET', listed.xmlUrl!)).json(), { statusCode: 404, code: 'order_not_found' }, 'another customer: 404');
  t.equal((await api.call('GET', listed.xmlUrl!, { store: 'de' })).statusCode, 401, 'no token: 401');
});

t.test('a private customer\'s invoice stays a plain PDF: nothing embedded, no XML stored, no XML download', async (t) => {
  const { api } = await openShop(h, t);
  const c = await customer(api, 'de');
  const o = await order(c, { lines: [{ sku: 'AU-KRUG-1OZ', quantity: 1 }] });
  await pay(api.app.commerce, o);
  const [inv] = await docsOf(h.db, o.id);
  t.same(await embeddedFiles(inv.pdf), {}, 'no file embedded');
  t.same(await storedXml(inv.id), { xml: null, xml_sha256: null });
  const mine = (await c.call('GET', `/orders/${o.id}`)).json() as Order;
  t.equal(mine.documents![0].xmlUrl, undefined, 'no XML listed');
  t.match((await c.call('GET', `/orders/${o.id}/documents/${inv.id}/xml`)).json(), { statusCode: 404, code: 'document_not_found' });
});

t.test('DE company customer, payment returned and order cancelled: the cancellation invoice is an e-invoice too (credit note 381 naming the original)', async (t) => {
  const { api } = await openShop(h, t);
  t.teardown(() => h.db.query('delete from bank_statement_entries'));
  const ctx = api.app.commerce;
  const fin = finance();
  const { o } = await companyOrder(api);
  await pay(ctx, o);
  const iban = bankAccountFor(await ctx.companyFacts.forStore('de'), 'EUR')!.iban!;
  const cents = o.totalGrossPrice.centAmount;
  await life.importBankStatement(ctx, `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><GrpHdr><MsgId>MSG-RT-DE</MsgId><CreDtTm>2026-11-22T18:00:00+01:00</CreDtTm></GrpHdr>
<Stmt><Id>STMT-RT-DE</Id><Acct><Id><IBAN>${iban}</IBAN></Id><Ccy>EUR</Ccy></Acct>
<Ntry><NtryRef>RT-DE</NtryRef><Amt Ccy="EUR">${(cents / 100).toFixed(2)}</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>
<BookgDt><Dt>2026-11-22</Dt></BookgDt><ValDt><Dt>2026-11-22</Dt></ValDt><BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>RRTN</SubFmlyCd></Fmly></Domn></BkTxCd>
<NtryDtls><TxDtls><RmtInf><Ustrd>Retoure ${o.orderNumber}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>
</Stmt></BkToCstmrStmt></Document>`, fin.actor, fin.roles);
  api.clock.advance(86_400);
  await life.cancelOrder(ctx, o.id, { reason: 'transfer returned by the bank' }, fin.actor, fin.roles);
  const docs = await docsOf(h.db, o.id);
  const original = docs.find((d) => d.kind === 'invoice')!;
  const storno = docs.find((d) => d.kind === 'cancellation_invoice')!;
  t.ok(storno, 'the cancellation invoice was issued');
  const embedded = (await embeddedFiles(storno.pdf))['factur-x.xml'];
  t.ok(embedded, 'its PDF embeds the XML');
  const xml = (await storedXml(storno.id)).xml!.toString('utf8');
  for (const doc of [embedded, xml]) {
    t.match(doc, '<ram:TypeCode>381</ram:TypeCode>', 'a credit note');
    t.match(doc, `<ram:IssuerAssignedID>${original.number}</ram:IssuerAssignedID>`, 'naming the original invoice (BT-25)');
  }
  const verdicts = await validateCii({ embedded, xrechnung: xml });
  for (const [name, v] of Object.entries(verdicts)) t.same(v.fatal, [], `${name}: no fatal EN 16931 assert\n${describe(v.fatal)}`);
});
