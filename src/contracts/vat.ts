// VAT of a customer's purchase, by the product's VAT class and the store country. Every rate the shop
// applies is here, with the reason. Buy-back ('sell') prices carry no VAT: see sellVatRate below.
// Neutral ground: the price service prices with it (src/pricing/engine/), and the product page's price
// breakdown shows the VAT share of a price with the same rules (one definition; pure, no Node, no DOM).
import type { VatClass } from './pricing-attributes.ts';
import type { PriceCountry } from './prices.ts';

/**
 * - exempt: no VAT at all.
 * - standard: rate on the whole net price.
 * - margin: margin scheme (DE §25a UStG, AT §24 UStG "Differenzbesteuerung"), simplified: the shop's
 *   purchase cost is taken to be the metal value at the ask spot price, the margin is everything above it
 *   (premiums), and VAT is charged on the margin alone. The customer sees one gross price; no VAT line.
 */
export type VatScheme = 'exempt' | 'standard' | 'margin';

export interface VatTreatment {
  scheme: VatScheme;
  /** fraction: 0.081 = 8.1 % */
  rate: number;
}

/** Standard rates 2026: CH 8.1 % (MWSTG Art. 25 since 2024), LI applies Swiss VAT (customs treaty). */
const standardRate: Record<PriceCountry, number> = { AT: 0.2, CH: 0.081, DE: 0.19, LI: 0.081, US: 0 };

const EXEMPT: VatTreatment = { scheme: 'exempt', rate: 0 };

export function vatFor(vatClass: VatClass, country: PriceCountry): VatTreatment {
  // The US store charges no VAT; US sales tax depends on the delivery state and is out of scope here
  // (it would be added at checkout by the commerce service once the shipping address is known).
  if (country === 'US') return EXEMPT;
  const rate = standardRate[country];
  switch (vatClass) {
    // Investment gold is exempt in the EU (VAT directive Art. 344-346, DE §25c UStG, AT §6 Abs. 1 Z 8 j
    // UStG) and in Switzerland and Liechtenstein (MWSTG Art. 107 Abs. 1 lit. b, MWSTV Art. 44 / 21 Ziff. 26).
    case 'investment-gold':
      return EXEMPT;
    // Silver coins: CH/LI have no reduced rate or margin rule for them, so the standard 8.1 %. AT and DE
    // dealers sell them under the margin scheme (the reduced 7 % rate for collector coins ended in 2014
    // and most coins come from non-EU mints or private sellers, which the margin scheme requires).
    case 'silver-coin':
      return country === 'AT' || country === 'DE' ? { scheme: 'margin', rate } : { scheme: 'standard', rate };
    // Silver bars, platinum, palladium and everything else: the full standard rate.
    case 'silver-bar':
    case 'platinum-group':
    case 'standard':
      return { scheme: 'standard', rate };
  }
}

/**
 * spec 9: "VAT on silver bar sale to private customers is 0 %". Read as the customer's sale to the shop:
 * a private person selling metal is no taxable person and charges no VAT, so the buy-back price is the
 * whole payout, whatever the metal. (The shop selling silver bars VAT-free happens only duty-free, which
 * the 'buy-dutyfree' price covers.) Company customers selling with VAT are invoiced by the commerce
 * service, not priced here.
 */
export const sellVatRate = 0;

/**
 * The VAT a gross price includes, unrounded, in cents: nothing when exempt, the rate's share of the whole
 * price when standard, and under the margin scheme the rate's share of what lies above the metal value at
 * the ask spot price (the shop's purchase cost, see VatScheme). metalValueCents is that metal value for the
 * piece (0 for accessories).
 */
export function includedVat(vat: VatTreatment, grossCents: number, metalValueCents: number): number {
  switch (vat.scheme) {
    case 'exempt':
      return 0;
    case 'standard':
      return grossCents - grossCents / (1 + vat.rate);
    case 'margin':
      return (Math.max(0, grossCents - metalValueCents) * vat.rate) / (1 + vat.rate);
  }
}
