// The product's quantity prices (spec 3: tiers ascending, spec 2 product detail): the price per piece from
// each tier's quantity and the saving against one piece. Prices render in the browser only (placeholders on
// the server). On a phone the three columns fit 375 px; should a longer currency or language still overflow,
// the table scrolls inside its own labelled region instead of being clipped (issue 17).
import type { StorefrontProduct } from '../../../src/contracts/catalogue.ts';
import { formatPercent } from '../../../src/i18n.ts';
import { useShop } from '../../lib/context.tsx';
import { pricesOfType } from '../../components/prices/format.ts';
import { ScrollRegion } from '../../components/ScrollRegion.tsx';
import { usePriceCurrency, useProductPrices } from '../../hooks/usePrices.ts';

export function ProductTiers({ product }: { product: StorefrontProduct }) {
  const currency = usePriceCurrency();
  const { prices: all } = useProductPrices([product.sku]);
  if (product.metal === null) return null;
  const prices = all === undefined ? undefined : (all[product.sku] ?? null);
  const buys = prices === undefined ? null : pricesOfType(prices, product.dutyFree ? 'buy-dutyfree' : 'buy');
  return <TierTable buys={buys} currency={currency} />;
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
