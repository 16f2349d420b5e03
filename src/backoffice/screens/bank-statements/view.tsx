// The camt.053 upload, a running import's progress and its result.
import type { BankStatementImport, BankStatementResult } from '../../../contracts/ops.ts';
import type { Fmt } from '../../format.ts';
import { Csrf } from '../../ui/form.tsx';
import { Pager, TableWrap } from '../../ui/parts.tsx';

/** The upload form, a running import's progress, or a result (a page of its entries when the import is a job). */
export function StatementsView({ f, csrf, result, error, job, offset = 0, limit = 200 }: {
  f: Fmt; csrf: string; result: BankStatementResult | null; error?: string; job?: BankStatementImport; offset?: number; limit?: number;
}) {
  const { t } = f;
  const running = job?.status === 'running';
  return (
    <>
      <form method="post" action="/bank-statements" encType="multipart/form-data" className="card">
        <Csrf value={csrf} />
        <p>{t('statements.intro')}</p>
        <div className="field">
          <label htmlFor="f-file">{t('statements.file')}</label>
          <input id="f-file" name="file" type="file" accept=".xml,application/xml,text/xml" required aria-describedby={error ? 'f-file-error' : undefined} aria-invalid={error ? true : undefined} />
          {error && <span className="field-error" id="f-file-error">{error}</span>}
        </div>
        <button type="submit">{t('statements.submit')}</button>
      </form>
      {running && (
        <section aria-labelledby="h-running" className="card">
          <h2 id="h-running">{job.statementId || t('statements.title')}</h2>
          <p role="status" data-testid="import-progress">{job.total === 0 ? t('statements.reading') : t('statements.running', { processed: job.processed, total: job.total })}</p>
          <p><a href={`/bank-statements/imports/${job.id}`}>{t('statements.refresh')}</a></p>
        </section>
      )}
      {result && (
        <section aria-labelledby="h-result" className="card">
          <h2 id="h-result">{t('statements.result', { applied: result.applied, flagged: result.flagged })}</h2>
          {result.accountIban && <p>{t('statements.account', { iban: result.accountIban })}</p>}
          {(result.pending ?? 0) > 0 && <p>{t('statements.pendingCount', { count: result.pending })}</p>}
          {(result.reversed ?? 0) > 0 && <p><strong className="warn-text">{t('statements.reversedCount', { count: result.reversed })}</strong></p>}
          <TableWrap label={t('statements.title')}>
            <table>
              <thead><tr><th scope="col">{t('statements.col.result')}</th><th scope="col">{t('action.valueDate')}</th><th scope="col" className="num">{t('detail.amount')}</th><th scope="col">{t('statements.col.remittance')}</th><th scope="col">{t('statements.col.debtor')}</th><th scope="col">{t('queue.col.order')}</th></tr></thead>
              <tbody>
                {result.entries.map((e, i) => (
                  <tr key={`${e.entryReference}-${i}`} className={e.result === 'applied' ? 'applied' : 'flagged'}>
                    <td><span className={`badge ${e.result === 'applied' ? 'ok' : e.result === 'pending' || e.result === 'info' || e.result === 'debit' || e.result === 'duplicate' ? 'neutral' : 'warn'}`}>{t(`statements.entry.${e.result}`)}</span></td>
                    <td>{e.valueDate ? f.date(e.valueDate) : '–'}</td>
                    <td className="num">{f.money(e.amount)}</td>
                    <td>{e.remittance}</td>
                    <td>{e.debtorName ?? '–'}</td>
                    <td>{e.orderId ? <a href={`/orders/${e.orderId}`}>{e.orderNumber}</a> : e.orderNumber ?? '–'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
          {job && job.processed > limit && <Pager f={f} total={job.processed} limit={limit} offset={offset} href={(o) => `/bank-statements/imports/${job.id}?offset=${o}`} />}
        </section>
      )}
    </>
  );
}
