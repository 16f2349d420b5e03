// Spot prices per troy ounce as the shop shows them (header ticker, price page): bid and ask in every
// currency, and the change against 24 hours before.
import { metalNames } from '../../contracts/pricing-attributes.ts';
import { priceCurrencies, type MetalChange, type MetalPrice, type MetalPrices } from '../../contracts/prices.ts';
import { midPerOunce, perOunce, type SpotQuote } from '../feed/types.ts';
import { roundHalfUp } from './product-prices.ts';

export function metalPrices(q: SpotQuote, dayBefore: SpotQuote | null, lastRecalculatedAt: string): MetalPrices[] {
  return metalNames.map((name) => {
    const prices: MetalPrice[] = [];
    for (const currency of priceCurrencies) {
      prices.push({ currency, type: 'bid', centAmount: roundHalfUp(perOunce(q, name, currency, 'bid') * 100) });
      prices.push({ currency, type: 'ask', centAmount: roundHalfUp(perOunce(q, name, currency, 'ask') * 100) });
    }
    const out: MetalPrices = { name, prices, lastRecalculatedAt };
    if (dayBefore) {
      const change = {} as MetalChange;
      for (const currency of priceCurrencies) {
        const before = midPerOunce(dayBefore, name, currency);
        // bp, rounded half away from zero so +0.5 bp and -0.5 bp are symmetric
        const bp = ((midPerOunce(q, name, currency) - before) / before) * 10_000;
        change[currency] = Math.sign(bp) * roundHalfUp(Math.abs(bp)) || 0;
      }
      out.change = change;
    }
    return out;
  });
}
