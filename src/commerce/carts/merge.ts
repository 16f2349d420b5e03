// At sign-in the guest's carts move into the account (spec 7 merge, inside the merge transaction). Per
// transaction type: without an active cart of the account the guest's cart simply changes hands; with one,
// the guest's lines go into it (quantities of the same product add up, scrap items are appended) and the
// account's cart keeps its own settings, taking the guest's only where it has none. The merged cart is
// repriced (tiers follow the new quantities). The e-mail is the account's. (Guest orders move by the orders' own merge hook, right after.)
//
// Issue 14, the cart maximum: a merge never pushes the account's cart over spec 9's 500,000 (CART_MAX_CENTS,
// in the cart's currency) nor a line over 10,000 pieces. Decision: capped, not refused – the guest's pieces
// join as far as they fit (the largest quantity that keeps the goods within the maximum, tiers included), a
// scrap item that does not fit stays out, and the cart carries a `cart_limit_exceeded` notification (spec 8's
// "Cart limit exceeded" message) for each line that was cut, so the customer sees it. Sign-in never fails
// over it. Without a current price set nothing can be counted and the lines join as before.
import type { Db } from '../db/index.ts';
import { type MergeArgs, customerById } from '../customers/index.ts';
import type { CartNotification } from '../../contracts/cart.ts';
import { errorCatalogue } from '../../lib/errors.ts';
import { commerceOrderErrors } from '../http/errors.ts';
import { LINE_MAX_PIECES } from '../../contracts/cart-limits.ts';
import { CART_MAX_CENTS } from './calculate.ts';
import type { CartRow, StoredLine } from './model.ts';
import { activeCartForUpdate, activeCartsForUpdate, deleteCart, handOverCart, repriceCart, saveCart } from './repository.ts';


export async function mergeCarts(tx: Db, args: MergeArgs): Promise<void> {
  const customer = await customerById(tx, args.customerId);
  const group = customer?.account_type ?? 'individual';
  const guestCarts = await activeCartsForUpdate(tx, args.anonymousId);
  for (const guest of guestCarts) {
    const target = await activeCartForUpdate(tx, args.customerId, guest.transaction_type);
    if (!target) {
      await handOverCart(tx, guest.id, args.customerId, group, customer?.email ?? null, args.now);
      continue;
    }
    // what repricing removes on the way (spec 4: sold out, no longer published) is told as a write would
    const told: CartNotification[] = [];
    await repriceCart(tx, target);
    told.push(...target.notifications);
    for (const line of guest.line_items) {
      const cut = await joinLine(tx, target, line);
      told.push(...target.notifications);
      // which maximum cut the line: the pieces of one line (10,000) or the cart's goods (500,000)
      if (cut) told.push({ code: cut, sku: line.sku, message: cut === 'cart_limit_exceeded' ? commerceOrderErrors.cart_limit_exceeded.message : errorCatalogue.line_quantity_exceeded.message });
    }
    target.discount_code_id ??= guest.discount_code_id;
    target.shipping_method ??= guest.shipping_method;
    target.payment_method ??= guest.payment_method;
    target.pickup_store ??= guest.pickup_store;
    target.shipping_address ??= guest.shipping_address;
    target.billing_address ??= guest.billing_address;
    // the account's own address, never the one the guest typed (issue 14: the confirmation goes there)
    target.customer_email = customer?.email ?? target.customer_email ?? guest.customer_email;
    await deleteCart(tx, guest.id);
    await repriceCart(tx, target);
    const seen = new Set<string>();
    target.notifications = [...told, ...target.notifications].filter((n) => {
      const k = `${n.code}:${n.sku}`;
      return seen.has(k) ? false : (seen.add(k), true);
    });
    await saveCart(tx, target, args.now);
  }
}

/** The goods of a repriced cart (spec 9's maximum counts them); null when a line has no price. */
function goodsOf(cart: CartRow): number | null {
  let sum = 0;
  for (const l of cart.line_items) {
    if (!l.price) return null;
    sum += l.price.centAmount * (l.kind === 'scrap' ? 1 : l.quantity);
  }
  return sum;
}

/**
 * Adds one guest line to the account's cart (repriced by the caller before), as far as the line and cart
 * maximums allow; the cart is left repriced. Says which maximum cut the line or left it out, else null.
 */
async function joinLine(tx: Db, target: CartRow, line: StoredLine): Promise<'line_quantity_exceeded' | 'cart_limit_exceeded' | null> {
  const before = target.line_items.map((l) => ({ ...l }));
  const fits = async (pieces: number): Promise<boolean> => {
    target.line_items = before.map((l) => ({ ...l }));
    if (pieces > 0) {
      const same = line.kind === 'product' ? target.line_items.find((l) => l.kind === 'product' && l.sku === line.sku) : undefined;
      if (same) same.quantity += pieces;
      else target.line_items.push({ ...line, quantity: line.kind === 'scrap' ? line.quantity : pieces });
    }
    await repriceCart(tx, target);
    const goods = goodsOf(target);
    return goods === null || goods <= CART_MAX_CENTS;
  };
  const held = line.kind === 'product' ? before.find((l) => l.kind === 'product' && l.sku === line.sku)?.quantity ?? 0 : 0;
  const wanted = line.kind === 'scrap' ? 1 : Math.max(0, Math.min(line.quantity, LINE_MAX_PIECES - held));
  if (wanted > 0 && (await fits(wanted))) return wanted < (line.kind === 'scrap' ? 1 : line.quantity) ? 'line_quantity_exceeded' : null;
  if (line.kind === 'scrap' || wanted === 0) {
    await fits(0);
    return wanted === 0 && line.kind !== 'scrap' ? 'line_quantity_exceeded' : 'cart_limit_exceeded';
  }
  // the largest number of pieces that still fits (tier prices fall with quantity, so search, not divide)
  let lo = 0;
  let hi = wanted - 1;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (await fits(mid)) lo = mid;
    else hi = mid - 1;
  }
  await fits(lo);
  return 'cart_limit_exceeded';
}
