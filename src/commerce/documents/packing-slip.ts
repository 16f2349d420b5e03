// The delivery note / packing slip as PDF (issue 25, "Statements and the warehouse"): per order its number,
// date, the ship-to address or the pickup store, the lines with quantity, description, article number and fine
// weight, and no prices; many orders give one PDF with one slip per page (a day's parcels print at once). Built
// with the invoice's building blocks (pdf.ts: pdfkit, embedded DejaVu Sans), each slip in its order's language.
//
// Decision: a packing slip is rendered on demand, not issued as a numbered stored document. It carries no
// amount and no tax, so neither the gapless numbering (§14 UStG, Art. 26 MWSTG) nor the retention duty of a
// booking voucher applies to it (§147 AO: a delivery note that is not the invoice is no longer to be kept since
// 2017); the order number identifies it, the shipment's audit entry records when the parcel left. What it lists
// is the order's frozen lines, which never change after the order is placed, so a reprint says the same.
import { addressLines } from '../../contracts/address-format.ts';
import type { PickupStore } from '../../contracts/order.ts';
import type { PackingSlip } from '../../contracts/ops-lists.ts';
import { formatDate, formatNumber, regionalGerman, translator } from '../../i18n.ts';
import { localeFor, type StoreKey } from '../../stores.ts';
import type { Lang } from '../lib/lang.ts';
import { BOLD, LEFT, renderPdf, REGULAR, tableRow, WIDTH } from './pdf.ts';

/** One slip to print: the data the back office's page shows, in the order's language, with its sender. */
export interface SlipToPrint {
  slip: PackingSlip;
  lang: Lang;
  storeKey: StoreKey;
  pickupStore: PickupStore | null;
  /** the sender's lines (the store's company: name, street, place) */
  sender: string[];
}

/** the table's columns: x offset, width and alignment */
const cols = {
  quantity: { x: 0, w: 40, align: 'right' },
  description: { x: 55, w: 250, align: 'left' },
  sku: { x: 315, w: 90, align: 'left' },
  fine: { x: 410, w: 85, align: 'right' },
} as const;
type Cells = Partial<Record<keyof typeof cols, string>>;

/** The slips as one PDF, one slip per page, in the order given. `at`: the PDF's creation date (the clock's). */
export function renderPackingSlipsPdf(slips: SlipToPrint[], at: Date): Promise<Buffer> {
  const first = slips[0];
  const title = slips.length === 1 ? first.slip.orderNumber : `${slips.length}`;
  return renderPdf({ Title: title, Author: first.sender[0] ?? '', Subject: 'packing slips', Creator: first.sender[0] ?? '', at }, first.lang, (doc) => {
    slips.forEach((s, i) => {
      if (i > 0) doc.addPage();
      slipPage(doc, s);
    });
  });
}

function slipPage(doc: PDFKit.PDFDocument, s: SlipToPrint): void {
  const tr = translator(s.lang);
  const t = (key: string, params?: Record<string, unknown>) => regionalGerman(tr(`documents.${key}`, params), s.storeKey, s.lang);
  const locale = localeFor(s.storeKey, s.lang);
  const grams = (mg: number) => `${formatNumber(mg / 1000, locale, 3)} g`;

  doc.font(BOLD).fontSize(11).text(s.sender[0] ?? '', LEFT, 50);
  doc.font(REGULAR).fontSize(9).text(s.sender.slice(1).join('\n'));

  // the recipient, or the store that hands the parcel over
  doc.moveDown(1.5).font(BOLD).text(s.pickupStore ? t('packingSlip.pickupAt') : t('packingSlip.shipTo'));
  const address = s.pickupStore
    ? [s.pickupStore.name, s.pickupStore.streetAddress, `${s.pickupStore.postalCode} ${s.pickupStore.city}`]
    : addressLines(s.slip.shipTo, (code) => tr(`account.country.${code}`));
  doc.font(REGULAR).text(address.join('\n'));
  if (s.pickupStore) doc.text(t('packingSlip.customer', { name: addressLines(s.slip.shipTo)[0] ?? '' }));

  doc.moveDown(1.5).font(BOLD).fontSize(16).text(`${t('packingSlip.title')} ${s.slip.orderNumber}`);
  doc.font(REGULAR).fontSize(9).moveDown(0.5);
  doc.text(`${t('orderNumber')}: ${s.slip.orderNumber}`);
  doc.text(`${t('packingSlip.orderDate')}: ${formatDate(s.slip.createdAt, locale)}`);

  doc.moveDown(1);
  row(doc, { quantity: t('columns.quantity'), description: t('columns.description'), sku: t('packingSlip.sku'), fine: t('columns.fine') }, BOLD);
  for (const l of s.slip.lines) {
    row(doc, { quantity: String(l.quantity), description: l.name, sku: l.sku ?? '–', fine: l.fineWeightMg > 0 ? grams(l.fineWeightMg) : '–' }, REGULAR);
  }
  doc.moveDown(0.5);
  row(doc, { description: t('packingSlip.totalFine'), fine: grams(s.slip.fineWeightMg) }, BOLD);
  doc.moveDown(1).font(REGULAR).fontSize(9).text(t('packingSlip.note'), LEFT, undefined, { width: WIDTH });
}

/** A slip's row: the documents' table row (a long order continues on the next page) at the slip's 9 pt. */
function row(doc: PDFKit.PDFDocument, cells: Cells, font: string): void {
  tableRow(doc, cols, cells, font, 9);
}
