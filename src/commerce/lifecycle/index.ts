// The order lifecycle (issue 15): the one door of src/commerce/lifecycle/. Every step of an order after its
// placement (payment, shipment, pickup, cancellation, goods received, assay, payout), the camt.053 bank
// statement import, the back office's order queue and detail, and the append-only audit log. Each step is
// one transaction with the order row locked, an audit entry, a customer mail (outbox) and a timeline entry;
// an impossible step answers 409 invalid_transition. The transitions table: src/commerce/README.md.
import type {
  Actor, AssayBody, AuditQuery, AuditResponse, BankStatementResult, CancelBody, GoodsReceivedBody, OperatorRole, OpsAction,
  OpsOrderDetail, OpsOrdersQuery, OpsOrdersResponse, PaymentBody, PayoutBody, PickupBody, ShipmentBody,
} from '../../contracts/ops.ts';
import type { CommerceContext } from '../context.ts';
import type { Db } from '../db/index.ts';
import { AppError } from '../../lib/errors.ts';

/** Which roles may take which step (admin may take all); the HTTP layer checks first, the steps again. */
export const actionRoles: Record<OpsAction, OperatorRole[]> = {
  payment: ['finance', 'admin'],
  payout: ['finance', 'admin'],
  cancel: ['support', 'finance', 'admin'],
  shipment: ['warehouse', 'admin'],
  pickup: ['warehouse', 'admin'],
  'goods-received': ['warehouse', 'admin'],
  assay: ['warehouse', 'admin'],
};

const todo = (): never => {
  throw new AppError('internal_error', { message: 'not implemented yet' });
};

export interface AuditInput {
  orderId: string | null;
  orderNumber: string | null;
  actor: Actor;
  action: string;
  before: { orderState: string; paymentState: string } | null;
  after: { orderState: string; paymentState: string } | null;
  details: Record<string, unknown>;
}

export async function writeAudit(_tx: Db, _entry: AuditInput): Promise<void> { todo(); }
export async function recordPayment(_ctx: CommerceContext, _orderId: string, _body: PaymentBody, _actor: Actor, _roles: OperatorRole[]): Promise<OpsOrderDetail> { return todo(); }
export async function recordShipment(_ctx: CommerceContext, _orderId: string, _body: ShipmentBody, _actor: Actor, _roles: OperatorRole[]): Promise<OpsOrderDetail> { return todo(); }
export async function recordPickup(_ctx: CommerceContext, _orderId: string, _body: PickupBody, _actor: Actor, _roles: OperatorRole[]): Promise<OpsOrderDetail> { return todo(); }
export async function cancelOrder(_ctx: CommerceContext, _orderId: string, _body: CancelBody, _actor: Actor, _roles: OperatorRole[]): Promise<OpsOrderDetail> { return todo(); }
export async function recordGoodsReceived(_ctx: CommerceContext, _orderId: string, _body: GoodsReceivedBody, _actor: Actor, _roles: OperatorRole[]): Promise<OpsOrderDetail> { return todo(); }
export async function recordAssay(_ctx: CommerceContext, _orderId: string, _body: AssayBody, _actor: Actor, _roles: OperatorRole[]): Promise<OpsOrderDetail> { return todo(); }
export async function recordPayout(_ctx: CommerceContext, _orderId: string, _body: PayoutBody, _actor: Actor, _roles: OperatorRole[]): Promise<OpsOrderDetail> { return todo(); }
export async function importBankStatement(_ctx: CommerceContext, _xml: string, _actor: Actor): Promise<BankStatementResult> { return todo(); }
export async function listOpsOrders(_ctx: CommerceContext, _query: OpsOrdersQuery): Promise<OpsOrdersResponse> { return todo(); }
export async function opsOrderDetail(_ctx: CommerceContext, _orderId: string, _roles: OperatorRole[]): Promise<OpsOrderDetail> { return todo(); }
export async function listAudit(_ctx: CommerceContext, _query: AuditQuery): Promise<AuditResponse> { return todo(); }
