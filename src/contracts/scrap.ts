// The scrap estimate (sell to us, scrap metals, the CMS old-metal calculator): ONE pure calculation on
// neutral ground. The commerce service prices scrap lines with it from the price set's bid; the browser
// shows a live estimate with it from the bid prices of the price hub. Both sides therefore agree to the
// cent for the same bid.
import type { ScrapMetal } from './cart.ts';
import type { MetalName } from './pricing-attributes.ts';

export type { ScrapMetal };

/** spec 3 sell metals, in the order forms list them */
export const scrapMetals: readonly ScrapMetal[] = ['gold', 'silver', 'platinum', 'palladium', 'dental-gold'];

export const GRAMS_PER_TROY_OUNCE = 31.1034768;

/** Most grams one scrap item may weigh (a form's bound; the cart's AddScrapItemBody allows the same). */
export const SCRAP_MAX_GRAMS = 100_000;

/**
 * Decision: the refining and assay deduction on scrap, below the bid value of its fine metal. Scrap must be
 * melted and assayed (a refiner charges by weight and metal); dental gold alloys also hold platinum-group
 * metals and wax residue, so it is priced from the gold bid with the largest deduction. Realistic dealer
 * figures: 5 % gold, 12 % silver, 8 % platinum and palladium, 10 % dental gold. In basis points.
 */
export const SCRAP_DEDUCTION_BP: Record<ScrapMetal, number> = {
  gold: 500,
  silver: 1200,
  platinum: 800,
  palladium: 800,
  'dental-gold': 1000,
};

/**
 * Common hallmarks per metal, in parts per thousand (what a customer finds stamped on the piece), for the
 * forms' choices. Dental gold: the usual high-gold dental alloys.
 */
export const scrapFinenessOptions: Record<ScrapMetal, readonly number[]> = {
  gold: [333, 375, 585, 750, 900, 916, 999, 999.9],
  silver: [800, 835, 900, 925, 999],
  platinum: [585, 900, 950, 999],
  palladium: [500, 950, 999],
  'dental-gold': [585, 650, 750, 840, 900],
};

export interface ScrapSpec {
  metal: ScrapMetal;
  /** parts per thousand */
  fineness: number;
  weightGrams: number;
}

/** The spot metal whose bid prices a scrap metal (dental gold: gold). */
export function scrapSpotMetal(metal: ScrapMetal): MetalName {
  return metal === 'dental-gold' ? 'gold' : metal;
}

/** Grams from troy ounces (spec 3: units ounce, gram), to a hundredth of a gram as the cart stores it. */
export function ouncesToGrams(ounces: number): number {
  return Math.round(ounces * GRAMS_PER_TROY_OUNCE * 100) / 100;
}

/**
 * What the shop pays for a scrap item, in cents: fine metal content (weight x fineness) x the bid per troy
 * ounce of the spot metal, less the refining deduction, rounded down (never in the shop's favour by more
 * than a cent). Invalid input answers 0.
 */
export function scrapEstimateCents(scrap: ScrapSpec, bidPerOunceCents: number): number {
  const { weightGrams, fineness } = scrap;
  if (!(weightGrams > 0) || !(fineness > 0) || !(bidPerOunceCents > 0)) return 0;
  const fineOunces = (weightGrams * fineness) / 1000 / GRAMS_PER_TROY_OUNCE;
  const cents = Math.floor(fineOunces * bidPerOunceCents * (1 - SCRAP_DEDUCTION_BP[scrap.metal] / 10_000) + 1e-9);
  return Math.max(0, cents);
}
