// Issue 25, the depot statements on the depot page: the customer's statements (number, period, day of issue
// in the store's format) in a table with its caption, each with its stored PDF to download through the
// storefront's /api (the service checks the owner), and "Create statement now", which issues one as of now.
// The button's busy state is announced (aria-busy and the status line); the service's refusal (more than 5
// an hour: 429) comes back as its message in the page's language and is shown as an alert.
import { useState } from 'react';
import type { DepotStatement } from '../../../src/contracts/depot-statement.ts';
import { useShop } from '../../lib/context.tsx';
import { createDepotStatement } from '../../state/shop-api.ts';

export function DepotStatements({ initial }: { initial: DepotStatement[] | null }) {
  const { t, date } = useShop();
  const [statements, setStatements] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  const create = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    setCreated(null);
    const r = await createDepotStatement();
    setBusy(false);
    if (r.error) return setError(r.error.message);
    // newest first, as the service lists them
    setStatements((list) => [r.data.statement, ...(list ?? [])]);
    setCreated(r.data.statement.number);
  };
  const status = busy ? t('deposit.statements.creating') : created ? t('deposit.statements.created', { number: created }) : '';
  return (
    <section className="account-panel depot-statements" aria-labelledby="depot-statements-title" data-testid="depot-statements">
      <h2 id="depot-statements-title">{t('deposit.statements.title')}</h2>
      <p>{t('deposit.statements.intro')}</p>
      {statements === null ? <p className="account-muted" data-testid="depot-statements-unavailable">{t('deposit.statements.unavailable')}</p>
        : statements.length === 0 ? <p className="account-muted" data-testid="depot-statements-none">{t('deposit.statements.none')}</p> : (
          <table className="data-table account-table" data-testid="depot-statements-table">
            <caption>{t('deposit.statements.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('deposit.statements.number')}</th>
                <th scope="col">{t('deposit.statements.period')}</th>
                <th scope="col">{t('deposit.statements.issuedAt')}</th>
              </tr>
            </thead>
            <tbody>
              {statements.map((s) => (
                <tr key={s.id} data-testid="depot-statement">
                  <th scope="row">
                    <a href={s.url} download={`${s.number}.pdf`} aria-label={t('deposit.statements.download', { number: s.number })}>{s.number}</a>
                  </th>
                  <td>
                    {t(`deposit.statements.kind_${s.periodKind}`)}: {t('deposit.statements.periodRange', { from: date(s.periodFrom), to: date(s.periodTo) })}
                  </td>
                  <td>{date(s.issuedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      {error ? <div className="form-summary" role="alert" data-testid="depot-statements-error"><p className="form-summary-title">{error}</p></div> : null}
      <div className="form-actions">
        <button type="button" className="button button-primary" aria-disabled={busy || undefined} aria-busy={busy || undefined} onClick={() => void create()} data-testid="depot-statement-create">
          {t('deposit.statements.create')}
        </button>
      </div>
      <p className="visually-hidden" role="status" data-testid="depot-statements-status">{status}</p>
    </section>
  );
}
