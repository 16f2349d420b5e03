// The all-in price breakdown beside the price (breakdown.ts says what each line is). Live: it follows every
// recalculation (the metal prices arrive with the price socket's message, the product's prices are
// fetched again), shows placeholders while prices refresh, and nothing price-like on the server.
import type { ReactNode } from 'react';
import type { MetalName, VatClass } from '../../../src/contracts/pricing-attributes.ts';
import { TROY_OUNCE_GRAMS } from '../../../src/contracts/units.ts';
import type { PriceCountry, ProductPrices } from '../../../src/contracts/prices.ts';
import type { Currency } from '../../../src/stores.ts';
import { formatNumber, formatPercent, formatTime } from '../../../src/i18n.ts';
import { useShop } from '../../lib/context.tsx';
import { useMetalPrices, usePriceCurrency, usePriceState, useProductPrice } from '../../hooks/usePrices.ts';
import { pricesOfType, spot } from '../../components/prices/format.ts';
import { priceBreakdown, type Breakdown } from './breakdown.ts';

export interface BreakdownProduct {
  sku: string;
  metal: MetalName | null;
  fineWeightGrams: number;
  vatClass: VatClass;
  dutyFree: boolean;
}

/** The breakdown of the live prices of one product. */
export function LivePriceBreakdown({ product, country }: { product: BreakdownProduct; country: PriceCountry }) {
  const { prices } = useProductPrice(product.sku);
  const metals = useMetalPrices();
  const currency = usePriceCurrency();
  const state = usePriceState();
  const b = breakdownOf(product, country, prices, metals.data?.metals.find((m) => m.name === product.metal), currency);
  return <PriceBreakdown breakdown={b} product={product} country={country} currency={currency} asOf={state.lastRecalculatedAt} />;
}

export function breakdownOf(
  product: BreakdownProduct, country: PriceCountry, prices: ProductPrices | null | undefined,
  metal: Parameters<typeof spot>[0], currency: Currency,
): Breakdown | null {
  const buy = pricesOfType(prices, product.dutyFree ? 'buy-dutyfree' : 'buy')[0];
  if (!buy) return null;
  const sell = pricesOfType(prices, 'sell')[0];
  const spotAsk = product.metal === null ? null : spot(metal, currency, 'ask');
  if (product.metal !== null && spotAsk === null) return null;
  return priceBreakdown({
    metal: product.metal,
    fineWeightGrams: product.fineWeightGrams,
    vatClass: product.vatClass,
    country,
    priceCents: buy.centAmount,
    vatApplies: !product.dutyFree,
    sellCents: sell?.centAmount ?? null,
    spotAskCentsPerOz: spotAsk,
  });
}

export interface PriceBreakdownProps {
  /** null: prices not there yet (server, first render, refreshing) */
  breakdown: Breakdown | null;
  product: BreakdownProduct;
  country: PriceCountry;
  currency: Currency;
  /** the recalculation the figures come from (ISO) */
  asOf: string | null;
}

/** Why a price carries no VAT, in words: duty-free, the US store, investment gold. */
function noVatKey(product: BreakdownProduct, country: PriceCountry): string {
  if (product.dutyFree) return 'productPage.breakdown.vatDutyFree';
  if (country === 'US') return 'productPage.breakdown.vatNoneUs';
  return product.vatClass === 'investment-gold' ? 'productPage.breakdown.vatExempt' : 'productPage.breakdown.vatNone';
}

export function PriceBreakdown({ breakdown: b, product, country, currency, asOf }: PriceBreakdownProps) {
  const shop = useShop();
  const { t, locale } = shop;
  const money = (c: number | null) => (c === null ? '–' : shop.money(c, currency));
  const pct = (bp: number) => formatPercent(bp, locale);
  // a VAT rate as the law writes it: 8.1 %, 20 %
  const rate = (fraction: number) => formatPercent(Math.round(fraction * 10_000), locale, { maxFractionDigits: 1 });
  const placeholder = <span className="price-placeholder" aria-hidden="true">···</span>;
  const v = (node: () => ReactNode) => (b ? node() : placeholder);
  const ounces = formatNumber(b?.fineOunces ?? product.fineWeightGrams / TROY_OUNCE_GRAMS, locale, 4);
  const vatLabel = !b ? t('productPage.breakdown.vat')
    : b.vatScheme === 'exempt' ? t(noVatKey(product, country))
      : b.vatScheme === 'margin' ? t('productPage.breakdown.vatMargin', { rate: rate(b.vatRate) })
        : t('productPage.breakdown.vatStandard', { rate: rate(b.vatRate) });
  const time = asOf && b ? formatTime(asOf, locale) : null;
  return (
    <section className="price-breakdown" aria-labelledby="price-breakdown-title" aria-busy={b ? undefined : true} data-testid="price-breakdown">
      <h2 id="price-breakdown-title">{t('productPage.breakdown.title')}</h2>
      <p className="price-breakdown-intro">{t(product.metal === null ? 'productPage.breakdown.introAccessory' : 'productPage.breakdown.intro')}</p>
      <dl className="price-breakdown-list">
        {product.metal !== null ? (
          <div>
            <dt>
              {t('productPage.breakdown.metalValue')}
              <span className="price-breakdown-note">
                {b && b.spotAskCentsPerOz !== null ? t('productPage.breakdown.metalValueNote', { ounces, spot: money(b.spotAskCentsPerOz) }) : t('productPage.breakdown.metalValueNoteWaiting', { ounces })}
              </span>
            </dt>
            <dd data-testid="breakdown-metal">{v(() => money(b!.metalValueCents))}</dd>
          </div>
        ) : null}
        {product.metal !== null ? (
          <div>
            <dt>
              {t('productPage.breakdown.premium')}
              <span className="price-breakdown-note">{b && b.premiumBp !== null ? t('productPage.breakdown.premiumNote', { percent: pct(b.premiumBp) }) : t('productPage.breakdown.premiumNoteWaiting')}</span>
            </dt>
            <dd data-testid="breakdown-premium">{v(() => money(b!.premiumCents))}</dd>
          </div>
        ) : null}
        <div>
          <dt>{vatLabel}</dt>
          <dd data-testid="breakdown-vat">{v(() => money(b!.vatCents))}</dd>
        </div>
        <div className="price-breakdown-total">
          <dt>{t('productPage.breakdown.total')}</dt>
          <dd data-testid="breakdown-total">{v(() => money(b!.priceCents))}</dd>
        </div>
      </dl>
      {product.metal !== null ? (
        <dl className="price-breakdown-list price-breakdown-back">
          <div>
            <dt>
              {t('productPage.breakdown.buyBack')}
              <span className="price-breakdown-note">{t('productPage.breakdown.buyBackNote')}</span>
            </dt>
            <dd data-testid="breakdown-buyback">{v(() => money(b!.sellCents))}</dd>
          </div>
          <div>
            <dt>
              {t('productPage.breakdown.spread')}
              <span className="price-breakdown-note">{t('productPage.breakdown.spreadNote')}</span>
            </dt>
            <dd data-testid="breakdown-spread">{v(() => (b!.spreadBp === null ? '–' : pct(b!.spreadBp)))}</dd>
          </div>
        </dl>
      ) : (
        <p className="price-breakdown-intro">{t('productPage.breakdown.noBuyBack')}</p>
      )}
      <p className="price-breakdown-asof">{time ? t('productPage.breakdown.asOf', { time }) : t('productPage.breakdown.waiting')}</p>
    </section>
  );
}
