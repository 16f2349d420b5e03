// The back office's reading of orders: the queue (filters, paging, counts per work queue), one order's
// detail with its audit timeline, payments, shipments, assay and payout and the steps the operator may
// take; and what the customer's own order answer gains (timeline, shipments, payment due date, assay).
import type { Order } from '../../contracts/order.ts';
import type {
  OperatorRole, OpsAml, OpsAssay, OpsOrderDetail, OpsOrderSummary, OpsOrdersQuery, OpsOrdersResponse, OpsPayment, OpsQueue, OpsShipment,
} from '../../contracts/ops.ts';
import { opsQueues } from '../../contracts/ops.ts';
import type { CommerceContext } from '../context.ts';
import type { Db } from '../db/index.ts';
import { orderAmountCents, paymentDueShown as dueShown, toOrder } from '../orders/index.ts';
import { auditOf, customerTimeline } from './audit.ts';
import { langOf } from '../lib/lang.ts';
import { orderLang } from './mail.ts';
import { allActions, mayDo, orderById, possible, type LifeRow } from './model.ts';
import { queueSql, queuesOf, stepForm } from './transitions.ts';
import { estimatedFineMg, needsIdentityCheck } from './steps.ts';
import { dayInStore, storeTimeZones, type StoreKey } from '../../stores.ts';
import { orderBySql, rangeConds } from './list-filters.ts';
import { countOpsOrders, opsOrderPage, paymentsOf, queueCounts, shipmentRowsOf } from './repository.ts';

/** Today in each store's time zone: an order is overdue once its store's day is past its due date. */
const storeDays = (at: Date): Record<StoreKey, string> =>
  Object.fromEntries(Object.keys(storeTimeZones).map((k) => [k, dayInStore(k as StoreKey, at)])) as Record<StoreKey, string>;

function summary(row: LifeRow, days: Record<StoreKey, string>): OpsOrderSummary {
  const queues = queuesOf(row, days[row.store_key]);
  const a = row.data.billingAddress;
  return {
    id: row.id, orderNumber: row.order_number, createdAt: row.created_at.toISOString(), store: row.store_key, transactionType: row.type,
    orderState: row.order_state, paymentState: row.payment_state, paymentMethod: row.data.paymentMethod,
    shippingMethod: row.data.shippingMethod ?? (row.type === 'buy' ? 'shipping' : 'leave-in-store'), customerEmail: row.data.customerEmail,
    customerName: [a?.firstName, a?.lastName].filter(Boolean).join(' ') || a?.company || '',
    total: { centAmount: Number(row.total_gross_cents), currencyCode: row.currency }, amount: { centAmount: orderAmountCents(row), currencyCode: row.currency },
    paymentDueBy: dueShown(row), overdue: queues.includes('overdue'),
    queues,
  };
}

export async function listOpsOrders(ctx: CommerceContext, q: OpsOrdersQuery): Promise<OpsOrdersResponse> {
  const days = storeDays(ctx.clock());
  const todayByStore = JSON.stringify(days);
  const limit = q.limit ?? 25;
  const offset = q.offset ?? 0;
  const params: unknown[] = [todayByStore];
  const conds: string[] = [];
  const add = (sql: string, v: unknown) => {
    params.push(v);
    conds.push(sql.replace('$?', `$${params.length}`));
  };
  if (q.state) add('o.order_state = $?', q.state);
  if (q.paymentState) add('o.payment_state = $?', q.paymentState);
  if (q.store) add('o.store_key = $?', q.store);
  if (q.transactionType) add('o.type = $?', q.transactionType);
  if (q.queue) conds.push(`(${queueSql(q.queue)})`);
  conds.push(...rangeConds(q, ctx.clock().toISOString().slice(0, 10), (v) => {
    params.push(v);
    return `$${params.length}`;
  }));
  if (q.q && q.q.trim()) {
    params.push(`%${q.q.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const i = `$${params.length}`;
    // the address's field is `company` (CartAddress), as every address of the shop names it
    const name = `concat_ws(' ', o.data->'billingAddress'->>'firstName', o.data->'billingAddress'->>'lastName', o.data->'billingAddress'->>'company')`;
    conds.push(`(lower(o.order_number) like ${i} or lower(o.data->>'customerEmail') like ${i} or lower(${name}) like ${i})`);
  }
  const where = conds.length > 0 ? conds.join(' and ') : 'true';
  // $today appears in the overdue queue only; every query passes it as $1
  const sqlWhere = where.replace(/\$today/g, '$1');
  const n = await countOpsOrders(ctx.db, sqlWhere, params);
  const rows = await opsOrderPage(ctx.db, sqlWhere, params, limit, offset, orderBySql(q));
  const counts: Record<string, number> = {};
  const countSql = opsQueues.map((k) => `count(*) filter (where ${queueSql(k).replace(/\$today/g, '$1')})::int as "${k}"`).join(', ');
  const c = await queueCounts(ctx.db, countSql, todayByStore);
  for (const k of opsQueues) counts[k] = Number(c[k]);
  return { results: rows.map((r) => summary(r, days)), total: n, counts };
}

async function shipmentsOf(db: Db, orderId: string): Promise<OpsShipment[]> {
  const rows = await shipmentRowsOf(db, orderId);
  return rows.map((s) => ({ id: s.id, carrier: s.carrier, trackingNumber: s.tracking_number, trackingUrl: s.tracking_url, shippedAt: s.shipped_at.toISOString() }));
}

function assayOf(row: LifeRow, lang: 'de' | 'en'): OpsAssay | null {
  const a = row.data.assay;
  if (!a) return null;
  const m = (centAmount: number) => ({ centAmount, currencyCode: row.currency });
  return {
    lines: a.lines.map((l) => ({
      lineId: l.lineId, name: row.data.lines.find((x) => x.id === l.lineId)?.name[lang] ?? l.lineId,
      estimatedFineWeightGrams: l.estimatedFineMg / 1000, finalFineWeightGrams: l.finalFineMg / 1000, estimate: m(l.estimateCents), final: m(l.finalCents),
    })),
    estimate: m(a.estimateCents), final: m(a.finalCents), note: a.note, assayedAt: a.assayedAt,
  };
}

/** The customer's order with what the lifecycle knows: timeline (customer-safe), shipments, due date, assay. */
export async function withLifecycle(db: Db, order: Order, lang: 'de' | 'en'): Promise<Order> {
  const row = await orderById(db, order.id);
  const assay = assayOf(row, lang);
  return {
    ...order,
    timeline: customerTimeline(await auditOf(db, row.id)),
    shipments: (await shipmentsOf(db, row.id)).map(({ id: _id, ...s }) => s),
    paymentDueBy: dueShown(row),
    assay: assay ? { estimate: assay.estimate, final: assay.final, lines: assay.lines, note: assay.note } : null,
    counterOffer: counterOfferOf(row),
  };
}

/** A cash order's identification for the back office (issue 23): never the document's full number. */
function amlOf(row: LifeRow): OpsAml {
  const d = row.data.identityDocument;
  const c = row.data.identityCheck;
  const l = row.data.amlLinked;
  return {
    identityRequired: needsIdentityCheck(row),
    customerDocument: d ? { documentType: d.documentType, issuingCountry: d.issuingCountry, numberLast4: d.documentNumber.replace(/[\s-]+/g, '').slice(-4), expiryDate: d.expiryDate } : null,
    identityCheck: c ? { ...c, checkedBy: { type: 'operator', ...c.checkedBy } } : null,
    linked: l ? { orderNumbers: l.orderNumbers, amount: { centAmount: l.cents, currencyCode: row.currency }, withinHours: l.withinHours } : null,
  };
}

/** Issue 23: the counter-offer as the customer and the back office read it; null when the assay made none. */
function counterOfferOf(row: LifeRow): Order['counterOffer'] {
  const o = row.data.counterOffer;
  if (!o) return null;
  const m = (centAmount: number) => ({ centAmount, currencyCode: row.currency });
  return { status: o.status, estimate: m(o.estimateCents), offer: m(o.offerCents), deadline: o.deadline, decidedAt: o.decidedAt, returnedAt: o.returnedAt };
}

/** Issue 23: the payout account in full, for the roles that pay out (finance, admin); others do not get it. */
function payoutAccountFor(row: LifeRow, roles: OperatorRole[]): OpsOrderDetail['payoutAccount'] {
  if (row.type !== 'sell' || !mayDo(roles, 'payout')) return undefined;
  const a = row.data.payoutAccount;
  if (!a) return null;
  return { accountOwner: a.accountOwner, iban: a.iban ?? null, bic: a.bic ?? null, accountNumber: a.accountNumber ?? null, routingNumber: a.routingNumber ?? null };
}

/** One order for the back office; names in the operator's language when languageTag says it, else the order's. */
export async function opsOrderDetail(ctx: CommerceContext, orderId: string, roles: OperatorRole[], languageTag?: string): Promise<OpsOrderDetail> {
  const { db } = ctx;
  const row = await orderById(db, orderId);
  const lang = langOf(languageTag, orderLang(row));
  const payments = await paymentsOf(db, row.id);
  const paid = payments.filter((p) => !p.reversed_at).reduce((s, p) => s + Number(p.amount_cents), 0);
  const order = await withLifecycle(db, toOrder(row, lang), lang);
  const p = row.data.payout;
  // the state machine's steps this operator may take; payment-failed only while nothing is paid (money on the
  // order is taken back by the bank's return)
  const actions = allActions().filter((a) => mayDo(roles, a) && possible(row, a) && !(a === 'payment-failed' && paid > 0));
  return {
    summary: summary(row, storeDays(ctx.clock())),
    order,
    timeline: await auditOf(db, row.id),
    payments: payments.map((x): OpsPayment => ({
      id: x.id, amount: { centAmount: Number(x.amount_cents), currencyCode: x.currency as OpsPayment['amount']['currencyCode'] }, reference: x.reference,
      valueDate: x.value_date, source: x.source, recordedAt: x.recorded_at.toISOString(), recordedBy: { type: x.actor_type, id: x.actor_id, email: x.actor_email },
      reversedAt: x.reversed_at ? x.reversed_at.toISOString() : null,
    })),
    paidAmount: { centAmount: paid, currencyCode: row.currency },
    shipments: await shipmentsOf(db, row.id),
    assay: assayOf(row, lang),
    payout: p ? { amount: { centAmount: p.amountCents, currencyCode: row.currency }, method: p.method ?? (p.iban ? 'bank-transfer' : 'cash'), iban: p.iban, valueDate: p.valueDate, paidAt: p.paidAt } : null,
    actions,
    actionForms: actions.map((a) => stepForm(a)),
    ...(row.data.paymentReview && row.payment_state !== 'Paid' && row.order_state !== 'Cancelled' ? { paymentReview: {
      reason: row.data.paymentReview.reason, at: row.data.paymentReview.at, entryReference: row.data.paymentReview.entryReference,
      amount: { centAmount: row.data.paymentReview.amountCents, currencyCode: row.currency },
    } } : {}),
    ...(row.data.paymentMethod === 'cash' ? { aml: amlOf(row) } : {}),
    ...(payoutAccountFor(row, roles) !== undefined ? { payoutAccount: payoutAccountFor(row, roles) } : {}),
    ...(row.type === 'sell' ? { estimatedFineWeightGrams: Object.fromEntries([...(await estimatedFineMg(db, row))].filter(([, m]) => m > 0).map(([id, m]) => [id, m / 1000])) } : {}),
  };
}
