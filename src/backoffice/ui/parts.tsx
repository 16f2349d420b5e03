// Parts several screens show: a pager, a table that scrolls in its own region, an order's states and amount,
// who did something and what an audit entry records.
import type { ReactNode } from 'react';
import type { AuditEntry, OpsOrderSummary } from '../../contracts/ops.ts';
import { shownPaymentState } from '../../contracts/order.ts';
import type { Fmt } from '../format.ts';

export function Pager({ f, total, limit, offset, href }: { f: Fmt; total: number; limit: number; offset: number; href: (offset: number) => string }) {
  const pages = Math.max(1, Math.ceil(total / limit));
  const page = Math.min(pages, Math.floor(offset / limit) + 1);
  return (
    <nav className="pager" aria-label={f.t('pager.label')}>
      {page > 1 ? <a href={href((page - 2) * limit)} rel="prev">{f.t('pager.previous')}</a> : <span aria-hidden="true" className="disabled">{f.t('pager.previous')}</span>}
      <span>{f.t('pager.pageOf', { page, pages })}</span>
      {page < pages ? <a href={href(page * limit)} rel="next">{f.t('pager.next')}</a> : <span aria-hidden="true" className="disabled">{f.t('pager.next')}</span>}
    </nav>
  );
}

export function State({ f, order }: { f: Fmt; order: { orderState: string; paymentState: string } }) {
  return (
    <span className="states">
      <span className={`badge s-${order.orderState.toLowerCase()}`}>{f.t(`orderState.${order.orderState}`)}</span>{' '}
      {/* a cancelled order owes nothing: not "Payment pending" (shownPaymentState) */}
      <span className={`badge p-${shownPaymentState(order).toLowerCase()}`}>{f.t(`paymentState.${shownPaymentState(order)}`)}</span>
    </span>
  );
}

/** Who did it, as the label of a column: the operator's e-mail, "Customer", "System (job)". */
export function actorName(f: Fmt, a: AuditEntry['actor']): string {
  if (a.type === 'operator') return a.email ?? a.id;
  if (a.type === 'customer') return f.t('actor.customer');
  return f.t('actor.system', { name: a.id });
}


/** What an audit entry records, in the operator's language (backoffice.event.<action>); every action the
 * shop writes has its label (test/backoffice/looks.test.ts), the raw code shows only for one that is missing. */
export function eventLabel(f: Fmt, action: string): string {
  const key = `backoffice.event.${action}`;
  const label = f.tAny(key);
  return label === key ? action : label;
}

/** A table that may be wider than a phone scrolls inside this region, which the keyboard can reach. */
export function TableWrap({ label, children }: { label: string; children: ReactNode }) {
  return <div className="table-wrap" role="region" aria-label={label} tabIndex={0}>{children}</div>;
}

/**
 * Issue 23: what is paid or paid out; a sale whose assay changed the amount shows the accepted amount with
 * the estimate beside it (the estimate alone misled: finance and support read what the customer is paid).
 */
export function Amount({ f, order }: { f: Fmt; order: Pick<OpsOrderSummary, 'amount' | 'total'> }) {
  const amount = order.amount ?? order.total;
  if (amount.centAmount === order.total.centAmount) return <>{f.money(amount)}</>;
  return <><strong>{f.money(amount)}</strong><br /><span className="muted">{f.t('queue.estimateOf', { amount: f.money(order.total) })}</span></>;
}

