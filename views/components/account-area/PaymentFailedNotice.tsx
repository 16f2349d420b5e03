// spec 8 "Payment error": when a purchase's payment failed (payment state Failed, spec 4), the order's
// pages say so at the top, with what the customer can do, instead of a quiet status tag.
import type { Order } from '../../../src/contracts/order.ts';
import type { Shop } from '../../lib/context.tsx';

export const paymentFailedKeys = ['paymentError.title', 'paymentError.message', 'paymentError.help'] as const;

export function PaymentFailedNotice({ t, order }: { t: Shop['t']; order: Pick<Order, 'paymentState' | 'type' | 'orderNumber'> }) {
  if (order.type !== 'buy' || order.paymentState !== 'Failed') return null;
  return (
    <div className="notice notice-warning" role="alert" data-testid="payment-failed">
      <p className="notice-title">{t('paymentError.title')}</p>
      <p>{t('paymentError.message', { number: order.orderNumber })}</p>
      <p>{t('paymentError.help')}</p>
    </div>
  );
}
