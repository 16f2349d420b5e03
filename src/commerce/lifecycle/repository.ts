// The lifecycle in the database: every statement of the order lifecycle (steps, queue, jobs, bank statements,
// audit log), one function each, with the row types declared once here. Each function runs on the `db`/`tx` it
// is given: a step's transaction with the order row locked (`for update`), or the deadline job's
// `for update skip locked`. The queue's filters are built in queue.ts (from the contract's queues) and passed
// in as one where clause with its parameters.
import { randomUUID } from 'node:crypto';
import type { Actor, BankStatementResult } from '../../contracts/ops.ts';
import type { OrderState, PaymentState } from '../../contracts/order.ts';
import type { Db } from '../db/index.ts';
import type { OrderRow } from '../orders/index.ts';

export interface AssayDoc {
  lines: { lineId: string; estimatedFineMg: number; finalFineMg: number; estimateCents: number; finalCents: number }[];
  estimateCents: number;
  finalCents: number;
  note: string | null;
  assayedAt: string;
}

/** iban: the account paid to, masked (an IBAN or a US account number); null for a cash payout at the counter */
export interface PayoutDoc { amountCents: number; method?: 'bank-transfer' | 'cash'; iban: string | null; valueDate: string; paidAt: string; preparedBy?: { id: string; email: string | null }; releasedBy?: { id: string; email: string | null } }

/** Issue 26: a payout above the four-eyes threshold, prepared by one finance operator, waiting for another to release it. */
export interface PayoutPreparedDoc { amountCents: number; iban: string | null; valueDate: string; by: { id: string; email: string | null }; at: string }

/** Issue 23: the counter-offer after an assay far below the estimate (contracts/order.ts OrderCounterOffer). */
export interface CounterOfferDoc {
  status: 'open' | 'accepted' | 'declined' | 'expired';
  estimateCents: number;
  offerCents: number;
  offeredAt: string;
  deadline: string;
  decidedAt: string | null;
  returnedAt: string | null;
}

/**
 * A payment the bank took back (issue 23), for finance to review: returned (the order awaits its money
 * again), metal_sold (the depot metal it bought was sold already), goods_delivered (shipped or collected).
 * Cleared when the order is paid again.
 */
export interface PaymentReviewDoc { reason: 'returned' | 'metal_sold' | 'goods_delivered'; at: string; amountCents: number; entryReference: string }

/** The lifecycle's facts in orders.data, beside the checkout's OrderDoc. */
export interface LifecycleDoc {
  goodsReceivedAt?: string;
  /** issue 24: the empty Scrap Metal Box went to the seller (scrap-box.ts) */
  scrapBoxSent?: { at: string; carrier: string | null; trackingNumber: string | null };
  assay?: AssayDoc;
  payout?: PayoutDoc;
  payoutPrepared?: PayoutPreparedDoc;
  counterOffer?: CounterOfferDoc;
  paymentReview?: PaymentReviewDoc;
}

/** An order as the lifecycle reads it: with the transfer's due date as text (`due`). */
export type LifeRow = OrderRow & { data: OrderRow['data'] & LifecycleDoc; due: string | null; payment_reminded_at: Date | null; limit_order_id: string | null };

export interface States { orderState: OrderState; paymentState: PaymentState }

export interface AuditRow {
  id: string;
  at: Date;
  order_id: string | null;
  order_number: string | null;
  actor_type: Actor['type'];
  actor_id: string;
  actor_email: string | null;
  /** issue 24: the operator's name now (the log's listing reads it) */
  actor_name?: string | null;
  action: string;
  before_state: States | null;
  after_state: States | null;
  details: Record<string, unknown>;
}

export interface PaymentRow {
  id: string; amount_cents: number; currency: string; reference: string; value_date: string; source: 'manual' | 'camt053'; recorded_at: Date;
  actor_type: 'operator' | 'customer' | 'system'; actor_id: string; actor_email: string | null; reversed_at: Date | null;
}
export interface ShipmentRow { id: string; carrier: string; tracking_number: string; tracking_url: string | null; shipped_at: Date }

const operatorEmail = (actor: Actor) => (actor.type === 'operator' ? actor.email : null);

// ---------------------------------------------------------------- the order row

const SELECT = 'select *, payment_due_by::text as due from orders';

export async function lifeOrderById(db: Db, id: string, opts: { forUpdate?: boolean } = {}): Promise<LifeRow | undefined> {
  const [row] = await db.query<LifeRow>(`${SELECT} where id = $1${opts.forUpdate ? ' for update' : ''}`, [id]);
  return row;
}

export async function orderIdByNumber(tx: Db, orderNumber: string): Promise<string | undefined> {
  const [found] = await tx.query<{ id: string }>('select id from orders where order_number = $1', [orderNumber]);
  return found?.id;
}

export async function updateOrderStates(tx: Db, id: string, orderState: string, paymentState: string): Promise<void> {
  await tx.query('update orders set order_state = $2, payment_state = $3 where id = $1', [id, orderState, paymentState]);
}

export async function saveOrderDoc(tx: Db, row: LifeRow): Promise<void> {
  await tx.query('update orders set data = $2::jsonb where id = $1', [row.id, JSON.stringify(row.data)]);
}

export async function setPaymentDueBy(tx: Db, id: string, due: string): Promise<void> {
  await tx.query('update orders set payment_due_by = $2 where id = $1', [id, due]);
}

// ---------------------------------------------------------------- the payment deadline (jobs.ts)

// an order whose payment the bank took back waits for finance (payment_review queue), not for the job
const AWAITING = `type = 'buy' and data->>'paymentMethod' = 'bank-transfer' and order_state in ('Open', 'Created') and payment_state = 'Pending' and data->'paymentReview' is null`;

/** Bank-transfer purchases awaiting their money, due up to 5 days after `today` (a cheap prefilter). */
export async function deadlineCandidates(db: Db, today: string): Promise<{ id: string }[]> {
  return db.query<{ id: string }>(
    `select id from orders where ${AWAITING} and payment_due_by is not null and payment_due_by <= $1::date + 5 order by payment_due_by, id`,
    [today],
  );
}

/** The order, locked, while it still awaits its transfer; undefined when not (or another instance holds it). */
export async function awaitingOrderSkipLocked(tx: Db, id: string): Promise<LifeRow | undefined> {
  const [row] = await tx.query<LifeRow>(`select *, payment_due_by::text as due from orders where id = $1 and ${AWAITING} for update skip locked`, [id]);
  return row;
}

/** Issue 23: sales whose counter-offer is still open at `now` past its deadline (the expiry job's candidates). */
export async function expiredOfferCandidates(db: Db, now: Date): Promise<{ id: string }[]> {
  return db.query<{ id: string }>(
    `select id from orders where type = 'sell' and data->'counterOffer'->>'status' = 'open' and (data->'counterOffer'->>'deadline')::timestamptz <= $1
     order by (data->'counterOffer'->>'deadline')::timestamptz, id`,
    [now],
  );
}

/** The sale, locked, while its counter-offer is open; undefined when not (or another instance holds it). */
export async function openOfferSkipLocked(tx: Db, id: string): Promise<LifeRow | undefined> {
  const [row] = await tx.query<LifeRow>(`${SELECT} where id = $1 and data->'counterOffer'->>'status' = 'open' for update skip locked`, [id]);
  return row;
}

export async function markReminded(tx: Db, id: string, now: Date): Promise<void> {
  await tx.query('update orders set payment_reminded_at = $2 where id = $1', [id, now]);
}

// ---------------------------------------------------------------- payments, shipments, bank statements

/** What the order has been paid: its payments the bank did not take back. */
export async function paidCents(tx: Db, orderId: string): Promise<number> {
  const [{ n }] = await tx.query<{ n: number }>('select coalesce(sum(amount_cents), 0)::int8 as n from order_payments where order_id = $1 and reversed_at is null', [orderId]);
  return Number(n);
}

/** The latest payment of the order of exactly this amount that still counts (a return takes back one payment). */
export async function reversiblePayment(tx: Db, orderId: string, cents: number): Promise<{ id: string; amount_cents: number } | undefined> {
  const [p] = await tx.query<{ id: string; amount_cents: number }>(
    'select id, amount_cents from order_payments where order_id = $1 and reversed_at is null and amount_cents = $2 order by recorded_at desc, id desc limit 1',
    [orderId, cents],
  );
  return p;
}

export async function markPaymentReversed(tx: Db, paymentId: string, entryKey: string, now: Date): Promise<void> {
  await tx.query('update order_payments set reversed_at = $2, reversal_entry = $3 where id = $1', [paymentId, now, entryKey]);
}

export interface NewPayment {
  id: string; orderId: string; centAmount: number; currency: string; reference: string; valueDate: string; source: 'manual' | 'camt053';
  entryRef: string | null; now: Date; actor: Actor;
}

export async function insertPayment(tx: Db, p: NewPayment): Promise<void> {
  await tx.query(
    `insert into order_payments (id, order_id, amount_cents, currency, reference, value_date, source, entry_ref, recorded_at, actor_type, actor_id, actor_email)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [p.id, p.orderId, p.centAmount, p.currency, p.reference, p.valueDate, p.source, p.entryRef, p.now, p.actor.type, p.actor.id, operatorEmail(p.actor)],
  );
}

/** Cash paid at the counter (source manual, no entry reference). */
export async function insertCounterPayment(
  tx: Db, p: { orderId: string; cents: number; currency: string; reference: string; valueDate: string; now: Date; actor: Actor },
): Promise<void> {
  await tx.query(
    `insert into order_payments (id, order_id, amount_cents, currency, reference, value_date, source, recorded_at, actor_type, actor_id, actor_email)
     values ($1, $2, $3, $4, $5, $6, 'manual', $7, $8, $9, $10)`,
    [randomUUID(), p.orderId, p.cents, p.currency, p.reference, p.valueDate, p.now, p.actor.type, p.actor.id, operatorEmail(p.actor)],
  );
}

export async function paymentsOf(db: Db, orderId: string): Promise<PaymentRow[]> {
  return db.query<PaymentRow>('select *, value_date::text as value_date from order_payments where order_id = $1 order by recorded_at, id', [orderId]);
}

export async function insertShipment(
  tx: Db, s: { orderId: string; carrier: string; trackingNumber: string; trackingUrl: string | null; now: Date },
): Promise<void> {
  await tx.query(
    'insert into order_shipments (id, order_id, carrier, tracking_number, tracking_url, shipped_at) values ($1, $2, $3, $4, $5, $6)',
    [randomUUID(), s.orderId, s.carrier, s.trackingNumber, s.trackingUrl, s.now],
  );
}

export async function shipmentRowsOf(db: Db, orderId: string): Promise<ShipmentRow[]> {
  return db.query<ShipmentRow>('select * from order_shipments where order_id = $1 order by shipped_at', [orderId]);
}

export interface NewStatementEntry {
  key: string; statementId: string; now: Date; amountCents: number; currency: string; valueDate: string | null; orderId: string | null;
  orderNumber: string | null; result: string; actorId: string;
}

/** Stores a statement's entry once; false when the entry was imported before (its key). */
export async function insertStatementEntry(tx: Db, e: NewStatementEntry): Promise<boolean> {
  const stored = await tx.query(
    `insert into bank_statement_entries (entry_key, statement_id, imported_at, amount_cents, currency, value_date, order_id, order_number, result, actor_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) on conflict (entry_key) do nothing returning entry_key`,
    [e.key, e.statementId, e.now, e.amountCents, e.currency, e.valueDate, e.orderId, e.orderNumber, e.result, e.actorId],
  );
  return stored.length > 0;
}

/** The statement entries imported since a time by result, and the last import's time (the metrics, issue 27). */
export async function statementResultsSince(db: Db, since: Date): Promise<{ byResult: Record<string, number>; lastImportAt: Date | null }> {
  const rows = await db.query<{ result: string; n: number }>(
    'select result, count(*)::int as n from bank_statement_entries where imported_at > $1 group by result', [since],
  );
  const last = await db.query<{ at: Date | null }>('select max(imported_at) as at from bank_statement_entries');
  return { byResult: Object.fromEntries(rows.map((r) => [r.result, r.n])), lastImportAt: last[0]?.at ?? null };
}

// ---------------------------------------------------------------- statement imports (jobs)

export interface ImportJobRow {
  id: string; statement_id: string; actor_id: string; started_at: Date; updated_at: Date; finished_at: Date | null;
  status: 'running' | 'done' | 'failed'; total: number; processed: number; result: string | null; error: string | null;
}

export async function insertImportJob(db: Db, j: { id: string; statementId: string; actorId: string; total: number; now: Date }): Promise<void> {
  await db.query(
    `insert into bank_statement_imports (id, statement_id, actor_id, started_at, updated_at, status, total) values ($1, $2, $3, $4, $4, 'running', $5)`,
    [j.id, j.statementId, j.actorId, j.now, j.total],
  );
}

export async function updateImportJob(
  db: Db, id: string,
  u: { processed?: number; now: Date; status?: 'done' | 'failed'; result?: BankStatementResult; error?: { code: string; details?: Record<string, unknown> }; statementId?: string; total?: number },
): Promise<void> {
  await db.query(
    `update bank_statement_imports set processed = coalesce($2, processed), updated_at = $3, status = coalesce($4, status),
       finished_at = case when $4::text is null then finished_at else $3 end, result = coalesce($5, result), error = coalesce($6, error),
       statement_id = coalesce($7, statement_id), total = coalesce($8, total) where id = $1`,
    [id, u.processed ?? null, u.now, u.status ?? null, u.result ? JSON.stringify(u.result) : null, u.error ? JSON.stringify(u.error) : null, u.statementId ?? null, u.total ?? null],
  );
}

/** Entries of an import's result from seq `from` on (JSON text each), in one statement. */
export async function insertImportEntries(db: Db, id: string, from: number, entries: string[]): Promise<void> {
  if (entries.length === 0) return;
  await db.query(
    'insert into bank_statement_import_entries (import_id, seq, entry) select $1, $2 + o - 1, e from unnest($3::text[]) with ordinality as x(e, o)',
    [id, from, entries],
  );
}

export async function importEntriesPage(db: Db, id: string, offset: number, limit: number): Promise<string[]> {
  const rows = await db.query<{ entry: string }>('select entry from bank_statement_import_entries where import_id = $1 order by seq offset $2 limit $3', [id, offset, limit]);
  return rows.map((r) => r.entry);
}

export async function importJobById(db: Db, id: string): Promise<ImportJobRow | undefined> {
  const [row] = await db.query<ImportJobRow>('select * from bank_statement_imports where id = $1', [id]);
  return row;
}

/** Fine weight per piece (grams, as text: numeric) of the skus; the catalogue's table, read for the assay's estimate. */
export async function fineWeights(tx: Db, skus: string[]): Promise<{ sku: string; g: string }[]> {
  return tx.query<{ sku: string; g: string }>('select sku, fine_weight_grams::text as g from products where sku = any($1::text[])', [skus]);
}

// ---------------------------------------------------------------- the operators' queue (queue.ts)

/** `where` uses $1 for today (always passed) and the parameters after it. */
export async function countOpsOrders(db: Db, where: string, params: unknown[]): Promise<number> {
  const [{ n }] = await db.query<{ n: number }>(`select count(*)::int as n from orders o where $1::text is not null and ${where}`, params);
  return n;
}

/** `orderBy`: the list's sort (list-filters.ts), built from the contract's columns alone. */
export async function opsOrderPage(db: Db, where: string, params: unknown[], limit: number, offset: number, orderBy = 'o.created_at desc, o.order_number desc'): Promise<LifeRow[]> {
  return db.query<LifeRow>(
    `select o.*, o.payment_due_by::text as due from orders o where $1::text is not null and ${where}
     order by ${orderBy} limit ${Number(limit)} offset ${Number(offset)}`,
    params,
  );
}

/** One count per queue; `counts` is the list of `count(*) filter (...) as "<queue>"` columns, $1 today. */
export async function queueCounts(db: Db, counts: string, today: string): Promise<Record<string, number>> {
  const [c] = await db.query<Record<string, number>>(`select ${counts} from orders o where $1::text is not null`, [today]);
  return c;
}

// ---------------------------------------------------------------- the audit log (append-only)

export interface NewAuditEntry {
  orderId: string | null; orderNumber: string | null; actor: Actor; action: string; before: States | null; after: States | null; details: Record<string, unknown>; at: Date;
}

export async function insertAudit(tx: Db, e: NewAuditEntry): Promise<void> {
  await tx.query(
    `insert into order_audit (id, at, order_id, order_number, actor_type, actor_id, actor_email, action, before_state, after_state, details)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10::jsonb, $11::jsonb)`,
    [
      randomUUID(), e.at, e.orderId, e.orderNumber, e.actor.type, e.actor.id, operatorEmail(e.actor), e.action,
      e.before ? JSON.stringify(e.before) : null, e.after ? JSON.stringify(e.after) : null, JSON.stringify(e.details),
    ],
  );
}

/** The entries of one order, oldest first. */
export async function auditRowsOf(db: Db, orderId: string): Promise<AuditRow[]> {
  return db.query<AuditRow>('select * from order_audit where order_id = $1 order by seq', [orderId]);
}

// $3: whether the whistleblower office's entries (whistleblow_*) are readable (admins only); issue 24: $4 the
// order number (lower case, exact), $5 a LIKE pattern on the operator's e-mail as recorded or its name now
const AUDIT_WHERE = `($1::uuid is null or order_id = $1) and ($2::text is null or (actor_type = 'operator' and actor_id = $2))
  and ($3::boolean or action not like 'whistleblow\\_%')
  and ($4::text is null or lower(order_number) = $4)
  and ($5::text is null or (actor_type = 'operator' and (lower(actor_email) like $5
    or actor_id in (select id::text from operators where lower(coalesce(name, '')) like $5))))`;

/** What a LIKE pattern matches literally: "part of it", whatever its case. */
const containing = (text: string) => `%${text.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The log, newest first, paged; filtered by order (id or number) and/or operator (id, or part of its name or e-mail). */
export async function auditPage(
  db: Db, f: { orderId: string | null; operatorId: string | null; orderNumber?: string | null; operator?: string | null; whistleblower?: boolean },
  limit: number, offset: number,
): Promise<{ rows: AuditRow[]; total: number }> {
  const params = [
    f.orderId, f.operatorId, f.whistleblower ?? false, f.orderNumber ? f.orderNumber.trim().toLowerCase() : null, f.operator?.trim() ? containing(f.operator) : null,
  ];
  const [{ n }] = await db.query<{ n: number }>(`select count(*)::int as n from order_audit where ${AUDIT_WHERE}`, params);
  // the operator's name as it is now (an entry keeps the e-mail it was written with)
  const rows = await db.query<AuditRow>(
    `select a.*, (select name from operators p where a.actor_type = 'operator' and p.id::text = a.actor_id) as actor_name
       from order_audit a where ${AUDIT_WHERE} order by seq desc limit $6 offset $7`,
    [...params, limit, offset],
  );
  return { rows, total: n };
}

/**
 * Orders of a customer not yet Complete or Cancelled: they may hold the customer's money (a payment recorded,
 * metal not yet delivered or booked) or goods (a sale awaiting its payout), and deleting the account would
 * delete their records by cascade.
 */
export async function ordersInProgress(tx: Db, customerId: string): Promise<number> {
  const [running] = await tx.query<{ n: number }>(
    `select count(*)::int as n from orders where customer_id = $1 and order_state in ('Open', 'Created', 'Confirmed', 'Requested', 'Accepted')`,
    [customerId],
  );
  return running?.n ?? 0;
}

/** A manual payment of the order with the same amount, value date and reference (case and spaces aside). */
export async function sameManualPayment(tx: Db, orderId: string, centAmount: number, valueDate: string, reference: string): Promise<{ id: string } | undefined> {
  const [same] = await tx.query<{ id: string }>(
    `select id from order_payments where order_id = $1 and source = 'manual' and amount_cents = $2 and value_date = $3::date
       and lower(btrim(regexp_replace(reference, '\\s+', ' ', 'g'))) = lower(btrim(regexp_replace($4, '\\s+', ' ', 'g'))) limit 1`,
    [orderId, centAmount, valueDate, reference.trim()],
  );
  return same;
}
