// The audit log: who did what when, filtered by order (id or number) or operator (id, or name or e-mail typed).
// Issue 24: staff filter by what they know (an order number, a colleague's name), not only internal ids.
import type { AuditEntry, AuditResponse } from '../../../contracts/ops.ts';
import type { Fmt } from '../../format.ts';
import { actorName, eventLabel, Pager, TableWrap } from '../../ui/parts.tsx';

export interface AuditFilters { orderId?: string; operatorId?: string; orderNumber?: string; operator?: string }

export function AuditView({ f, data, filters, limit, offset }: { f: Fmt; data: AuditResponse; filters: AuditFilters; limit: number; offset: number }) {
  const { t } = f;
  const { orderId, operatorId, orderNumber, operator } = filters;
  const given = Object.fromEntries(Object.entries(filters).filter(([, v]) => v)) as Record<string, string>;
  const filter = (more: Record<string, string>) => `/audit?${new URLSearchParams({ ...given, ...more })}`;
  // an operator by name and e-mail (the e-mail is what the entry recorded; the name is the operator's now)
  const who = (a: AuditEntry['actor']) => (a.type === 'operator' && a.name ? `${a.name} (${a.email ?? a.id})` : actorName(f, a));
  const filtered = operatorId ? data.results.find((e) => e.actor.type === 'operator' && e.actor.id === operatorId)?.actor : undefined;
  return (
    <>
      {operatorId && (
        <p>
          {t('audit.operatorFilter', { who: filtered ? who(filtered) : operatorId })}{' '}
          <a href={`/audit?${new URLSearchParams(orderId ? { orderId } : {})}`}>{t('audit.allOperators')}</a>
        </p>
      )}
      <form method="get" action="/audit" className="filters" aria-label={t('queue.filters')}>
        {operatorId && <input type="hidden" name="operatorId" value={operatorId} />}
        <div className="field">
          <label htmlFor="f-orderNumber">{t('audit.orderNumber')}</label>
          <input id="f-orderNumber" name="orderNumber" defaultValue={orderNumber ?? ''} maxLength={40} />
        </div>
        <div className="field">
          <label htmlFor="f-operator">{t('audit.operator')}</label>
          <input id="f-operator" name="operator" defaultValue={operator ?? ''} maxLength={120} />
        </div>
        <div className="field">
          <label htmlFor="f-orderId">{t('audit.orderId')}</label>
          <input id="f-orderId" name="orderId" defaultValue={orderId ?? ''} maxLength={36} />
        </div>
        <div className="field actions-row">
          <button type="submit">{t('queue.apply')}</button>
          <a href="/audit" className="button secondary">{t('queue.reset')}</a>
        </div>
      </form>
      {data.results.length === 0 ? <p className="empty">{t('audit.empty')}</p> : (
        <TableWrap label={t('audit.title')}>
          <table>
            <thead><tr><th scope="col">{t('audit.when')}</th><th scope="col">{t('audit.who')}</th><th scope="col">{t('audit.what')}</th><th scope="col">{t('queue.col.order')}</th><th scope="col">{t('audit.change')}</th></tr></thead>
            <tbody>
              {data.results.map((e) => (
                <tr key={e.id}>
                  <td>{f.dateTime(e.at)}</td>
                  <td>{e.actor.type === 'operator' && e.actor.id !== operatorId
                    ? <a href={filter({ operatorId: e.actor.id })} title={t('audit.onlyOperator', { who: who(e.actor) })}>{who(e.actor)}</a>
                    : who(e.actor)}</td>
                  <td>
                    {eventLabel(f, e.action)}
                    {/* an entry of the reporting office names its case (only admins are shown these entries) */}
                    {typeof e.details?.caseReference === 'string' ? <> · <a href={`/cases/${encodeURIComponent(e.details.caseReference)}`}>{e.details.caseReference}</a></> : null}
                  </td>
                  <td>{e.orderId ? <a href={`/orders/${e.orderId}`}>{e.orderNumber ?? e.orderId}</a> : '–'}</td>
                  <td>{e.before && e.after ? `${t(`orderState.${e.before.orderState}`)}/${t(`paymentState.${e.before.paymentState}`)} → ${t(`orderState.${e.after.orderState}`)}/${t(`paymentState.${e.after.paymentState}`)}` : '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
      <Pager f={f} total={data.total} limit={limit} offset={offset} href={(o) => filter({ offset: String(o) })} />
    </>
  );
}
