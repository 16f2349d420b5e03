// The whistleblower cases (admin): the list and one case with its messages and the answer form.
import type { OpsCase } from '../../../contracts/ops.ts';
import type { Fmt } from '../../format.ts';
import { Csrf, Field, Select } from '../../ui/form.tsx';
import { Pager, TableWrap } from '../../ui/parts.tsx';

/** A case as the reporting office sees it (contracts: the reporter unless anonymous, who wrote each answer). */
export type WhistleblowOpsCase = OpsCase;

export function CasesView({ f, cases, total, status, limit, offset }: { f: Fmt; cases: WhistleblowOpsCase[]; total: number; status?: string; limit: number; offset: number }) {
  const { t } = f;
  return (
    <>
      <form method="get" action="/cases" className="filters" aria-label={t('queue.filters')}>
        <Select f={f} name="status" label={t('cases.status')} value={status} options={['received', 'in-progress', 'closed'].map((s) => [s, t(`cases.state.${s}`)])} />
        <div className="field actions-row"><button type="submit">{t('queue.apply')}</button></div>
      </form>
      {cases.length === 0 ? <p className="empty">{t('cases.empty')}</p> : (
        <TableWrap label={t('cases.title')}>
          <table>
            <thead><tr><th scope="col">{t('cases.reference')}</th><th scope="col">{t('cases.category')}</th><th scope="col">{t('cases.status')}</th><th scope="col">{t('cases.received')}</th><th scope="col">{t('cases.updated')}</th></tr></thead>
            <tbody>
              {cases.map((c) => (
                <tr key={c.caseReference}>
                  <td><a href={`/cases/${encodeURIComponent(c.caseReference)}`}>{c.caseReference}</a></td>
                  <td>{c.category}</td>
                  <td>{t(`cases.state.${c.status}`)}</td>
                  <td>{f.dateTime(c.createdAt)}</td>
                  <td>{f.dateTime(c.updatedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
      <Pager f={f} total={total} limit={limit} offset={offset} href={(o) => `/cases?${new URLSearchParams({ ...(status ? { status } : {}), offset: String(o) })}`} />
    </>
  );
}

export function CaseView({ f, csrf, c, message, error }: { f: Fmt; csrf: string; c: WhistleblowOpsCase; message?: string; error?: string }) {
  const { t } = f;
  return (
    <>
      <p className="back"><a href="/cases">{t('cases.back')}</a></p>
      <section className="card" aria-labelledby="h-case">
        <h2 id="h-case">{t('cases.facts')}</h2>
        <dl className="facts">
          <div><dt>{t('cases.category')}</dt><dd>{c.category}</dd></div>
          <div><dt>{t('cases.status')}</dt><dd>{t(`cases.state.${c.status}`)}</dd></div>
          <div><dt>{t('cases.received')}</dt><dd>{f.dateTime(c.createdAt)}</dd></div>
          <div><dt>{t('cases.reporter')}</dt><dd>{c.anonymous || !c.reporter ? t('cases.anonymous') : [c.reporter.name, c.reporter.email, c.reporter.phone].filter(Boolean).join(' · ')}</dd></div>
        </dl>
      </section>
      <section className="card" aria-labelledby="h-messages">
        <h2 id="h-messages">{t('cases.messages')}</h2>
        <ol className="timeline">
          {c.messages.map((m, i) => (
            <li key={i} className={m.author}>
              <p><time dateTime={m.createdAt}>{f.dateTime(m.createdAt)}</time> · <strong>{t(`cases.author.${m.author}`)}</strong>{m.by ? <> · {m.by}</> : null}</p>
              <p className="message">{m.text}</p>
            </li>
          ))}
        </ol>
      </section>
      {c.status !== 'closed' && (
        <form method="post" action={`/cases/${encodeURIComponent(c.caseReference)}/answers`} className="card" aria-labelledby="h-answer">
          <h2 id="h-answer">{t('cases.answer')}</h2>
          <Csrf value={csrf} />
          <Field name="message" label={t('cases.message')} value={message} textarea required maxLength={5000} error={error} />
          <div className="check">
            <input type="checkbox" id="f-close" name="close" value="1" />
            <label htmlFor="f-close">{t('cases.close')}</label>
          </div>
          <button type="submit">{t('cases.send')}</button>
        </form>
      )}
    </>
  );
}
