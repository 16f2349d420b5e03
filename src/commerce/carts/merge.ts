// At sign-in the guest's carts move into the account (spec 7 merge, inside the merge transaction). Per
// transaction type: without an active cart of the account the guest's cart simply changes hands; with one,
// the guest's lines go into it (quantities of the same product add up, scrap items are appended) and the
// account's cart keeps its own settings, taking the guest's only where it has none. The merged cart is
// repriced (tiers follow the new quantities). The e-mail is the account's. Guest orders move too, so a guest who checked out and then
// signs in sees them in the account.
import type { Db } from '../db/index.ts';
import type { MergeArgs } from '../customers/merge.ts';
import { customerById } from '../customers/repository.ts';
import type { CartRow } from './model.ts';
import { repriceCart, saveCart } from './repository.ts';

const MAX_QUANTITY = 10_000;

export async function mergeCarts(tx: Db, args: MergeArgs): Promise<void> {
  const customer = await customerById(tx, args.customerId);
  const group = customer?.account_type ?? 'individual';
  const guestCarts = await tx.query<CartRow>(`select * from carts where customer_id = $1 and status = 'active' for update`, [args.anonymousId]);
  for (const guest of guestCarts) {
    const [target] = await tx.query<CartRow>(
      `select * from carts where customer_id = $1 and transaction_type = $2 and status = 'active' for update`,
      [args.customerId, guest.transaction_type],
    );
    if (!target) {
      await tx.query(
        `update carts set customer_id = $2, customer_group = $3, customer_email = coalesce($4, customer_email), version = version + 1, updated_at = $5
         where id = $1`,
        [guest.id, args.customerId, group, customer?.email ?? null, args.now],
      );
      continue;
    }
    for (const line of guest.line_items) {
      const same = line.kind === 'product' ? target.line_items.find((l) => l.kind === 'product' && l.sku === line.sku) : undefined;
      if (same) same.quantity = Math.min(MAX_QUANTITY, same.quantity + line.quantity);
      else target.line_items.push(line);
    }
    target.discount_code_id ??= guest.discount_code_id;
    target.shipping_method ??= guest.shipping_method;
    target.payment_method ??= guest.payment_method;
    target.pickup_store ??= guest.pickup_store;
    target.shipping_address ??= guest.shipping_address;
    target.billing_address ??= guest.billing_address;
    // the account's own address, never the one the guest typed (issue 14: the confirmation goes there)
    target.customer_email = customer?.email ?? target.customer_email ?? guest.customer_email;
    await tx.query('delete from carts where id = $1', [guest.id]);
    await repriceCart(tx, target);
    await saveCart(tx, target, args.now);
  }
  // guest orders and their idempotency keys follow the customer (the anonymous customer is deleted next)
  await tx.query('update orders set customer_id = $2 where customer_id = $1', [args.anonymousId, args.customerId]);
  await tx.query(
    `update order_requests r set customer_id = $2 where customer_id = $1
       and not exists (select 1 from order_requests o where o.customer_id = $2 and o.idempotency_key = r.idempotency_key)`,
    [args.anonymousId, args.customerId],
  );
}
