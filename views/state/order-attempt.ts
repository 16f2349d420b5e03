// The checkout's attempt to place an order (issue 23: an order placed is never reported as failed). The
// browser makes one Idempotency-Key per attempt and keeps it, with the request it went with, for as long as
// the outcome is open: no answer (status 0), a timeout, or a failure of the service (5xx; the storefront
// says order_outcome_open). The repeat then goes out with the same key and commerce answers the order it
// placed. A success or a refusal (any other 4xx) ends the attempt: commerce remembers only successes under
// a key, so the next attempt may take a new one.
//
// Decision: the attempt is kept in sessionStorage (per tab, per transaction type), not only in the page's
// memory: a reload after an open outcome finds the cart gone (it was ordered) and sends the kept attempt
// once more, so the customer is shown the order rather than an empty cart.
import type { TransactionType } from '../../src/contracts/cart.ts';

export interface OrderAttempt {
  cartId: string;
  key: string;
  /** the request body as sent (JSON), without the key */
  body: string;
}

/** An answer that leaves open whether the order was placed: no answer, a timeout, a failure of the service. */
export function outcomeOpen(status: number): boolean {
  return status === 0 || status === 408 || status >= 500;
}

/** The key for this request: the kept attempt's when it is the same request for the same cart, else a new one. */
export function keyFor(kept: OrderAttempt | null, cartId: string, body: string, newKey: () => string): string {
  return kept && kept.cartId === cartId && kept.body === body ? kept.key : newKey();
}

const storageKey = (type: TransactionType) => `checkout-order-attempt:${type}`;

export function keptAttempt(type: TransactionType, storage: Storage | undefined = globalThis.sessionStorage): OrderAttempt | null {
  try {
    const raw = storage?.getItem(storageKey(type));
    const v = raw ? (JSON.parse(raw) as Partial<OrderAttempt>) : null;
    if (!v || typeof v.cartId !== 'string' || typeof v.key !== 'string' || typeof v.body !== 'string') return null;
    // the body goes out again as it is: one that is not JSON is no attempt (JSON.parse throws: none)
    JSON.parse(v.body);
    return { cartId: v.cartId, key: v.key, body: v.body };
  } catch {
    return null;
  }
}

export function keepAttempt(type: TransactionType, attempt: OrderAttempt, storage: Storage | undefined = globalThis.sessionStorage): void {
  try {
    storage?.setItem(storageKey(type), JSON.stringify(attempt));
  } catch {
    // storage blocked: the attempt lives only in this call; commerce still answers a repeat with the order
  }
}

export function endAttempt(type: TransactionType, storage: Storage | undefined = globalThis.sessionStorage): void {
  try {
    storage?.removeItem(storageKey(type));
  } catch {
    // nothing kept
  }
}
