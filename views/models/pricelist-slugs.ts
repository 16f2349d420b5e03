// The price lists (spec 2 pricelist/{slug...}): one per metal and the duty-free list, in both languages.
// The bare path lists every metal. Shared by the loader, the page and the header's metal links.
import type { Language } from '../../src/stores.ts';
import { pathFor } from '../../src/screens.ts';
import type { MetalName } from '../../src/contracts/prices.ts';

export type PricelistId = MetalName | 'dutyFree';

export const pricelistSlugs: Record<Language, Record<PricelistId, string>> = {
  de: { gold: 'gold', silver: 'silber', platinum: 'platin', palladium: 'palladium', dutyFree: 'zollfrei' },
  en: { gold: 'gold', silver: 'silver', platinum: 'platinum', palladium: 'palladium', dutyFree: 'duty-free' },
};

export const pricelistIds: PricelistId[] = ['gold', 'silver', 'platinum', 'palladium', 'dutyFree'];

export function pricelistOfSlug(lang: Language, slug: string): PricelistId | null {
  return pricelistIds.find((id) => pricelistSlugs[lang][id] === slug) ?? null;
}

/** Path of a price list (null: every metal) in a language. */
export function pricelistPath(lang: Language, id: PricelistId | null): string {
  return pathFor('pricelist', lang, { '*': id ? pricelistSlugs[lang][id] : '' });
}
