// The product price engine: pure functions from a product's pricing attributes and one spot quote to the
// prices of one store country and currency. Every step works on unrounded amounts in cents; the result is
// rounded once, half-up, at the very end (rounding per step would let tier and card prices drift by a cent
// from what the formula says).
import { TROY_OUNCE_GRAMS, type MetalName, type PricingAttributes } from '../../contracts/pricing-attributes.ts';
import type { CurrencyCode, PriceCountry, ProductPrice } from '../../contracts/prices.ts';
import { eurTo, perOunce, type SpotQuote } from '../feed/types.ts';
import { vatFor, sellVatRate } from '../../contracts/vat.ts';

export { TROY_OUNCE_GRAMS };
const BP = 10_000;

/**
 * spec 9: bank wire or check get the discount prices, card and PayPal do not. Decision: card and PayPal
 * pay the bank-transfer price plus 2.9 %, which covers typical card-acquiring and PayPal fees on
 * precious metals (where the shop's own margin is often below the fee). Applied to the gross price.
 */
export const CARD_SURCHARGE_BP = 290;

/**
 * Half-up rounding of a non-negative amount to an integer. The tolerance absorbs binary floating-point
 * error (100.49999999999999 stands for 100.5) and is far below any real fraction of a cent.
 */
export function roundHalfUp(x: number): number {
  return Math.floor(x + 0.5 + 1e-9 + Math.abs(x) * 1e-13);
}

/** One spot quote seen in one currency: unrounded cents per troy ounce, and cents per EUR cent. */
export interface CurrencySpot {
  currency: CurrencyCode;
  bidCentsPerOz: Record<MetalName, number>;
  askCentsPerOz: Record<MetalName, number>;
  /** units of the currency per EUR (fixed premiums and accessory prices are kept in EUR cents) */
  perEur: number;
}

export function currencySpot(q: SpotQuote, currency: CurrencyCode): CurrencySpot {
  const bid = {} as Record<MetalName, number>;
  const ask = {} as Record<MetalName, number>;
  for (const m of ['gold', 'silver', 'platinum', 'palladium'] as const) {
    bid[m] = perOunce(q, m, currency, 'bid') * 100;
    ask[m] = perOunce(q, m, currency, 'ask') * 100;
  }
  return { currency, bidCentsPerOz: bid, askCentsPerOz: ask, perEur: eurTo(currency, q.fx) };
}

export interface Tier {
  minQuantity: number;
  premiumBp: number;
}

/**
 * The buy tiers of a product, ascending, always starting at 1 (spec 9: minimum quantity for the base
 * price 1). The premium for one piece is premiumBp unless a tier starting at 1 overrides it. A larger
 * quantity never costs more per piece: a tier whose premium is above a smaller tier's is capped at it.
 */
export function buyTiers(p: Pick<PricingAttributes, 'premiumBp' | 'tiers'>): Tier[] {
  const sorted = [...p.tiers].sort((a, b) => a.minQuantity - b.minQuantity);
  const base = sorted.find((t) => t.minQuantity === 1)?.premiumBp ?? p.premiumBp;
  const out: Tier[] = [{ minQuantity: 1, premiumBp: base }];
  for (const t of sorted) {
    if (t.minQuantity <= 1 || t.minQuantity === out[out.length - 1].minQuantity) continue;
    out.push({ minQuantity: t.minQuantity, premiumBp: Math.min(t.premiumBp, out[out.length - 1].premiumBp) });
  }
  return out;
}

/** Unrounded prices (cents) of one piece at one tier: the building blocks of every buy price type. */
export interface BuyAmounts {
  /** net of VAT */
  net: number;
  /** VAT included, bank-transfer terms */
  gross: number;
}

export function buyAmounts(p: PricingAttributes, premiumBp: number, country: PriceCountry, spot: CurrencySpot): BuyAmounts {
  const vat = vatFor(p.vatClass, country);
  if (p.metal === null) {
    // accessories: a fixed EUR price, converted
    const net = (p.basePriceCents ?? 0) * spot.perEur;
    return { net, gross: vat.scheme === 'exempt' ? net : net * (1 + vat.rate) };
  }
  const metalValue = (p.fineWeightGrams / TROY_OUNCE_GRAMS) * spot.askCentsPerOz[p.metal];
  const net = metalValue * (1 + premiumBp / BP) + p.fixedPremiumCents * spot.perEur;
  switch (vat.scheme) {
    case 'exempt':
      return { net, gross: net };
    case 'standard':
      return { net, gross: net * (1 + vat.rate) };
    case 'margin':
      // VAT on the margin over the (spot) purchase cost only; see vat.ts
      return { net, gross: metalValue + (net - metalValue) * (1 + vat.rate) };
  }
}

/** What the shop pays a private customer for one piece: bid value minus the buy-back discount, no VAT. */
export function sellAmount(p: PricingAttributes, spot: CurrencySpot): number | null {
  if (p.metal === null) return null; // accessories are not bought back
  const bidValue = (p.fineWeightGrams / TROY_OUNCE_GRAMS) * spot.bidCentsPerOz[p.metal];
  return bidValue * (1 - p.buyBackDiscountBp / BP) * (1 + sellVatRate);
}

/**
 * Every price of one product for one store country and currency: 'buy' and 'buy-card' per tier,
 * 'buy-dutyfree' per tier for duty-free products, one 'sell'. Sorted by type in that order, then by
 * ascending minQuantity.
 */
export function priceProduct(p: PricingAttributes, country: PriceCountry, spot: CurrencySpot): ProductPrice[] {
  // Accessories have a single price: tiers are premiums over spot, which they have none of.
  const tiers = p.metal === null ? [{ minQuantity: 1, premiumBp: 0 }] : buyTiers(p);
  const amounts = tiers.map((t) => ({ minQuantity: t.minQuantity, ...buyAmounts(p, t.premiumBp, country, spot) }));
  const out: ProductPrice[] = [];
  for (const a of amounts) out.push({ type: 'buy', centAmount: roundHalfUp(a.gross), minQuantity: a.minQuantity });
  for (const a of amounts) {
    out.push({ type: 'buy-card', centAmount: roundHalfUp(a.gross * (1 + CARD_SURCHARGE_BP / BP)), minQuantity: a.minQuantity });
  }
  if (p.dutyFree) {
    // Duty-free: delivered into the bonded warehouse, no VAT; bank-transfer terms (sold via support only).
    for (const a of amounts) out.push({ type: 'buy-dutyfree', centAmount: roundHalfUp(a.net), minQuantity: a.minQuantity });
  }
  const sell = sellAmount(p, spot);
  if (sell !== null) out.push({ type: 'sell', centAmount: roundHalfUp(Math.max(0, sell)), minQuantity: 1 });
  return out;
}
