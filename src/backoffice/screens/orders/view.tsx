// Issue 24: the order list as a workbench: the work queues with their counts, the filters with the date
// range and pickup store, the operator's saved views, sortable columns (placed, order, customer, total,
// state, due), the CSV of exactly this list, and a selection for the bulk steps (ship, packing slips,
// payments); in the queue "Scrap Metal Box to send" each row records its box sent.
import type { SavedView } from '../../../contracts/ops-lists.ts';
import type { OpsOrdersResponse } from '../../../contracts/ops.ts';
import { opsQueues } from '../../../contracts/ops.ts';
import type { Fmt } from '../../format.ts';
import { Select } from '../../ui/form.tsx';
import type { Viewer } from '../../ui/frame.tsx';
import { Amount, Pager, State, TableWrap } from '../../ui/parts.tsx';
import { listSearch, type ListQuery } from './list-query.ts';
import { BoxSentButton, BulkBar, RangeFields, SavedViews, SelectCell, SortHeader } from './list-tools.tsx';

export interface OrdersListProps {
  f: Fmt;
  csrf: string;
  viewer: Viewer;
  data: OpsOrdersResponse;
  query: ListQuery;
  views: SavedView[];
  pickupStores: [string, string][];
  limit: number;
  offset: number;
}

export function OrdersListView({ f, csrf, viewer, data, query, views, pickupStores, limit, offset }: OrdersListProps) {
  const { t } = f;
  const href = (over: Record<string, string | number | undefined>) => `/orders${listSearch(query, over)}`;
  const shownQueues = opsQueues.filter((q) => q !== 'to_store' || (data.counts[q] ?? 0) > 0);
  const boxes = query.queue === 'scrap_box_to_send' && (viewer.roles.includes('warehouse') || viewer.roles.includes('admin'));
  return (
    <>
      <nav aria-label={t('queue.queues')} className="queues">
        <ul>
          <li><a href={href({ queue: undefined, offset: undefined })} aria-current={!query.queue ? 'page' : undefined}>{t('queue.all')}</a></li>
          {shownQueues.map((q) => (
            <li key={q}>
              <a href={href({ queue: q, offset: undefined })} aria-current={query.queue === q ? 'page' : undefined}
                className={(q === 'overdue' || q === 'scrap_box_to_send') && (data.counts[q] ?? 0) > 0 ? 'warn' : undefined}>
                {t(`queue.name.${q}`)} <span className="count">{data.counts[q] ?? 0}</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <SavedViews f={f} csrf={csrf} views={views} query={query} />
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
        <RangeFields f={f} query={query} pickupStores={pickupStores} />
        <div className="field actions-row">
          <button type="submit">{t('queue.apply')}</button>
          <a href="/orders" className="button secondary">{t('queue.reset')}</a>
        </div>
      </form>
      <div className="list-tools">
        <p role="status" className="result-count">{t('queue.found', { count: data.total })}</p>
        {data.total > 0 && <a className="button secondary" href={`/orders.csv${listSearch(query)}`} download>{t('queue.csv')}</a>}
      </div>
      {data.results.length === 0 ? (
        <p className="empty">{t('queue.empty')}</p>
      ) : (
        <>
          <BulkBar f={f} roles={viewer.roles} />
          <TableWrap label={t('queue.caption')}>
            <table className="orders">
              <caption className="visually-hidden">{t('queue.caption')}</caption>
              <thead>
                <tr>
                  <td className="select" />
                  <SortHeader f={f} query={query} column="orderNumber" label={t('queue.col.order')} />
                  <SortHeader f={f} query={query} column="createdAt" label={t('queue.col.created')} />
                  <SortHeader f={f} query={query} column="customer" label={t('queue.col.customer')} />
                  <th scope="col">{t('queue.col.type')}</th>
                  <SortHeader f={f} query={query} column="orderState" label={t('queue.col.state')} />
                  <SortHeader f={f} query={query} column="total" label={t('queue.col.total')} className="num" />
                  <SortHeader f={f} query={query} column="paymentDueBy" label={t('queue.col.due')} />
                </tr>
              </thead>
              <tbody>
                {data.results.map((o) => (
                  <tr key={o.id} className={o.overdue ? 'overdue' : undefined}>
                    <SelectCell f={f} id={o.id} number={o.orderNumber} />
                    <td data-label={t('queue.col.order')}><div><a href={`/orders/${o.id}`}>{o.orderNumber}</a> <span className="store">{o.store.toUpperCase()}</span></div></td>
                    <td data-label={t('queue.col.created')}><div>{f.dateTime(o.createdAt)}</div></td>
                    <td data-label={t('queue.col.customer')}><div>{o.customerName}<br /><span className="muted">{o.customerEmail}</span></div></td>
                    <td data-label={t('queue.col.type')}><div>{t(`type.${o.transactionType}`)}<br /><span className="muted">{t(`payment.${o.paymentMethod}`)}</span></div></td>
                    <td data-label={t('queue.col.state')}><div><State f={f} order={o} />{boxes && <BoxSentButton f={f} csrf={csrf} id={o.id} number={o.orderNumber} />}</div></td>
                    <td data-label={t('queue.col.total')} className="num"><div><Amount f={f.forStore(o.store)} order={o} /></div></td>
                    <td data-label={t('queue.col.due')}><div>{o.paymentDueBy ? f.date(o.paymentDueBy) : '–'}{o.overdue && <strong className="warn-text"> {t('queue.overdue')}</strong>}</div></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
        </>
      )}
      <Pager f={f} total={data.total} limit={limit} offset={offset} href={(o) => href({ offset: o })} />
    </>
  );
}
