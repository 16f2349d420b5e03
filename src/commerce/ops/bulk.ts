// Issue 24: the back office's bulk steps (a day's parcels, a stack of transfers). Each order goes through the
// same step as the single call, in its own transaction with its own audit entry and mail; a refused order
// (wrong state, a duplicate payment, an unknown id) is reported with the error the single call would answer
// and never stops the orders after it. Decision: the orders run one after the other, in the order sent: the
// steps lock one order row each, and a warehouse's 100 parcels take well under the request's time.
import type { Actor, OperatorRole, OpsOrderDetail } from '../../contracts/ops.ts';
import type { BulkOutcome, BulkResult } from '../../contracts/ops-lists.ts';
import { toErrorBody } from '../../lib/errors.ts';
import type { CommerceContext } from '../context.ts';

type Step<B> = (ctx: CommerceContext, orderId: string, body: B, actor: Actor, roles: OperatorRole[]) => Promise<OpsOrderDetail>;

export async function runBulk<B>(
  ctx: CommerceContext, items: (B & { orderId: string })[], step: Step<B>, actor: Actor, roles: OperatorRole[], logFault: (err: unknown) => void,
): Promise<BulkResult> {
  const results: BulkOutcome[] = [];
  for (const { orderId, ...body } of items) {
    try {
      const { summary } = await step(ctx, orderId, body as B, actor, roles);
      results.push({ orderId, orderNumber: summary.orderNumber, ok: true, orderState: summary.orderState, paymentState: summary.paymentState });
    } catch (e) {
      const err = toErrorBody(e);
      // a fault of ours (not a refusal) is logged; the row says internal_error and the others still go
      if (err.statusCode >= 500) logFault(e);
      const details = err.code === 'invalid_transition' && err.details ? { details: { orderState: err.details.orderState, paymentState: err.details.paymentState } } : {};
      results.push({ orderId, orderNumber: null, ok: false, error: { code: err.code, status: err.statusCode, message: err.message, ...details } });
    }
  }
  const done = results.filter((r) => r.ok).length;
  return { results, done, failed: results.length - done };
}
