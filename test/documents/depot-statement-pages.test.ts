// Issue 25: a long depot's statement continues on further pages, row by row (pdfkit would otherwise put each
// table cell placed below the bottom margin on a page of its own). Read with poppler (pdfinfo, pdftotext).
import { execFileSync } from 'node:child_process';
import t from 'tap';
import { renderStatementPdf, type StatementContent } from '../../src/commerce/documents/statement.ts';
import { testCompanyFacts } from '../company-facts.ts';
import { pdfText } from './helpers.ts';

t.test('80 lots: three pages, every lot once, each row whole', async (t) => {
  const seller = await testCompanyFacts().forStore('de');
  const lots = Array.from({ length: 80 }, (_, i) => ({
    sku: 'AU-KRUG-1OZ', name: 'Krügerrand 1 Unze Gold', orderNumber: `DE-B-2026-${String(i + 1).padStart(6, '0')}`, acquiredAt: new Date('2026-03-02T10:00:00Z'),
    quantity: 2, unitCostCents: 369_333, costCents: 738_666, taxFreeFrom: '2027-03-03',
  }));
  const c: StatementContent = {
    number: 'DA-DE-2027-000001', lang: 'de', storeKey: 'de', seller, customer: { name: 'Anna Muster', address: ['Hauptstraße 1', '80331 München', 'DE'] },
    periodKind: 'year', periodFrom: '2026-01-01', periodTo: '2026-12-31', issuedAt: new Date('2027-01-01T00:30:00Z'),
    facts: {
      depositNumber: 'DE-D-00000001', currency: 'EUR', rule: null, priceSet: { id: 'ps-1', at: new Date('2027-01-01T00:00:00Z') },
      holdings: [{ sku: 'AU-KRUG-1OZ', name: 'Krügerrand 1 Unze Gold', quantity: 160, costCents: 80 * 738_666, unitValueCents: 350_000, valueCents: 160 * 350_000 }],
      lots, sales: [], totals: { costCents: 80 * 738_666, valueCents: 160 * 350_000, proceedsCents: 0, gainCents: 0, taxableGainCents: null },
    },
  };
  const pdf = await renderStatementPdf(c);
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', ['-'], { input: pdf }).toString())?.[1]);
  t.ok(pages >= 2 && pages <= 4, `a few pages, not one per cell (${pages})`);
  const text = pdfText(pdf);
  for (const l of lots) t.match(text, new RegExp(`Krügerrand 1 Unze Gold\\s+${l.orderNumber}\\s+02/03/2026\\s+2\\s`), `lot ${l.orderNumber} on one line`);
  t.ok(Buffer.compare(pdf, await renderStatementPdf(c)) === 0, 'the same content renders the same bytes');
});
