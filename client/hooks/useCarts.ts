// SWR hooks for the customer's carts and wishlist (spec 4), the browser's side of the port's carts. Nothing of them is in the server's HTML: the
// server render and the first browser render see no carts (the guest page cache serves one document to
// every guest; STYLE: Hydrogen #2560, no hydration mismatch), and they appear right after hydration.
import { useEffect, useRef, useSyncExternalStore } from 'react';
import useSWR, { mutate } from 'swr';
import type { Wishlist } from '../../src/contracts/wishlist.ts';
import { useShop } from '../../views/lib/context.tsx';
import { CARTS_KEY, emptyCarts, fetchCarts, getNotices, holdCartPrices, subscribeNotices, watchSession, type CartNotice, type CartsState } from '../state/cart-store.ts';
import type { CartsView, WishlistView } from '../../views/lib/browser-types.ts';
import { getWishlist, toggleWishlist as toggleWishlistCall } from '../../views/state/shop-api.ts';
import { useHydrated } from '../../views/hooks/usePrices.ts';


/** The customer's buy and sell carts, read after hydration and kept in step with every write. */
export function useCarts(): CartsView {
  const hydrated = useHydrated();
  const { session, lang } = useShop();
  const noSession = session.level === 'guest';
  const { data, error } = useSWR<CartsState>(hydrated ? CARTS_KEY : null, fetchCarts, {
    revalidateOnFocus: true,
    dedupingInterval: 2_000,
    // a guest has no carts: nothing to wait for
    fallbackData: noSession ? emptyCarts : undefined,
  });
  useEffect(() => watchSession(), []);
  // spec 4: carts follow the page's language (commerce answers them in it; the cart stores it with the next write)
  const lastLang = useRef(lang);
  useEffect(() => {
    if (lastLang.current === lang) return;
    lastLang.current = lang;
    void mutate(CARTS_KEY);
  }, [lang]);
  if (!hydrated) return { ...emptyCarts, ready: false, error: false };
  const carts = data ?? emptyCarts;
  return { ...carts, ready: data !== undefined, error: !!error };
}

/**
 * spec 4: the cart and checkout pages keep the prices their carts hold while they are open (new prices are
 * offered through the price lock); every other page reads carts priced from the current set (issue 16).
 */
export function useHeldCartPrices(): void {
  useEffect(() => holdCartPrices(), []);
}

const noNotices: CartNotice[] = [];

/** The added-to-cart and removed-line notices (one polite live region in the header shows them). */
export function useCartNotices(): CartNotice[] {
  return useSyncExternalStore(subscribeNotices, getNotices, () => noNotices);
}

export const WISHLIST_KEY = 'shop:wishlist';

async function fetchWishlist(): Promise<Wishlist | null> {
  const r = await getWishlist();
  if (r.error) throw Object.assign(new Error(r.error.message), { code: r.error.code });
  return r.data.wishlist;
}

/** The signed-in customer's wishlist (spec 6: wishlists only for signed-in customers). */
export function useWishlist(): WishlistView {
  const hydrated = useHydrated();
  const { session } = useShop();
  const signedIn = session.level === 'user';
  const { data } = useSWR<Wishlist | null>(hydrated && signedIn ? WISHLIST_KEY : null, fetchWishlist, { revalidateOnFocus: false, dedupingInterval: 5_000 });
  return { wishlist: data ?? null, ready: !hydrated ? false : !signedIn || data !== undefined, signedIn };
}

/** spec 4 toggle: adds the product (creating the wishlist) or removes it; the caller shows the notification. */
export async function toggleWishlist(sku: string) {
  const r = await toggleWishlistCall(sku);
  if (!r.error) void mutate(WISHLIST_KEY, r.data.wishlist, { revalidate: false });
  return r;
}

export function setWishlist(w: Wishlist | null): void {
  void mutate(WISHLIST_KEY, w, { revalidate: false });
}
