// The wishlists' SQL: one wishlist per customer (table wishlists) with its lines (wishlist_line_items).
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/index.ts';

export interface WishlistRow { id: string; customer_id: string; store_key: string; created_at: Date; updated_at: Date }
export interface WishlistLineRow { id: string; sku: string; product_id: string; quantity: number; added_at: Date }

export async function wishlistOf(db: Db, customerId: string): Promise<WishlistRow | null> {
  const rows = await db.query<WishlistRow>('select * from wishlists where customer_id = $1', [customerId]);
  return rows[0] ?? null;
}

/** The customer's wishlist, locked until the transaction ends (toggles of two tabs take turns). */
export async function wishlistForUpdate(tx: Db, customerId: string): Promise<WishlistRow | null> {
  const rows = await tx.query<WishlistRow>('select * from wishlists where customer_id = $1 for update', [customerId]);
  return rows[0] ?? null;
}

/** The customer's new wishlist, or null when one exists already (a parallel create). */
export async function insertWishlist(tx: Db, customerId: string, storeKey: string, now: Date): Promise<WishlistRow | null> {
  const rows = await tx.query<WishlistRow>(
    `insert into wishlists (id, customer_id, store_key, created_at, updated_at) values ($1, $2, $3, $4, $4)
     on conflict (customer_id) do nothing returning *`,
    [randomUUID(), customerId, storeKey, now],
  );
  return rows[0] ?? null;
}

export async function wishlistLines(db: Db, wishlistId: string): Promise<WishlistLineRow[]> {
  return db.query<WishlistLineRow>('select id, sku, product_id, quantity, added_at from wishlist_line_items where wishlist_id = $1 order by seq', [wishlistId]);
}

/** Adds the product or sets its quantity, and touches the wishlist. */
export async function putWishlistLine(tx: Db, wishlistId: string, sku: string, productId: string, quantity: number, now: Date): Promise<void> {
  await tx.query(
    `insert into wishlist_line_items (id, wishlist_id, sku, product_id, quantity, added_at) values ($1, $2, $3, $4, $5, $6)
     on conflict (wishlist_id, sku) do update set quantity = excluded.quantity`,
    [randomUUID(), wishlistId, sku, productId, quantity, now],
  );
  await touchWishlist(tx, wishlistId, now);
}

/** true when the line existed. */
export async function deleteWishlistLine(db: Db, wishlistId: string, lineId: string): Promise<boolean> {
  const rows = await db.query('delete from wishlist_line_items where id = $1 and wishlist_id = $2 returning id', [lineId, wishlistId]);
  return rows.length > 0;
}

/** Removes the product's line; true when it was on the wishlist. */
export async function deleteWishlistSku(tx: Db, wishlistId: string, sku: string): Promise<boolean> {
  const rows = await tx.query('delete from wishlist_line_items where wishlist_id = $1 and sku = $2 returning id', [wishlistId, sku]);
  return rows.length > 0;
}

export async function touchWishlist(db: Db, wishlistId: string, now: Date): Promise<void> {
  await db.query('update wishlists set updated_at = $2 where id = $1', [wishlistId, now]);
}

/** A guest's wishlist becomes the account's (the account had none). */
export async function moveWishlist(tx: Db, wishlistId: string, customerId: string, now: Date): Promise<void> {
  await tx.query('update wishlists set customer_id = $2, updated_at = $3 where id = $1', [wishlistId, customerId, now]);
}

/** The guest's lines the account's wishlist does not hold yet, in the guest's order. */
export async function copyWishlistLines(tx: Db, fromId: string, toId: string): Promise<void> {
  await tx.query(
    `insert into wishlist_line_items (id, wishlist_id, sku, product_id, quantity, added_at)
     select gen_random_uuid(), $2, sku, product_id, quantity, added_at from wishlist_line_items where wishlist_id = $1 order by seq
     on conflict (wishlist_id, sku) do nothing`,
    [fromId, toId],
  );
}
