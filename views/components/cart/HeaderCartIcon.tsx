// The phone header's cart: an icon with the buy cart's item count (issue 17). The name is the visible-to-all
// word "Cart" (hidden text) plus the count in words; the badge repeats the count for the eye. Like the wide
// header's links, the count renders in the browser only (the page cache serves one document to everyone):
// its place is kept until it is known, so nothing moves when it comes.
import { useCarts } from '../../hooks/useCarts.ts';
import { useShop } from '../../lib/context.tsx';
import { Link } from '../ShopLink.tsx';
import { cartPath } from './HeaderCarts.tsx';
import { itemsKeys, itemsLabel } from './format.ts';

export function HeaderCartIcon() {
  const { t, lang, uses } = useShop();
  const carts = useCarts();
  uses(itemsKeys);
  const n = carts.ready ? carts.buy?.itemCount ?? 0 : null;
  return (
    <Link to={cartPath(lang, 'buy')} className="header-icon header-cart-icon">
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path d="M6 7h12l-1 13H7L6 7Z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
        <path d="M9 9V6a3 3 0 0 1 6 0v3" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      </svg>
      {/* one hidden text, so the name reads "Cart, 2 items" without a stray space */}
      <span className="visually-hidden">{n === null ? t('cart.header.buy') : `${t('cart.header.buy')}, ${itemsLabel(t, n)}`}</span>
      {n === null ? <span className="cart-count cart-count-pending" aria-hidden="true">0</span> : (
        <span className="cart-count" data-testid="header-cart-icon-count" aria-hidden="true">{n}</span>
      )}
    </Link>
  );
}
