// The order page as a workbench (issue 24): the lines adding up to the total, the internal notes, the
// customer card, the order's mails with "send again", the carrier chosen from the list, and the next step
// first. Plain server-rendered HTML like every back-office screen (no script); every form carries the CSRF
// token. React escapes every text (a note, a subject): nothing staff or customers typed becomes markup.
import { carriers, OTHER_CARRIER, type CarrierKey } from '../../../contracts/carriers.ts';
import type { CustomerCard, OpsAction, OrderMail, OrderNote } from '../../../contracts/ops.ts';
import { ORDER_NOTE_MAX } from '../../../contracts/ops.ts';
import type { Order } from '../../../contracts/order.ts';
import type { StoreKey } from '../../../stores.ts';
import type { Fmt } from '../../format.ts';
import { Csrf } from '../../ui/form.tsx';
import { TableWrap as Wrap } from '../../ui/parts.tsx';
import { orderSums } from './sums.ts';

// ---------------------------------------------------------------- the next step first

/**
 * The steps in the order an order moves forward; the exceptions (a failed payment, a cancellation) after
 * them. Decision: the back office orders `actions` itself (whatever order commerce lists them in): the first
 * forward step the operator may take is the page's primary action, shown first; the others follow under
 * "Other actions" (support, who may only cancel an unpaid order, sees no "next step").
 */
const STEP_ORDER: OpsAction[] = ['payment', 'shipment', 'pickup', 'goods-received', 'assay', 'payout', 'goods-returned', 'payment-failed', 'cancel'];
const EXCEPTIONS = new Set<OpsAction>(['payment-failed', 'cancel']);

export function nextStepFirst(actions: OpsAction[]): { primary: OpsAction | null; others: OpsAction[] } {
  const rank = (a: OpsAction) => (STEP_ORDER.indexOf(a) + 1 || STEP_ORDER.length + 1);
  const sorted = [...new Set(actions)].sort((a, b) => rank(a) - rank(b));
  // a cancellation or a failed payment is never "the next step": with only those, there is none
  const primary = sorted.find((a) => !EXCEPTIONS.has(a)) ?? null;
  return { primary, others: sorted.filter((a) => a !== primary) };
}

// ---------------------------------------------------------------- lines, shipping, discount, total

export function OrderSumsTable({ f, order }: { f: Fmt; order: Order }) {
  const { t } = f;
  const s = orderSums(order);
  const minus = (m: { centAmount: number; currencyCode: string }) => `− ${f.money(m)}`;
  return (
    <Wrap label={t('detail.lines')}>
      <table className="sums" data-testid="order-sums">
        <caption className="visually-hidden">{t('detail.lines')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('detail.item')}</th>
            <th scope="col" className="num">{t('detail.quantity')}</th>
            <th scope="col" className="num">{t('detail.unitPrice')}</th>
            <th scope="col" className="num">{t('detail.lineTotal')}</th>
          </tr>
        </thead>
        <tbody>
          {s.lines.map((l) => (
            <tr key={l.id}>
              <td>{l.name}</td>
              <td className="num">{l.quantity}</td>
              <td className="num">{l.unit ? f.money(l.unit) : '–'}</td>
              <td className="num">{f.money(l.total)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr><th scope="row" colSpan={3}>{t('detail.goods')}</th><td className="num">{f.money(s.goods)}</td></tr>
          {s.shipping && (
            <tr>
              <th scope="row" colSpan={3}>{s.sale ? t('detail.shippingDeducted') : t('detail.shipping')}</th>
              <td className="num">{s.sale ? minus(s.shipping) : f.money(s.shipping)}</td>
            </tr>
          )}
          {s.discount && (
            <tr>
              <th scope="row" colSpan={3}>{t(s.discount.onShipping ? 'detail.discountShipping' : 'detail.discount', { code: s.discount.code })}</th>
              <td className="num">{minus(s.discount.amount)}</td>
            </tr>
          )}
          <tr className="sum-row">
            <th scope="row" colSpan={3}>{t('detail.orderTotal')}</th>
            <td className="num" data-testid="order-sum"><strong>{f.money(s.sum)}</strong></td>
          </tr>
        </tfoot>
      </table>
      {!s.adds && <p className="notice error" role="alert">{t('detail.sumMismatch', { sum: f.money(s.sum), total: f.money(s.total) })}</p>}
    </Wrap>
  );
}

// ---------------------------------------------------------------- internal notes

export function NotesSection({ f, csrf, orderId, notes, value, error }: {
  f: Fmt; csrf: string; orderId: string; notes: OrderNote[]; value?: string; error?: string;
}) {
  const { t } = f;
  const describedBy = ['note-hint', error ? 'note-error' : ''].filter(Boolean).join(' ');
  return (
    <section aria-labelledby="h-notes" className="card notes">
      <h2 id="h-notes">{t('detail.notes.title')}</h2>
      {notes.length === 0 ? <p className="empty">{t('detail.notes.empty')}</p> : (
        <ol className="timeline" data-testid="notes">
          {notes.map((n) => (
            <li key={n.id} className="note">
              <p className="muted">{t('detail.notes.byAt', { who: n.by.name ?? n.by.email, at: f.dateTime(n.at) })}</p>
              {/* as typed: plain text, line breaks kept */}
              <p className="customer-text">{n.body}</p>
            </li>
          ))}
        </ol>
      )}
      <form method="post" action={`/orders/${orderId}/notes`}>
        <Csrf value={csrf} />
        <div className="field">
          <label htmlFor="note-body">{t('detail.notes.label')}</label>
          <span className="hint" id="note-hint">{t('detail.notes.hint')}</span>
          <textarea id="note-body" name="body" rows={3} required maxLength={ORDER_NOTE_MAX} defaultValue={value ?? ''}
            aria-describedby={describedBy} aria-invalid={error ? true : undefined} />
          {error && <span className="field-error" id="note-error">{error}</span>}
        </div>
        <button type="submit">{t('detail.notes.submit')}</button>
      </form>
    </section>
  );
}

// ---------------------------------------------------------------- the customer card

export function CustomerCardSection({ f, card }: { f: Fmt; card: CustomerCard }) {
  const { t } = f;
  return (
    <section aria-labelledby="h-customer" className="card customer-card" data-testid="customer-card">
      <h2 id="h-customer">{t('detail.customer.title')}</h2>
      <p><strong>{card.name || card.email}</strong> · {card.email}</p>
      {card.kind === 'guest' ? <p className="muted">{t('detail.customer.guest')}</p> : (
        <>
          {card.accountSince && <p className="muted">{t('detail.customer.account', { date: f.date(card.accountSince) })}</p>}
          <h3>{t('detail.customer.ordersCount', { count: card.orders.total })}</h3>
          {card.orders.results.length === 0 ? <p className="empty">{t('detail.customer.noOrders')}</p> : (
            <ul className="plain">
              {card.orders.results.map((o) => (
                <li key={o.id}>
                  <a href={`/orders/${o.id}`}>{o.orderNumber}</a> · {f.date(o.createdAt)} · {t(`type.${o.transactionType}`)} · {t(`orderState.${o.orderState}`)} · {f.money(o.total)}
                </li>
              ))}
            </ul>
          )}
          {card.orders.total > card.orders.results.length && <p className="muted">{t('detail.customer.more', { shown: card.orders.results.length, count: card.orders.total })}</p>}
          {card.depot ? (
            <>
              <h3>{t('detail.customer.depot', { number: card.depot.number })}</h3>
              <ul className="plain">
                {card.depot.holdings.map((h) => <li key={h.sku}>{h.quantity} × {h.name}{h.currentValue && <> · {f.money(h.currentValue)}</>}</li>)}
              </ul>
              {card.depot.currentValue && <p>{t('detail.customer.depotValue')}: {f.money(card.depot.currentValue)}</p>}
            </>
          ) : <p className="muted">{t('detail.customer.noDepot')}</p>}
          <h3>{t('detail.customer.limitOrders', { count: card.limitOrders.total })}</h3>
          {card.limitOrders.results.length === 0 ? <p className="empty">{t('detail.customer.noLimitOrders')}</p> : (
            <ul className="plain">
              {card.limitOrders.results.map((l) => (
                <li key={l.id}>
                  {l.number} · {l.quantity} × {l.name} · {t('detail.customer.limitPrice')} {f.money(l.limitPrice)} · {t(`detail.customer.limitStatus.${l.status}`)}
                  {l.orderId && <> · <a href={`/orders/${l.orderId}`}>{l.orderNumber ?? l.orderId}</a></>}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

// ---------------------------------------------------------------- the order's mails

function mailStatus(f: Fmt, m: OrderMail): string {
  if (m.sentAt) return f.t('detail.mails.sent', { at: f.dateTime(m.sentAt) });
  if (m.failedAt) return f.t('detail.mails.failed', { at: f.dateTime(m.failedAt) });
  return f.t('detail.mails.queued');
}

export function MailsSection({ f, csrf, orderId, mails }: { f: Fmt; csrf: string; orderId: string; mails: OrderMail[] }) {
  const { t } = f;
  const byId = new Map(mails.map((m) => [m.id, m]));
  return (
    // not a named landmark: its table's scroll region carries the same name (axe landmark-unique), as payments
    <section className="card">
      <h2 id="h-mails">{t('detail.mails.title')}</h2>
      {mails.length === 0 ? <p className="empty">{t('detail.mails.empty')}</p> : (
        <>
          <p className="hint">{t('detail.mails.hint')}</p>
          <Wrap label={t('detail.mails.title')}>
            <table data-testid="order-mails">
              <thead><tr><th scope="col">{t('detail.mails.written')}</th><th scope="col">{t('detail.mails.subject')}</th><th scope="col">{t('detail.mails.status')}</th><th scope="col"><span className="visually-hidden">{t('detail.mails.resend')}</span></th></tr></thead>
              <tbody>
                {mails.map((m) => {
                  const original = m.resentFrom !== null ? byId.get(m.resentFrom) : undefined;
                  return (
                    <tr key={m.id}>
                      <td>{f.dateTime(m.createdAt)}</td>
                      <td>{m.subject}{original && <><br /><span className="muted">{t('detail.mails.copyOf', { at: f.dateTime(original.createdAt) })}</span></>}</td>
                      <td>{mailStatus(f, m)}</td>
                      <td>
                        {m.resentFrom === null && (
                          <form method="post" action={`/orders/${orderId}/mails/${m.id}/resend`}>
                            <Csrf value={csrf} />
                            <button type="submit" className="secondary" aria-label={t('detail.mails.resendLabel', { subject: m.subject, to: m.to })}>{t('detail.mails.resend')}</button>
                          </form>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </Wrap>
        </>
      )}
    </section>
  );
}

// ---------------------------------------------------------------- the carrier, from the list

/** The carrier a parcel of this store most often goes with (the form's preselection). */
export function usualCarrier(store: StoreKey): CarrierKey {
  return store === 'us' ? 'usps' : store === 'at' ? 'austrianpost' : store === 'de' ? 'dhl' : 'swisspost';
}

/** A select of the listed carriers and "other", with the other carrier's name beside it. */
export function CarrierFields({ f, idPrefix, value, otherValue, error }: { f: Fmt; idPrefix: string; value: string; otherValue?: string; error?: string }) {
  const { t } = f;
  const otherId = `${idPrefix}-carrier-other`;
  return (
    <>
      <div className="field">
        <label htmlFor={`${idPrefix}-carrier`}>{t('action.shipment.carrier')}</label>
        <select id={`${idPrefix}-carrier`} name="carrier" defaultValue={value} required>
          {carriers.map((c) => <option key={c.key} value={c.key}>{c.name}</option>)}
          <option value={OTHER_CARRIER}>{t('action.shipment.other')}</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor={otherId}>{t('action.shipment.carrierOther')}</label>
        <span className="hint" id={`${otherId}-hint`}>{t('action.shipment.carrierOtherHint')}</span>
        <input id={otherId} name="carrierOther" type="text" maxLength={60} defaultValue={otherValue ?? ''}
          aria-describedby={[`${otherId}-hint`, error ? `${otherId}-error` : ''].filter(Boolean).join(' ')} aria-invalid={error ? true : undefined} />
        {error && <span className="field-error" id={`${otherId}-error`}>{error}</span>}
      </div>
    </>
  );
}
