// Issue 25, the accountant's screen "Documents": the documents issued in a period, filterable by company, type and
// days, 50 a page, with the CSV of the filtered set and a ZIP of its PDFs. Amounts in each document's currency as
// its store writes them; the CSV carries them as decimals for Excel (commerce's documents/accounting.ts).
import type { OpsDocumentsResponse } from '../../../contracts/ops-documents.ts';
import type { Fmt } from '../../format.ts';
import { Field, Select } from '../../ui/form.tsx';
import { Pager, TableWrap } from '../../ui/parts.tsx';

export interface DocumentFilters { from: string; to: string; company?: string; kind?: string }

/** the companies that issue documents (the CH company issues the LI store's too) */
export const COMPANIES = ['AT', 'CH', 'DE', 'LI', 'US'] as const;
export const KINDS = ['invoice', 'cancellation_invoice', 'credit_note'] as const;

export function DocumentsView({ f, data, filters, errors }: { f: Fmt; data: OpsDocumentsResponse | null; filters: DocumentFilters; errors: { from?: string; to?: string } }) {
  const { t } = f;
  const given = Object.fromEntries(Object.entries(filters).filter(([, v]) => v)) as Record<string, string>;
  const qs = (more: Record<string, string> = {}) => new URLSearchParams({ ...given, ...more }).toString();
  const cur = (cents: number | null, currency: string) => (cents === null ? '–' : f.money({ centAmount: cents, currencyCode: currency }));
  return (
    <>
      <p>{t('documents.intro')}</p>
      <form method="get" action="/documents" className="filters" aria-label={t('documents.filters')}>
        <Field name="from" type="date" label={t('documents.from')} value={filters.from} required error={errors.from} />
        <Field name="to" type="date" label={t('documents.to')} value={filters.to} required error={errors.to} />
        <Select f={f} name="company" label={t('documents.company')} value={filters.company} options={COMPANIES.map((c) => [c, f.tAny(`account.country.${c}`)])} />
        <Select f={f} name="kind" label={t('documents.kind')} value={filters.kind} options={KINDS.map((k) => [k, f.tAny(`documents.kindName.${k}`)])} />
        <div className="field actions-row">
          <button type="submit">{t('queue.apply')}</button>
          <a href="/documents" className="button secondary">{t('queue.reset')}</a>
        </div>
      </form>
      {data && (
        <>
          <p className="actions-row">
            <a href={`/documents.csv?${qs()}`} className="button secondary" download data-testid="documents-csv">{t('documents.csv')}</a>{' '}
            <a href={`/documents.zip?${qs()}`} className="button secondary" download data-testid="documents-zip">{t('documents.zip')}</a>
          </p>
          <p>{t('documents.count', { count: data.total })}</p>
          {data.results.length === 0 ? <p className="empty">{t('documents.empty')}</p> : (
            <TableWrap label={t('documents.title')}>
              <table data-testid="documents-list">
                <thead>
                  <tr>
                    <th scope="col">{t('documents.number')}</th><th scope="col">{t('documents.kind')}</th><th scope="col">{t('documents.date')}</th>
                    <th scope="col">{t('documents.company')}</th><th scope="col">{t('documents.order')}</th><th scope="col">{t('documents.customer')}</th>
                    <th scope="col" className="num">{t('documents.net')}</th><th scope="col" className="num">{t('documents.vat')}</th><th scope="col" className="num">{t('documents.gross')}</th>
                    <th scope="col">SHA-256</th>
                  </tr>
                </thead>
                <tbody>
                  {data.results.map((d) => (
                    <tr key={d.id}>
                      <td><a href={`/orders/${d.orderId}/documents/${d.id}`} download aria-label={t('documents.downloadLabel', { number: d.number })}>{d.number}</a></td>
                      <td>{f.tAny(`documents.kindName.${d.kind}`)}</td>
                      <td>{f.dateTime(d.issuedAt)}</td>
                      <td>{d.company}</td>
                      <td><a href={`/orders/${d.orderId}`}>{d.orderNumber}</a></td>
                      <td>{d.customer ?? '–'}</td>
                      <td className="num">{cur(d.netCents, d.currency)}</td>
                      <td className="num">{cur(d.vatCents, d.currency)}</td>
                      <td className="num">{cur(d.grossCents, d.currency)}</td>
                      <td><code title={d.sha256}>{d.sha256.slice(0, 12)}</code></td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableWrap>
          )}
          <Pager f={f} total={data.total} limit={data.pageSize} offset={(data.page - 1) * data.pageSize} href={(offset) => `/documents?${qs({ page: String(offset / data.pageSize + 1) })}`} />
        </>
      )}
    </>
  );
}
