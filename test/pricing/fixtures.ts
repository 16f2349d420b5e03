// A realistic small catalogue for the price service's tests: one product of each kind the engine treats
// differently (investment gold coin and bars, a gold numismatic that is and one that is not investment gold,
// silver coin and bar, platinum, palladium, accessories).
import type { PricingAttributes } from '../../src/contracts/pricing-attributes.ts';
import type { SpotQuote } from '../../src/pricing/feed/types.ts';

const OZ = 31.1034768;

export const fixtureProducts: PricingAttributes[] = [
  {
    sku: 'GOLD-KRUGERRAND-1OZ', metal: 'gold', fineWeightGrams: OZ, productType: 'coin',
    premiumBp: 350, fixedPremiumCents: 0, buyBackDiscountBp: 150,
    tiers: [{ minQuantity: 25, premiumBp: 250 }, { minQuantity: 10, premiumBp: 300 }],
    basePriceCents: null, dutyFree: false, vatClass: 'investment-gold',
  },
  {
    sku: 'GOLD-BAR-100G', metal: 'gold', fineWeightGrams: 100, productType: 'bar',
    premiumBp: 150, fixedPremiumCents: 1500, buyBackDiscountBp: 100,
    tiers: [{ minQuantity: 5, premiumBp: 120 }],
    basePriceCents: null, dutyFree: true, vatClass: 'investment-gold',
  },
  {
    sku: 'GOLD-BAR-1KG', metal: 'gold', fineWeightGrams: 1000, productType: 'bar',
    premiumBp: 80, fixedPremiumCents: 0, buyBackDiscountBp: 60, tiers: [],
    basePriceCents: null, dutyFree: true, vatClass: 'investment-gold',
  },
  {
    // 20 Swiss francs "Vreneli": 6.45 g at 900/1000, on the EU investment-gold coin list
    sku: 'GOLD-VRENELI-20FR', metal: 'gold', fineWeightGrams: 5.805, productType: 'numismatic',
    premiumBp: 1800, fixedPremiumCents: 500, buyBackDiscountBp: 300, tiers: [{ minQuantity: 20, premiumBp: 1500 }],
    basePriceCents: null, dutyFree: false, vatClass: 'investment-gold',
  },
  {
    // a 585 gold medal: no legal tender, below 900/1000, so not investment gold
    sku: 'GOLD-MEDAL-585-10G', metal: 'gold', fineWeightGrams: 5.85, productType: 'numismatic',
    premiumBp: 4000, fixedPremiumCents: 0, buyBackDiscountBp: 500, tiers: [],
    basePriceCents: null, dutyFree: false, vatClass: 'standard',
  },
  {
    sku: 'SILVER-MAPLE-1OZ', metal: 'silver', fineWeightGrams: OZ, productType: 'coin',
    premiumBp: 2000, fixedPremiumCents: 150, buyBackDiscountBp: 600,
    tiers: [{ minQuantity: 500, premiumBp: 1500 }, { minQuantity: 25, premiumBp: 1800 }, { minQuantity: 100, premiumBp: 1600 }],
    basePriceCents: null, dutyFree: true, vatClass: 'silver-coin',
  },
  {
    sku: 'SILVER-BAR-1KG', metal: 'silver', fineWeightGrams: 1000, productType: 'bar',
    premiumBp: 900, fixedPremiumCents: 0, buyBackDiscountBp: 500, tiers: [{ minQuantity: 5, premiumBp: 800 }],
    basePriceCents: null, dutyFree: true, vatClass: 'silver-bar',
  },
  {
    sku: 'PLATINUM-BAR-1OZ', metal: 'platinum', fineWeightGrams: OZ, productType: 'bar',
    premiumBp: 600, fixedPremiumCents: 0, buyBackDiscountBp: 300, tiers: [],
    basePriceCents: null, dutyFree: true, vatClass: 'platinum-group',
  },
  {
    sku: 'PALLADIUM-MAPLE-1OZ', metal: 'palladium', fineWeightGrams: OZ, productType: 'coin',
    premiumBp: 900, fixedPremiumCents: 0, buyBackDiscountBp: 500, tiers: [{ minQuantity: 10, premiumBp: 800 }],
    basePriceCents: null, dutyFree: false, vatClass: 'platinum-group',
  },
  {
    sku: 'ACC-CAPSULE-39MM', metal: null, fineWeightGrams: 0, productType: 'accessory',
    premiumBp: 0, fixedPremiumCents: 0, buyBackDiscountBp: 0, tiers: [],
    basePriceCents: 250, dutyFree: false, vatClass: 'standard',
  },
  {
    sku: 'ACC-GOLD-SCALE', metal: null, fineWeightGrams: 0, productType: 'accessory',
    premiumBp: 0, fixedPremiumCents: 0, buyBackDiscountBp: 0, tiers: [],
    basePriceCents: 4990, dutyFree: false, vatClass: 'standard',
  },
];

export const fixtureSkus = fixtureProducts.map((p) => p.sku);

export function product(sku: string): PricingAttributes {
  const p = fixtureProducts.find((x) => x.sku === sku);
  if (!p) throw new Error(`no fixture ${sku}`);
  return structuredClone(p);
}

/** 2026-11-22 10:00 UTC: a Sunday morning like any other for the tests. */
export const T0 = Date.UTC(2026, 10, 22, 10, 0, 0);

/**
 * A quote with round numbers so expected prices can be worked out by hand: 1 EUR = 1.25 USD,
 * 1 USD = 0.80 CHF (so 1 EUR = 1 CHF), gold 3000/3010 USD per ounce.
 */
export const roundQuote: SpotQuote = {
  t: T0,
  usd: {
    gold: { bid: 3000, ask: 3010 },
    silver: { bid: 50, ask: 50.25 },
    platinum: { bid: 1500, ask: 1510 },
    palladium: { bid: 1200, ask: 1215 },
  },
  fx: { EURUSD: 1.25, USDCHF: 0.8 },
};
