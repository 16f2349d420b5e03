// The product's buy box (spec 2 product detail): the buy price of one piece, the price by card or PayPal
// (only once a customer can pay so, issue 28),
// today's buy-back price, the cart actions and the countdown to the next update (spec 4). It stands beside
// the gallery, so price and "add to cart" are on the first screen (issue 17); the quantity tiers are below
// (TierTable.tsx). Prices render in the browser only; the server and the first render show
// placeholders of the same size.
import { useEffect, useRef } from 'react';
import type { ProductPrices } from '../../../src/contracts/prices.ts';
import { pathFor } from '../../../src/screens.ts';
import { cardPriceAdvertised } from '../../../src/contracts/payments-offered.ts';
import type { StorefrontProduct } from '../../../src/contracts/catalogue.ts';
import { useShop } from '../../lib/context.tsx';
import { Link } from '../../components/ShopLink.tsx';
import { PriceCountdown } from '../../components/prices/PriceCountdown.tsx';
import { pricesOfType } from '../../components/prices/format.ts';
import { AvailabilityTag } from '../../components/product/ProductBadges.tsx';
import { CartActions } from './CartActions.tsx';
import { Deferred } from '../../components/Deferred.tsx';
import { availabilityAlertPart } from './parts.ts';
import { trackedItem, trackViewItem } from '../../components/product/tracking.ts';
import { useBrowser } from '../../lib/browser-port.ts';
import { useHydrated, usePriceCurrency, useProductPrices } from '../../hooks/usePrices.ts';

export function PricePanel({ product }: { product: StorefrontProduct }) {
  const { track } = useBrowser();
  const shop = useShop();
  const { t } = shop;
  const currency = usePriceCurrency();
  const hydrated = useHydrated();
  const { prices: all, error } = useProductPrices([product.sku]);
  const prices: ProductPrices | null | undefined = all === undefined ? undefined : (all[product.sku] ?? null);
  const buyType = product.dutyFree ? 'buy-dutyfree' : 'buy';
  const buys = pricesOfType(prices, buyType);
  const card = pricesOfType(prices, 'buy-card')[0];
  const sell = pricesOfType(prices, 'sell')[0];
  const base = buys[0];
  const loading = prices === undefined;
  const placeholder = <span className="price-placeholder" aria-hidden="true">···</span>;
  const money = (c: number | undefined) => (c === undefined ? <span className="price-missing">{t('prices.unavailable')}</span> : shop.money(c, currency));

  // spec 7 view_item: once per product page, as soon as its price is known (or known to be missing)
  const tracked = useRef<string | null>(null);
  useEffect(() => {
    if (tracked.current === product.sku || (prices === undefined && !error)) return;
    tracked.current = product.sku;
    const item = trackedItem({ sku: product.sku, name: product.localizedName, manufacturer: product.attributes.manufacturer, category: product.categories.at(-1)?.name ?? null, weightLabel: product.attributes.weightLabel }, undefined, base?.centAmount);
    trackViewItem(track, item, currency);
  }, [product, prices, error, base, currency, track]);

  return (
    <section className="price-panel" aria-labelledby="price-panel-title" aria-busy={hydrated && loading ? true : undefined}>
      <h2 id="price-panel-title" className="visually-hidden">{t('productPage.prices')}</h2>
      <div className="price-panel-head">
        <p className="price-panel-buy">
          <span className="price-panel-label">{t(product.dutyFree ? 'productPage.youBuyDutyFree' : 'productPage.youBuy')}</span>
          <span className="price-panel-amount" data-testid="product-buy-price">{loading ? placeholder : money(base?.centAmount)}</span>
          <span className="price-panel-note">{t(product.dutyFree ? 'productPage.priceNoteDutyFree' : shop.store === 'us' ? 'productPage.priceNoteUs' : 'productPage.priceNote')}</span>
        </p>
        <AvailabilityTag availability={product.availability} />
      </div>
      {/* the cart actions right under the price: both on the first screen beside the gallery (issue 17) */}
      <CartActions product={product} price={loading ? placeholder : money(base?.centAmount)} />
      {product.availability === 'soldOut' ? <Deferred part={availabilityAlertPart} props={{ product }} /> : null}
      {!product.dutyFree && cardPriceAdvertised ? (
        <p className="price-panel-card">
          {t('productPage.cardPrice')} <span data-testid="product-card-price">{loading ? placeholder : money(card?.centAmount)}</span>
        </p>
      ) : null}
      {product.metal !== null ? (
        <p className="price-panel-sell">
          <span>{t(product.dutyFree ? 'productPage.sellDutyFree' : 'productPage.weBuy')}</span>{' '}
          <strong data-testid="product-sell-price">{loading ? placeholder : money(sell?.centAmount)}</strong>
        </p>
      ) : null}
      <PriceCountdown compact />
      {product.metal !== null ? (
        <p className="price-panel-limit">
          <Link to={pathFor('productLimitOrder', shop.lang, { slug: product.localizedSlug })}>{t('productPage.limitOrder')}</Link>
        </p>
      ) : null}
    </section>
  );
}
