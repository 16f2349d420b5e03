// Which payment methods a customer can choose yet (checkout-rules.ts re-exports these): apart from the
// checkout's rules so that a product page, which only asks whether to show the card price, does not load them
// (issue 27, "Phones get less JavaScript").
import type { PaymentMethod } from './cart.ts';

/** spec 9: card and PayPal are shown as coming soon and refused until a payment provider exists */
export const comingSoonPayments: readonly PaymentMethod[] = ['card', 'paypal'];

/** Issue 28: a price is advertised only where a customer can pay it. The card-and-PayPal price (the
 * 'buy-card' price type) is shown once card or PayPal can be chosen at checkout, not before. */
export const cardPriceAdvertised: boolean = (['card', 'paypal'] as const).some((p) => !comingSoonPayments.includes(p));

