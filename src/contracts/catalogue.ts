// The product catalogue as it crosses the wire between the commerce service and the storefront: the
// product shape (spec 3), the listing, detail, by-skus and search calls (their queries validate the
// routes) and the answers. The calls are ours (the spec does not show them); src/commerce/catalogue/
// README.md explains each decision.
import Type, { type Static } from 'typebox';
import { MetalName, ProductType, VatClass } from './pricing-attributes.ts';

export { MetalName, ProductType, VatClass };

export const Language = Type.Union([Type.Literal('de'), Type.Literal('en')]);
export type Language = Static<typeof Language>;

/**
 * spec 3: name and slug are translation maps; English falls back to the de-AT entry. The catalogue
 * always answers both keys (the fallback is already applied), so a client never has to repeat it.
 */
export const TranslationMap = Type.Object({
  'de-AT': Type.String(),
  en: Type.String(),
});
export type TranslationMap = Static<typeof TranslationMap>;

export const Availability = Type.Union([Type.Literal('available'), Type.Literal('soldOut'), Type.Literal('preorder')]);
export type Availability = Static<typeof Availability>;
export const availabilities: Availability[] = ['available', 'soldOut', 'preorder'];

/** spec 3: badges new, sale, topseller, preorder */
export const Badge = Type.Union([Type.Literal('new'), Type.Literal('sale'), Type.Literal('topseller'), Type.Literal('preorder')]);
export type Badge = Static<typeof Badge>;
export const badges: Badge[] = ['new', 'sale', 'topseller', 'preorder'];

export const productTypes = ['coin', 'bar', 'numismatic', 'accessory'] as const;

export const FineWeightUnit = Type.Union([Type.Literal('ounce'), Type.Literal('gram')]);
export type FineWeightUnit = Static<typeof FineWeightUnit>;

/** spec 5: sort field default, name, price, preciousMetal, relevance; direction asc or desc */
export const SortField = Type.Union([
  Type.Literal('default'), Type.Literal('name'), Type.Literal('price'), Type.Literal('preciousMetal'), Type.Literal('relevance'),
]);
export type SortField = Static<typeof SortField>;
export const SortDirection = Type.Union([Type.Literal('asc'), Type.Literal('desc')]);
export type SortDirection = Static<typeof SortDirection>;

export const Category = Type.Object({
  id: Type.String(),
  /** in the requested language */
  name: Type.String(),
});
export type Category = Static<typeof Category>;

/** Which side an image shows: coins have an obverse and a reverse, bars a front and a back. */
export const ImageSide = Type.Union([Type.Literal('obverse'), Type.Literal('reverse'), Type.Literal('front'), Type.Literal('back')]);
export type ImageSide = Static<typeof ImageSide>;

export const ProductImage = Type.Object({
  side: ImageSide,
  /** path on the storefront's origin, in the requested language (a bar's stamp reads FEINGOLD or FINE GOLD),
   * with a content hash in the name: /images/products/au-krug-1oz-obverse.3f2a9c01bd.svg */
  url: Type.String(),
  /** alternative text in the requested language, naming the side and what it shows */
  alt: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
});
export type ProductImage = Static<typeof ProductImage>;

const NullableNumber = Type.Union([Type.Number(), Type.Null()]);
const NullableString = Type.Union([Type.String(), Type.Null()]);

/**
 * Technical details (spec 3 "attribute fields are localised"): texts in the requested language,
 * numbers raw (the storefront formats them by locale), lengths in millimetres, weights in grams.
 * null means "does not apply" (a bar has no diameter, an accessory no fineness).
 */
export const ProductAttributes = Type.Object({
  /** metal name in the requested language (Gold, Silber/Silver, Platin/Platinum, Palladium); null for accessories */
  preciousMetal: NullableString,
  /** parts per thousand, e.g. 999.9, 916.7 */
  fineness: NullableNumber,
  /** fine metal content in fineWeightUnit (1 for "1 oz", 100 for "100 g") */
  fineWeight: NullableNumber,
  fineWeightUnit: Type.Union([FineWeightUnit, Type.Null()]),
  /** fine metal content in grams (1 troy ounce = 31.1034768 g); 0 for accessories */
  fineWeightGrams: Type.Number(),
  /** the weight as a shop writes it in the requested language: "1 Unze", "1/10 oz", "100 g" */
  weightLabel: NullableString,
  grossWeightGrams: NullableNumber,
  manufacturer: NullableString,
  countryOfOrigin: NullableString,
  /** ISO 3166-1 alpha-2 */
  countryOfOriginCode: NullableString,
  series: NullableString,
  thicknessMm: NullableNumber,
  diameterMm: NullableNumber,
  /** bars only */
  lengthMm: NullableNumber,
  widthMm: NullableNumber,
  /** coins: Stempelglanz / Brilliant Uncirculated, Polierte Platte / Proof, ... */
  grade: NullableString,
  yearsOfIssue: NullableString,
  /** mintage: "unlimited" or a number of pieces, in words of the requested language */
  edition: NullableString,
  packaging: NullableString,
  certificate: NullableString,
  /** cast or minted, for bars */
  production: NullableString,
});
export type ProductAttributes = Static<typeof ProductAttributes>;

/** Another weight of the same product (same productId), for the detail page's weight picker. */
export const ProductVariantRef = Type.Object({
  sku: Type.String(),
  slug: TranslationMap,
  weightLabel: NullableString,
  fineWeightGrams: Type.Number(),
  availability: Availability,
});
export type ProductVariantRef = Static<typeof ProductVariantRef>;

/** A product as the storefront gets it (reshaped from the catalogue row for one language). */
export const StorefrontProduct = Type.Object({
  sku: Type.String(),
  /** this sellable item (one sku); a stable UUID */
  id: Type.String(),
  /** the product family: the same coin or bar line in its other weights shares it (wishlists keep it) */
  productId: Type.String(),
  /** the language the localised fields below are in */
  language: Language,
  name: TranslationMap,
  slug: TranslationMap,
  /** name and slug in the requested language, fallback applied */
  localizedName: Type.String(),
  localizedSlug: Type.String(),
  description: Type.String(),
  productType: ProductType,
  /** null for accessories */
  metal: Type.Union([MetalName, Type.Null()]),
  manufacturerId: NullableString,
  /** a standard weight class such as 1oz, 1/10oz, 100g, 1kg (null for unusual weights) */
  weightClass: NullableString,
  categories: Type.Array(Category),
  images: Type.Array(ProductImage),
  attributes: ProductAttributes,
  availability: Availability,
  badges: Type.Array(Badge),
  /** may go to the storage deposit (spec 5: silver that is not duty-free cannot) */
  depositable: Type.Boolean(),
  /** stored in the duty-free warehouse (spec 6: sold to the shop only via customer support) */
  dutyFree: Type.Boolean(),
  /** false: no longer sold (only by-skus answers such products, so carts and limit orders can say so) */
  published: Type.Boolean(),
  /** how the product is taxed (src/contracts/vat.ts turns it and the store country into a rate): the product
   * page's price breakdown shows the VAT share of the price */
  vatClass: VatClass,
});
export type StorefrontProduct = Static<typeof StorefrontProduct>;

export const ProductDetail = Type.Object({
  product: StorefrontProduct,
  /** the other weights of the same productId, lightest first */
  variants: Type.Array(ProductVariantRef),
});
export type ProductDetail = Static<typeof ProductDetail>;

// ---- queries -------------------------------------------------------------------------------------

const list = (values: readonly string[]) => `^(${values.join('|')})(,(${values.join('|')}))*$`;

/** A weight class id: 1oz, 1/10oz, 2.5g, 100g, 1kg, 10oz ... */
export const weightClassPattern = '^[0-9]+(\\.[0-9]+)?(/[0-9]+)?(oz|g|kg)$';

export const ProductListQuery = Type.Object({
  language: Type.Optional(Type.Union([Language], { default: 'de' })),
  /** search words (names, metals, manufacturers, series; German and English) */
  q: Type.Optional(Type.String({ maxLength: 100 })),
  /** comma list: gold,silver */
  metal: Type.Optional(Type.String({ maxLength: 60, pattern: list(['gold', 'silver', 'platinum', 'palladium']) })),
  /** comma list: coin,bar */
  productType: Type.Optional(Type.String({ maxLength: 60, pattern: list(productTypes) })),
  /** one category id, e.g. gold-coins */
  category: Type.Optional(Type.String({ maxLength: 60, pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' })),
  /** comma list of manufacturer ids: valcambi,pamp */
  manufacturer: Type.Optional(Type.String({ maxLength: 300, pattern: '^[a-z0-9]+(-[a-z0-9]+)*(,[a-z0-9]+(-[a-z0-9]+)*)*$' })),
  /** comma list of weight classes: 1oz,1/10oz,100g */
  weight: Type.Optional(Type.String({ maxLength: 200, pattern: '^[0-9./]+(oz|g|kg)(,[0-9./]+(oz|g|kg))*$' })),
  /** fine weight range in grams, both ends included */
  fineWeightMin: Type.Optional(Type.Number({ minimum: 0, maximum: 1000000 })),
  fineWeightMax: Type.Optional(Type.Number({ minimum: 0, maximum: 1000000 })),
  /** comma list of ISO 3166-1 alpha-2 codes of the country of origin: CH,AT */
  country: Type.Optional(Type.String({ maxLength: 120, pattern: '^[A-Z]{2}(,[A-Z]{2})*$' })),
  /** comma list: available,preorder */
  availability: Type.Optional(Type.String({ maxLength: 60, pattern: list(availabilities) })),
  /** comma list: new,topseller */
  badge: Type.Optional(Type.String({ maxLength: 60, pattern: list(badges) })),
  /** true: only deals (badge sale) */
  deal: Type.Optional(Type.Boolean()),
  depositable: Type.Optional(Type.Boolean()),
  dutyFree: Type.Optional(Type.Boolean()),
  sort: Type.Optional(Type.Union([SortField], { default: 'default' })),
  /** default asc; for relevance desc (best match first) */
  direction: Type.Optional(SortDirection),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 24 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000, default: 0 })),
  /** true: also answer counts per filter value for the filter panel */
  facets: Type.Optional(Type.Boolean()),
}, { additionalProperties: false });
export type ProductListQuery = Static<typeof ProductListQuery>;

/** GET /products/search: the listing query with q required; sort defaults to relevance. */
export const ProductSearchQuery = Type.Object({
  ...ProductListQuery.properties,
  q: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
  sort: Type.Optional(Type.Union([SortField], { default: 'relevance' })),
}, { additionalProperties: false });
export type ProductSearchQuery = Static<typeof ProductSearchQuery>;

export const ProductSlugParams = Type.Object({
  slug: Type.String({ minLength: 1, maxLength: 200, pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' }),
}, { additionalProperties: false });

export const LanguageQuery = Type.Object({
  language: Type.Optional(Type.Union([Language], { default: 'de' })),
}, { additionalProperties: false });

export const skuPattern = '^[A-Za-z0-9][A-Za-z0-9._-]*$';

export const BySkusQuery = Type.Object({
  /** comma list, at most 100 */
  skus: Type.String({ minLength: 1, maxLength: 6500, pattern: '^[A-Za-z0-9][A-Za-z0-9._-]*(,[A-Za-z0-9][A-Za-z0-9._-]*)*$' }),
  language: Type.Optional(Type.Union([Language], { default: 'de' })),
}, { additionalProperties: false });

export const FacetCount = Type.Object({ value: Type.String(), label: Type.String(), count: Type.Integer() });
export type FacetCount = Static<typeof FacetCount>;

/** Counts over the products that match every other filter (so a panel can offer each choice honestly). */
export const ProductFacets = Type.Object({
  metal: Type.Array(FacetCount),
  productType: Type.Array(FacetCount),
  manufacturer: Type.Array(FacetCount),
  weight: Type.Array(FacetCount),
  /** country of origin (ISO code, name in the requested language) */
  country: Type.Array(FacetCount),
  availability: Type.Array(FacetCount),
  deal: Type.Integer(),
});
export type ProductFacets = Static<typeof ProductFacets>;

export const ProductListResponse = Type.Object({
  total: Type.Integer(),
  limit: Type.Integer(),
  offset: Type.Integer(),
  language: Language,
  sort: SortField,
  direction: SortDirection,
  products: Type.Array(StorefrontProduct),
  facets: Type.Optional(ProductFacets),
});
export type ProductListResponse = Static<typeof ProductListResponse>;

export const BySkusResponse = Type.Object({
  /** in the order asked, each sku once */
  products: Type.Array(StorefrontProduct),
  /** skus asked for that the catalogue does not hold */
  notFound: Type.Array(Type.String()),
});
export type BySkusResponse = Static<typeof BySkusResponse>;

/** GET /products/{slug}/similar: how many products at most (default 4). */
export const SimilarQuery = Type.Object({
  language: Type.Optional(Type.Union([Language], { default: 'de' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 12, default: 4 })),
}, { additionalProperties: false });

export const SimilarResponse = Type.Object({
  /** the nearest products of the same metal and type, other product lines only, nearest weight first */
  products: Type.Array(StorefrontProduct),
});
export type SimilarResponse = Static<typeof SimilarResponse>;

/** A category of the shop (spec 2 "shop, item": /shop/{slug}), with its slug in both languages. */
export const CatalogueCategory = Type.Object({
  id: Type.String(),
  name: TranslationMap,
  slug: TranslationMap,
  /** name and slug in the requested language */
  localizedName: Type.String(),
  localizedSlug: Type.String(),
  /** the category this one narrows (gold-coins: gold); null at the top */
  parent: Type.Union([Type.String(), Type.Null()]),
  /** published products in it */
  productCount: Type.Integer(),
});
export type CatalogueCategory = Static<typeof CatalogueCategory>;

/** GET /categories: every category in the shop's order (metals, product types, metal and type, duty-free). */
export const CategoriesResponse = Type.Object({
  categories: Type.Array(CatalogueCategory),
});
export type CategoriesResponse = Static<typeof CategoriesResponse>;
