// The lifecycle's view of an order row: loading it under a row lock, which steps its state allows, moving
// it to new states with the audit entry, and the facts kept in the order's document (goods received, assay,
// payout).
import type { Actor, OperatorRole, OpsAction } from '../../contracts/ops.ts';
import type { OrderRow } from '../orders/index.ts';
import type { Db } from '../db/index.ts';
import { fail } from '../http/index.ts';
import { writeAudit, type States } from './audit.ts';
import { lifeOrderById, saveOrderDoc, updateOrderStates, type LifeRow } from './repository.ts';

export type { AssayDoc, CounterOfferDoc, LifeRow, LifecycleDoc, PayoutDoc } from './repository.ts';

export async function orderById(db: Db, id: string, opts: { forUpdate?: boolean } = {}): Promise<LifeRow> {
  const row = /^[0-9a-f-]{36}$/i.test(id) ? await lifeOrderById(db, id, opts) : undefined;
  if (!row) fail('order_not_found');
  return row;
}

export const statesOf = (row: OrderRow): States => ({ orderState: row.order_state, paymentState: row.payment_state });

const carrierMethods = new Set(['shipping', 'insured-shipping']);
const counterMethods = new Set(['pickup', 'send-to-store']);
const open = (row: OrderRow) => row.order_state === 'Open' || row.order_state === 'Created';

/** Whether the order's state allows the step (whoever asks). */
export function possible(row: LifeRow, action: OpsAction): boolean {
  const buy = row.type === 'buy';
  const method = row.data.shippingMethod ?? (buy ? 'shipping' : 'leave-in-store');
  switch (action) {
    case 'payment':
      // a transfer still books after a failed payment (a new attempt), also on delivered goods whose payment the bank took back
      return buy && row.data.paymentMethod === 'bank-transfer' && (row.payment_state === 'Pending' || row.payment_state === 'Failed')
        && (open(row) || (row.order_state === 'Complete' && !!row.data.paymentReview));
    case 'payment-failed':
      return buy && open(row) && row.payment_state === 'Pending' && row.data.paymentMethod === 'bank-transfer';
    case 'shipment':
      return buy && row.order_state === 'Confirmed' && row.payment_state === 'Paid' && carrierMethods.has(method);
    case 'pickup':
      return buy && row.order_state === 'Confirmed' && row.payment_state !== 'Failed' && counterMethods.has(method)
        && (row.payment_state === 'Paid' || row.data.paymentMethod === 'cash');
    case 'cancel':
      return row.payment_state !== 'Paid' && (buy ? open(row) || row.order_state === 'Confirmed' : row.order_state === 'Requested' || row.order_state === 'Accepted');
    case 'goods-received':
      return !buy && row.order_state === 'Requested' && method !== 'depositSell' && !row.data.goodsReceivedAt;
    case 'assay':
      return !buy && row.order_state === 'Requested' && !!row.data.goodsReceivedAt;
    case 'payout':
      // a bank payout needs the account the customer gave; a cash sale is paid out at the counter; a
      // counter-offer must be accepted first (issue 23)
      return !buy && row.order_state === 'Accepted' && row.payment_state === 'Pending' && (row.data.paymentMethod === 'cash' || !!row.data.payoutAccount)
        && !payoutWaitsForOffer(row);
    case 'goods-returned':
      // issue 23: the customer declined the counter-offer; the goods go back once
      return !buy && row.order_state === 'Accepted' && row.payment_state === 'Pending' && row.data.counterOffer?.status === 'declined' && !row.data.counterOffer.returnedAt;
  }
}

/** Issue 23: a sale whose counter-offer is open or declined is not paid out (409 counter_offer_open). */
export function payoutWaitsForOffer(row: LifeRow): boolean {
  const status = row.data.counterOffer?.status;
  return row.type === 'sell' && (status === 'open' || status === 'declined');
}

/** Which roles may take which step (admin may take all); the HTTP layer checks first, the steps again. */
export const actionRoles: Record<OpsAction, OperatorRole[]> = {
  payment: ['finance', 'admin'],
  payout: ['finance', 'admin'],
  cancel: ['support', 'finance', 'admin'],
  shipment: ['warehouse', 'admin'],
  pickup: ['warehouse', 'admin'],
  'goods-received': ['warehouse', 'admin'],
  assay: ['warehouse', 'admin'],
  'goods-returned': ['warehouse', 'admin'],
  'payment-failed': ['finance', 'admin'],
};
export const allActions = Object.keys(actionRoles) as OpsAction[];

export function mayDo(roles: OperatorRole[], action: OpsAction): boolean {
  return roles.some((r) => actionRoles[action].includes(r));
}

export function requireRole(roles: OperatorRole[], action: OpsAction): void {
  if (!mayDo(roles, action)) fail('operator_role_required', { details: { action, roles: actionRoles[action] } });
}

export function invalidTransition(row: OrderRow, action: string): never {
  return fail('invalid_transition', { details: { orderState: row.order_state, paymentState: row.payment_state, action } });
}

/**
 * Moves the (locked) order to `to` and writes the audit entry of `action`; the row object follows (the
 * caller's later steps and answers read it). `to` may equal the current states (an event without a change).
 */
export async function move(tx: Db, row: LifeRow, to: Partial<States>, action: string, actor: Actor, details: Record<string, unknown>, now: Date): Promise<void> {
  const before = statesOf(row);
  const after: States = { orderState: to.orderState ?? before.orderState, paymentState: to.paymentState ?? before.paymentState };
  if (after.orderState !== before.orderState || after.paymentState !== before.paymentState) {
    await updateOrderStates(tx, row.id, after.orderState, after.paymentState);
    row.order_state = after.orderState;
    row.payment_state = after.paymentState;
  }
  await writeAudit(tx, { orderId: row.id, orderNumber: row.order_number, actor, action, before, after, details }, now);
}

export async function saveDoc(tx: Db, row: LifeRow): Promise<void> {
  await saveOrderDoc(tx, row);
}
