// The wishlist toggle for product pages and cards (spec 4: without a wishlist one is created with the
// product, otherwise the product is added or removed; a notification follows each). Signed-in customers
// only (spec 6); a guest is offered the login, coming back here afterwards.
import { useState } from 'react';
import { useLocation } from 'react-router';
import { pathFor } from '../../../src/screens.ts';
import { useWishlist } from '../../hooks/useCarts.ts';
import { useBrowser } from '../../lib/browser-port.ts';
import { useShop } from '../../lib/context.tsx';
import { Link } from '../ShopLink.tsx';

export function WishlistButton({ sku, productName }: { sku: string; productName: string }) {
  const { toggleWishlist } = useBrowser().carts;
  const { t, lang, session } = useShop();
  const { pathname, search } = useLocation();
  const { wishlist } = useWishlist();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  if (session.level !== 'user') {
    return (
      <Link className="button button-quiet wishlist-button" to={`${pathFor('login', lang)}?redirect=${encodeURIComponent(pathname + search)}`}>
        {t('wishlist.loginToSave')}<span className="visually-hidden">: {productName}</span>
      </Link>
    );
  }
  const saved = !!wishlist?.lineItems.some((l) => l.sku === sku);
  const toggle = async () => {
    if (busy) return;
    setBusy(true);
    const r = await toggleWishlist(sku);
    setBusy(false);
    // spec 8: wishlist errors get the generic error notification
    setMessage(r.error ? t('error.server') : t(r.data.added ? 'wishlist.added' : 'wishlist.removed', { name: productName }));
  };
  return (
    <span className="wishlist-toggle">
      <button type="button" className="button button-quiet wishlist-button" aria-pressed={saved} aria-disabled={busy || undefined} onClick={() => void toggle()}>
        <span aria-hidden="true" className="wishlist-heart">{saved ? '♥' : '♡'}</span> {t('wishlist.toggle')}
        <span className="visually-hidden">: {productName}</span>
      </button>
      <span className="wishlist-message" role="status">{message}</span>
    </span>
  );
}

/** A product card's mark when the signed-in customer keeps the product on their wishlist. Drawn in the
 * browser from the wishlist it reads once per visit (the listing's HTML is the same for everyone); it sits
 * over the image's corner, so nothing moves when it appears. */
export function WishlistMark({ sku }: { sku: string }) {
  const { t } = useShop();
  const { wishlist } = useWishlist();
  if (!wishlist?.lineItems.some((l) => l.sku === sku)) return null;
  return <span className="wishlist-mark" role="img" aria-label={t('wishlist.onList')} data-testid="wishlist-mark">♥</span>;
}
