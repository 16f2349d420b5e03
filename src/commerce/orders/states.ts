// Order and payment states (spec 4: Open, Created, Confirmed, Complete, Cancelled, Requested, Accepted;
// Paid, Pending, Failed). The spec does not show the transitions. Which state may follow which, by which
// step, whose role, with which audit entry and mail, and which work queue an order in a state belongs to:
// ONE table, src/commerce/lifecycle/transitions.ts (issue 24); every change goes through it. Here only the
// states a new order starts in.
import type { TransactionType } from '../../contracts/cart.ts';
import type { OrderState, PaymentState } from '../../contracts/order.ts';

/**
 * The state a new order starts in: a purchase is Open, a sale to the shop Requested, a sale from the deposit
 * (shipping method depositSell: the metal is in our vault) Accepted; payment Pending.
 */
export function initialStates(type: TransactionType, shippingMethod?: string): { orderState: OrderState; paymentState: PaymentState } {
  return { orderState: type === 'buy' ? 'Open' : shippingMethod === 'depositSell' ? 'Accepted' : 'Requested', paymentState: 'Pending' };
}
