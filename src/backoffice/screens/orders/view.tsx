// The order list (the queues): the work queues with their counts, filters, a page of orders.
import type { OpsOrdersQuery, OpsOrdersResponse } from '../../../contracts/ops.ts';
import { opsQueues } from '../../../contracts/ops.ts';
import type { Fmt } from '../../format.ts';
import { Select } from '../../ui/form.tsx';
import { Amount, Pager, State, TableWrap } from '../../ui/parts.tsx';

export const queueFilterKeys = ['queue', 'state', 'paymentState', 'store', 'transactionType', 'q'] as const;

export function QueueView({ f, data, query, limit, offset }: { f: Fmt; data: OpsOrdersResponse; query: OpsOrdersQuery; limit: number; offset: number }) {
  const { t } = f;
  const qs = (over: Record<string, string | number | undefined>) => {
    const p = new URLSearchParams();
    for (const k of queueFilterKeys) {
      const v = k in over ? over[k] : query[k];
      if (v !== undefined && v !== '') p.set(k, String(v));
    }
    if (over.offset) p.set('offset', String(over.offset));
    const s = p.toString();
    return `/orders${s ? `?${s}` : ''}`;
  };
  const shownQueues = opsQueues.filter((q) => q !== 'to_store' || (data.counts[q] ?? 0) > 0);
  return (
    <>
      <nav aria-label={t('queue.queues')} className="queues">
        <ul>
          <li><a href={qs({ queue: undefined })} aria-current={!query.queue ? 'page' : undefined}>{t('queue.all')}</a></li>
          {shownQueues.map((q) => (
            <li key={q}>
              <a href={qs({ queue: q })} aria-current={query.queue === q ? 'page' : undefined} className={q === 'overdue' && (data.counts[q] ?? 0) > 0 ? 'warn' : undefined}>
                {t(`queue.name.${q}`)} <span className="count">{data.counts[q] ?? 0}</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <form method="get" action="/orders" className="filters" role="search" aria-label={t('queue.filters')}>
        {query.queue && <input type="hidden" name="queue" value={query.queue} />}
        <div className="field">
          <label htmlFor="f-q">{t('queue.search')}</label>
          <input id="f-q" name="q" type="search" defaultValue={query.q ?? ''} maxLength={100} />
        </div>
        <Select f={f} name="state" label={t('queue.state')} value={query.state} options={['Open', 'Created', 'Confirmed', 'Complete', 'Cancelled', 'Requested', 'Accepted'].map((s) => [s, t(`orderState.${s}`)])} />
        <Select f={f} name="paymentState" label={t('queue.paymentState')} value={query.paymentState} options={['Pending', 'Paid', 'Failed'].map((s) => [s, t(`paymentState.${s}`)])} />
        <Select f={f} name="store" label={t('queue.store')} value={query.store} options={['at', 'ch', 'de', 'li', 'us'].map((s) => [s, t(`store.${s}`)])} />
        <Select f={f} name="transactionType" label={t('queue.type')} value={query.transactionType} options={['buy', 'sell'].map((s) => [s, t(`type.${s}`)])} />
        <div className="field actions-row">
          <button type="submit">{t('queue.apply')}</button>
          <a href="/orders" className="button secondary">{t('queue.reset')}</a>
        </div>
      </form>
      <p role="status" className="result-count">{t('queue.found', { count: data.total })}</p>
      {data.results.length === 0 ? (
        <p className="empty">{t('queue.empty')}</p>
      ) : (
        <TableWrap label={t('queue.caption')}>
          <table className="orders">
            <caption className="visually-hidden">{t('queue.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('queue.col.order')}</th>
                <th scope="col">{t('queue.col.created')}</th>
                <th scope="col">{t('queue.col.customer')}</th>
                <th scope="col">{t('queue.col.type')}</th>
                <th scope="col">{t('queue.col.state')}</th>
                <th scope="col" className="num">{t('queue.col.total')}</th>
                <th scope="col">{t('queue.col.due')}</th>
              </tr>
            </thead>
            <tbody>
              {data.results.map((o) => (
                <tr key={o.id} className={o.overdue ? 'overdue' : undefined}>
                  <td data-label={t('queue.col.order')}><div><a href={`/orders/${o.id}`}>{o.orderNumber}</a> <span className="store">{o.store.toUpperCase()}</span></div></td>
                  <td data-label={t('queue.col.created')}><div>{f.dateTime(o.createdAt)}</div></td>
                  <td data-label={t('queue.col.customer')}><div>{o.customerName}<br /><span className="muted">{o.customerEmail}</span></div></td>
                  <td data-label={t('queue.col.type')}><div>{t(`type.${o.transactionType}`)}<br /><span className="muted">{t(`payment.${o.paymentMethod}`)}</span></div></td>
                  <td data-label={t('queue.col.state')}><div><State f={f} order={o} /></div></td>
                  <td data-label={t('queue.col.total')} className="num"><div><Amount f={f.forStore(o.store)} order={o} /></div></td>
                  <td data-label={t('queue.col.due')}><div>{o.paymentDueBy ? f.date(o.paymentDueBy) : '–'}{o.overdue && <strong className="warn-text"> {t('queue.overdue')}</strong>}</div></td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
      <Pager f={f} total={data.total} limit={limit} offset={offset} href={(o) => qs({ offset: o })} />
    </>
  );
}
