// The Factur-X invoice (issue 25): the printed invoice PDF with the EN 16931 CII XML embedded. Checked
// with poppler-utils, not with the library that wrote it: pdftotext still shows the invoice a person
// reads, pdfdetach finds factur-x.xml and it is byte for byte the XML the CEN rules passed, and the XMP
// metadata (pdfinfo -meta) declares PDF/A-3 and the Factur-X profile EN 16931 that an accountant's
// software looks for, dated at the issue time so that the same invoice always gives the same bytes.
import t from 'tap';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import PDFDocument from 'pdfkit';
import { renderFacturX, renderFacturXXml } from '../../src/commerce/documents/e-invoice.ts';
import { investmentGoldDe } from './e-invoice-samples.ts';
import { describe, validateCii } from './en16931.ts';

const run = promisify(execFile);

/** A one-page stand-in for the document service's invoice PDF (pdfkit's built-in Helvetica, no system font). */
function printedInvoice(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', info: { CreationDate: new Date('2026-05-04T09:30:00Z') } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.font('Helvetica').fontSize(14).text('Rechnung RE-DE-2026-000123');
    doc.fontSize(10).text('Muster Bau GmbH, Hauptstraße 5, 10115 Berlin');
    doc.text('2 × Krugerrand 1 oz — 5.799,00 EUR');
    doc.text('Steuerfreie Lieferung von Anlagegold gemäß § 25c UStG.');
    doc.end();
  });
}

t.test('the Factur-X PDF shows the invoice, embeds the validated XML and declares PDF/A-3 and EN 16931', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'facturx-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const file = join(dir, 'invoice.pdf');
  const issuedAt = new Date('2026-05-04T09:30:00Z');
  const bytes = await renderFacturX(investmentGoldDe, await printedInvoice(), 'de', issuedAt);
  await writeFile(file, bytes);
  const xml = await renderFacturXXml(investmentGoldDe);

  const { stdout: text } = await run('pdftotext', ['-layout', file, '-']);
  t.match(text, /Rechnung RE-DE-2026-000123/, 'the printed invoice is still the visible page');
  t.match(text, /§ 25c UStG/);

  const { stdout: list } = await run('pdfdetach', ['-list', file]);
  t.match(list, /1 embedded files?\s+1: factur-x\.xml/, 'exactly one attachment, named as Factur-X requires');
  const out = join(dir, 'attachments');
  await run('mkdir', [out]);
  await run('pdfdetach', ['-saveall', '-o', out, file]);
  t.same(await readdir(out), ['factur-x.xml']);
  const embedded = await readFile(join(out, 'factur-x.xml'), 'utf8');
  t.equal(embedded, xml, 'the embedded XML is the XML validated below');
  t.match(embedded, /RE-DE-2026-000123/);

  const verdict = (await validateCii({ embedded })).embedded;
  t.same(verdict.fatal, [], `no fatal EN 16931 assert\n${describe(verdict.fatal)}`);
  t.equal(verdict.xsd, 'OK');

  const { stdout: meta } = await run('pdfinfo', ['-meta', file]);
  t.match(meta, /<pdfaid:part>3<\/pdfaid:part>/, 'PDF/A-3');
  t.match(meta, /<pdfaid:conformance>B<\/pdfaid:conformance>/);
  t.match(meta, /<fx:DocumentFileName>factur-x\.xml<\/fx:DocumentFileName>/);
  t.match(meta, /<fx:ConformanceLevel>EN 16931<\/fx:ConformanceLevel>/, 'the Factur-X profile EN 16931');
  t.match(meta, /<fx:DocumentType>INVOICE<\/fx:DocumentType>/);
  t.match(meta, /<xmp:CreateDate>2026-05-04T09:30:00\+00:00<\/xmp:CreateDate>/, 'dated at issue, not at the wall clock');

  const { stdout: info } = await run('pdfinfo', ['-isodates', file]);
  t.match(info, /CreationDate:\s+2026-05-04T09:30:00Z/, 'the PDF states its issue time');
  t.match(info, /Pages:\s+1/, 'still a valid PDF with its one page');

  await new Promise((resolve) => setTimeout(resolve, 1100));
  const again = await renderFacturX(investmentGoldDe, await printedInvoice(), 'de', issuedAt);
  t.ok(Buffer.from(again).equals(Buffer.from(bytes)), 'rendered a second later: the same bytes');
});
