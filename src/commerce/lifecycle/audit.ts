// The append-only audit log (table order_audit; UPDATE, DELETE and TRUNCATE are refused by a trigger) and
// the customer's timeline read from it. Every lifecycle step writes its entry in the step's transaction.
import type { Actor, AuditEntry, AuditQuery, AuditResponse } from '../../contracts/ops.ts';
import type { OrderEventKind, OrderTimelineEntry } from '../../contracts/order.ts';
import type { Db } from '../db/index.ts';
import { auditPage, auditRowsOf, insertAudit, type AuditRow, type States } from './repository.ts';

export type { States } from './repository.ts';

export interface AuditInput {
  orderId: string | null;
  orderNumber: string | null;
  actor: Actor;
  action: string;
  before: States | null;
  after: States | null;
  details: Record<string, unknown>;
}

export async function writeAudit(tx: Db, e: AuditInput, at: Date = new Date()): Promise<void> {
  await insertAudit(tx, { ...e, at });
}

function toEntry(r: AuditRow): AuditEntry {
  return {
    id: r.id, at: r.at.toISOString(), orderId: r.order_id, orderNumber: r.order_number,
    actor: { type: r.actor_type, id: r.actor_id, email: r.actor_email, ...(r.actor_name ? { name: r.actor_name } : {}) }, action: r.action, before: r.before_state, after: r.after_state,
    details: r.details,
  };
}

/** The entries of one order, oldest first. */
export async function auditOf(db: Db, orderId: string): Promise<AuditEntry[]> {
  return (await auditRowsOf(db, orderId)).map(toEntry);
}

/** whistleblower: whether the reporting office's entries are listed (admins only: a case is confidential). */
export async function listAudit(db: Db, q: AuditQuery, opts: { whistleblower?: boolean } = {}): Promise<AuditResponse> {
  const limit = q.limit ?? 50;
  const offset = q.offset ?? 0;
  const { rows, total: n } = await auditPage(db, {
    orderId: q.orderId ?? null, operatorId: q.operatorId ?? null, orderNumber: q.orderNumber ?? null, operator: q.operator ?? null, whistleblower: opts.whistleblower,
  }, limit, offset);
  return { results: rows.map(toEntry), total: n };
}

/**
 * What the customer may read of each kind's details: amounts, the carrier and tracking, the cancellation's
 * reason (the operator's reason is told to the customer: the back office says so), the value date. Never
 * operator names, references typed by finance, IBANs, notes of the warehouse or who collected.
 */
const customerDetails: Partial<Record<OrderEventKind, string[]>> = {
  payment_recorded: ['amount', 'valueDate', 'paidAmount', 'openAmount'],
  confirmed: [],
  payment_reminder: ['paymentDueBy'],
  shipped: ['carrier', 'trackingNumber', 'trackingUrl'],
  stored: ['depositNumber'],
  assayed: ['estimate', 'final', 'counterOffer'],
  paid_out: ['amount', 'valueDate'],
  cancelled: ['reason'],
  // issue 23: the counter-offer and its answers (the warehouse's note stays internal; the tracking number is the customer's)
  offer_accepted: ['amount'],
  offer_declined: ['offer'],
  offer_expired: ['amount', 'deadline'],
  goods_returned: ['trackingNumber'],
  // the reason finance gave (told to the customer, as a cancellation's); a return's amount
  payment_failed: ['reason', 'amount'],
};
const customerKinds = new Set<string>([
  'placed', 'payment_recorded', 'payment_failed', 'confirmed', 'payment_reminder', 'shipped', 'collected', 'stored', 'goods_received', 'assayed', 'paid_out', 'cancelled',
  'offer_accepted', 'offer_declined', 'offer_expired', 'goods_returned',
]);

/** The customer's timeline of an order: its events, oldest first, without who did them and without internal facts. */
export function customerTimeline(entries: AuditEntry[]): OrderTimelineEntry[] {
  return entries
    .filter((e) => customerKinds.has(e.action) && e.after)
    .map((e) => {
      const kind = e.action as OrderEventKind;
      const keep = customerDetails[kind] ?? [];
      const details = Object.fromEntries(keep.filter((k) => e.details[k] !== undefined).map((k) => [k, e.details[k]]));
      return { at: e.at, kind, orderState: e.after!.orderState, paymentState: e.after!.paymentState, details };
    });
}
