// The all-in price breakdown (beyond the spec: no bullion shop shows this): what a customer pays for one
// piece and what they would get back today, from the live prices of the last recalculation.
//
//   metal value   fine weight in troy ounces x the ask spot price per troy ounce
//   VAT           the VAT the price includes, by the rules of src/contracts/vat.ts (one definition with
//                 the price service): nothing for investment gold, the rate's share of the whole price,
//                 or under the margin scheme the rate's share of what lies above the metal value
//   premium       price - VAT - metal value: minting, refining, handling and the shop's margin; in percent
//                 of the metal value
//   buy-back      today's sell price (what the shop pays), and the spread (price - buy-back) in percent of
//                 the price: what a round trip would cost today
//
// Every amount is in cents of the shown currency; the parts are rounded so that they add up to the price.
import type { MetalName, VatClass } from '../../../src/contracts/pricing-attributes.ts';
import { TROY_OUNCE_GRAMS } from '../../../src/contracts/units.ts';
import type { PriceCountry } from '../../../src/contracts/prices.ts';
import { includedVat, vatFor, type VatScheme } from '../../../src/contracts/vat.ts';

export interface BreakdownInput {
  metal: MetalName | null;
  fineWeightGrams: number;
  vatClass: VatClass;
  country: PriceCountry;
  /** the price of one piece (VAT included, bank-transfer terms), cents */
  priceCents: number;
  /** false for a duty-free price: net of VAT by definition */
  vatApplies: boolean;
  /** today's buy-back price of one piece, cents; null when the shop does not buy it back */
  sellCents: number | null;
  /** ask spot price per troy ounce in the same currency, cents; null while unknown */
  spotAskCentsPerOz: number | null;
}

export interface Breakdown {
  priceCents: number;
  /** null for products without metal (accessories) or while the spot price is unknown */
  metalValueCents: number | null;
  fineOunces: number;
  spotAskCentsPerOz: number | null;
  premiumCents: number | null;
  /** premium in basis points of the metal value */
  premiumBp: number | null;
  vatCents: number;
  vatScheme: VatScheme;
  /** fraction, 0.081 = 8.1 % */
  vatRate: number;
  sellCents: number | null;
  /** (price - buy-back) in basis points of the price */
  spreadBp: number | null;
}

export function priceBreakdown(i: BreakdownInput): Breakdown {
  const vat = i.vatApplies ? vatFor(i.vatClass, i.country) : { scheme: 'exempt' as const, rate: 0 };
  const fineOunces = i.fineWeightGrams / TROY_OUNCE_GRAMS;
  const metalValue = i.metal !== null && i.spotAskCentsPerOz !== null && i.fineWeightGrams > 0 ? Math.round(fineOunces * i.spotAskCentsPerOz) : null;
  const vatCents = Math.round(includedVat(vat, i.priceCents, metalValue ?? 0));
  const premium = metalValue === null ? null : i.priceCents - vatCents - metalValue;
  return {
    priceCents: i.priceCents,
    metalValueCents: metalValue,
    fineOunces,
    spotAskCentsPerOz: i.metal === null ? null : i.spotAskCentsPerOz,
    premiumCents: premium,
    premiumBp: premium === null || !metalValue ? null : Math.round((premium / metalValue) * 10_000),
    vatCents,
    vatScheme: vat.scheme,
    vatRate: vat.rate,
    sellCents: i.sellCents,
    spreadBp: i.sellCents === null || i.priceCents === 0 ? null : Math.round(((i.priceCents - i.sellCents) / i.priceCents) * 10_000),
  };
}
