// Words for the account area's states (spec 4): order and payment states, limit-order statuses, and how
// an expiry reads ("in 12 days"). One place, so lists, details and the overview say the same.
import type { LimitOrder, LimitOrderStatus } from '../../../src/contracts/limit-order.ts';
import type { Order } from '../../../src/contracts/order.ts';
import { formatTime } from '../../../src/i18n.ts';
import type { Shop } from '../../lib/context.tsx';

export function LimitOrderStatusTag({ status, t }: { status: LimitOrderStatus; t: Shop['t'] }) {
  return <span className={`status-tag status-${status}`}>{t(`limitOrders.status.${status}`)}</span>;
}

export function orderStateLabel(t: Shop['t'], o: Pick<Order, 'orderState'>): string {
  return t(`orders.state.${o.orderState}`);
}

export function paymentStateLabel(t: Shop['t'], o: Pick<Order, 'paymentState'>): string {
  return t(`orders.paymentState.${o.paymentState}`);
}

export function orderTypeLabel(t: Shop['t'], o: Pick<Order, 'type'>): string {
  return t(o.type === 'buy' ? 'orders.typeBuy' : 'orders.typeSell');
}

export function paymentMethodLabel(t: Shop['t'], o: Pick<Order, 'type' | 'paymentMethod'>): string {
  return t(`checkout.payment.${o.type}.${o.paymentMethod}`);
}

/** "in 12 days" for an open limit order; nothing for a closed one (its expiry no longer matters). */
export function expiryInDays(t: Shop['t'], lo: Pick<LimitOrder, 'status' | 'expiresInDays'>): string | null {
  if (lo.status !== 'active' && lo.status !== 'pending') return null;
  const n = lo.expiresInDays;
  return n === 0 ? t('limitOrders.expiresToday') : n === 1 ? t('limitOrders.inOneDay') : t('limitOrders.inDays', { count: n });
}

/** The date and time of an instant in the shop's formats. */
export function dateTime(shop: Pick<Shop, 'date' | 'locale'>, iso: string): string {
  return `${shop.date(iso)} ${formatTime(iso, shop.locale)}`;
}
