// Order and payment states (spec 4: Open, Created, Confirmed, Complete, Cancelled, Requested, Accepted;
// Paid, Pending, Failed). The spec does not show the transitions; these are the shop's:
//
//   buy:   Open ──▶ Confirmed ──▶ Complete          (payment received or pickup agreed; then delivered,
//            │          │                            handed over or booked into the deposit)
//            └──────────┴──▶ Cancelled              (not paid in time, or cancelled by support)
//   sell:  Requested ──▶ Accepted ──▶ Complete      (items received and checked; then paid out)
//            │              │
//            └──────────────┴──▶ Cancelled
//   Created: an order the shop writes without a checkout (support, limit-order execution); it goes on to
//   Confirmed or Cancelled like an Open one.
//
//   payment: Pending ──▶ Paid | Failed;  Failed ──▶ Pending (a new attempt). Paid is final.
import type { TransactionType } from '../../contracts/cart.ts';
import type { OrderState, PaymentState } from '../../contracts/order.ts';

export const orderTransitions: Record<OrderState, OrderState[]> = {
  Open: ['Confirmed', 'Cancelled'],
  Created: ['Confirmed', 'Cancelled'],
  Confirmed: ['Complete', 'Cancelled'],
  Requested: ['Accepted', 'Cancelled'],
  Accepted: ['Complete', 'Cancelled'],
  Complete: [],
  Cancelled: [],
};

export const paymentTransitions: Record<PaymentState, PaymentState[]> = {
  Pending: ['Paid', 'Failed'],
  Failed: ['Pending'],
  Paid: [],
};

/** The state a new order starts in: a purchase is Open, a sale to the shop Requested; payment Pending. */
export function initialStates(type: TransactionType): { orderState: OrderState; paymentState: PaymentState } {
  return { orderState: type === 'buy' ? 'Open' : 'Requested', paymentState: 'Pending' };
}

export function canTransition(from: OrderState, to: OrderState): boolean {
  return orderTransitions[from].includes(to);
}

export function canTransitionPayment(from: PaymentState, to: PaymentState): boolean {
  return paymentTransitions[from].includes(to);
}
