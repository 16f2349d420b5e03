// Order and payment states (spec 4: Open, Created, Confirmed, Complete, Cancelled, Requested, Accepted;
// Paid, Pending, Failed). The spec does not show the transitions; these are the shop's (issue 15: the steps
// that take them are src/commerce/lifecycle/, the full table with who and when is src/commerce/README.md):
//
//   buy:   Open ──▶ Confirmed ──▶ Complete          (fully paid by transfer, or at once at placement for cash
//            │          │                            on pickup; then shipped, collected, or booked into the
//            │          │                            deposit in the payment's own transaction)
//            └──────────┴──▶ Cancelled              (by an operator, or not paid within 5 working days; never
//                                                    once Paid)
//   sell:  Requested ──▶ Accepted ──▶ Complete      (goods received and assayed; then paid out). A sale from
//            │              │                        the deposit starts Accepted: nothing to receive or assay.
//            └──────────────┴──▶ Cancelled
//   Created: an order the shop writes without a checkout; it goes on to Confirmed or Cancelled like an Open one.
//
//   payment: Pending ──▶ Paid | Failed;  Failed ──▶ Pending | Paid (a new attempt). Paid ──▶ Pending | Failed
//            only when the bank takes a payment back (a camt.053 return, issue 23): a Confirmed order goes back
//            to Open, a depot purchase's Complete too when its metal leaves the depot again.
import type { TransactionType } from '../../contracts/cart.ts';
import type { OrderState, PaymentState } from '../../contracts/order.ts';

export const orderTransitions: Record<OrderState, OrderState[]> = {
  Open: ['Confirmed', 'Cancelled'],
  Created: ['Confirmed', 'Cancelled'],
  Confirmed: ['Complete', 'Cancelled', 'Open'],
  Requested: ['Accepted', 'Cancelled'],
  Accepted: ['Complete', 'Cancelled'],
  // a depot purchase whose payment the bank took back, its metal out of the depot again
  Complete: ['Open'],
  Cancelled: [],
};

export const paymentTransitions: Record<PaymentState, PaymentState[]> = {
  Pending: ['Paid', 'Failed'],
  Failed: ['Pending', 'Paid'],
  // a returned transfer (lifecycle/steps.ts reversePayment)
  Paid: ['Pending', 'Failed'],
};

/**
 * The state a new order starts in: a purchase is Open, a sale to the shop Requested, a sale from the deposit
 * (shipping method depositSell: the metal is in our vault) Accepted; payment Pending.
 */
export function initialStates(type: TransactionType, shippingMethod?: string): { orderState: OrderState; paymentState: PaymentState } {
  return { orderState: type === 'buy' ? 'Open' : shippingMethod === 'depositSell' ? 'Accepted' : 'Requested', paymentState: 'Pending' };
}

export function canTransition(from: OrderState, to: OrderState): boolean {
  return orderTransitions[from].includes(to);
}

export function canTransitionPayment(from: PaymentState, to: PaymentState): boolean {
  return paymentTransitions[from].includes(to);
}
