// A bank-transfer purchase still waiting for its money (issue 15): by which day the transfer must arrive,
// how much is still owed (a part may have come already: the timeline's payments), and the shop's account.
import type { Order } from '../../../src/contracts/order.ts';
import { useShop } from '../../lib/context.tsx';
import { BankDetails } from '../BankDetails.tsx';
import { PaymentSlip } from '../PaymentSlip.tsx';
import { moneyOf } from '../cart/format.ts';
import { calendarDate, transferDueBy } from './labels.tsx';

type Cents = { centAmount?: unknown; currencyCode?: unknown } | undefined;
const centsIn = (m: Cents, currency: string): number | null =>
  m && Number.isSafeInteger(m.centAmount) && m.currencyCode === currency ? (m.centAmount as number) : null;

/**
 * What arrived so far and what is still open, from the timeline's payments (in the order's currency): the
 * service states the open amount with each payment; without it, the payments are added up.
 */
export function paymentProgress(order: Pick<Order, 'timeline' | 'currency'>, total: number): { paid: number; open: number } {
  let paid = 0;
  let open: number | null = null;
  for (const e of order.timeline ?? []) {
    if (e.kind !== 'payment_recorded') continue;
    paid += centsIn(e.details?.amount as Cents, order.currency) ?? 0;
    open = centsIn(e.details?.openAmount as Cents, order.currency) ?? open;
  }
  return { paid, open: Math.max(0, open ?? total - paid) };
}

export function PayByNotice({ order }: { order: Order }) {
  const shop = useShop();
  const { t } = shop;
  const dueBy = transferDueBy(order);
  if (!dueBy) return null;
  const total = order.paymentInstructions?.amount ?? order.totalGrossPrice;
  const { paid, open } = paymentProgress(order, total.centAmount);
  const rest = { centAmount: open, currencyCode: total.currencyCode };
  if (rest.centAmount === 0) return null;
  const date = calendarDate(shop, dueBy);
  return (
    <>
      <p className="form-alert form-alert-info order-pay-by" data-testid="order-pay-by">
        {paid > 0
          ? t('orders.payByRest', { paid: moneyOf(shop, { centAmount: paid, currencyCode: total.currencyCode }), amount: moneyOf(shop, rest), date, number: order.orderNumber })
          : t('orders.payBy', { amount: moneyOf(shop, rest), date, number: order.orderNumber })}
      </p>
      {order.paymentInstructions
        ? <BankDetails instructions={{ ...order.paymentInstructions, amount: rest }} titleId="order-bank-details" hint={t('orders.payByHint', { date })} />
        : null}
      {/* issue 25: the slip while nothing has arrived yet (it asks for the whole amount) */}
      {paid === 0 ? <PaymentSlip order={order} titleId="order-payment-slip" /> : null}
    </>
  );
}
