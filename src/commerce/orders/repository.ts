// Orders in the database: every statement of the orders feature, one function each, with its row types
// declared once here (OrderRow lives in model.ts beside toOrder, which reads it). Each function runs on the
// `db`/`tx` it is given, so the caller's transaction and locks hold.
import type { TransactionType } from '../../contracts/cart.ts';
import type { StoreKey } from '../../stores.ts';
import type { Db } from '../db/index.ts';
import type { OrderDoc, OrderRow } from './model.ts';

/** An idempotency record: the request's hash and the order it placed. */
export interface OrderRequestRow { request_hash: string; order_id: string }

/** A customer's order as listed, with the transfer's due date as text (null when none). */
export type ListedOrderRow = OrderRow & { due: string | null };

export async function orderById(db: Db, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.query<OrderRow>('select * from orders where id = $1', [id]);
  return row;
}

/** The order when it is this customer's in this store, else undefined (the caller answers its own 404). */
export async function customerOrder(db: Db, owner: { customerId: string; storeKey: string }, id: string): Promise<OrderRow | undefined> {
  const row = await orderById(db, id);
  return row && row.customer_id === owner.customerId && row.store_key === owner.storeKey ? row : undefined;
}

/** The order a cart became (at most one: orders_one_per_cart). */
export async function orderByCart(db: Db, cartId: string): Promise<OrderRow | undefined> {
  const [row] = await db.query<OrderRow>('select * from orders where cart_id = $1', [cartId]);
  return row;
}

/** Serialises placements with the same customer and Idempotency-Key (till the transaction ends). */
export async function lockIdempotencyKey(tx: Db, customerId: string, idempotencyKey: string): Promise<void> {
  await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`order-key:${customerId}:${idempotencyKey}`]);
}

export async function orderRequest(tx: Db, customerId: string, idempotencyKey: string): Promise<OrderRequestRow | undefined> {
  const seen = await tx.query<OrderRequestRow>(
    'select request_hash, order_id from order_requests where customer_id = $1 and idempotency_key = $2',
    [customerId, idempotencyKey],
  );
  return seen[0];
}

export async function insertOrderRequest(
  tx: Db, r: { customerId: string; idempotencyKey: string; requestHash: string; orderId: string; now: Date },
): Promise<void> {
  await tx.query(
    'insert into order_requests (customer_id, idempotency_key, request_hash, order_id, created_at) values ($1, $2, $3, $4, $5)',
    [r.customerId, r.idempotencyKey, r.requestHash, r.orderId, r.now],
  );
}

export interface NewOrder {
  id: string; customerId: string; storeKey: StoreKey; orderNumber: string; now: Date; data: OrderDoc; cartId: string; type: TransactionType;
  orderState: string; paymentState: string; currency: string; totalGross: number; priceSetId: string; limitOrderId: string | null;
}

export async function insertOrderRow(tx: Db, o: NewOrder): Promise<OrderRow> {
  const [row] = await tx.query<OrderRow>(
    `insert into orders (id, customer_id, store_key, order_number, created_at, data, cart_id, type, order_state, payment_state, currency,
       total_gross_cents, price_set_id, limit_order_id)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10, $11, $12, $13, $14) returning *`,
    [
      o.id, o.customerId, o.storeKey, o.orderNumber, o.now, JSON.stringify(o.data), o.cartId, o.type, o.orderState,
      o.paymentState, o.currency, o.totalGross, o.priceSetId, o.limitOrderId,
    ],
  );
  return row;
}

/** The next running number of the one order-number sequence (never twice, also across instances). */
/**
 * The next running number of a store's orders of one type in one year (migration 0038). Must run in the
 * order's transaction: the upsert locks the counter's row until that commits, so concurrent orders of the
 * same store, type and year queue here (one at a time, never the same number) and a rollback returns the
 * number (no gap).
 */
export async function nextOrderSequence(tx: Db, storeKey: string, type: string, year: number): Promise<number> {
  const [{ n }] = await tx.query<{ n: number }>(
    `insert into order_number_counters (store_key, type, year, last_number) values ($1, $2, $3, 1)
     on conflict (store_key, type, year) do update set last_number = order_number_counters.last_number + 1
     returning last_number as n`,
    [storeKey, type, year],
  );
  return n;
}

export async function countCustomerOrders(db: Db, customerId: string, storeKey: string, type: string | null): Promise<number> {
  const [{ n }] = await db.query<{ n: number }>(
    'select count(*)::int as n from orders where customer_id = $1 and store_key = $2 and ($3::text is null or type = $3)',
    [customerId, storeKey, type],
  );
  return n;
}

/** The customer's orders of the store, newest first, paged; type null lists both kinds. */
export async function customerOrders(
  db: Db, customerId: string, storeKey: string, page: { limit: number; offset: number; type: string | null },
): Promise<ListedOrderRow[]> {
  return db.query<ListedOrderRow>(
    `select *, payment_due_by::text as due from orders where customer_id = $1 and store_key = $2 and ($5::text is null or type = $5)
     order by created_at desc, order_number desc limit $3 offset $4`,
    [customerId, storeKey, page.limit, page.offset, page.type],
  );
}

/**
 * A guest's orders and their idempotency records move into the account at sign-in (a request key the
 * account used already stays the guest's and goes with it). The orders' merge hook.
 */
export async function moveGuestOrders(tx: Db, anonymousId: string, customerId: string): Promise<void> {
  await tx.query('update orders set customer_id = $2 where customer_id = $1', [anonymousId, customerId]);
  await tx.query(
    `update order_requests r set customer_id = $2 where customer_id = $1
       and not exists (select 1 from order_requests o where o.customer_id = $2 and o.idempotency_key = r.idempotency_key)`,
    [anonymousId, customerId],
  );
}

/** An earlier cash order as the anti-money-laundering rules count it (orders/aml.ts). */
export interface CashOrderRow {
  id: string; order_number: string; customer_id: string; type: TransactionType; currency: string; created_at: Date;
  total_gross_cents: string; final_cents: string | null; email: string | null; first_name: string | null; last_name: string | null;
}

/**
 * The store's cash orders placed after `since` that are not cancelled, of the customer's account or with the
 * customer's e-mail address (the caller compares the names): candidates for linked transactions.
 */
export async function cashOrdersSince(tx: Db, storeKey: StoreKey, since: Date, customerId: string, email: string): Promise<CashOrderRow[]> {
  return tx.query<CashOrderRow>(
    `select id, order_number, customer_id, type, currency, created_at, total_gross_cents, data->'assay'->>'finalCents' as final_cents,
       data->>'customerEmail' as email, data->'billingAddress'->>'firstName' as first_name, data->'billingAddress'->>'lastName' as last_name
     from orders
     where store_key = $1 and created_at > $2 and order_state is distinct from 'Cancelled' and data->>'paymentMethod' = 'cash'
       and (customer_id = $3 or lower(btrim(data->>'customerEmail')) = $4)
     order by created_at, order_number`,
    [storeKey, since, customerId, email],
  );
}

/** Serialises the placement of cash orders of one customer (by e-mail) in a store till the transaction ends. */
export async function lockCashCustomer(tx: Db, storeKey: StoreKey, email: string): Promise<void> {
  await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`order-cash:${storeKey}:${email}`]);
}

/** Writes the order's document back (a hook that adds to it in the order's transaction, e.g. the depot sale's parts). */
export async function updateOrderData(tx: Db, orderId: string, data: OrderDoc): Promise<void> {
  await tx.query('update orders set data = $2::jsonb where id = $1', [orderId, JSON.stringify(data)]);
}
