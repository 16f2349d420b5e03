// The header's two carts (buy and sell) with their item counts (the added-to-cart notification is the
// header's own: Header.tsx, outside the phone menu that holds these links).
// The counts render in the browser only, after hydration: the server and the first browser render show the
// links with the count's place kept but empty (no hydration mismatch, STYLE: Hydrogen #2560; the page cache
// serves one document to every visitor of a session level; nothing moves when the count comes). spec 4: on a
// price update outside the cart and checkout pages, the carts show the new prices (this header is on every page
// but the checkout's, which has its own layout): issue 16, by a read spread over a few seconds, never a cart
// write (views/state/cart-prices.ts).
import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import { pathFor } from '../../../src/screens.ts';
import type { RouteHandle } from '../../../src/screens.ts';
import { useCarts } from '../../hooks/useCarts.ts';
import { priceEvents } from '../../hooks/usePrices.ts';
import { useBrowser } from '../../lib/browser-port.ts';
import { useShop } from '../../lib/context.tsx';
import { Link } from '../ShopLink.tsx';
import { itemsKeys, itemsLabel } from './format.ts';

export function cartPath(lang: 'de' | 'en', type: 'buy' | 'sell'): string {
  return `${pathFor('cart', lang)}?type=${type}`;
}

export function HeaderCarts() {
  const { refreshAfterPriceUpdate } = useBrowser().carts;
  const { t, lang, uses } = useShop();
  const carts = useCarts();
  uses(itemsKeys);
  const matches = useMatches();
  const screen = (matches[matches.length - 1]?.handle as RouteHandle | undefined)?.screen;

  useEffect(() => {
    if (screen === 'cart') return;
    const onUpdate = () => void refreshAfterPriceUpdate();
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
            {t(`cart.header.${type}`)}{' '}
            {/* the badge's place is kept (hidden) until the count is known, so nothing moves when it comes */}
            {n === null ? <span className="cart-count cart-count-pending" aria-hidden="true">0</span> : (
              <>
                <span className="cart-count" data-testid={`cart-count-${type}`} aria-hidden="true">{n}</span>
                <span className="visually-hidden">, {itemsLabel(t, n)}</span>
              </>
            )}
          </Link>
        );
      })}
    </>
  );
}
