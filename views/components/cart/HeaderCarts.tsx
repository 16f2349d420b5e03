// The header's two carts (buy and sell) with their item counts, and the added-to-cart notification.
// The counts render in the browser only, after hydration: the server and the first browser render show the
// links without a count (no hydration mismatch, STYLE: Hydrogen #2560; the guest page cache serves one
// document to every guest). spec 4: on a price update outside the cart and checkout pages, all carts are
// recalculated (this header is on every page but the checkout's, which has its own layout).
import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import { pathFor } from '../../../src/screens.ts';
import type { RouteHandle } from '../../../src/screens.ts';
import { useCarts } from '../../../client/hooks/useCarts.ts';
import { priceEvents } from '../../../client/hooks/usePrices.ts';
import { recalculateAll } from '../../../client/lib/cart-store.ts';
import { useShop } from '../../lib/context.tsx';
import { Link } from '../ShopLink.tsx';
import { CartNotices } from './CartNotices.tsx';
import { itemsKeys, itemsLabel } from './format.ts';

export function cartPath(lang: 'de' | 'en', type: 'buy' | 'sell'): string {
  return `${pathFor('cart', lang)}?type=${type}`;
}

export function HeaderCarts() {
  const { t, lang, uses } = useShop();
  const carts = useCarts();
  uses(itemsKeys);
  const matches = useMatches();
  const screen = (matches[matches.length - 1]?.handle as RouteHandle | undefined)?.screen;

  useEffect(() => {
    if (screen === 'cart') return;
    const onUpdate = () => void recalculateAll();
    window.addEventListener(priceEvents.updated, onUpdate);
    return () => window.removeEventListener(priceEvents.updated, onUpdate);
  }, [screen]);

  const { pathname, search } = useLocation();
  const onCartPage = screen === 'cart';
  const shownType = new URLSearchParams(search).get('type') === 'sell' ? 'sell' : 'buy';
  const count = (type: 'buy' | 'sell') => (carts.ready ? carts[type]?.itemCount ?? 0 : null);
  return (
    <>
      {(['buy', 'sell'] as const).map((type) => {
        const n = count(type);
        const current = onCartPage && pathname === pathFor('cart', lang) && shownType === type;
        return (
          <Link key={type} to={cartPath(lang, type)} className={`header-cart${current ? ' active' : ''}`} aria-current={current ? 'page' : undefined}>
            {t(`cart.header.${type}`)}
            {n === null ? null : (
              <>
                {' '}
                <span className="cart-count" data-testid={`cart-count-${type}`} aria-hidden="true">{n}</span>
                <span className="visually-hidden">, {itemsLabel(t, n)}</span>
              </>
            )}
          </Link>
        );
      })}
      <CartNotices />
    </>
  );
}
