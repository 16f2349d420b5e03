// The invoice's PDF. Library: pdfkit (maintained, pure JavaScript, writes PDF directly, and swissqrbill renders
// its payment part into the same pdfkit document). Font: DejaVu Sans from the npm package dejavu-fonts-ttf
// (Bitstream Vera licence), embedded as a subset: a PDF/A (the Factur-X e-invoice) needs its fonts embedded, and
// pdfkit's built-in Helvetica covers WinAnsi only, so a buyer named Łukasz Dvořák would print wrong. No system
// font is needed. Deterministic bytes: CreationDate and ModDate are the issue time and pdfkit derives the
// file ID from them (no random ids), so the same content gives the same bytes; the stored bytes are what is
// served anyway (the document is rendered once, at issue).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { lazyModule } from '../../lib/lazy-module.ts';
import { formatDate, formatMoney, formatNumber, regionalGerman, translator } from '../../i18n.ts';
import type { Currency } from '../../stores.ts';
import type { StoreCompanyFacts } from '../../contracts/company-facts.ts';
import type { InvoiceContent } from './invoice.ts';

/** pdfkit, loaded at the first PDF of a process (src/lib/lazy-module.ts) */
export const pdfkit = lazyModule(() => import('pdfkit'));

export const LEFT = 50;
export const WIDTH = 495;
/** the table's columns: x offset, width and alignment */
const cols = {
  quantity: { x: 0, w: 35, align: 'right' },
  description: { x: 45, w: 170, align: 'left' },
  fine: { x: 215, w: 70, align: 'right' },
  fineness: { x: 290, w: 45, align: 'right' },
  unit: { x: 340, w: 75, align: 'right' },
  amount: { x: 420, w: 75, align: 'right' },
} as const;

export const REGULAR = 'Body';
export const BOLD = 'Body-Bold';
let fonts: { regular: Buffer; bold: Buffer } | null = null;
/** The font files, read once per process. */
function fontFiles(): { regular: Buffer; bold: Buffer } {
  if (!fonts) {
    const require = createRequire(import.meta.url);
    fonts = {
      regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf')),
      bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf')),
    };
  }
  return fonts;
}

export async function renderInvoicePdf(c: InvoiceContent): Promise<Buffer> {
  return renderPdf({ Title: c.number, Author: c.seller.legalName, Subject: c.orderNumber, Creator: c.seller.brand, at: c.issuedAt }, c.lang, (doc) => layout(doc, c));
}

/** What a document's PDF metadata names; `at` is its CreationDate and ModDate (the issue time: deterministic bytes). */
export interface PdfInfo { Title: string; Author: string; Subject: string; Creator: string; at: Date }

/** A4 PDF with the embedded DejaVu fonts (REGULAR, BOLD), laid out by `draw`: the building block of every document. */
export async function renderPdf(info: PdfInfo, lang: string, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const { default: PDFDocument } = await pdfkit();
  const doc = new PDFDocument({
    size: 'A4', margin: LEFT, compress: true, lang,
    info: { Title: info.Title, Author: info.Author, Subject: info.Subject, Producer: 'pdfkit', Creator: info.Creator, CreationDate: info.at, ModDate: info.at },
  });
  const { regular, bold } = fontFiles();
  doc.registerFont(REGULAR, regular);
  doc.registerFont(BOLD, bold);
  const chunks: Buffer[] = [];
  doc.on('data', (b: Buffer) => chunks.push(b));
  const done = new Promise<void>((resolve, reject) => { doc.on('end', () => resolve()); doc.on('error', reject); });
  draw(doc);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

/** The issuing company's letterhead (name, address, contact, register, VAT number), top left. */
export function letterhead(doc: PDFKit.PDFDocument, s: StoreCompanyFacts, vatLabel: string): void {
  doc.font(BOLD).fontSize(14).text(s.legalName, LEFT, 50);
  const city = s.country === 'US' ? `${s.city}, ${s.region} ${s.postalCode}` : `${s.postalCode} ${s.city}`;
  doc.font(REGULAR).fontSize(9).text([s.streetAddress, city, s.email, s.hotline].join('\n'));
  doc.text(`${s.register} ${s.registerNumber}`);
  if (s.vatNumber) doc.text(`${vatLabel} ${s.vatNumber}`);
}

function layout(doc: PDFKit.PDFDocument, c: InvoiceContent): void {
  const tr = translator(c.lang);
  const t = (key: string, params?: Record<string, unknown>) => regionalGerman(tr(`documents.${key}`, params), c.storeKey, c.lang);
  const money = (cents: number) => formatMoney(cents, c.currency as Currency, c.locale);
  const date = (d: Date | string) => formatDate(typeof d === 'string' ? `${d}T12:00:00Z` : d, c.locale);
  const s = c.seller;
  const vatLabel = tr(`company.vatLabel.${s.country}`);

  letterhead(doc, s, vatLabel);

  // the buyer
  doc.moveDown(1.5).font(BOLD).text(t('buyer'));
  doc.font(REGULAR).text([...(c.buyer.company ? [c.buyer.company] : []), c.buyer.name, ...c.buyer.address].join('\n'));
  if (c.buyer.vatId) doc.text(t('buyerVatId', { vatId: c.buyer.vatId }));

  // title and facts
  const title = c.kind === 'cancellation_invoice' ? t('cancellation.title') : c.receipt ? t('invoice.receiptTitle') : t('invoice.title');
  doc.moveDown(1.5).font(BOLD).fontSize(16).text(`${title} ${c.number}`);
  doc.font(REGULAR).fontSize(9).moveDown(0.5);
  const supply = c.supplyDate.length === 7
    ? new Intl.DateTimeFormat(c.locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${c.supplyDate}-15T12:00:00Z`))
    : date(c.supplyDate);
  const facts: [string, string][] = [
    [t('number'), c.number],
    [t('issueDate'), date(c.issuedAt)],
    [t('supplyDate'), supply],
    [t('orderNumber'), c.orderNumber],
  ];
  for (const [k, v] of facts) doc.text(`${k}: ${v}`);
  if (c.cancels) doc.moveDown(0.5).text(t('cancellation.refersTo', { number: c.cancels.number, date: date(c.cancels.issuedAt) }));

  // the lines
  doc.moveDown(1);
  const sign = c.kind === 'cancellation_invoice' ? -1 : 1;
  row(doc, {
    quantity: t('columns.quantity'), description: t('columns.description'), fine: t('columns.fine'), fineness: t('columns.fineness'),
    unit: t('columns.unitPrice'), amount: t('columns.amount'),
  }, BOLD);
  for (const l of c.lines) {
    row(doc, {
      quantity: String(l.quantity),
      description: l.noteRef ? `${l.description} (${l.noteRef})` : l.description,
      fine: l.fineWeightMg === null ? '' : `${formatNumber(l.fineWeightMg / 1000, c.locale, 3)} g`,
      fineness: l.fineness === null ? '' : formatNumber(l.fineness, c.locale, 1),
      unit: money(l.unitCents * sign),
      amount: money(l.amountCents * sign),
    }, REGULAR);
  }
  if (c.shippingCents !== 0) row(doc, { description: t('shipping'), amount: money(c.shippingCents * sign) }, REGULAR);
  if (c.discountCents !== 0) row(doc, { description: t('discount'), amount: money(-c.discountCents * sign) }, REGULAR);

  // the totals: net, VAT per rate (and what carries none, with its note), gross
  doc.moveDown(1);
  if (!c.receipt) {
    total(doc, t('totals.net'), money(c.netCents * sign));
    for (const g of c.groups) {
      if (g.scheme === 'standard') {
        total(doc, t('totals.vat', { name: t(`vatName.${c.seller.country}`), rate: `${formatNumber(g.rate * 100, c.locale, 1)} %`, base: money((g.grossCents - g.vatCents) * sign) }), money(g.vatCents * sign));
      } else {
        total(doc, t(`totals.${g.scheme}`, { amount: money(g.grossCents * sign) }), money(0));
      }
    }
  }
  total(doc, t('totals.gross'), money(c.grossCents * sign), BOLD);

  // the legal notes, the payment
  doc.moveDown(1).font(REGULAR).fontSize(9);
  c.notes.forEach((n, i) => doc.text(`(${i + 1}) ${t(`note.${n.kind}`, { citation: n.citation })}`, LEFT, undefined, { width: WIDTH }));
  if (c.receipt) doc.text(t('receiptNote'), LEFT, undefined, { width: WIDTH });
  // a cancellation names no payment: what was paid is settled by the refund, its own booking
  if (c.kind === 'invoice') doc.moveDown(0.5).text(t('paid', { date: date(c.paidOn), method: t(`method.${c.paymentMethod}`) }), LEFT, undefined, { width: WIDTH });
}

type Cells = Partial<Record<keyof typeof cols, string>>;

function row(doc: PDFKit.PDFDocument, cells: Cells, font: string): void {
  tableRow(doc, cols, cells, font);
}

/** A table's column: x offset from the left margin, width and alignment. */
export interface PdfColumn { x: number; w: number; align: 'left' | 'right' }

/** One row of a table whose columns are given: each cell wraps within its column; the row is as tall as its tallest cell. */
export function tableRow<K extends string>(doc: PDFKit.PDFDocument, columns: Record<K, PdfColumn>, cells: Partial<Record<K, string>>, font: string, size = 8.5): void {
  doc.font(font).fontSize(size);
  const height = Math.max(0, ...(Object.entries(columns) as [K, PdfColumn][]).map(([k, col]) => (cells[k] ? doc.heightOfString(cells[k], { width: col.w }) : 0)));
  ensureRoom(doc, height);
  const y = doc.y;
  let bottom = y;
  for (const [k, col] of Object.entries(columns) as [K, PdfColumn][]) {
    const text = cells[k];
    if (!text) continue;
    doc.text(text, LEFT + col.x, y, { width: col.w, align: col.align });
    bottom = Math.max(bottom, doc.y);
  }
  doc.x = LEFT;
  doc.y = bottom + 3;
}

export function total(doc: PDFKit.PDFDocument, label: string, value: string, font = REGULAR): void {
  doc.font(font).fontSize(9);
  ensureRoom(doc, doc.heightOfString(label, { width: 200 }));
  const y = doc.y;
  doc.text(label, LEFT + 215, y, { width: 200, align: 'right' });
  const after = doc.y;
  doc.text(value, LEFT + 420, y, { width: 75, align: 'right' });
  doc.x = LEFT;
  doc.y = Math.max(after, doc.y) + 2;
}

/**
 * A new page when what comes next (`height` points) would cross the bottom margin: cells and totals are placed
 * at an explicit y, which pdfkit would otherwise break onto a page of their own each (a long depot's lots).
 */
export function ensureRoom(doc: PDFKit.PDFDocument, height: number): void {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) {
    doc.addPage();
    doc.x = LEFT;
  }
}
