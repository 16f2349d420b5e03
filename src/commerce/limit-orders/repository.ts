// Limit orders in the database: every statement of the limit-orders feature, one function each, with the row
// type declared once here. Each function runs on the `db`/`tx` it is given; the `for update` ones lock the
// row until that transaction ends, and the claim updates are the guards that let one instance execute it.
import { randomUUID } from 'node:crypto';
import type { LimitOrderStatus } from '../../contracts/limit-order.ts';
import type { Currency, StoreKey } from '../../stores.ts';
import type { Db } from '../db/index.ts';
import type { Lang } from '../lib/lang.ts';

export interface LimitOrderRow {
  id: string;
  customer_id: string;
  store_key: StoreKey;
  number: string;
  sku: string;
  status: LimitOrderStatus;
  quantity: number;
  target_cents: number;
  currency: Currency;
  country: string;
  language: Lang;
  expires_at: Date;
  created_at: Date;
  updated_at: Date | null;
  claim_id: string | null;
  claimed_at: Date | null;
  order_id: string | null;
  order_number: string | null;
  executed_at: Date | null;
  executed_cents: number | null;
  failure_reason: string | null;
  closed_at: Date | null;
}

// ---------------------------------------------------------------- the customer's calls

export async function limitOrderById(db: Db, id: string, forUpdate = false): Promise<LimitOrderRow | undefined> {
  const [row] = await db.query<LimitOrderRow>(`select * from limit_orders where id = $1${forUpdate ? ' for update' : ''}`, [id]);
  return row;
}

/** The next running number of limit_order_number_seq. */
export async function nextLimitOrderSequence(tx: Db): Promise<number> {
  const [{ n }] = await tx.query<{ n: number }>(`select nextval('limit_order_number_seq')::int8 as n`);
  return n;
}

/** The customer's limit orders in one of the statuses (all stores). */
export async function countWithStatus(tx: Db, customerId: string, statuses: readonly string[]): Promise<number> {
  const [{ n }] = await tx.query<{ n: number }>(
    `select count(*)::int as n from limit_orders where customer_id = $1 and status = any(string_to_array($2, ','))`,
    [customerId, statuses.join(',')],
  );
  return n;
}

/** Limit orders still open (spec 6: they block deleting the account). */
export async function openLimitOrderCount(tx: Db, customerId: string): Promise<number> {
  const [open] = await tx.query<{ n: number }>(
    `select count(*)::int as n from limit_orders where customer_id = $1 and status in ('active', 'inactive', 'pending')`,
    [customerId],
  );
  return open?.n ?? 0;
}

export interface NewLimitOrder {
  customerId: string; storeKey: StoreKey; number: string; sku: string; quantity: number; targetCents: number; currency: Currency; country: string;
  language: Lang; expiresAt: Date | null; now: Date;
}

export async function insertLimitOrder(tx: Db, l: NewLimitOrder): Promise<LimitOrderRow> {
  const [inserted] = await tx.query<LimitOrderRow>(
    `insert into limit_orders (id, customer_id, store_key, number, sku, status, quantity, target_cents, currency, country, language, expires_at,
       created_at, updated_at)
     values ($1, $2, $3, $4, $5, 'active', $6, $7, $8, $9, $10, $11, $12, $12) returning *`,
    [randomUUID(), l.customerId, l.storeKey, l.number, l.sku, l.quantity, l.targetCents, l.currency, l.country, l.language, l.expiresAt, l.now],
  );
  return inserted;
}

const LIST_WHERE = `customer_id = $1 and store_key = $2 and ($3::text is null or status = any(string_to_array($3, ',')))`;

/** The customer's limit orders of the store; status null or a comma list. */
export async function countCustomerLimitOrders(db: Db, customerId: string, storeKey: string, status: string | null): Promise<number> {
  const [{ n }] = await db.query<{ n: number }>(`select count(*)::int as n from limit_orders where ${LIST_WHERE}`, [customerId, storeKey, status]);
  return n;
}

/** The customer's limit orders of the store, newest first, paged. */
export async function customerLimitOrders(
  db: Db, customerId: string, storeKey: string, page: { status: string | null; limit: number; offset: number },
): Promise<LimitOrderRow[]> {
  return db.query<LimitOrderRow>(
    `select * from limit_orders where ${LIST_WHERE} order by created_at desc, number desc limit $4 offset $5`,
    [customerId, storeKey, page.status, page.limit, page.offset],
  );
}

export async function updateLimitOrder(
  tx: Db, id: string, u: { quantity: number; targetCents: number; expiresAt: Date; status: LimitOrderStatus; closedAt: Date | null; now: Date },
): Promise<LimitOrderRow> {
  const [updated] = await tx.query<LimitOrderRow>(
    `update limit_orders set quantity = $2, target_cents = $3, expires_at = $4, status = $5, closed_at = $6, updated_at = $7 where id = $1 returning *`,
    [id, u.quantity, u.targetCents, u.expiresAt, u.status, u.closedAt, u.now],
  );
  return updated;
}

export async function cancelLimitOrder(tx: Db, id: string, now: Date): Promise<LimitOrderRow> {
  const [cancelled] = await tx.query<LimitOrderRow>(
    `update limit_orders set status = 'cancelled', closed_at = $2, updated_at = $2 where id = $1 returning *`,
    [id, now],
  );
  return cancelled;
}

// ---------------------------------------------------------------- the jobs (execute.ts)

/** Pending claims older than `before` go back to active; answers how many. */
export async function releaseStaleClaims(db: Db, now: Date, before: Date): Promise<number> {
  const rows = await db.query(
    `update limit_orders set status = 'active', claim_id = null, claimed_at = null, updated_at = $1
     where status = 'pending' and claimed_at < $2 returning id`,
    [now, before],
  );
  return rows.length;
}

/** Ids of active limit orders whose expiry has passed, the earliest first. */
export async function dueForExpiry(db: Db, now: Date): Promise<{ id: string }[]> {
  return db.query<{ id: string }>(`select id from limit_orders where status = 'active' and expires_at <= $1 order by expires_at`, [now]);
}

/** Makes the limit order inactive when it is still active and expired; undefined when another was first. */
export async function expireLimitOrder(tx: Db, id: string, now: Date): Promise<LimitOrderRow | undefined> {
  const [lo] = await tx.query<LimitOrderRow>(
    `update limit_orders set status = 'inactive', closed_at = $2, updated_at = $2
     where id = $1 and status = 'active' and expires_at <= $2 returning *`,
    [id, now],
  );
  return lo;
}

/** Claims an active, unexpired limit order for one execution; false when it is not (any more). */
export async function claimLimitOrder(db: Db, id: string, claim: string, now: Date): Promise<boolean> {
  const claimed = await db.query(
    `update limit_orders set status = 'pending', claim_id = $2, claimed_at = $3, updated_at = $3
     where id = $1 and status = 'active' and expires_at > $3 returning id`,
    [id, claim, now],
  );
  return claimed.length > 0;
}

/** Gives a claimed limit order back (active, unclaimed). */
export async function releaseClaim(tx: Db, id: string, now: Date): Promise<void> {
  await tx.query(`update limit_orders set status = 'active', claim_id = null, claimed_at = null, updated_at = $2 where id = $1`, [id, now]);
}

export async function markFailed(tx: Db, id: string, reason: string, now: Date): Promise<void> {
  await tx.query(
    `update limit_orders set status = 'failed', failure_reason = $2, closed_at = $3, updated_at = $3, claim_id = null, claimed_at = null where id = $1`,
    [id, reason, now],
  );
}

export async function markExecuted(tx: Db, id: string, e: { orderId: string; orderNumber: string; now: Date; unitCents: number }): Promise<void> {
  await tx.query(
    `update limit_orders set status = 'executed', order_id = $2, order_number = $3, executed_at = $4, executed_cents = $5, updated_at = $4,
       claim_id = null, claimed_at = null
     where id = $1`,
    [id, e.orderId, e.orderNumber, e.now, e.unitCents],
  );
}

/** Active, unexpired limit orders, the oldest first (the order they execute in). */
export async function activeLimitOrders(db: Db, now: Date): Promise<LimitOrderRow[]> {
  return db.query<LimitOrderRow>(`select * from limit_orders where status = 'active' and expires_at > $1 order by created_at, id`, [now]);
}
