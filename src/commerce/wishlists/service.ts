// The wishlists' rules (spec 4: if no wishlist exists, create one with the product; otherwise add or remove
// it). Issue 24: the toggle is one call with its rule inside; every route closure calls one function here; the
// SQL stays in repository.ts.
import { productsBySkus } from '../catalogue/index.ts';
import type { Db } from '../db/index.ts';
import { fail } from '../http/errors.ts';
import type { MergeArgs } from '../customers/index.ts';
import {
  copyWishlistLines, deleteWishlistLine, deleteWishlistSku, insertWishlist, moveWishlist, putWishlistLine, touchWishlist, wishlistForUpdate, wishlistOf,
  type WishlistRow,
} from './repository.ts';

/** Adds a product or sets its quantity (spec 3 entry sku, quantity); a product the shop does not sell: 404. */
export async function putEntry(tx: Db, wishlistId: string, sku: string, quantity: number, now: Date): Promise<void> {
  const [product] = await productsBySkus(tx, [sku]);
  if (!product || !product.published) fail('product_not_found');
  await putWishlistLine(tx, wishlistId, sku, product.productId, quantity, now);
}

/**
 * The toggle (spec 4) in one transaction: the wishlist is created on demand and locked, then the product
 * comes off it when it is on, else goes on. Two tabs' toggles take turns on the lock, so each click counts;
 * the storefront used to read the wishlist and then write, and the second of two clicks met a line already
 * removed (404) or added it a second time.
 */
export async function toggleWishlist(db: Db, customerId: string, storeKey: string, sku: string, now: Date): Promise<{ row: WishlistRow; added: boolean }> {
  return db.transaction(async (tx) => {
    await insertWishlist(tx, customerId, storeKey, now);
    const row = await wishlistForUpdate(tx, customerId);
    if (!row) throw new Error('the wishlist just created is gone');
    if (await deleteWishlistSku(tx, row.id, sku)) {
      await touchWishlist(tx, row.id, now);
      return { row, added: false };
    }
    await putEntry(tx, row.id, sku, 1, now);
    return { row, added: true };
  });
}

/** Who asks for which wishlist: the caller, the request's store and the store key the path names. */
export interface WishlistCall { customerId: string; storeKey: string; now: Date }

/** The caller's wishlist (none or one), only when it belongs to the request's store. */
export async function wishlistOfCaller(db: Db, call: Pick<WishlistCall, 'customerId' | 'storeKey'>): Promise<WishlistRow | null> {
  const w = await wishlistOf(db, call.customerId);
  return w && w.store_key === call.storeKey ? w : null;
}

/** The caller's wishlist named in the path, in the request's store; anything else is 404. */
async function ownWishlist(db: Db, call: WishlistCall, id: string, pathStoreKey: string): Promise<WishlistRow> {
  const w = await wishlistOf(db, call.customerId);
  if (!w || w.id !== id || pathStoreKey !== call.storeKey || w.store_key !== call.storeKey) fail('wishlist_not_found');
  return w;
}

/** Creates the caller's wishlist, optionally with its first product; the existing one (created: false) if there is one. */
export async function createWishlist(
  db: Db, call: WishlistCall, first?: { sku?: string; quantity?: number },
): Promise<{ row: WishlistRow; created: boolean }> {
  return db.transaction(async (tx) => {
    const inserted = await insertWishlist(tx, call.customerId, call.storeKey, call.now);
    const w = inserted ?? (await wishlistOf(tx, call.customerId));
    if (!w) fail('wishlist_not_found');
    if (first?.sku) await putEntry(tx, w.id, first.sku, first.quantity ?? 1, call.now);
    return { row: w, created: inserted !== null };
  });
}

/** Adds a product to the caller's wishlist named in the path or sets its quantity. */
export async function setWishlistEntry(
  db: Db, call: WishlistCall, path: { wishlistId: string; storeKey: string }, entry: { sku: string; quantity?: number },
): Promise<WishlistRow> {
  const w = await ownWishlist(db, call, path.wishlistId, path.storeKey);
  await db.transaction((tx) => putEntry(tx, w.id, entry.sku, entry.quantity ?? 1, call.now));
  return w;
}

/** Removes a line of the caller's wishlist named in the path; a line it does not hold (or a malformed id): 404. */
export async function removeWishlistLine(
  db: Db, call: WishlistCall, path: { wishlistId: string; storeKey: string; lineItemId: string },
): Promise<WishlistRow> {
  const w = await ownWishlist(db, call, path.wishlistId, path.storeKey);
  const removed = /^[0-9a-f-]{36}$/i.test(path.lineItemId) && (await deleteWishlistLine(db, w.id, path.lineItemId));
  if (!removed) fail('wishlist_item_not_found');
  await touchWishlist(db, w.id, call.now);
  return w;
}

/** The merge hook (sign-in): the guest's wishlist becomes the account's, or its lines join the account's. */
export async function mergeWishlists(tx: Db, args: MergeArgs): Promise<void> {
  const guest = await wishlistOf(tx, args.anonymousId);
  if (!guest) return;
  const own = await wishlistOf(tx, args.customerId);
  if (!own) {
    await moveWishlist(tx, guest.id, args.customerId, args.now);
    return;
  }
  await copyWishlistLines(tx, guest.id, own.id);
}
