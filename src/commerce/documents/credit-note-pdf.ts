// The credit note's PDF, with the invoice's building blocks (pdf.ts: pdfkit, the embedded DejaVu fonts, the
// letterhead, table rows and totals): the shop's company heads it as the issuer and buyer, the customer is the
// seller, then the title "Gutschrift" / "Credit note", the dates, the assay per line, the VAT, the legal notes
// and the account paid to (masked).
import { formatDate, formatMoney, formatNumber, regionalGerman, translator } from '../../i18n.ts';
import type { Currency } from '../../stores.ts';
import type { CreditNoteContent } from './credit-note.ts';
import { BOLD, LEFT, letterhead, REGULAR, renderPdf, tableRow, total, WIDTH } from './pdf.ts';

const cols = {
  description: { x: 0, w: 135, align: 'left' },
  fineness: { x: 140, w: 45, align: 'right' },
  estimated: { x: 190, w: 70, align: 'right' },
  final: { x: 265, w: 70, align: 'right' },
  perGram: { x: 340, w: 75, align: 'right' },
  amount: { x: 420, w: 75, align: 'right' },
} as const;

export async function renderCreditNotePdf(c: CreditNoteContent): Promise<Buffer> {
  return renderPdf({ Title: c.number, Author: c.buyer.legalName, Subject: c.orderNumber, Creator: c.buyer.brand, at: c.issuedAt }, c.lang, (doc) => layout(doc, c));
}

function layout(doc: PDFKit.PDFDocument, c: CreditNoteContent): void {
  const tr = translator(c.lang);
  const t = (key: string, params?: Record<string, unknown>) => regionalGerman(tr(`documents.creditNote.${key}`, params), c.storeKey, c.lang);
  const money = (cents: number) => formatMoney(cents, c.currency as Currency, c.locale);
  const date = (d: Date | string) => formatDate(typeof d === 'string' ? `${d}T12:00:00Z` : d, c.locale);
  const grams = (mg: number | null) => (mg === null ? '' : `${formatNumber(mg / 1000, c.locale, 3)} g`);

  letterhead(doc, c.buyer, tr(`company.vatLabel.${c.buyer.country}`));

  // the seller (the customer) and the buyer (the shop, named in the letterhead)
  doc.moveDown(1.5).font(BOLD).text(t('seller'));
  doc.font(REGULAR).text([...(c.seller.company ? [c.seller.company] : []), c.seller.name, ...c.seller.address].join('\n'));
  if (c.seller.vatId) doc.text(t('sellerVatId', { vatId: c.seller.vatId }));
  doc.moveDown(0.5).font(BOLD).text(t('buyer'));
  doc.font(REGULAR).text(c.buyer.legalName);

  doc.moveDown(1.5).font(BOLD).fontSize(16).text(`${t('title')} ${c.number}`);
  doc.font(REGULAR).fontSize(9).moveDown(0.5);
  const facts: [string, string][] = [
    [t('number'), c.number],
    [t('issueDate'), date(c.issuedAt)],
    [t('purchaseDate'), date(c.purchaseDate)],
    ...(c.assayDate ? [[t('assayDate'), date(c.assayDate)] as [string, string]] : []),
    [t('orderNumber'), c.orderNumber],
  ];
  for (const [k, v] of facts) doc.text(`${k}: ${v}`);

  doc.moveDown(1);
  tableRow(doc, cols, {
    description: t('columns.description'), fineness: t('columns.fineness'), estimated: t('columns.estimated'), final: t('columns.final'),
    perGram: t('columns.perGram'), amount: t('columns.amount'),
  }, BOLD);
  for (const l of c.lines) {
    const name = l.quantity > 1 ? `${l.quantity} × ${l.description}` : l.description;
    tableRow(doc, cols, {
      description: l.noteRef ? `${name} (${l.noteRef})` : name,
      fineness: l.fineness === null ? '' : formatNumber(l.fineness, c.locale, 1),
      estimated: grams(l.estimatedFineMg),
      final: grams(l.finalFineMg),
      perGram: l.pricePerGramCents === null ? '' : money(l.pricePerGramCents),
      amount: money(l.amountCents),
    }, REGULAR);
  }

  doc.moveDown(1);
  for (const g of c.seller.business ? c.groups : []) {
    if (g.scheme === 'standard') {
      total(doc, t('vat', { name: tr(`documents.vatName.${c.buyer.country}`), rate: `${formatNumber(g.rate * 100, c.locale, 1)} %`, base: money(g.grossCents - g.vatCents) }), money(g.vatCents));
    } else if (g.scheme !== 'none') {
      total(doc, t(`scheme.${g.scheme}`, { amount: money(g.grossCents) }), money(0));
    }
  }
  total(doc, t('total'), money(c.totalCents), BOLD);

  doc.moveDown(1).font(REGULAR).fontSize(9);
  const text = (s: string) => doc.text(s, LEFT, undefined, { width: WIDTH });
  // Decision: where no VAT law applies (the US company) neither the self-billing statute nor the private seller's VAT is named
  if (c.selfBilling) text(t('selfBilling', { citation: c.selfBilling }));
  if (c.selfBilling && !c.seller.business) text(t('private'));
  c.notes.forEach((n, i) => text(`(${i + 1}) ${t(`note.${n.kind}`, { citation: n.citation })}`));
  doc.moveDown(0.5);
  text(c.payout.account
    ? t('paidTransfer', { date: date(c.payout.valueDate), account: c.payout.account })
    : t('paidCash', { date: date(c.payout.valueDate) }));
}
