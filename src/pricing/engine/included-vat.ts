// The VAT a published price includes, per piece: what the commerce service needs for an order's total tax
// (spec 3 Order totalTaxPrice) without knowing the VAT rules itself. The rules of src/contracts/vat.ts (the
// product page's breakdown uses the same function) and the same unrounded metal value as product-prices.ts;
// the result is rounded once, half-up.
import type { PricingAttributes } from '../../contracts/pricing-attributes.ts';
import type { PriceCountry, PriceType } from '../../contracts/prices.ts';
import { roundHalfUp, TROY_OUNCE_GRAMS, type CurrencySpot } from './product-prices.ts';
import { includedVat, vatFor } from '../../contracts/vat.ts';

export function includedVatCents(p: PricingAttributes, type: PriceType, grossCents: number, country: PriceCountry, spot: CurrencySpot): number {
  // buy-back payouts carry no VAT (sellVatRate), duty-free prices are net
  if (type === 'sell' || type === 'buy-dutyfree') return 0;
  // margin scheme: VAT on the margin over the metal value at ask (vat.ts); the card surcharge is margin too
  const metalValue = p.metal === null ? 0 : (p.fineWeightGrams / TROY_OUNCE_GRAMS) * spot.askCentsPerOz[p.metal];
  return roundHalfUp(includedVat(vatFor(p.vatClass, country), grossCents, metalValue));
}
