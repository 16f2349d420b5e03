// Issue 24: the Scrap Metal Box (spec 5: "We send you an insured Scrap Metal Box with a prepaid return
// label"). A sale that chose the box waits in the queue scrap_box_to_send until the warehouse records the box
// sent; the record is one transaction with the order row locked and an audit entry naming the operator.
// Decision: sending the box is an event on the order, not a transition (the order stays Requested until the
// goods come back in the box), so it is not one of the step actions (OpsAction) but a call of its own, with
// the warehouse's roles and the same refusal (409 invalid_transition) when the order does not wait for a box.
import type { Actor, OperatorRole } from '../../contracts/ops.ts';
import type { ScrapBoxSentBody } from '../../contracts/ops-lists.ts';
import { fail } from '../http/index.ts';
import type { CommerceContext } from '../context.ts';
import { invalidTransition, move, orderById, saveDoc, type LifeRow } from './model.ts';
import { tracking } from './carriers.ts';
import { queuesOf } from './transitions.ts';

export const SCRAP_BOX_ROLES: OperatorRole[] = ['warehouse', 'admin'];

/** The sale waits for its box: the state machine's queue scrap_box_to_send (transitions.ts) decides. */
export function scrapBoxToSend(row: LifeRow): boolean {
  return queuesOf(row, '').includes('scrap_box_to_send');
}

export async function recordScrapBoxSent(ctx: CommerceContext, orderId: string, body: ScrapBoxSentBody, actor: Actor, roles: OperatorRole[]): Promise<void> {
  if (!roles.some((r) => SCRAP_BOX_ROLES.includes(r))) fail('operator_role_required', { details: { action: 'scrap-box-sent', roles: SCRAP_BOX_ROLES } });
  await ctx.db.transaction(async (tx) => {
    const row = await orderById(tx, orderId, { forUpdate: true });
    if (!scrapBoxToSend(row)) invalidTransition(row, 'scrap-box-sent');
    const now = ctx.clock();
    const shown = body.carrier && body.trackingNumber ? tracking(body.carrier, body.trackingNumber) : null;
    const sent = { at: now.toISOString(), carrier: shown?.carrier ?? body.carrier?.trim() ?? null, trackingNumber: body.trackingNumber ?? null };
    // the machine's row scrap_box_sent checks the order still waits for its box (before the record changes it)
    await move(tx, row, {}, 'scrap_box_sent', actor, { carrier: sent.carrier, trackingNumber: sent.trackingNumber }, now);
    row.data.scrapBoxSent = sent;
    await saveDoc(tx, row);
  });
}
