// Issue 24: the order list's workbench pieces: sortable column headers, the date range and pickup-store
// fields, the operator's saved views, the CSV link, and the selection with its bulk buttons. Plain links and
// forms (no script): a header is a link that sorts, a checkbox belongs to the bulk form by its form attribute.
import type { SavedView } from '../../../contracts/ops-lists.ts';
import type { OpsOrderSort } from '../../../contracts/ops.ts';
import type { Fmt } from '../../format.ts';
import { listSearch, type ListQuery } from './list-query.ts';

/** A column header that sorts the list by it: first ascending (the newest-first date: descending), then the other way. */
export function SortHeader({ f, query, column, label, className }: { f: Fmt; query: ListQuery; column: OpsOrderSort; label: string; className?: string }) {
  const current = (query.sort ?? 'createdAt') === column;
  const dir = query.dir ?? (column === 'createdAt' && !query.sort ? 'desc' : query.sort ? 'asc' : 'desc');
  const next = current ? (dir === 'asc' ? 'desc' : 'asc') : column === 'createdAt' ? 'desc' : 'asc';
  const sortState = current ? (dir === 'asc' ? 'ascending' : 'descending') : undefined;
  return (
    <th scope="col" className={className} aria-sort={sortState}>
      <a className="sort" href={`/orders${listSearch(query, { sort: column, dir: next, offset: undefined })}`} aria-label={f.t('queue.sortBy', { column: label })}>
        {label}{current && <span aria-hidden="true">{dir === 'asc' ? ' ▲' : ' ▼'}</span>}
      </a>
    </th>
  );
}

/** The range and pickup-store fields inside the list's filter form. */
export function RangeFields({ f, query, pickupStores }: { f: Fmt; query: ListQuery; pickupStores: [string, string][] }) {
  const { t } = f;
  return (
    <>
      <div className="field">
        <label htmlFor="f-from">{t('queue.from')}</label>
        <input id="f-from" name="from" defaultValue={query.from ?? ''} maxLength={10} pattern="\d{4}-\d{2}-\d{2}|today(-\d{1,4})?" aria-describedby="f-day-hint" placeholder="2026-11-01" />
      </div>
      <div className="field">
        <label htmlFor="f-to">{t('queue.to')}</label>
        <input id="f-to" name="to" defaultValue={query.to ?? ''} maxLength={10} pattern="\d{4}-\d{2}-\d{2}|today(-\d{1,4})?" aria-describedby="f-day-hint" placeholder="today" />
      </div>
      <div className="field">
        <label htmlFor="f-pickupStore">{t('queue.pickupStore')}</label>
        <select id="f-pickupStore" name="pickupStore" defaultValue={query.pickupStore ?? ''}>
          <option value="">{t('queue.any')}</option>
          {pickupStores.map(([v, l]) => <option key={v} value={v}>{l}</option>)}
        </select>
      </div>
      <p id="f-day-hint" className="hint">{t('queue.dayHint')}</p>
      {query.sort && <input type="hidden" name="sort" value={query.sort} />}
      {query.dir && <input type="hidden" name="dir" value={query.dir} />}
    </>
  );
}

const sameQuery = (a: ListQuery, b: ListQuery) => listSearch(a) === listSearch(b);

/** The operator's saved views (each opens the list with its query), saving the current one, deleting one. */
export function SavedViews({ f, csrf, views, query }: { f: Fmt; csrf: string; views: SavedView[]; query: ListQuery }) {
  const { t } = f;
  return (
    <section className="views card" aria-labelledby="views-title">
      <h2 id="views-title">{t('queue.views.title')}</h2>
      {views.length === 0 ? <p className="empty">{t('queue.views.none')}</p> : (
        <ul>
          {views.map((v) => (
            <li key={v.id}>
              <a href={`/orders${listSearch(v.query)}`} aria-current={sameQuery(v.query, query) ? 'page' : undefined}>{v.name}</a>
              <form method="post" action={`/orders/views/${v.id}/delete`} className="inline">
                <input type="hidden" name="_csrf" value={csrf} />
                <button type="submit" className="secondary small" aria-label={t('queue.views.deleteNamed', { name: v.name })}>{t('queue.views.delete')}</button>
              </form>
            </li>
          ))}
        </ul>
      )}
      <form method="post" action="/orders/views" className="inline save-view">
        <input type="hidden" name="_csrf" value={csrf} />
        <input type="hidden" name="query" value={listSearch(query)} />
        <label htmlFor="view-name">{t('queue.views.name')}</label>
        <input id="view-name" name="name" required maxLength={60} />
        <button type="submit">{t('queue.views.save')}</button>
      </form>
    </section>
  );
}

/** The bulk form (GET: it only opens the bulk page) with its buttons; the rows' checkboxes name it by id. */
export function BulkBar({ f, roles }: { f: Fmt; roles: string[] }) {
  const { t } = f;
  const warehouse = roles.includes('warehouse') || roles.includes('admin');
  const finance = roles.includes('finance') || roles.includes('admin');
  return (
    <form id="bulk" method="get" action="/orders/bulk" className="inline bulk-bar" aria-label={t('queue.bulk.legend')}>
      <span>{t('queue.bulk.legend')}:</span>
      {warehouse && <button type="submit" name="do" value="ship">{t('queue.bulk.ship')}</button>}
      <button type="submit" name="do" value="slips" className="secondary">{t('queue.bulk.slips')}</button>
      {finance && <button type="submit" name="do" value="pay" className="secondary">{t('queue.bulk.pay')}</button>}
    </form>
  );
}

export function SelectCell({ f, id, number }: { f: Fmt; id: string; number: string }) {
  return (
    <td className="select">
      <div><input type="checkbox" name="id" value={id} form="bulk" id={`sel-${id}`} aria-label={f.t('queue.bulk.select', { number })} /></div>
    </td>
  );
}

/** In the queue "Scrap Metal Box to send": the button that records the box sent. */
export function BoxSentButton({ f, csrf, id, number }: { f: Fmt; csrf: string; id: string; number: string }) {
  return (
    <form method="post" action={`/orders/${id}/scrap-box-sent`} className="inline">
      <input type="hidden" name="_csrf" value={csrf} />
      <button type="submit" className="small" aria-label={f.t('queue.box.sendNamed', { number })}>{f.t('queue.box.send')}</button>
    </form>
  );
}
