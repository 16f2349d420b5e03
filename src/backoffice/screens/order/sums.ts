// The order page's sum (issue 24): every line with its unit price, then shipping and discount, adding up
// to the order total, in integer cents, as commerce computed the total (src/commerce/carts/calculate.ts):
// a purchase is goods + shipping - its discount (off the goods, or off the shipping fee); a sale is goods -
// shipping (the shop's insured shipping of the goods is taken off the payout), never below zero.
//
// Decision: the page shows the rows commerce's figures give and checks them against the total commerce
// stored; should they ever differ (an order from before a rule changed), the page says so instead of
// showing a sum that does not add up.
import type { Money } from '../../../contracts/cart.ts';
import type { Order } from '../../../contracts/order.ts';

export interface SumLine { id: string; name: string; quantity: number; unit: Money | null; total: Money }

export interface OrderSums {
  lines: SumLine[];
  /** the lines added up */
  goods: Money;
  /** the shipping fee: added for a purchase, taken off for a sale; null when the method costs nothing */
  shipping: Money | null;
  /** taken off (a discount code that applies), with its code; null: none */
  discount: { code: string; amount: Money; onShipping: boolean } | null;
  /** what the rows add up to */
  sum: Money;
  /** the order's total as commerce stored it */
  total: Money;
  /** sum equals total */
  adds: boolean;
  sale: boolean;
}

export function orderSums(order: Pick<Order, 'type' | 'lineItems' | 'shippingInfo' | 'discount' | 'totalGrossPrice'>): OrderSums {
  const currencyCode = order.totalGrossPrice.currencyCode;
  const m = (centAmount: number): Money => ({ centAmount, currencyCode });
  const lines: SumLine[] = order.lineItems.map((l) => ({
    id: l.id, name: l.name, quantity: l.quantity, unit: l.price ? m(l.price.centAmount) : null, total: l.totalPrice,
  }));
  const goods = lines.reduce((s, l) => s + l.total.centAmount, 0);
  const fee = order.shippingInfo?.price.centAmount ?? 0;
  const d = order.discount && order.discount.applies && order.discount.amount.centAmount > 0 ? order.discount : null;
  const onShipping = d?.kind === 'shipping-percentage';
  const sale = order.type === 'sell';
  // the rows as the page shows them: goods + shipping - discount (a shipping discount is what it takes off the fee)
  const sum = sale ? Math.max(0, goods - fee) : goods + fee - (d?.amount.centAmount ?? 0);
  return {
    lines,
    goods: m(goods),
    shipping: fee > 0 ? m(fee) : null,
    discount: d ? { code: d.code, amount: d.amount, onShipping } : null,
    sum: m(sum),
    total: order.totalGrossPrice,
    adds: sum === order.totalGrossPrice.centAmount,
    sale,
  };
}
