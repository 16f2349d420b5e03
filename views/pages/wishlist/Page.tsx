// The wishlist (spec 2, 3, 4, 7): signed-in customers see their saved products with availability, a notice
// for products that left the shop, add to cart and remove. Guests are asked to log in (spec 6: wishlists
// only for non-guests). The list renders in the browser (it is the customer's own).
import { useState } from 'react';
import { pathFor } from '../../../src/screens.ts';
import type { WishlistLineItem } from '../../../src/contracts/wishlist.ts';
import { useWishlist } from '../../hooks/useCarts.ts';
import { useBrowser } from '../../lib/browser-port.ts';
import { removeWishlistItem } from '../../state/shop-api.ts';
import { Breadcrumb } from '../../components/Breadcrumb.tsx';
import { AddToCartButton } from '../../components/cart/AddToCartButton.tsx';
import { Link } from '../../components/ShopLink.tsx';
import { useShop } from '../../lib/context.tsx';
import { usePriceCurrency, useProductPrices } from '../../hooks/usePrices.ts';
import { pricesOfType } from '../../components/prices/format.ts';

export default function WishlistPage() {
  const { setWishlist } = useBrowser().carts;
  const { t, lang, session } = useShop();
  const { wishlist, ready } = useWishlist();
  const [message, setMessage] = useState('');
  const remove = async (line: WishlistLineItem) => {
    const r = await removeWishlistItem(line.id);
    if (r.error) setMessage(t('error.server'));
    else {
      setWishlist(r.data.wishlist);
      setMessage(t('wishlist.removed', { name: line.name }));
    }
  };
  const items = wishlist?.lineItems ?? [];
  // issue 28: each saved product with its live buy price (as the product cards show it)
  const { prices } = useProductPrices(items.filter((l) => l.published).map((l) => l.sku));
  const currency = usePriceCurrency();
  return (
    <>
      <Breadcrumb />
      <section className="container page-section wishlist-page">
        <h1 className="page-title">{t('route.wishlist')}</h1>
        <p className="visually-hidden" role="status">{message}</p>
        {session.level !== 'user' ? (
          <div className="cart-empty">
            <p className="lead">{t('wishlist.loginIntro')}</p>
            <p><Link className="button button-primary" to={`${pathFor('login', lang)}?redirect=${encodeURIComponent(pathFor('wishlist', lang))}`}>{t('nav.login')}</Link></p>
          </div>
        ) : !ready ? (
          <p className="cart-loading">{t('cart.loading')}</p>
        ) : items.length === 0 ? (
          <div className="cart-empty">
            <p className="lead">{t('wishlist.empty')}</p>
            <p><Link className="button button-primary" to={pathFor('shop', lang)}>{t('cart.toShop')}</Link></p>
          </div>
        ) : (
          <ul className="wishlist-items" aria-label={t('route.wishlist')}>
            {items.map((line) => (
              <li key={line.id} className="cart-line wishlist-item">
                <div className="cart-line-media" aria-hidden="true">
                  {line.imageUrl ? <img src={line.imageUrl} alt="" width={64} height={64} loading="lazy" /> : null}
                </div>
                <div className="cart-line-main">
                  <h2 className="cart-line-name">
                    {line.slug && line.published ? <Link to={pathFor('product', lang, { slug: line.slug })}>{line.name}</Link> : line.name}
                  </h2>
                  {line.published ? <WishlistPrice prices={prices === undefined ? undefined : (prices[line.sku] ?? null)} currency={currency} /> : null}
                  {!line.published ? (
                    <p className="notice notice-warning">{t('form.error.product_no_longer_available')}</p>
                  ) : line.availability === 'soldOut' ? (
                    <p className="muted">{t('wishlist.soldOut')}</p>
                  ) : null}
                </div>
                <div className="wishlist-actions">
                  {line.published && line.availability !== 'soldOut' ? (
                    <AddToCartButton sku={line.sku} transactionType="buy" productName={line.name} compact />
                  ) : null}
                  <button type="button" className="link-button" onClick={() => void remove(line)}>
                    {t('wishlist.remove')}<span className="visually-hidden">: {line.name}</span>
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** The live buy price per piece of a saved product (a placeholder while it loads, "unavailable" when unpriced). */
function WishlistPrice({ prices, currency }: { prices: Parameters<typeof pricesOfType>[0]; currency: ReturnType<typeof usePriceCurrency> }) {
  const shop = useShop();
  const buy = pricesOfType(prices, 'buy')[0]?.centAmount;
  return (
    <p className="wishlist-price">
      <span className="product-card-price-label">{shop.t('productPage.youBuy')}</span>{' '}
      <span className="product-card-price-amount" data-testid="wishlist-price">
        {prices === undefined ? <span className="price-placeholder" aria-hidden="true">···</span>
          : buy === undefined ? <span className="price-missing">{shop.t('prices.unavailable')}</span>
            : shop.money(buy, currency)}
      </span>
    </p>
  );
}
