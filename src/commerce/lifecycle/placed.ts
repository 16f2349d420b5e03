// What the lifecycle does when an order is placed (an orders hook, inside the order's transaction): the
// `placed` audit entry (the customer, or the system for an executed limit order), the bank transfer's due
// date, and the steps that happen at once: a cash purchase picked up at the counter is Confirmed at once
// (its payment stays Pending until handed over); a sale from the deposit starts Accepted (initialStates:
// the metal is in our vault, nothing to receive or assay).
import type { Actor } from '../../contracts/ops.ts';
import type { Db } from '../db/index.ts';
import type { OrderRow } from '../orders/index.ts';
import { move, statesOf, type LifeRow } from './model.ts';
import { writeAudit } from './audit.ts';
import { setPaymentDueBy } from './repository.ts';
import { paymentDueBy } from '../lib/working-days.ts';

export const LIMIT_ORDER_ACTOR: Actor = { type: 'system', id: 'limit-order-execution', email: null };

export async function onOrderPlaced(tx: Db, order: OrderRow, now: Date): Promise<void> {
  const row = order as LifeRow;
  const actor: Actor = row.limit_order_id ? LIMIT_ORDER_ACTOR : { type: 'customer', id: row.customer_id, email: null };
  const due = row.type === 'buy' && row.data.paymentMethod === 'bank-transfer' ? paymentDueBy(row.created_at, row.store_key) : null;
  if (due) {
    await setPaymentDueBy(tx, row.id, due);
    row.due = due;
  }
  await writeAudit(tx, {
    orderId: row.id, orderNumber: row.order_number, actor, action: 'placed', before: null, after: statesOf(row),
    details: { total: { centAmount: Number(row.total_gross_cents), currencyCode: row.currency }, ...(due ? { paymentDueBy: due } : {}), ...(row.limit_order_id ? { limitOrderId: row.limit_order_id } : {}) },
  }, now);
  if (row.type === 'buy' && row.data.paymentMethod === 'cash' && row.data.shippingMethod === 'pickup') {
    await move(tx, row, { orderState: 'Confirmed' }, 'confirmed', actor, { payAtPickup: true }, now);
  }
}
