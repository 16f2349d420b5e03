// The customer's carts and wishlist for the views (spec 4), read through the browser port: in the browser
// client/hooks/useCarts.ts keeps them in SWR; nothing of them is in the server's HTML (the server render
// and the first browser render see no carts, and they appear right after hydration).
import { useBrowser } from '../lib/browser-port.ts';
import type { CartNotice, CartsView, WishlistView } from '../lib/browser-types.ts';

export type { CartsView } from '../lib/browser-types.ts';

/** The customer's buy and sell carts, read after hydration and kept in step with every write. */
export function useCarts(): CartsView {
  return useBrowser().carts.useCarts();
}

/**
 * spec 4: the cart and checkout pages keep the prices their carts hold while they are open (new prices are
 * offered through the price lock); every other page reads carts priced from the current set (issue 16).
 */
export function useHeldCartPrices(): void {
  useBrowser().carts.useHeldPrices();
}

/** The added-to-cart and removed-line notices (one polite live region in the header shows them). */
export function useCartNotices(): CartNotice[] {
  return useBrowser().carts.useNotices();
}

/** The signed-in customer's wishlist (spec 6: wishlists only for signed-in customers). */
export function useWishlist(): WishlistView {
  return useBrowser().carts.useWishlist();
}
