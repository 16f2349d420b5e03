// Issue 24: the bulk steps of the order list: the orders the operator ticked, one row each (a parcel's
// carrier and tracking number, or a transfer's amount, reference and value date), and the outcome per
// order after commerce ran each on its own. Plain forms, no script: the rows post as parallel lists.
import type { BulkResult } from '../../../contracts/ops-lists.ts';
import type { OpsOrderDetail } from '../../../contracts/ops.ts';
import { carriers } from '../../../contracts/carriers.ts';
import type { Fmt } from '../../format.ts';

export type BulkKind = 'ship' | 'pay';

/** What the operator typed in a row (sent back with the page when a row was incomplete). */
export type BulkValues = Record<string, Record<string, string>>;

function Hidden({ csrf }: { csrf: string }) {
  return <input type="hidden" name="_csrf" value={csrf} />;
}

export function BulkFormView({ f, csrf, kind, orders, today, values = {}, missing = false }: {
  f: Fmt; csrf: string; kind: BulkKind; orders: OpsOrderDetail[]; today: string; values?: BulkValues; missing?: boolean;
}) {
  const { t } = f;
  const v = (id: string, name: string, dflt = '') => values[id]?.[name] ?? dflt;
  return (
    <form method="post" action={kind === 'ship' ? '/orders/bulk/shipments' : '/orders/bulk/payments'} className="card bulk" noValidate>
      <Hidden csrf={csrf} />
      <p>{t(kind === 'ship' ? 'queue.bulk.shipIntro' : 'queue.bulk.payIntro')}</p>
      {missing && <p className="notice error" role="alert">{t('queue.bulk.missing')}</p>}
      {kind === 'ship' && (
        <datalist id="carrier-list">
          {carriers.map((c) => <option key={c.key} value={c.name} />)}
        </datalist>
      )}
      <div className="table-wrap" role="region" aria-label={t(kind === 'ship' ? 'queue.bulk.shipTitle' : 'queue.bulk.payTitle')} tabIndex={0}>
        <table className="orders bulk-rows">
          <thead>
            <tr>
              <th scope="col">{t('queue.col.order')}</th>
              <th scope="col">{t('queue.col.customer')}</th>
              {kind === 'ship'
                ? <><th scope="col">{t('slips.shipTo')}</th><th scope="col">{t('slips.delivery')}</th></>
                : <th scope="col" className="num">{t('queue.col.total')}</th>}
              <th scope="col">{t('queue.bulk.col.outcome')}</th>
            </tr>
          </thead>
          <tbody>
            {orders.map(({ summary: o, order, paidAmount }) => {
              const n = o.orderNumber;
              const open = { centAmount: Math.max(0, o.total.centAmount - paidAmount.centAmount), currencyCode: o.total.currencyCode };
              return (
                <tr key={o.id}>
                  <td data-label={t('queue.col.order')}><div><input type="hidden" name="orderId" value={o.id} /><input type="hidden" name="orderNumber" value={n} /><a href={`/orders/${o.id}`}>{n}</a> <span className="store">{o.store.toUpperCase()}</span></div></td>
                  <td data-label={t('queue.col.customer')}><div>{o.customerName}</div></td>
                  {kind === 'ship' ? (
                    <>
                      <td data-label={t('slips.shipTo')}><div>{order.shippingAddress.zipCode} {order.shippingAddress.city}, {order.shippingAddress.country}</div></td>
                      <td data-label={t('slips.delivery')}>
                        <div className="bulk-fields">
                          <label htmlFor={`carrier-${o.id}`} className="visually-hidden">{t('queue.bulk.carrier', { number: n })}</label>
                          <input id={`carrier-${o.id}`} name="carrier" list="carrier-list" maxLength={60} defaultValue={v(o.id, 'carrier')} placeholder="DHL" autoComplete="off" />
                          <label htmlFor={`tracking-${o.id}`} className="visually-hidden">{t('queue.bulk.tracking', { number: n })}</label>
                          <input id={`tracking-${o.id}`} name="trackingNumber" maxLength={60} defaultValue={v(o.id, 'trackingNumber')} placeholder="00340434161234567890" autoComplete="off" />
                        </div>
                      </td>
                    </>
                  ) : (
                    <td data-label={t('queue.col.total')} className="num">
                      <div className="bulk-fields">
                        <input type="hidden" name="currency" value={o.total.currencyCode} />
                        <label htmlFor={`amount-${o.id}`} className="visually-hidden">{t('queue.bulk.amount', { number: n })}</label>
                        <input id={`amount-${o.id}`} name="amount" inputMode="decimal" size={10} defaultValue={v(o.id, 'amount', f.forStore(o.store).amountInput(open))} />
                        <span>{o.total.currencyCode}</span>
                        <label htmlFor={`reference-${o.id}`} className="visually-hidden">{t('queue.bulk.reference', { number: n })}</label>
                        <input id={`reference-${o.id}`} name="reference" maxLength={140} defaultValue={v(o.id, 'reference', n)} />
                        <label htmlFor={`valueDate-${o.id}`} className="visually-hidden">{t('queue.bulk.valueDate', { number: n })}</label>
                        <input id={`valueDate-${o.id}`} name="valueDate" type="date" defaultValue={v(o.id, 'valueDate', today)} />
                      </div>
                    </td>
                  )}
                  <td data-label={t('queue.bulk.col.outcome')}><div>{t(`orderState.${o.orderState}`)}</div></td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="actions-row">
        <button type="submit">{t(kind === 'ship' ? 'queue.bulk.submitShip' : 'queue.bulk.submitPay')}</button>
        <a href="/orders" className="button secondary">{t('queue.bulk.back')}</a>
      </p>
    </form>
  );
}

/** The outcome per order; shipped ones can have their packing slips printed at once. */
export function BulkResultView({ f, kind, result, numbers, reason }: {
  f: Fmt; kind: BulkKind; result: BulkResult; numbers: Record<string, string>; reason: (error: NonNullable<BulkResult['results'][number]['error']>) => string;
}) {
  const { t } = f;
  const shipped = result.results.filter((r) => r.ok).map((r) => r.orderId);
  return (
    <div className="card">
      <h2>{t('queue.bulk.resultTitle')}</h2>
      <p role="status">{t('queue.bulk.result', { done: result.done, failed: result.failed })}</p>
      <div className="table-wrap" role="region" aria-label={t('queue.bulk.resultTitle')} tabIndex={0}>
        <table className="orders">
          <thead><tr><th scope="col">{t('queue.bulk.col.order')}</th><th scope="col">{t('queue.bulk.col.outcome')}</th></tr></thead>
          <tbody>
            {result.results.map((r) => (
              <tr key={r.orderId} className={r.ok ? undefined : 'refused'}>
                <td data-label={t('queue.bulk.col.order')}><div><a href={`/orders/${r.orderId}`}>{r.orderNumber ?? numbers[r.orderId] ?? r.orderId}</a></div></td>
                <td data-label={t('queue.bulk.col.outcome')}>
                  <div>{r.ok
                    ? t('queue.bulk.ok', { state: t(`orderState.${r.orderState ?? 'Complete'}`) })
                    : <strong className="warn-text">{t('queue.bulk.refused', { reason: reason(r.error ?? { code: 'ops_error', status: 500, message: '' }) })}</strong>}</div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="actions-row">
        {kind === 'ship' && shipped.length > 0 && <a className="button" href={`/orders/packing-slips?${shipped.map((id) => `id=${id}`).join('&')}`}>{t('queue.bulk.slips')}</a>}
        <a href="/orders" className="button secondary">{t('queue.bulk.back')}</a>
      </p>
    </div>
  );
}
