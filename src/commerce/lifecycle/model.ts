// The lifecycle's view of an order row: loading it under a row lock, which steps its state allows, moving
// it to new states with the audit entry, and the facts kept in the order's document (goods received, assay,
// payout).
import type { Actor, OperatorRole, OpsAction } from '../../contracts/ops.ts';
import type { OrderRow } from '../orders/index.ts';
import type { Db } from '../db/index.ts';
import { fail } from '../http/index.ts';
import { writeAudit, type States } from './audit.ts';
import { lifeOrderById, saveOrderDoc, updateOrderStates, type LifeRow } from './repository.ts';
import { allSteps, facts, stepAllowed, stepRoles, transitionFor } from './transitions.ts';

export type { AssayDoc, CounterOfferDoc, LifeRow, LifecycleDoc, PayoutDoc } from './repository.ts';

export async function orderById(db: Db, id: string, opts: { forUpdate?: boolean } = {}): Promise<LifeRow> {
  const row = /^[0-9a-f-]{36}$/i.test(id) ? await lifeOrderById(db, id, opts) : undefined;
  if (!row) fail('order_not_found');
  return row;
}

export const statesOf = (row: OrderRow): States => ({ orderState: row.order_state, paymentState: row.payment_state });

/** Whether the order's state allows the step (whoever asks): a row of the state machine (transitions.ts). */
export function possible(row: LifeRow, action: OpsAction): boolean {
  return stepAllowed(row, action);
}

/** Issue 23: a sale whose counter-offer is open or declined is not paid out (409 counter_offer_open). */
export function payoutWaitsForOffer(row: LifeRow): boolean {
  return row.type === 'sell' && facts.offerHolds.test(row);
}

/** Which roles may take which step (admin may take all), from the state machine's rows; the HTTP layer checks first, the steps again. */
export const actionRoles = (action: OpsAction): OperatorRole[] => stepRoles(action);
export const allActions = (): OpsAction[] => allSteps();

export function mayDo(roles: OperatorRole[], action: OpsAction): boolean {
  return roles.some((r) => actionRoles(action).includes(r));
}

export function requireRole(roles: OperatorRole[], action: OpsAction): void {
  if (!mayDo(roles, action)) fail('operator_role_required', { details: { action, roles: actionRoles(action) } });
}

export function invalidTransition(row: OrderRow, action: string): never {
  return fail('invalid_transition', { details: { orderState: row.order_state, paymentState: row.payment_state, action } });
}

/**
 * Moves the (locked) order to `to` and writes the audit entry of `action`; the row object follows (the
 * caller's later steps and answers read it). `to` may equal the current states (an event without a change).
 * The one gate of every change: the state machine (transitions.ts) must have a row for `action` from the
 * order's state to `to` by this kind of actor, else 409 invalid_transition and the transaction rolls back.
 * Decision: a step moves before it writes the facts it changes in the order's document (goods received, the
 * counter-offer's answer), so the row is checked against the order as the step found it.
 */
export async function move(tx: Db, row: LifeRow, to: Partial<States>, action: string, actor: Actor, details: Record<string, unknown>, now: Date): Promise<void> {
  const before = statesOf(row);
  const after: States = { orderState: to.orderState ?? before.orderState, paymentState: to.paymentState ?? before.paymentState };
  if (!transitionFor(row, action, after, actor)) invalidTransition(row, action);
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
