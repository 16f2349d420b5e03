// A limit order as stored (table limit_orders) and its answer shape (src/contracts/limit-order.ts), with
// the current price it is compared against: the buy price per piece (bank transfer, spec 9 discount
// price) of the tier its quantity reaches, from the current set's list of its country and currency.
import type { LimitOrder, LimitOrderStatus } from '../../contracts/limit-order.ts';
import type { Currency, StoreKey } from '../../stores.ts';
import { accountErrors } from '../account-error-codes.ts';
import type { Lang } from '../lib/lang.ts';
import { type CatalogueProduct, lineImageUrl, pick, productsBySkus } from '../catalogue/index.ts';
import type { Db } from '../db/index.ts';
import { commerceOrderErrors } from '../http/errors.ts';
import { tierPrice, currentPriceSet, priceList, type CurrentPriceSet } from '../prices/index.ts';
import { nextLimitOrderSequence, type LimitOrderRow } from './repository.ts';

export type { LimitOrderRow } from './repository.ts';

/** spec 5 / 9: a limit order's price at most 500,000.00 */
import { LIMIT_PRICE_MAX_CENTS } from '../../contracts/cart-limits.ts';
export { LIMIT_PRICE_MAX_CENTS };
/** Decision: a limit order runs at most 12 months (a price target further out is a wish, not an order). */
export const LIMIT_ORDER_MAX_DAYS = 366;
/** Decision: at most 50 open (active, inactive, pending) limit orders per customer. */
export const OPEN_LIMIT_ORDERS_MAX = 50;
export const OPEN_STATUSES: LimitOrderStatus[] = ['active', 'inactive', 'pending'];

/** The buy price per piece the limit order is compared with, from a set's list (null: the set has none). */
export async function currentUnitPrice(db: Db, set: CurrentPriceSet | null, lo: Pick<LimitOrderRow, 'sku' | 'quantity' | 'country' | 'currency'>): Promise<number | null> {
  if (!set) return null;
  const list = await priceList(db, set.id, lo.country, lo.currency);
  return tierPrice(list?.[lo.sku], 'buy', lo.quantity)?.centAmount ?? null;
}

/** The message of a failure reason, from whichever table holds its code. */
function reasonMessage(code: string): string {
  return (accountErrors as Record<string, { message: string }>)[code]?.message
    ?? (commerceOrderErrors as Record<string, { message: string }>)[code]?.message
    ?? code;
}

const DAY_MS = 86_400_000;

/**
 * The answer. A stored active limit order whose expiry has passed answers inactive at once (the job that
 * writes it, and mails the customer, runs at most a minute later).
 */
export function toLimitOrder(row: LimitOrderRow, product: CatalogueProduct | undefined, current: number | null, lang: Lang, now: Date): LimitOrder {
  const expired = row.status === 'active' && row.expires_at <= now;
  const published = product?.published ?? false;
  const open = OPEN_STATUSES.includes(row.status);
  return {
    id: row.id,
    number: row.number,
    type: 'buy',
    sku: row.sku,
    productId: product?.productId ?? null,
    name: pick(product?.name, lang) ?? row.sku,
    slug: product ? pick(product.slug, lang) : null,
    imageUrl: lineImageUrl(product, lang),
    published,
    quantity: row.quantity,
    targetCentAmount: row.target_cents,
    currentCentAmount: current,
    currency: row.currency,
    expiresAt: row.expires_at.toISOString(),
    expiresInDays: Math.max(0, Math.floor((row.expires_at.getTime() - now.getTime()) / DAY_MS)),
    status: expired ? 'inactive' : row.status,
    notice: open && !published ? { code: 'limit_order_product_unpublished', message: accountErrors.limit_order_product_unpublished.message } : null,
    orderId: row.order_id,
    orderNumber: row.order_number,
    executedCentAmount: row.executed_cents,
    executedAt: row.executed_at?.toISOString() ?? null,
    failureReason: row.failure_reason ? { code: row.failure_reason, message: reasonMessage(row.failure_reason) } : null,
    createdAt: row.created_at.toISOString(),
    updatedAt: (row.updated_at ?? row.created_at).toISOString(),
  };
}

/** Answers for rows: their products and current prices looked up once. */
export async function limitOrderViews(db: Db, rows: LimitOrderRow[], lang: Lang, now: Date): Promise<LimitOrder[]> {
  const products = new Map((await productsBySkus(db, [...new Set(rows.map((r) => r.sku))])).map((p) => [p.sku, p]));
  const set = rows.length > 0 ? await currentPriceSet(db) : null;
  const out: LimitOrder[] = [];
  for (const r of rows) out.push(toLimitOrder(r, products.get(r.sku), await currentUnitPrice(db, set, r), lang, now));
  return out;
}

/** CH-L-2026-000042: store, L, year, a number from limit_order_number_seq. */
export async function nextLimitOrderNumber(tx: Db, storeKey: StoreKey, now: Date): Promise<string> {
  const n = await nextLimitOrderSequence(tx);
  return `${storeKey.toUpperCase()}-L-${now.getUTCFullYear()}-${String(n).padStart(6, '0')}`;
}
