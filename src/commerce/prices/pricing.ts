// Prices of cart lines from the current price set: product lines from the set's list for the cart's country
// and currency (the tier for the quantity), scrap lines from the set's bid spot price.
import type { LinePrice, PaymentMethod, TransactionType } from '../../contracts/cart.ts';
import { scrapEstimateCents, scrapSpotMetal, type ScrapSpec } from '../../contracts/scrap.ts';
import type { HandOverPrice } from '../../contracts/price-set.ts';
import type { PriceType } from '../../contracts/prices.ts';
import { spotCents, type CurrentPriceSet } from './store.ts';

/**
 * spec 9: bank wire (and cash, and check) get the discount prices; card and PayPal pay the card price.
 * A sell cart is paid out at the buy-back price whatever the payout method.
 */
export function priceTypeFor(transactionType: TransactionType, paymentMethod: PaymentMethod | null): PriceType {
  if (transactionType === 'sell') return 'sell';
  return paymentMethod === 'card' || paymentMethod === 'paypal' ? 'buy-card' : 'buy';
}

/** The price of the largest tier that the quantity reaches (tiers start at 1, spec 9). */
export function tierPrice(prices: HandOverPrice[] | undefined, type: PriceType, quantity: number): LinePrice | null {
  let best: HandOverPrice | null = null;
  for (const p of prices ?? []) {
    if (p.type !== type || p.minQuantity > quantity) continue;
    if (!best || p.minQuantity > best.minQuantity) best = p;
  }
  if (!best) return null;
  // the buy-back payout of a private seller carries no VAT (src/pricing/README.md)
  const tax = type === 'sell' ? 0 : best.taxCentAmount ?? null;
  return { type, centAmount: best.centAmount, minQuantity: best.minQuantity, taxCentAmount: tax };
}

/** What the shop pays for a scrap item, from the set's bid (the one calculation: src/contracts/scrap.ts). */
export function scrapPrice(set: Pick<CurrentPriceSet, 'metals'> | null, scrap: ScrapSpec, currency: string): LinePrice | null {
  if (!set) return null;
  const bid = spotCents(set, scrapSpotMetal(scrap.metal), currency, 'bid');
  if (bid === null) return null;
  return { type: 'scrap', centAmount: scrapEstimateCents(scrap, bid), minQuantity: 1, taxCentAmount: 0 };
}
