// The catalogue product's shapes: a seed entry (seed-data.ts), the product as stored, its stored images and
// the image generator's hints. Types only, in their own module so that model.ts (which builds the product and
// calls the image generator) and images.ts (which reads the product) import them without importing each other.
import type { Availability, Badge, FineWeightUnit, TranslationMap } from '../../contracts/catalogue.ts';
import type { MetalName, PriceTier, PricingAttributes, ProductType } from '../../contracts/pricing-attributes.ts';
import type { Texts } from './reference.ts';

export type ImageSide = 'obverse' | 'reverse' | 'front' | 'back';

/** A product's image as stored: one side, its url per language, its alt text per language. */
export interface StoredImage { side: ImageSide; url: TranslationMap; alt: TranslationMap; width: number; height: number }

/** Hints for the image generator (images.ts); not part of the product. A coin's motifs and inscriptions
 * come from its product line (coin-designs.ts). */
export interface ImageHints {
  proof?: boolean;
  /** a proof set of n coins */
  set?: number;
  /** a CombiBar plate */
  combi?: boolean;
  accessory?: 'capsules' | 'tube' | 'coin-box' | 'bullion-box' | 'scale' | 'gloves' | 'magnifier';
}

/** A seed entry as written in seed-data.ts. */
export interface RawProduct {
  sku: string;
  /** the product line; its weights share one productId */
  family: string;
  type: ProductType;
  metal: MetalName | null;
  /** {w} becomes the weight label, {y} nameYear, {n} nameCount */
  name: Texts;
  nameYear?: Texts;
  nameCount?: Texts;
  /** a standard weight class: 1oz, 1/10oz, 2.5g, 100g, 1kg */
  weight?: string;
  /** fine metal in grams, for weights outside the classes (Vreneli 5.806 g) */
  fineWeightGrams?: number;
  fineWeightUnitOverride?: FineWeightUnit;
  fineness?: number;
  grossG?: number;
  diameterMm?: number;
  thicknessMm?: number;
  lengthMm?: number;
  widthMm?: number;
  manufacturer?: string;
  /** ISO code; defaults to the manufacturer's country */
  country?: string;
  series?: Texts;
  grade?: string;
  years?: Texts;
  edition?: Texts;
  packaging?: string;
  certificate?: string;
  production?: 'minted' | 'cast';
  availability?: Availability;
  badges?: Badge[];
  dutyFree?: boolean;
  premiumBp: number;
  fixedPremiumCents?: number;
  buyBackDiscountBp?: number;
  tiers?: PriceTier[];
  basePriceCents?: number;
  description: Texts;
  image?: ImageHints;
}


/** A catalogue product as stored (column data of table products): both languages, every field. */
export interface CatalogueProduct {
  sku: string;
  id: string;
  productId: string;
  productType: ProductType;
  metal: MetalName | null;
  name: TranslationMap;
  slug: TranslationMap;
  description: TranslationMap;
  categories: { id: string; name: TranslationMap }[];
  /** obverse and reverse (coins), front and back (bars), the first is the one listings show */
  images: StoredImage[];
  attributes: {
    preciousMetal: TranslationMap | null;
    fineness: number | null;
    fineWeight: number | null;
    fineWeightUnit: FineWeightUnit | null;
    fineWeightGrams: number;
    weightLabel: TranslationMap | null;
    grossWeightGrams: number | null;
    manufacturer: TranslationMap | null;
    countryOfOrigin: TranslationMap | null;
    countryOfOriginCode: string | null;
    series: TranslationMap | null;
    thicknessMm: number | null;
    diameterMm: number | null;
    lengthMm: number | null;
    widthMm: number | null;
    grade: TranslationMap | null;
    yearsOfIssue: TranslationMap | null;
    edition: TranslationMap | null;
    packaging: TranslationMap | null;
    certificate: TranslationMap | null;
    production: TranslationMap | null;
  };
  manufacturerId: string | null;
  weightClass: string | null;
  availability: Availability;
  badges: Badge[];
  depositable: boolean;
  dutyFree: boolean;
  published: boolean;
  pricing: PricingAttributes;
}
