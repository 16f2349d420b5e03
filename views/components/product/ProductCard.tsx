// A product in a listing, a search result or "similar products": image, name, badges, the live buy price
// (placeholder on the server and in the first browser render, spec: prices render in the browser only)
// and availability. The name is the card's one link; its box stretches over the card, so the whole card
// is clickable while screen readers hear one link. A click pushes select_item (spec 7).
import type { ProductPrices } from '../../../src/contracts/prices.ts';
import type { Currency } from '../../../src/stores.ts';
import { pathFor } from '../../../src/screens.ts';
import { useShop } from '../../lib/context.tsx';
import { localizeDecimals } from '../../../src/i18n.ts';
import { Link } from '../ShopLink.tsx';
import { pricesOfType } from '../prices/format.ts';
import { AvailabilityTag, ProductBadges } from './ProductBadges.tsx';
import type { CardProduct } from '../../models/listing-data.ts';
import { trackedItem, trackSelectItem, type ListRef } from './tracking.ts';
import { useBrowser } from '../../lib/browser-port.ts';
import { AddToCartButton } from '../cart/AddToCartButton.tsx';
import { WishlistMark } from '../cart/WishlistButton.tsx';

export interface ProductCardProps {
  product: CardProduct;
  /** undefined: still loading (or refreshing); null: the price service does not price it */
  prices: ProductPrices | null | undefined;
  currency: Currency;
  list: ListRef;
  index: number;
  view?: 'grid' | 'list';
  headingLevel?: 2 | 3;
}

export function ProductCard({ product, prices, currency, list, index, view = 'grid', headingLevel = 3 }: ProductCardProps) {
  const { track } = useBrowser();
  const shop = useShop();
  const { t } = shop;
  const href = pathFor('product', shop.lang, { slug: product.slug });
  const buy = pricesOfType(prices, 'buy')[0]?.centAmount;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  // issue 28: the weight with the page's decimal mark, as the price list writes it ("5.806 g" in Switzerland)
  const details = [product.weightLabel ? localizeDecimals(product.weightLabel, shop.locale) : null, product.manufacturer].filter(Boolean).join(' · ');
  return (
    <article className={`product-card product-card-${view}`} data-sku={product.sku}>
      <div className="product-card-image">
        {product.image ? (
          <img src={product.image.url} alt="" width={product.image.width} height={product.image.height} loading={index < 4 ? 'eager' : 'lazy'} decoding="async" />
        ) : null}
        <WishlistMark sku={product.sku} />
      </div>
      <div className="product-card-body">
        <ProductBadges badges={product.badges} />
        <Heading className="product-card-title">
          <Link to={href} className="product-card-link" onClick={() => trackSelectItem(track, list, trackedItem(product, index, buy, list), currency)}>
            {product.name}
          </Link>
        </Heading>
        {details ? <p className="product-card-details">{details}</p> : null}
        <div className="product-card-foot">
          <p className="product-card-price">
            <span className="product-card-price-label">{t('productPage.youBuy')}</span>{' '}
            <span className="product-card-price-amount" data-testid="card-price">
              {prices === undefined ? <span className="price-placeholder" aria-hidden="true">···</span>
                : buy === undefined ? <span className="price-missing">{t('prices.unavailable')}</span>
                  : shop.money(buy, currency)}
            </span>
          </p>
          <AvailabilityTag availability={product.availability} />
        </div>
        {product.availability !== 'soldOut' && !product.dutyFree ? (
          <AddToCartButton sku={product.sku} transactionType="buy" productName={product.name} compact />
        ) : null}
      </div>
    </article>
  );
}
