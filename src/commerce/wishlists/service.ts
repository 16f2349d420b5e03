// The wishlists' rules (spec 4: if no wishlist exists, create one with the product; otherwise add or remove
// it). Issue 24: the toggle is one call with its rule inside; the SQL stays in repository.ts.
import { productsBySkus } from '../catalogue/index.ts';
import type { Db } from '../db/index.ts';
import { fail } from '../http/errors.ts';
import { deleteWishlistSku, insertWishlist, putWishlistLine, touchWishlist, wishlistForUpdate, type WishlistRow } from './repository.ts';

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
