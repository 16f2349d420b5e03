// Small formatting helpers shared by the price widgets, the chart and the price list.
import type { CurrencyCode, MetalName, MetalPrices, ProductPrices, SnapshotRange } from '../../../src/contracts/prices.ts';
import type { LocaleTag } from '../../../src/stores.ts';
import { formatMoney, formatPercent, type Translate } from '../../../src/i18n.ts';

export const metalOrder: MetalName[] = ['gold', 'silver', 'platinum', 'palladium'];

export function spot(m: MetalPrices | undefined, currency: CurrencyCode, type: 'ask' | 'bid' = 'ask'): number | null {
  return m?.prices.find((p) => p.currency === currency && p.type === type)?.centAmount ?? null;
}

/** Basis points as a signed percentage: 42 -> "+0.42 %" (de) / "+0.42%" (en). */
export function formatChange(bp: number, locale: LocaleTag): string {
  return formatPercent(bp, locale, { signed: true });
}

/** What changeWords and spokenDuration may say (shop.uses: shown once prices arrive in the browser). */
export const changeKeys = ['prices.changeUp', 'prices.changeDown', 'prices.changeFlat'] as const;
export const durationKeys = ['prices.minute', 'prices.minutes', 'prices.second', 'prices.seconds'] as const;

/** The change as words for screen readers: direction in text, not colour alone. */
export function changeWords(bp: number, locale: LocaleTag, t: Translate): string {
  // no sign: the word says the direction ("fallen by 0.57 %", not "fallen by +0.57 %")
  const value = formatPercent(Math.abs(bp), locale);
  if (bp > 0) return t('prices.changeUp', { value });
  if (bp < 0) return t('prices.changeDown', { value });
  return t('prices.changeFlat');
}

/** Chart axis amounts: whole units ("CHF 3'400"), or cents when the ticks are closer than one unit
 * (silver over a week), so that no two ticks read the same. */
export function formatAxisMoney(cents: number, currency: CurrencyCode, locale: LocaleTag, fractionDigits: 0 | 2 = 0): string {
  return formatMoney(cents, currency, locale, fractionDigits);
}

/** A duration in words for screen readers: "2 minutes 30 seconds". */
export function spokenDuration(seconds: number, t: Translate): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  const parts: string[] = [];
  if (m > 0) parts.push(t(m === 1 ? 'prices.minute' : 'prices.minutes', { n: m }));
  if (s > 0 || m === 0) parts.push(t(s === 1 ? 'prices.second' : 'prices.seconds', { n: s }));
  return parts.join(' ');
}

/** Prices of one type, ascending by minimum quantity (spec 3: tiers sorted ascending). */
export function pricesOfType(p: ProductPrices | null | undefined, type: ProductPrices['prices'][number]['type']) {
  return (p?.prices ?? []).filter((x) => x.type === type).sort((a, b) => a.minQuantity - b.minQuantity);
}

/** The price chart's periods (spec 2: 1 week, 6 months, 1 year). */
export const chartRanges: SnapshotRange[] = ['1w', '6m', '1y'];
