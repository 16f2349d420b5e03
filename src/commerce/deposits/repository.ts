// The deposit in the database: every statement of the deposits feature, one function each, with its row
// types declared once here. Each function runs on the `db`/`tx` it is given (the order's transaction for
// booking and taking lots), and the `for update` ones lock what they read until that transaction ends.
import { randomUUID } from 'node:crypto';
import type { Currency, StoreKey } from '../../stores.ts';
import type { Db } from '../db/index.ts';
import type { OrderRow } from '../orders/index.ts';

export interface DepositRow {
  id: string;
  customer_id: string;
  store_key: StoreKey;
  number: string;
  currency: Currency;
  opened_at: Date;
}

export interface LotRow {
  id: string;
  deposit_id: string;
  order_id: string | null;
  order_number: string;
  order_line_id: string;
  sku: string;
  quantity: number;
  remaining: number;
  unit_cost_cents: number;
  acquired_at: Date;
  seq: number;
}

/** A part of a lot a depot sale took. */
export interface WithdrawalRow { id: string; lot_id: string; quantity: number }

/** A deposit purchase not paid yet, with the transfer's due date as text. */
export type AwaitingOrderRow = OrderRow & { due: string | null };

// ---------------------------------------------------------------- deposits

export async function depositById(db: Db, id: string): Promise<DepositRow | undefined> {
  const [row] = await db.query<DepositRow>('select * from deposits where id = $1', [id]);
  return row;
}

/** The customer's deposit (one per customer), whatever its store. */
export async function depositOfCustomer(db: Db, customerId: string, opts: { forUpdate?: boolean } = {}): Promise<DepositRow | undefined> {
  const [row] = await db.query<DepositRow>(`select * from deposits where customer_id = $1${opts.forUpdate ? ' for update' : ''}`, [customerId]);
  return row;
}

/** The customer's deposit on the store. */
export async function depositOfStore(db: Db, customerId: string, storeKey: string, opts: { forUpdate?: boolean } = {}): Promise<DepositRow | undefined> {
  const [row] = await db.query<DepositRow>(
    `select * from deposits where customer_id = $1 and store_key = $2${opts.forUpdate ? ' for update' : ''}`, [customerId, storeKey],
  );
  return row;
}

/** Opens the customer's deposit with the next deposit number, unless the customer has one. */
export async function insertDepositIfNone(tx: Db, d: { customerId: string; storeKey: StoreKey; currency: Currency; openedAt: Date }): Promise<void> {
  await tx.query(
    `insert into deposits (id, customer_id, store_key, number, currency, opened_at)
     values ($1, $2, $3, upper($3) || '-D-' || lpad(nextval('deposit_number_seq')::text, 8, '0'), $4, $5)
     on conflict (customer_id) do nothing`,
    [randomUUID(), d.customerId, d.storeKey, d.currency, d.openedAt],
  );
}

export async function setDepositOwner(tx: Db, depositId: string, customerId: string): Promise<void> {
  await tx.query('update deposits set customer_id = $2 where id = $1', [depositId, customerId]);
}

/** Moves every lot of one deposit into another and keeps the earlier open date. */
export async function joinDeposits(tx: Db, from: DepositRow, into: DepositRow): Promise<void> {
  await tx.query('update deposit_lots set deposit_id = $2 where deposit_id = $1', [from.id, into.id]);
  await tx.query('update deposits set opened_at = least(opened_at, $2) where id = $1', [into.id, from.opened_at]);
}

export async function deleteDeposit(tx: Db, id: string): Promise<void> {
  await tx.query('delete from deposits where id = $1', [id]);
}

// ---------------------------------------------------------------- lots and withdrawals

export interface NewLot {
  depositId: string; orderId: string; orderNumber: string; orderLineId: string; sku: string; quantity: number; unitCostCents: number; acquiredAt: Date;
}

/** A lot of a paid purchase line; booking the same order line twice books it once. */
export async function insertLot(tx: Db, l: NewLot): Promise<void> {
  await tx.query(
    `insert into deposit_lots (id, deposit_id, order_id, order_number, order_line_id, sku, quantity, remaining, unit_cost_cents, acquired_at)
     values ($1, $2, $3, $4, $5, $6, $7, $7, $8, $9) on conflict (order_number, order_line_id) do nothing`,
    [randomUUID(), l.depositId, l.orderId, l.orderNumber, l.orderLineId, l.sku, l.quantity, l.unitCostCents, l.acquiredAt],
  );
}

/** The lots still holding metal, oldest first (FIFO order); forUpdate locks them for a sale's transaction. */
export async function lotsOf(db: Db, depositId: string, sku?: string, opts: { forUpdate?: boolean } = {}): Promise<LotRow[]> {
  return db.query<LotRow>(
    `select * from deposit_lots where deposit_id = $1 and remaining > 0 and ($2::text is null or sku = $2) order by acquired_at, seq${opts.forUpdate ? ' for update' : ''}`,
    [depositId, sku ?? null],
  );
}

/** Pieces per sku the customer's deposit on the store holds now (skus with none left out). */
export async function holdingsBySku(db: Db, customerId: string, storeKey: StoreKey): Promise<{ sku: string; n: number }[]> {
  return db.query<{ sku: string; n: number }>(
    `select l.sku, sum(l.remaining)::int as n from deposit_lots l join deposits d on d.id = l.deposit_id
     where d.customer_id = $1 and d.store_key = $2 and l.remaining > 0 group by l.sku`,
    [customerId, storeKey],
  );
}

/** Pieces the customer's deposits hold, all stores together (what blocks deleting the account). */
export async function depotPieces(db: Db, customerId: string): Promise<number> {
  const [held] = await db.query<{ n: number }>(
    `select coalesce(sum(l.remaining), 0)::int as n from deposit_lots l join deposits d on d.id = l.deposit_id where d.customer_id = $1`,
    [customerId],
  );
  return held?.n ?? 0;
}

export async function takeFromLot(tx: Db, lotId: string, quantity: number): Promise<void> {
  await tx.query('update deposit_lots set remaining = remaining - $2 where id = $1', [lotId, quantity]);
}

/** The lots a purchase booked, locked (a return of its payment takes them out again). */
export async function lotsOfOrderForUpdate(tx: Db, orderId: string): Promise<{ id: string; quantity: number; remaining: number }[]> {
  return tx.query<{ id: string; quantity: number; remaining: number }>('select id, quantity, remaining from deposit_lots where order_id = $1 for update', [orderId]);
}

export async function deleteLotsOfOrder(tx: Db, orderId: string): Promise<void> {
  await tx.query('delete from deposit_lots where order_id = $1', [orderId]);
}

export async function returnToLot(tx: Db, lotId: string, quantity: number): Promise<void> {
  await tx.query('update deposit_lots set remaining = remaining + $2 where id = $1', [lotId, quantity]);
}

export interface NewWithdrawal {
  lotId: string; orderId: string; orderNumber: string; orderLineId: string; quantity: number; unitCostCents: number; costCurrency: Currency;
  unitPriceCents: number; currency: Currency; takenAt: Date;
}

export async function insertWithdrawal(tx: Db, w: NewWithdrawal): Promise<void> {
  await tx.query(
    `insert into deposit_withdrawals
       (id, lot_id, order_id, order_number, order_line_id, quantity, unit_cost_cents, cost_currency, unit_price_cents, currency, taken_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [randomUUID(), w.lotId, w.orderId, w.orderNumber, w.orderLineId, w.quantity, w.unitCostCents, w.costCurrency, w.unitPriceCents, w.currency, w.takenAt],
  );
}

/** The parts of lots an order took, locked (a cancellation puts them back). */
export async function withdrawalsOfOrderForUpdate(tx: Db, orderId: string): Promise<WithdrawalRow[]> {
  return tx.query<WithdrawalRow>('select id, lot_id, quantity from deposit_withdrawals where order_id = $1 for update', [orderId]);
}

export async function deleteWithdrawal(tx: Db, id: string): Promise<void> {
  await tx.query('delete from deposit_withdrawals where id = $1', [id]);
}

// ---------------------------------------------------------------- what the deposit reads of others' tables

/** The EUR rates of the price set an order was placed at (a purchase in another currency is booked at them). */
export async function eurRatesOfPriceSet(tx: Db, priceSetId: string): Promise<Record<Currency, number>> {
  const [set] = await tx.query<{ eur_rates: Record<Currency, number> }>('select eur_rates from price_sets where id = $1', [priceSetId]);
  return set.eur_rates;
}

/** The deposit's purchases not paid yet (Open, payment not Paid), oldest first. */
export async function depositPurchasesAwaitingPayment(db: Db, customerId: string, storeKey: StoreKey): Promise<AwaitingOrderRow[]> {
  return db.query<AwaitingOrderRow>(
    `select *, payment_due_by::text as due from orders
     where customer_id = $1 and store_key = $2 and type = 'buy' and data->>'shippingMethod' = 'deposit'
       and order_state in ('Open', 'Created') and payment_state <> 'Paid'
     order by created_at, order_number`,
    [customerId, storeKey],
  );
}

// ---------------------------------------------------------------- depot statements (issue 25)

/** A lot as it stood at a moment: `held` pieces (what it holds now plus what sales after the moment took). */
export type LotAsOfRow = LotRow & { held: number };

/** The lots acquired before `end` with what each held at `end`, oldest first (those empty at `end` left out). */
export async function lotsAsOf(db: Db, depositId: string, end: Date): Promise<LotAsOfRow[]> {
  const rows = await db.query<LotAsOfRow>(
    `select l.*, (l.remaining + coalesce((select sum(w.quantity) from deposit_withdrawals w where w.lot_id = l.id and w.taken_at >= $2), 0))::int as held
     from deposit_lots l where l.deposit_id = $1 and l.acquired_at < $2 order by l.acquired_at, l.seq`,
    [depositId, end],
  );
  return rows.filter((r) => r.held > 0);
}

/** A part of a lot a depot sale took, with the lot's product and acquisition. */
export interface SalePartRow {
  order_number: string; quantity: number; unit_cost_cents: number; cost_currency: Currency; unit_price_cents: number; currency: Currency; taken_at: Date;
  sku: string; acquired_at: Date; lot_order_number: string;
}

/** The parts of lots the depot's sales took in [from, to), in the order they were taken (FIFO within a sale). */
export async function salePartsBetween(db: Db, depositId: string, from: Date, to: Date): Promise<SalePartRow[]> {
  return db.query<SalePartRow>(
    `select w.order_number, w.quantity, w.unit_cost_cents::float8 as unit_cost_cents, w.cost_currency, w.unit_price_cents::float8 as unit_price_cents,
       w.currency, w.taken_at, l.sku, l.acquired_at, l.order_number as lot_order_number
     from deposit_withdrawals w join deposit_lots l on l.id = w.lot_id
     where l.deposit_id = $1 and w.taken_at >= $2 and w.taken_at < $3 order by w.taken_at, w.order_number, l.acquired_at, l.seq`,
    [depositId, from, to],
  );
}
