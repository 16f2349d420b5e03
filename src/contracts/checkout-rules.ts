// The checkout's delivery and payment rules (spec 5 and 9), ONE definition on neutral ground: the delivery
// step offers what these allow and says why not, the commerce service refuses an order that breaks them
// (orders/create.ts orderReasons, carts/routes.ts for the coming-soon methods). Pure: no I/O, no clock.
//
// A checkout is one of three kinds: a purchase ('buy'), a sale of goods the customer holds ('sell'), and a
// sale from the customer's deposit ('depot': the goods are already with us, nothing is sent or brought).
// Amounts are integer cents of the cart's currency.
import type { PaymentMethod, ShippingMethodKey, TransactionType } from './cart.ts';
import type { Currency, StoreKey } from '../stores.ts';
import { CASH_PAYOUT_MAX_CENTS, SCRAP_BOX_CAP_EUR_CENTS } from './cart-limits.ts';
import { cardPriceAdvertised, comingSoonPayments } from './payments-offered.ts';

export type CheckoutKind = 'buy' | 'sell' | 'depot';

/** A sale from the deposit is the sell cart whose method is depositSell (the deposit mode of spec 4). */
export function checkoutKind(transactionType: TransactionType, methodKey: ShippingMethodKey | string | null | undefined): CheckoutKind {
  if (transactionType === 'buy') return 'buy';
  return methodKey === 'depositSell' ? 'depot' : 'sell';
}

/** The codes a rule of this module answers (all in src/lib/errors.ts, translated as form.error.<code>). */
export type CheckoutRuleCode = 'payment_method_unavailable' | 'cash_requires_pickup' | 'cash_requires_store_drop_off' | 'cash_payout_limit' | 'deposit_requires_account';

// the limits themselves are defined once, in cart-limits.ts (messages format them from there too)
export { CASH_PAYOUT_MAX_CENTS, SCRAP_BOX_CAP_EUR_CENTS, cardPriceAdvertised, comingSoonPayments };

/** Issue 28: the methods that send goods to the customer's address. A deposit purchase stays in our vault
 * and a pickup (or a delivery to a store) goes to the store: review and order show no shipping address
 * for them. */
export function shipsToCustomer(methodKey: ShippingMethodKey | string | null | undefined): boolean {
  return methodKey === 'shipping' || methodKey === 'shippingBuy' || methodKey === 'insured-shipping';
}

/** spec 9: the payment methods of a purchase, and the payout methods of a sale, in the order shown */
const paymentsByType: Record<TransactionType, readonly PaymentMethod[]> = {
  buy: ['bank-transfer', 'cash', 'card', 'paypal'],
  sell: ['bank-transfer', 'cash'],
};

export interface PaymentContext {
  transactionType: TransactionType;
  /** the chosen shipping method's key, null before one is chosen */
  methodKey: ShippingMethodKey | string | null;
  /** the cart's gross total, null while unknown */
  grossCents: number | null;
  /**
   * A sale: the cash payouts of the customer's linked sales (src/contracts/aml.ts, the store's window), which
   * count with this one against the cap; absent or 0 where unknown (the browser before the service says).
   */
  linkedPayoutCents?: number;
}

/**
 * The payment (or payout) methods the checkout shows for a cart. A sale from the deposit is paid out to an
 * account only: a cash payout "when you bring the goods" makes no sense for goods already with us.
 */
export function paymentMethodsOffered(c: Pick<PaymentContext, 'transactionType' | 'methodKey'>): PaymentMethod[] {
  const all = paymentsByType[c.transactionType];
  return checkoutKind(c.transactionType, c.methodKey) === 'depot' ? all.filter((p) => p !== 'cash') : [...all];
}

/**
 * Every reason the payment method cannot pay (or pay out) this cart, in the order the service reports them;
 * empty when it can. Without a chosen method only the method-independent reasons are known.
 */
export function paymentRefusals(c: PaymentContext, payment: PaymentMethod): CheckoutRuleCode[] {
  const out: CheckoutRuleCode[] = [];
  if (comingSoonPayments.includes(payment) || !paymentsByType[c.transactionType].includes(payment)) out.push('payment_method_unavailable');
  if (payment === 'cash') {
    // spec 9: buy cash in store only for pickup within 5 working days; a cash payout only for items brought
    // to a store (so never for a sale from the deposit), and at most 15,000 whatever the method
    if (c.transactionType === 'buy') {
      if (c.methodKey && c.methodKey !== 'pickup') out.push('cash_requires_pickup');
    } else {
      if (c.methodKey && c.methodKey !== 'leave-in-store') out.push('cash_requires_store_drop_off');
      if (c.grossCents !== null && c.grossCents + (c.linkedPayoutCents ?? 0) > CASH_PAYOUT_MAX_CENTS) out.push('cash_payout_limit');
    }
  }
  return out;
}

/**
 * Why a payment cannot be chosen for this cart whatever the method (coming soon; a cash payout above
 * 15,000): the page shows the option disabled with the reason.
 */
export function paymentBlocked(c: Omit<PaymentContext, 'methodKey'>, payment: PaymentMethod): CheckoutRuleCode | null {
  return paymentRefusals({ ...c, methodKey: null }, payment)[0] ?? null;
}

/** The first reason of paymentRefusals, or null. */
export function paymentRefusal(c: PaymentContext, payment: PaymentMethod): CheckoutRuleCode | null {
  return paymentRefusals(c, payment)[0] ?? null;
}

// ---------------------------------------------------------------- the depot needs an account

/**
 * Why the method cannot be chosen by this customer: a purchase into the deposit needs a customer account (the
 * depot, its holdings and their sale live in the account; a guest's metal would belong to a browser's
 * anonymous token). Decision (issue 23): the deposit is not offered to guests, with this reason and a way to
 * sign in or register that returns to the checkout, rather than opening an account inside the checkout (an
 * account needs its e-mail address confirmed first, and the order would wait on that). The delivery step
 * shows it, the methods list and the order's rules (orders/create.ts) refuse with it.
 */
export function depositRefusal(methodKey: ShippingMethodKey | string | null | undefined, hasAccount: boolean): 'deposit_requires_account' | null {
  return methodKey === 'deposit' && !hasAccount ? 'deposit_requires_account' : null;
}

// ---------------------------------------------------------------- the postal way of a sale


/**
 * The Scrap Metal Box's cap in the cart's currency (the price set's rate: units of the currency per EUR);
 * null when a cart outside EUR has no rate to convert with.
 */
export function scrapBoxCapCents(currency: Currency, eurRate: number | null): number | null {
  if (currency === 'EUR') return SCRAP_BOX_CAP_EUR_CENTS;
  return eurRate === null ? null : Math.round(SCRAP_BOX_CAP_EUR_CENTS * eurRate);
}

/**
 * Whether the checkout must say that insured shipping is available through the store: a sale (not from the
 * deposit) worth more than the Scrap Metal Box's cap has only "send it yourself, at your own risk" as its
 * postal way, and that must not stand alone for goods of this value.
 */
export function needsInsuredShippingNote(c: { kind: CheckoutKind; goodsCents: number | null; capCents: number | null }): boolean {
  return c.kind === 'sell' && c.goodsCents !== null && c.capCents !== null && c.goodsCents > c.capCents;
}

// ---------------------------------------------------------------- the customer

/**
 * A company account gives its VAT number in the European stores; in the US store the EIN is optional
 * (issue 3). The register form, the checkout's account and the service's profile check ask the same.
 */
export function companyNeedsVatId(store: StoreKey): boolean {
  return store !== 'us';
}
