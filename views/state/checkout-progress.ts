// The checkout's steps (spec 2: Cart, My data, Delivery and Payment, Review, Confirmation; only completed
// steps can be revisited). A step counts as completed when the customer submitted it in this checkout
// (session storage, per cart) AND the cart still holds what the step gave it: a URL cannot skip ahead, and
// neither can a stale record once the cart lost its data. The checkout page publishes where it stands,
// so that the layout's step list (views/components/CheckoutSteps.tsx) can show completed steps as links.
import type { TransactionType } from '../../src/contracts/cart.ts';
import type { ShopCart } from '../../src/contracts/shop-api.ts';

export const checkoutSteps = ['cart', 'data', 'delivery', 'review', 'confirmation'] as const;
export type CheckoutStep = (typeof checkoutSteps)[number];
/** the steps of the checkout route itself (Cart is the cart page, Confirmation its own route) */
export const formSteps = ['data', 'delivery', 'review'] as const;
export type FormStep = (typeof formSteps)[number];

export function isFormStep(v: unknown): v is FormStep {
  return typeof v === 'string' && (formSteps as readonly string[]).includes(v);
}

const storageKey = (type: TransactionType) => `checkout-${type}`;

interface Stored {
  cartId: string;
  done: CheckoutStep[];
}

function read(type: TransactionType, storage: Storage | undefined): Stored | null {
  try {
    const raw = JSON.parse(storage?.getItem(storageKey(type)) ?? 'null') as Stored | null;
    return raw && typeof raw.cartId === 'string' && Array.isArray(raw.done) ? raw : null;
  } catch {
    return null;
  }
}

/** What the cart must hold for a step to stay completed. */
export function stepSatisfied(step: CheckoutStep, cart: ShopCart): boolean {
  switch (step) {
    case 'cart':
      return cart.lineItems.length > 0;
    case 'data':
      return !!cart.customerEmail && !!cart.billingAddress && !!cart.shippingAddress;
    case 'delivery':
      return !!cart.shippingInfo && !!cart.paymentMethod;
    default:
      return false;
  }
}

/** The steps completed for this cart, in order; a gap ends the run (a later step needs the earlier ones). */
export function completedSteps(cart: ShopCart, storage: Storage | undefined = globalThis.sessionStorage): CheckoutStep[] {
  const stored = read(cart.transactionType, storage);
  const done = stored && stored.cartId === cart.id ? stored.done : [];
  const out: CheckoutStep[] = [];
  for (const step of checkoutSteps) {
    if (!done.includes(step) || !stepSatisfied(step, cart)) break;
    out.push(step);
  }
  return out;
}

export function completeStep(cart: ShopCart, step: CheckoutStep, storage: Storage | undefined = globalThis.sessionStorage): void {
  const stored = read(cart.transactionType, storage);
  const done = stored && stored.cartId === cart.id ? stored.done : [];
  try {
    storage?.setItem(storageKey(cart.transactionType), JSON.stringify({ cartId: cart.id, done: [...new Set([...done, step])] }));
  } catch {
    // storage blocked: the steps are remembered only while the page lives
  }
}

/** After a placed order: nothing of this checkout is kept. */
export function resetProgress(type: TransactionType, storage: Storage | undefined = globalThis.sessionStorage): void {
  try {
    storage?.removeItem(storageKey(type));
  } catch {
    // nothing kept
  }
}

/**
 * The order this checkout just placed (session storage, per transaction type): the browser's back button
 * from the confirmation lands on a checkout entry whose cart is gone, and that entry shows the confirmation
 * again instead of "Your cart is empty". Forgotten once the cart of that type holds goods again.
 */
const placedKey = (type: TransactionType) => `checkout-${type}-placed`;

export function rememberPlacedOrder(type: TransactionType, orderId: string, storage: Storage | undefined = globalThis.sessionStorage): void {
  try {
    storage?.setItem(placedKey(type), orderId);
  } catch {
    // storage blocked: back shows the empty checkout
  }
}

export function placedOrder(type: TransactionType, storage: Storage | undefined = globalThis.sessionStorage): string | null {
  try {
    return storage?.getItem(placedKey(type)) ?? null;
  } catch {
    return null;
  }
}

export function forgetPlacedOrder(type: TransactionType, storage: Storage | undefined = globalThis.sessionStorage): void {
  try {
    storage?.removeItem(placedKey(type));
  } catch {
    // nothing kept
  }
}

/** The step a customer may be on: the first one not completed (they may go back to any completed one). */
export function furthestStep(completed: CheckoutStep[]): FormStep {
  for (const s of formSteps) if (!completed.includes(s)) return s;
  return 'review';
}

/** The step to show for a requested one: a step beyond the furthest reachable is not shown. */
export function allowedStep(requested: string | null, completed: CheckoutStep[]): FormStep {
  const furthest = furthestStep(completed);
  if (!isFormStep(requested)) return furthest;
  return formSteps.indexOf(requested) <= formSteps.indexOf(furthest) ? requested : furthest;
}

// ---------------------------------------------------------------- what the step list shows

export interface CheckoutNav {
  type: TransactionType;
  current: CheckoutStep;
  completed: CheckoutStep[];
  /** after the order: the steps are done, and none can be revisited (the cart is gone) */
  locked?: boolean;
}

let nav: CheckoutNav | null = null;
const listeners = new Set<() => void>();

export function publishCheckoutNav(next: CheckoutNav | null): void {
  if (JSON.stringify(next) === JSON.stringify(nav)) return;
  nav = next;
  for (const l of listeners) l();
}

export function getCheckoutNav(): CheckoutNav | null {
  return nav;
}

export function subscribeCheckoutNav(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
