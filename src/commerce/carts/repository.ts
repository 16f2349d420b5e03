// Carts in the database: reading, repricing from the current price set, writing under the version, and the
// answer shape (spec 3 Cart); the rules that decide a write are the service's (service.ts). Every write reprices the whole cart, so a cart's lines always come from one
// price set (its priceSetId).
import { randomUUID } from 'node:crypto';
import type { Cart, CartLineItem, CartNotification, CartPrices } from '../../contracts/cart.ts';
import { type CatalogueProduct, lineImageUrl, pick, productsBySkus } from '../catalogue/index.ts';
import type { Db } from '../db/index.ts';
import { discountCodeById, type DiscountCode } from '../discounts/index.ts';
import { commerceOrderErrors } from '../http/errors.ts';
import { priceTypeFor, scrapPrice, tierPrice, currentPriceSet, priceList, type CurrentPriceSet } from '../prices/index.ts';
import { shippingMethodId } from '../shipping/index.ts';
import { cartTotals, type CartTotals } from './calculate.ts';
import { langOf, maskBankDetails, scrapName, type CartRow, type Lang, type StoredLine } from './model.ts';

export async function cartById(db: Db, id: string, opts: { forUpdate?: boolean } = {}): Promise<CartRow | null> {
  const rows = await db.query<CartRow>(`select * from carts where id = $1${opts.forUpdate ? ' for update' : ''}`, [id]);
  return rows[0] ?? null;
}

/** The customer's active carts (at most one per transaction type), buy first. */
export async function activeCarts(db: Db, customerId: string): Promise<CartRow[]> {
  return db.query<CartRow>(`select * from carts where customer_id = $1 and status = 'active' order by transaction_type`, [customerId]);
}

export interface NewCart {
  customerId: string; storeKey: string; transactionType: string; country: string; currency: string; locale: string;
  customerGroup: string | null; customerEmail: string | null; now: Date;
}

/** The customer's new active cart of the type (version 1), or null when one exists already (one per type). */
export async function insertActiveCart(tx: Db, c: NewCart): Promise<CartRow | null> {
  const rows = await tx.query<CartRow>(
    `insert into carts (id, customer_id, store_key, transaction_type, order_type, country, currency, locale, status, version, customer_group,
       customer_email, created_at, updated_at)
     values ($1, $2, $3, $4, 'order', $5, $6, $7, 'active', 1, $8, $9, $10, $10)
     on conflict (customer_id, transaction_type) where status = 'active' do nothing returning *`,
    [randomUUID(), c.customerId, c.storeKey, c.transactionType, c.country, c.currency, c.locale, c.customerGroup, c.customerEmail, c.now],
  );
  return rows[0] ?? null;
}

/** A cart that is no customer's active cart (a limit order's: status limit-order), with its lines and addresses; version 1. */
export async function insertCart(
  tx: Db,
  c: NewCart & {
    status: CartRow['status']; lineItems: StoredLine[]; shippingMethod: CartRow['shipping_method']; paymentMethod: CartRow['payment_method'];
    shippingAddress: CartRow['shipping_address']; billingAddress: CartRow['billing_address'];
  },
): Promise<CartRow> {
  const [row] = await tx.query<CartRow>(
    `insert into carts (id, customer_id, store_key, transaction_type, order_type, country, currency, locale, status, version, customer_group,
       line_items, shipping_method, payment_method, customer_email, shipping_address, billing_address, created_at, updated_at)
     values ($1, $2, $3, $4, 'order', $5, $6, $7, $8, 1, $9, $10::jsonb, $11, $12, $13, $14::jsonb, $15::jsonb, $16, $16) returning *`,
    [
      randomUUID(), c.customerId, c.storeKey, c.transactionType, c.country, c.currency, c.locale, c.status, c.customerGroup,
      JSON.stringify(c.lineItems), c.shippingMethod, c.paymentMethod, c.customerEmail, json(c.shippingAddress), json(c.billingAddress), c.now,
    ],
  );
  return row;
}

/**
 * The customer's active cart of a type, locked, created on demand (spec 4). A cart deleted or created by a
 * concurrent transaction meanwhile is found by the next statement (its own snapshot).
 */
export async function lockActiveCart(tx: Db, c: Omit<NewCart, 'customerGroup' | 'customerEmail'> & { customer: () => Promise<Pick<NewCart, 'customerGroup' | 'customerEmail'>> }): Promise<CartRow> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const found = await activeCartForUpdate(tx, c.customerId, c.transactionType);
    if (found) return found;
    const inserted = await insertActiveCart(tx, { ...c, ...(await c.customer()) });
    if (inserted) return inserted;
  }
  throw new Error('no active cart after three attempts');
}

/** The customer's active carts, locked (the guest's at sign-in). */
export async function activeCartsForUpdate(tx: Db, customerId: string): Promise<CartRow[]> {
  return tx.query<CartRow>(`select * from carts where customer_id = $1 and status = 'active' for update`, [customerId]);
}

export async function activeCartForUpdate(tx: Db, customerId: string, transactionType: string): Promise<CartRow | null> {
  const [row] = await tx.query<CartRow>(
    `select * from carts where customer_id = $1 and transaction_type = $2 and status = 'active' for update`,
    [customerId, transactionType],
  );
  return row ?? null;
}

/** A guest's cart changes hands at sign-in (the account had none of its type). */
export async function handOverCart(tx: Db, id: string, customerId: string, customerGroup: string | null, customerEmail: string | null, now: Date): Promise<void> {
  await tx.query(
    `update carts set customer_id = $2, customer_group = $3, customer_email = coalesce($4, customer_email), version = version + 1, updated_at = $5
     where id = $1`,
    [id, customerId, customerGroup, customerEmail, now],
  );
}

export async function deleteCart(tx: Db, id: string): Promise<void> {
  await tx.query('delete from carts where id = $1', [id]);
}

/** Writes every mutable column and counts the version up; returns the stored row. */
export async function saveCart(db: Db, c: CartRow, now: Date): Promise<CartRow> {
  const rows = await db.query<CartRow>(
    `update carts set locale = $2, country = $3, customer_group = $4, line_items = $5::jsonb, shipping_method = $6, payment_method = $7,
       pickup_store = $8, customer_email = $9, shipping_address = $10::jsonb, billing_address = $11::jsonb, discount_code_id = $12,
       payout_account = $13::jsonb, identity_document = $14::jsonb, price_set_id = $15, notifications = $16::jsonb, status = $17,
       currency = $19, version = version + 1, updated_at = $18
     where id = $1 returning *`,
    [
      c.id, c.locale, c.country, c.customer_group, JSON.stringify(c.line_items), c.shipping_method, c.payment_method, c.pickup_store,
      c.customer_email, json(c.shipping_address), json(c.billing_address), c.discount_code_id, json(c.payout_account), json(c.identity_document),
      c.price_set_id, JSON.stringify(c.notifications), c.status, now, c.currency,
    ],
  );
  return rows[0];
}

const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));

/** The catalogue products of a cart's lines, by sku. */
export async function productsOf(db: Db, lines: StoredLine[]): Promise<Map<string, CatalogueProduct>> {
  const skus = [...new Set(lines.flatMap((l) => (l.sku ? [l.sku] : [])))];
  return new Map((await productsBySkus(db, skus)).map((p) => [p.sku, p]));
}

function notification(code: 'product_out_of_stock' | 'product_no_longer_available', sku: string): CartNotification {
  return { code, sku, message: commerceOrderErrors[code].message };
}

export interface Repriced {
  set: CurrentPriceSet | null;
  products: Map<string, CatalogueProduct>;
}

/**
 * Prices every line from the current set (the tier for its quantity, the price type for the payment
 * method) and removes what the shop cannot sell any more: spec 4, an out-of-stock product leaves a buy cart
 * with a message; a product no longer published leaves any cart. Changes the row in place.
 */
export async function repriceCart(db: Db, cart: CartRow): Promise<Repriced> {
  const set = await currentPriceSet(db);
  const list = set ? await priceList(db, set.id, cart.country, cart.currency) : null;
  const products = await productsOf(db, cart.line_items);
  const type = priceTypeFor(cart.transaction_type, cart.payment_method);
  const notifications: CartNotification[] = [];
  const lines: StoredLine[] = [];
  for (const line of cart.line_items) {
    if (line.kind === 'scrap' && line.scrap) {
      lines.push({ ...line, price: scrapPrice(set, line.scrap, cart.currency) });
      continue;
    }
    const product = line.sku ? products.get(line.sku) : undefined;
    if (!product || !product.published) {
      notifications.push(notification('product_no_longer_available', line.sku ?? ''));
      continue;
    }
    if (cart.transaction_type === 'buy' && product.availability === 'soldOut') {
      notifications.push(notification('product_out_of_stock', product.sku));
      continue;
    }
    lines.push({ ...line, price: tierPrice(list?.[product.sku], type, line.quantity) });
  }
  cart.line_items = lines;
  cart.price_set_id = set?.id ?? null;
  cart.notifications = notifications;
  return { set, products };
}

export interface CartView {
  cart: Cart;
  totals: CartTotals;
}

/** The answer of every cart call, in the requested language (default: the cart's locale). */
export async function cartView(
  db: Db, row: CartRow, opts: { languageTag?: string; repriced?: Repriced; heldPriceSetId?: string | null } = {},
): Promise<CartView> {
  const lang = langOf(opts.languageTag, langOf(row.locale, 'de'));
  const products = opts.repriced?.products ?? (await productsOf(db, row.line_items));
  const set = opts.repriced ? opts.repriced.set : await currentPriceSet(db);
  const discount = row.discount_code_id ? await discountCodeById(db, row.discount_code_id) : null;
  const totals = cartTotals(row, products, discount);
  const held = opts.heldPriceSetId === undefined ? row.price_set_id : opts.heldPriceSetId;
  return { cart: toCart(row, products, discount, totals, set, lang, held), totals };
}

/**
 * A read of a cart (issue 16). prices current (default): a copy of the cart is priced from the current set,
 * without what the shop cannot sell any more (with its notification), and nothing is stored: a new price set
 * costs no cart write; the cart takes the prices with its next write (the customer's action). held: the
 * prices the cart holds, as stored (the cart and checkout pages' price lock).
 */
export async function cartReadView(db: Db, row: CartRow, opts: { languageTag?: string; prices?: CartPrices } = {}): Promise<CartView> {
  if (opts.prices === 'held') return cartView(db, row, { languageTag: opts.languageTag });
  const priced = structuredClone(row);
  const repriced = await repriceCart(db, priced);
  // what the last write said (a merge's cut line) stays, with what this read would remove
  priced.notifications = [...row.notifications, ...priced.notifications];
  return cartView(db, priced, { languageTag: opts.languageTag, repriced, heldPriceSetId: row.price_set_id });
}

function toCart(
  row: CartRow, products: Map<string, CatalogueProduct>, discount: DiscountCode | null, t: CartTotals, set: CurrentPriceSet | null, lang: Lang,
  heldPriceSetId: string | null,
): Cart {
  const money = (centAmount: number) => ({ centAmount, currencyCode: row.currency });
  const lineItems: CartLineItem[] = row.line_items.map((l) => lineItem(l, l.sku ? products.get(l.sku) : undefined, lang, row.currency));
  const method = t.method;
  return {
    id: row.id,
    version: row.version,
    ownerId: row.customer_id,
    storeKey: row.store_key,
    locale: row.locale,
    orderType: 'order',
    transactionType: row.transaction_type,
    country: row.country,
    currency: row.currency,
    customerGroup: row.customer_group,
    lineItems,
    itemCount: t.itemCount,
    totalPrice: t.goods === null ? null : money(t.goods),
    discount: discount
      ? { discountCodeId: discount.id, code: discount.code, kind: discount.kind, amount: money(t.goodsDiscount + t.shippingDiscount), applies: t.discountApplies }
      : null,
    discountCodes: discount ? [{ discountCodeId: discount.id, code: discount.code }] : [],
    shippingInfo: method
      ? {
        shippingMethodId: shippingMethodId(method.key), key: method.key, name: method.name[lang], deliveryMethod: method.deliveryMethod,
        price: money(t.shippingFee), totalGrossPrice: money(t.shippingFee - t.shippingDiscount),
      }
      : null,
    totalGrossPrice: t.totalGross === null ? null : money(t.totalGross),
    totalTaxPrice: t.totalTax === null ? null : money(t.totalTax),
    customerEmail: row.customer_email,
    paymentMethod: row.payment_method,
    pickupStore: row.pickup_store,
    shippingAddress: row.shipping_address,
    billingAddress: row.billing_address,
    payoutAccount: maskBankDetails(row.payout_account),
    identityDocument: row.identity_document ? { documentType: row.identity_document.documentType, expiryDate: row.identity_document.expiryDate } : null,
    priceSetId: row.price_set_id,
    pricesValidUntil: set && set.id === row.price_set_id ? set.validUntil.toISOString() : null,
    heldPriceSetId,
    notifications: row.notifications,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** A line as answered; orders freeze the same shape. */
export function lineItem(l: StoredLine, product: CatalogueProduct | undefined, lang: Lang, currency: CartRow['currency']): CartLineItem {
  const qty = l.kind === 'scrap' ? 1 : l.quantity;
  return {
    id: l.id,
    kind: l.kind,
    sku: l.sku,
    productId: l.productId,
    name: l.scrap ? scrapName(l.scrap, lang) : (pick(product?.name, lang) ?? l.sku ?? ''),
    slug: product ? pick(product.slug, lang) : null,
    imageUrl: lineImageUrl(product, lang),
    quantity: l.quantity,
    price: l.price,
    totalPrice: l.price ? { centAmount: l.price.centAmount * qty, currencyCode: currency } : null,
    metal: l.scrap ? l.scrap.metal : product?.metal ?? null,
    availability: product?.availability ?? null,
    depositable: product?.depositable ?? false,
    dutyFree: product?.dutyFree ?? false,
    scrap: l.scrap,
  };
}
