// A bank-transfer purchase still waiting for its money (issue 15): by which day the transfer must arrive,
// how much is still owed (a part may have come already: the timeline's payments), and the shop's account.
import type { Order } from '../../../src/contracts/order.ts';
import { useShop } from '../../lib/context.tsx';
import { BankDetails } from '../BankDetails.tsx';
import { moneyOf } from '../cart/format.ts';
import { calendarDate, transferDueBy } from './labels.tsx';

/** What arrived so far according to the timeline's payments (in the order's currency). */
export function paidSoFar(order: Pick<Order, 'timeline' | 'currency'>): number {
  let cents = 0;
  for (const e of order.timeline ?? []) {
    const m = e.kind === 'payment_recorded' ? (e.details?.amount as { centAmount?: unknown; currencyCode?: unknown } | undefined) : undefined;
    if (m && Number.isSafeInteger(m.centAmount) && m.currencyCode === order.currency) cents += m.centAmount as number;
  }
  return cents;
}

export function PayByNotice({ order }: { order: Order }) {
  const shop = useShop();
  const { t } = shop;
  const dueBy = transferDueBy(order);
  if (!dueBy) return null;
  const total = order.paymentInstructions?.amount ?? order.totalGrossPrice;
  const paid = paidSoFar(order);
  const rest = { centAmount: Math.max(0, total.centAmount - paid), currencyCode: total.currencyCode };
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
    </>
  );
}
