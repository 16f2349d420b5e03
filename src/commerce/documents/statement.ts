// The depot statement's PDF (issue 25): the depot's facts as of the period's end (deposits' depotStatementFacts)
// laid out with the invoice's building blocks (pdf.ts: embedded DejaVu fonts, letterhead, table rows, totals), in
// the statement's language with the store's formats for amounts and dates.
import type { StoreCompanyFacts } from '../../contracts/company-facts.ts';
import { formatDate, formatMoney, regionalGerman, translator } from '../../i18n.ts';
import { localeFor, type Currency, type StoreKey } from '../../stores.ts';
import type { DepotStatementFacts } from '../deposits/index.ts';
import type { Lang } from '../lib/lang.ts';
import { BOLD, LEFT, letterhead, REGULAR, renderPdf, tableRow, total, WIDTH, type PdfColumn } from './pdf.ts';
import type { StatementPeriodKind } from './statement-repository.ts';

export interface StatementContent {
  number: string; lang: Lang; storeKey: StoreKey; seller: StoreCompanyFacts;
  customer: { name: string; address: string[] };
  periodKind: StatementPeriodKind;
  /** YYYY-MM-DD, both days included (an on-demand statement: 1 January until the day of issue) */
  periodFrom: string; periodTo: string;
  issuedAt: Date;
  facts: DepotStatementFacts;
}

const holdingCols: Record<'name' | 'quantity' | 'cost' | 'unit' | 'value', PdfColumn> = {
  name: { x: 0, w: 160, align: 'left' }, quantity: { x: 165, w: 35, align: 'right' }, cost: { x: 205, w: 95, align: 'right' },
  unit: { x: 305, w: 95, align: 'right' }, value: { x: 405, w: 90, align: 'right' },
};
const lotCols: Record<'name' | 'order' | 'acquired' | 'quantity' | 'unit' | 'cost' | 'taxFree', PdfColumn> = {
  name: { x: 0, w: 130, align: 'left' }, order: { x: 135, w: 80, align: 'left' }, acquired: { x: 220, w: 55, align: 'right' },
  quantity: { x: 280, w: 30, align: 'right' }, unit: { x: 315, w: 60, align: 'right' }, cost: { x: 380, w: 60, align: 'right' },
  taxFree: { x: 445, w: 50, align: 'right' },
};
const saleCols: Record<'sold' | 'order' | 'name' | 'acquired' | 'quantity' | 'cost' | 'proceeds' | 'gain' | 'taxFree', PdfColumn> = {
  sold: { x: 0, w: 45, align: 'left' }, order: { x: 48, w: 74, align: 'left' }, name: { x: 125, w: 80, align: 'left' }, acquired: { x: 208, w: 50, align: 'right' },
  quantity: { x: 261, w: 28, align: 'right' }, cost: { x: 292, w: 52, align: 'right' }, proceeds: { x: 347, w: 50, align: 'right' },
  gain: { x: 400, w: 53, align: 'right' }, taxFree: { x: 456, w: 39, align: 'right' },
};

export function renderStatementPdf(c: StatementContent): Promise<Buffer> {
  return renderPdf({ Title: c.number, Author: c.seller.legalName, Subject: c.facts.depositNumber, Creator: c.seller.brand, at: c.issuedAt }, c.lang, (doc) => layout(doc, c));
}

function layout(doc: PDFKit.PDFDocument, c: StatementContent): void {
  const tr = translator(c.lang);
  const t = (key: string, params?: Record<string, unknown>) => regionalGerman(tr(`documents.statement.${key}`, params), c.storeKey, c.lang);
  const locale = localeFor(c.storeKey, c.lang);
  const f = c.facts;
  const money = (cents: number, currency: Currency = f.currency) => formatMoney(cents, currency, locale);
  const maybe = (cents: number | null) => (cents === null ? '–' : money(cents));
  const date = (d: Date | string) => formatDate(typeof d === 'string' ? `${d}T12:00:00Z` : d, locale);
  const yesNo = (b: boolean | null) => (b === null ? '–' : t(b ? 'yes' : 'no'));

  letterhead(doc, c.seller, tr(`company.vatLabel.${c.seller.country}`));
  doc.moveDown(1.5).font(BOLD).text(t('customer'));
  doc.font(REGULAR).text([c.customer.name, ...c.customer.address].join('\n'));

  doc.moveDown(1.5).font(BOLD).fontSize(16).text(`${t(`title.${c.periodKind}`)} ${c.number}`);
  doc.font(REGULAR).fontSize(9).moveDown(0.5);
  const facts: [string, string][] = [
    [t('number'), c.number],
    [t('issueDate'), date(c.issuedAt)],
    [t('depot'), f.depositNumber],
    [t('period'), t(c.periodKind === 'on_demand' ? 'periodAsOf' : 'periodRange', { from: date(c.periodFrom), to: date(c.periodTo) })],
  ];
  for (const [k, v] of facts) doc.text(`${k}: ${v}`);
  doc.moveDown(0.5).text(f.priceSet ? t('valuation', { date: date(f.priceSet.at), id: f.priceSet.id }) : t('noValuation'), LEFT, undefined, { width: WIDTH });

  section(doc, t('holdings.title'));
  if (f.holdings.length === 0) doc.font(REGULAR).fontSize(9).text(t('holdings.none'));
  else {
    tableRow(doc, holdingCols, { name: t('columns.product'), quantity: t('columns.quantity'), cost: t('columns.cost'), unit: t('columns.buyBack'), value: t('columns.value') }, BOLD);
    for (const h of f.holdings) {
      tableRow(doc, holdingCols, { name: h.name, quantity: String(h.quantity), cost: money(h.costCents), unit: maybe(h.unitValueCents), value: maybe(h.valueCents) }, REGULAR);
    }
    doc.moveDown(0.5);
    total(doc, t('totals.cost'), money(f.totals.costCents));
    total(doc, t('totals.value'), maybe(f.totals.valueCents), BOLD);
    total(doc, t('totals.difference'), f.totals.valueCents === null ? '–' : money(f.totals.valueCents - f.totals.costCents));
  }

  section(doc, t('lots.title'));
  if (f.lots.length > 0) {
    tableRow(doc, lotCols, {
      name: t('columns.product'), order: t('columns.order'), acquired: t('columns.acquired'), quantity: t('columns.quantity'), unit: t('columns.unitCost'),
      cost: t('columns.lotCost'), taxFree: t('columns.taxFreeFrom'),
    }, BOLD);
    for (const l of f.lots) {
      tableRow(doc, lotCols, {
        name: l.name, order: l.orderNumber, acquired: date(l.acquiredAt), quantity: String(l.quantity), unit: money(l.unitCostCents), cost: money(l.costCents),
        taxFree: l.taxFreeFrom ? date(l.taxFreeFrom) : '–',
      }, REGULAR);
    }
  }
  doc.moveDown(0.5).font(REGULAR).fontSize(9);
  doc.text(f.rule ? t('rule', { source: f.rule.source, years: f.rule.holdingPeriodYears }) : t('noRule'), LEFT, undefined, { width: WIDTH });

  section(doc, t('sales.title'));
  if (f.sales.length === 0) doc.font(REGULAR).fontSize(9).text(t('sales.none'));
  else {
    tableRow(doc, saleCols, {
      sold: t('columns.sold'), order: t('columns.order'), name: t('columns.product'), acquired: t('columns.acquired'), quantity: t('columns.quantity'), cost: t('columns.lotCost'),
      proceeds: t('columns.proceeds'), gain: t('columns.gain'), taxFree: t('columns.taxFree'),
    }, BOLD);
    for (const s of f.sales) {
      tableRow(doc, saleCols, {
        sold: date(s.soldAt), order: s.orderNumber, name: s.name, acquired: date(s.acquiredAt), quantity: String(s.quantity), cost: money(s.costCents),
        proceeds: money(s.proceedsCents, s.currency), gain: maybe(s.gainCents), taxFree: yesNo(s.taxFree),
      }, REGULAR);
    }
    doc.moveDown(0.5);
    total(doc, t('totals.proceeds'), money(f.totals.proceedsCents));
    total(doc, t('totals.gain'), money(f.totals.gainCents), BOLD);
    if (f.totals.taxableGainCents !== null) total(doc, t('totals.taxableGain'), money(f.totals.taxableGainCents));
  }

  doc.moveDown(1.5).font(REGULAR).fontSize(8.5).text(t('fifoNote'), LEFT, undefined, { width: WIDTH });
  doc.moveDown(0.5).text(t('disclaimer'), LEFT, undefined, { width: WIDTH });
}

function section(doc: PDFKit.PDFDocument, title: string): void {
  doc.x = LEFT;
  doc.moveDown(1.2).font(BOLD).fontSize(11).text(title, LEFT, undefined, { width: WIDTH }).moveDown(0.3);
}
