// Issue 14, "the order placed is the order reviewed": what differs between the cart the review step showed
// and the cart as it is now (another tab changed it), in what the customer reads on the review: lines and
// quantities, e-mail, addresses, delivery method, store, payment, payout account and (unless the price
// modal covers them) the total. Pure; the review step words and shows it (CartChangedNotice). An empty list
// means nothing the customer reviewed differs (a new version from a recalculation at the same prices).
import type { Money } from '../../src/contracts/cart.ts';
import type { ShopCart } from '../../src/contracts/shop-api.ts';

type Address = NonNullable<ShopCart['shippingAddress']>;

export type CartChange =
  | { kind: 'added'; name: string; quantity: number }
  | { kind: 'removed'; name: string; quantity: number }
  | { kind: 'quantity'; name: string; from: number; to: number }
  | { kind: 'email'; from: string | null; to: string | null }
  | { kind: 'shippingAddress' | 'billingAddress'; from: Address | null; to: Address | null }
  | { kind: 'shippingMethod'; from: string | null; to: string | null }
  | { kind: 'pickupStore'; from: string | null; to: string | null }
  | { kind: 'paymentMethod'; from: ShopCart['paymentMethod']; to: ShopCart['paymentMethod'] }
  | { kind: 'payoutAccount' }
  /** anything else the order is made of: discount codes, identity document, currency, customer group */
  | { kind: 'other' }
  | { kind: 'total'; from: Money | null; to: Money | null };

/** A line's identity: the product (sku) or the scrap item (its id). */
const lineKey = (l: ShopCart['lineItems'][number]) => (l.kind === 'scrap' ? `scrap:${l.id}` : `sku:${l.sku}`);

const sameAddress = (a: Address | null, b: Address | null) =>
  a === b || (!!a && !!b && (Object.keys({ ...a, ...b }) as (keyof Address)[]).every((k) => (a[k] ?? null) === (b[k] ?? null)));

const sameMoney = (a: Money | null, b: Money | null) => (a?.centAmount ?? null) === (b?.centAmount ?? null) && (a?.currencyCode ?? null) === (b?.currencyCode ?? null);

/**
 * The changes from `reviewed` to `current`. `prices: false` leaves the total out (the price modal after
 * 'not equal' shows new prices itself).
 */
export function cartChanges(reviewed: ShopCart, current: ShopCart, opts: { prices?: boolean } = {}): CartChange[] {
  const out: CartChange[] = [];
  const before = new Map(reviewed.lineItems.map((l) => [lineKey(l), l]));
  const after = new Map(current.lineItems.map((l) => [lineKey(l), l]));
  for (const [key, l] of before) {
    const now = after.get(key);
    if (!now) out.push({ kind: 'removed', name: l.name, quantity: l.quantity });
    else if (now.quantity !== l.quantity) out.push({ kind: 'quantity', name: now.name, from: l.quantity, to: now.quantity });
  }
  for (const [key, l] of after) if (!before.has(key)) out.push({ kind: 'added', name: l.name, quantity: l.quantity });
  if ((reviewed.customerEmail ?? null) !== (current.customerEmail ?? null)) out.push({ kind: 'email', from: reviewed.customerEmail, to: current.customerEmail });
  if (!sameAddress(reviewed.billingAddress, current.billingAddress)) out.push({ kind: 'billingAddress', from: reviewed.billingAddress, to: current.billingAddress });
  if (!sameAddress(reviewed.shippingAddress, current.shippingAddress)) out.push({ kind: 'shippingAddress', from: reviewed.shippingAddress, to: current.shippingAddress });
  if ((reviewed.shippingInfo?.key ?? null) !== (current.shippingInfo?.key ?? null)) {
    out.push({ kind: 'shippingMethod', from: reviewed.shippingInfo?.name ?? null, to: current.shippingInfo?.name ?? null });
  }
  if ((reviewed.pickupStore ?? null) !== (current.pickupStore ?? null)) out.push({ kind: 'pickupStore', from: reviewed.pickupStore, to: current.pickupStore });
  if ((reviewed.paymentMethod ?? null) !== (current.paymentMethod ?? null)) out.push({ kind: 'paymentMethod', from: reviewed.paymentMethod, to: current.paymentMethod });
  if (JSON.stringify(reviewed.payoutAccount ?? null) !== JSON.stringify(current.payoutAccount ?? null)) out.push({ kind: 'payoutAccount' });
  // Whatever else the order is made of: never placed again without asking, even when the total is the same
  // (a coupon swapped for another of the same value, a new identity document on a sell cart).
  const rest = (c: ShopCart) => JSON.stringify([c.discountCodes.map((d) => d.code).sort(), c.identityDocument ?? null, c.currency, c.customerGroup ?? null, c.transactionType]);
  if (rest(reviewed) !== rest(current)) out.push({ kind: 'other' });
  if (opts.prices !== false && !sameMoney(reviewed.totalGrossPrice, current.totalGrossPrice)) {
    out.push({ kind: 'total', from: reviewed.totalGrossPrice, to: current.totalGrossPrice });
  }
  return out;
}
