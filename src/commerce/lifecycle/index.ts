// The order lifecycle (issue 15): the one door of src/commerce/lifecycle/. Every step of an order after its
// placement (payment, shipment, pickup, cancellation, goods received, assay, payout), the camt.053 bank
// statement import, the back office's order queue and detail, and the append-only audit log. Each step is
// one transaction with the order row locked, an audit entry, a customer mail (outbox) and a timeline entry;
// an impossible step answers 409 invalid_transition, a missing order 404 order_not_found, a role without
// the right 403 operator_role_required. The transitions: one table, transitions.ts (src/commerce/README.md).
import type {
  Actor, AssayBody, AuditQuery, AuditResponse, BankStatementImport, BankStatementResult, CancelBody, GoodsReceivedBody, GoodsReturnedBody, OperatorRole,
  OpsOrderDetail, OpsOrdersQuery, OpsOrdersResponse, PaymentBody, PaymentFailedBody, PayoutBody, PickupBody, ShipmentBody,
} from '../../contracts/ops.ts';
import type { CommerceContext } from '../context.ts';
import * as audit from './audit.ts';
import * as camt from './camt.ts';
import * as queue from './queue.ts';
import * as steps from './steps.ts';
import * as scrapBox from './scrap-box.ts';
import type { ScrapBoxSentBody } from '../../contracts/ops-lists.ts';

export { actionRoles } from './model.ts';
export { stepBodies } from './transitions.ts';
export { writeAudit, type AuditInput } from './audit.ts';
export { withLifecycle } from './queue.ts';
export { paymentDueBy, addWorkingDays, PAYMENT_DAYS } from '../lib/working-days.ts';
export { DEADLINE_JOB, OFFER_JOB } from './jobs.ts';
export type { OfferDecision } from './steps.ts';

type Step<B> = (ctx: CommerceContext, orderId: string, body: B, actor: Actor, roles: OperatorRole[]) => Promise<void>;

/** A step that answers the order's detail after its commit (what the operator sees next; languageTag: its names' language). */
function answeringDetail<B>(step: Step<B>) {
  return async (ctx: CommerceContext, orderId: string, body: B, actor: Actor, roles: OperatorRole[], languageTag?: string): Promise<OpsOrderDetail> => {
    await step(ctx, orderId, body, actor, roles);
    return queue.opsOrderDetail(ctx, orderId, roles, languageTag);
  };
}

export const recordPayment = answeringDetail<PaymentBody>(steps.recordPayment);
export const recordShipment = answeringDetail<ShipmentBody>(steps.recordShipment);
export const recordPickup = answeringDetail<PickupBody>(steps.recordPickup);
export const cancelOrder = answeringDetail<CancelBody>(steps.cancelOrder);
export const recordGoodsReceived = answeringDetail<GoodsReceivedBody>(steps.recordGoodsReceived);
export const recordAssay = answeringDetail<AssayBody>(steps.recordAssay);
export const recordPayout = answeringDetail<PayoutBody>(steps.recordPayout);
export const recordGoodsReturned = answeringDetail<GoodsReturnedBody>(steps.recordGoodsReturned);

/** Issue 23: the customer accepts or declines the counter-offer of their own sale; answers their order after the commit. */
export async function decideCounterOffer(ctx: CommerceContext, orderId: string, owner: { customerId: string; storeKey: string }, decision: steps.OfferDecision): Promise<void> {
  await steps.decideCounterOffer(ctx, orderId, owner, decision);
}
export const recordPaymentFailed = answeringDetail<PaymentFailedBody>(steps.recordPaymentFailed);

export function importBankStatement(ctx: CommerceContext, xml: string, actor: Actor, roles: OperatorRole[]): Promise<BankStatementResult> {
  return camt.importBankStatement(ctx, xml, actor, roles);
}
/** The import as a job: checked at once, then run in the background; its progress by id. */
export function startBankStatementImport(ctx: CommerceContext, xml: string, actor: Actor, roles: OperatorRole[]): Promise<BankStatementImport> {
  return camt.startImport(ctx, xml, actor, roles);
}
export function bankStatementImport(
  ctx: CommerceContext, id: string, actor: Actor, roles: OperatorRole[], page: { offset?: number; limit?: number } = {},
): Promise<BankStatementImport> {
  return camt.importJob(ctx, id, actor, roles, page);
}
/** Issue 24: the Scrap Metal Box sent to the seller (warehouse); answers the detail after the commit. */
export const recordScrapBoxSent = answeringDetail<ScrapBoxSentBody>(scrapBox.recordScrapBoxSent);
export { SCRAP_BOX_ROLES } from './scrap-box.ts';
export { packingSlips, packingSlipsPdf } from './packing-slips.ts';
export function listOpsOrders(ctx: CommerceContext, query: OpsOrdersQuery): Promise<OpsOrdersResponse> {
  return queue.listOpsOrders(ctx, query);
}
/** `actions`: the steps the state allows and the roles may take. */
export function opsOrderDetail(ctx: CommerceContext, orderId: string, roles: OperatorRole[], languageTag?: string): Promise<OpsOrderDetail> {
  return queue.opsOrderDetail(ctx, orderId, roles, languageTag);
}
export function listAudit(ctx: CommerceContext, query: AuditQuery, opts: { whistleblower?: boolean } = {}): Promise<AuditResponse> {
  return audit.listAudit(ctx.db, query, opts);
}
// issue 27: the bank-statement import's results for the metrics
export { statementResultsSince } from './repository.ts';
