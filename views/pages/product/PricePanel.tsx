// The product's live prices (spec 2 product detail): the buy price of one piece, the price by card or
// PayPal, today's buy-back price, the quantity tiers (spec 3: tiers ascending) and the countdown to the
// next update (spec 4). Prices render in the browser only; the server and the first render show
// placeholders of the same size.
import { useEffect, useRef } from 'react';
import type { ProductPrices } from '../../../src/contracts/prices.ts';
import { formatPercent } from '../../../src/i18n.ts';
import { pathFor } from '../../../src/screens.ts';
import type { StorefrontProduct } from '../../../src/contracts/catalogue.ts';
import { useShop } from '../../lib/context.tsx';
import { Link } from '../../components/ShopLink.tsx';
import { PriceCountdown } from '../../components/prices/PriceCountdown.tsx';
import { pricesOfType } from '../../components/prices/format.ts';
import { AvailabilityTag } from '../../components/product/ProductBadges.tsx';
import { CartActions } from './CartActions.tsx';
import { AvailabilityAlertForm } from './AvailabilityAlert.tsx';
import { trackedItem, trackViewItem } from '../../components/product/tracking.ts';
import { useHydrated, usePriceCurrency, useProductPrices } from '../../hooks/usePrices.ts';
import { ScrollRegion } from '../../components/ScrollRegion.tsx';

export function PricePanel({ product }: { product: StorefrontProduct }) {
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
    trackViewItem(item, currency);
  }, [product, prices, error, base, currency]);

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
      {!product.dutyFree ? (
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
      <CartActions product={product} />
      {product.availability === 'soldOut' ? <AvailabilityAlertForm product={product} /> : null}
      <PriceCountdown compact />
      {product.metal !== null ? <TierTable buys={loading ? null : buys} currency={currency} /> : null}
      {product.metal !== null ? (
        <p className="price-panel-limit">
          <Link to={pathFor('productLimitOrder', shop.lang, { slug: product.localizedSlug })}>{t('productPage.limitOrder')}</Link>
        </p>
      ) : null}
    </section>
  );
}

function TierTable({ buys, currency }: { buys: ReturnType<typeof pricesOfType> | null; currency: 'EUR' | 'CHF' | 'USD' }) {
  const shop = useShop();
  const { t } = shop;
  const rows = buys ?? [];
  if (buys !== null && buys.length < 2) return null;
  const single = rows[0]?.centAmount;
  return (
    <ScrollRegion label={t('productPage.tiers.caption', { currency })}>
      <table className="data-table tier-table">
        <caption>{t('productPage.tiers.caption', { currency })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('productPage.tiers.quantity')}</th>
            <th scope="col" className="num">{t('productPage.tiers.price')}</th>
            <th scope="col" className="num">{t('productPage.tiers.saving')}</th>
          </tr>
        </thead>
        <tbody>
          {buys === null ? (
            <tr>
              <td colSpan={3}><span className="price-placeholder" aria-hidden="true">···</span><span className="visually-hidden">{t('prices.loading')}</span></td>
            </tr>
          ) : (
            rows.map((r) => (
              <tr key={r.minQuantity}>
                <th scope="row">{r.minQuantity === 1 ? t('productPage.tiers.one') : t('productPage.tiers.from', { n: r.minQuantity })}</th>
                <td className="num">{shop.money(r.centAmount, currency)}</td>
                <td className="num">{r.minQuantity === 1 || !single ? '–' : formatPercent(Math.round(((single - r.centAmount) / single) * 10_000), shop.locale)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
