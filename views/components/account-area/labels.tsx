// Words for the account area's states (spec 4): order and payment states, limit-order statuses, and how
// an expiry reads ("in 12 days"). One place, so lists, details and the overview say the same.
import type { LimitOrder, LimitOrderStatus } from '../../../src/contracts/limit-order.ts';
import type { Order, OrderState, PaymentState } from '../../../src/contracts/order.ts';
// Decision: the runtime helper from its schema-free module; order.ts itself would bring TypeBox (issue 27)
import { shownPaymentState } from '../../../src/contracts/order-states.ts';
import { formatTime } from '../../../src/i18n.ts';
import { useShop, type Shop } from '../../lib/context.tsx';
import { moneyOf } from '../cart/format.ts';
import { storeTimeZones } from '../../../src/stores.ts';
import { storeDateTime } from './store-time.ts';

export function LimitOrderStatusTag({ status, t }: { status: LimitOrderStatus; t: Shop['t'] }) {
  return <span className={`status-tag status-${status}`}>{t(`limitOrders.status.${status}`)}</span>;
}

export function orderStateLabel(t: Shop['t'], o: Pick<Order, 'orderState'>): string {
  return t(`orders.state.${o.orderState}`);
}

/** A sale's payment is our payout to the customer: "Paid out", "Payout pending" read right there. */
export function paymentStateLabel(t: Shop['t'], o: Pick<Order, 'paymentState' | 'orderState'> & Partial<Pick<Order, 'type'>>): string {
  // a cancelled order owes nothing: "Nothing owed", not "Pending" (src/contracts/order-states.ts shownPaymentState)
  const shown = shownPaymentState(o);
  return t(o.type === 'sell' ? `orders.payoutState.${shown}` : `orders.paymentState.${shown}`);
}

// The badge colours (views/styles.css .status-*): waiting on someone, going well, done, stopped.
const stateTone: Record<OrderState, string> = {
  Open: 'pending', Created: 'pending', Requested: 'pending', Confirmed: 'active', Accepted: 'active', Complete: 'executed', Cancelled: 'cancelled',
};
const paymentTone: Record<PaymentState | 'None', string> = { Pending: 'pending', Paid: 'active', Failed: 'failed', None: 'cancelled' };

export function OrderStateTag({ t, order }: { t: Shop['t']; order: Pick<Order, 'orderState'> }) {
  return <span className={`status-tag status-${stateTone[order.orderState] ?? 'pending'}`}>{orderStateLabel(t, order)}</span>;
}

export function PaymentStateTag({ t, order }: { t: Shop['t']; order: Pick<Order, 'paymentState' | 'orderState' | 'type'> }) {
  return <span className={`status-tag status-${paymentTone[shownPaymentState(order)] ?? 'pending'}`}>{paymentStateLabel(t, order)}</span>;
}

/** A bank-transfer purchase still waiting for the money: the last day the transfer may arrive, else null. */
export function transferDueBy(o: Pick<Order, 'type' | 'paymentMethod' | 'paymentState' | 'orderState' | 'paymentDueBy'>): string | null {
  const waiting = o.type === 'buy' && o.paymentMethod === 'bank-transfer' && o.paymentState !== 'Paid' && o.orderState !== 'Cancelled' && o.orderState !== 'Complete';
  return waiting && o.paymentDueBy ? o.paymentDueBy : null;
}

/** Issue 28: a purchase into the deposit is named as such wherever the order's shipping method is known. */
export function orderTypeLabel(t: Shop['t'], o: Pick<Order, 'type'> & { shippingInfo?: { key: string } | null }): string {
  if (o.type === 'buy' && o.shippingInfo?.key === 'deposit') return t('orders.typeDeposit');
  return t(o.type === 'buy' ? 'orders.typeBuy' : 'orders.typeSell');
}

export function paymentMethodLabel(t: Shop['t'], o: Pick<Order, 'type' | 'paymentMethod'>): string {
  return t(`checkout.payment.${o.type}.${o.paymentMethod}`);
}

/** Issue 28: a limit order's expiry in the store's time zone, named ("12/29/2026 06:00 PM New York time (ET)"). */
export function limitOrderExpiry(shop: Pick<Shop, 't' | 'locale' | 'store'>, iso: string): string {
  return `${storeDateTime(iso, shop.locale, storeTimeZones[shop.store])} ${shop.t(`limitOrders.zone.${shop.store}`)}`;
}

/** "in 12 days" for an open limit order; nothing for a closed one (its expiry no longer matters). */
export function expiryInDays(t: Shop['t'], lo: Pick<LimitOrder, 'status' | 'expiresInDays'>): string | null {
  if (lo.status !== 'active' && lo.status !== 'pending') return null;
  const n = lo.expiresInDays;
  return n === 0 ? t('limitOrders.expiresToday') : n === 1 ? t('limitOrders.inOneDay') : t('limitOrders.inDays', { count: n });
}

/**
 * A calendar day (YYYY-MM-DD: a due date, a value date) in the shop's format (spec 9: US MM/DD/YYYY, others
 * DD/MM/YYYY). It names a day, not an instant: read as UTC midnight it would be the day before in New York.
 * A full timestamp goes through the shop's date formatter.
 */
export function calendarDate(shop: Pick<Shop, 'date' | 'locale'>, value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return shop.date(value);
  const [, y, mo, d] = m;
  return shop.locale === 'en-US' ? `${mo}/${d}/${y}` : `${d}/${mo}/${y}`;
}

/** The date and time of an instant in the shop's formats. */
export function dateTime(shop: Pick<Shop, 'date' | 'locale'>, iso: string): string {
  return `${shop.date(iso)} ${formatTime(iso, shop.locale)}`;
}

/**
 * Issue 23: what an order is paid or pays out (spec 3 amount): a sale after its assay shows the accepted
 * amount, the estimate beside it when they differ (the estimate alone read as "Paid out" while less was paid).
 */
export function OrderAmount({ order }: { order: Pick<Order, 'type' | 'amount' | 'totalGrossPrice'> }) {
  const shop = useShop();
  if (order.type !== 'sell' || order.amount.centAmount === order.totalGrossPrice.centAmount) return <>{moneyOf(shop, order.type === 'sell' ? order.amount : order.totalGrossPrice)}</>;
  return (
    <>
      {moneyOf(shop, order.amount)}
      <span className="account-muted order-estimate"> {shop.t('orders.estimateOf', { amount: moneyOf(shop, order.totalGrossPrice) })}</span>
    </>
  );
}
