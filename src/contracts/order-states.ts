// The payment state as people read it, as plain code without TypeBox (like cart-limits.ts and
// counter-offer.ts): the account area's labels import it at run time, and importing it from order.ts would
// ship the schema library to the browser (issue 27: about 20 kB brotli on every account page). order.ts
// re-exports it, so the server and the back office keep their imports.

/**
 * The payment state as people read it: a cancelled order whose payment is still Pending owes nothing (and is
 * owed nothing), so it shows 'None', never "payment pending". Decision: the stored state stays Pending (the
 * spec has no other; a payment that arrives later is still flagged against it); lists and pages of the
 * storefront and the back office show this. Generic over the payment state's type (order.ts PaymentState for
 * an Order) so this module imports nothing from order.ts (no cycle).
 */
export function shownPaymentState<P extends string>(o: { orderState: string; paymentState: P }): P | 'None' {
  return o.orderState === 'Cancelled' && o.paymentState === 'Pending' ? 'None' : o.paymentState;
}
