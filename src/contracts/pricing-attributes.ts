// What the price service needs to know about a product to price it. The commerce service owns these fields
// (catalogue seed, admin) and serves them at GET {COMMERCE_API_URL}/admin/products/pricing-attributes
// (header x-store-key) as { products: PricingAttributes[] }; the price service fetches them at every
// recalculation. One definition for both ends.
import Type, { type Static } from 'typebox';

export const MetalName = Type.Union([
  Type.Literal('gold'), Type.Literal('silver'), Type.Literal('platinum'), Type.Literal('palladium'),
]);
export type MetalName = Static<typeof MetalName>;
export const metalNames: MetalName[] = ['gold', 'silver', 'platinum', 'palladium'];

export { TROY_OUNCE_GRAMS } from './units.ts';

export const ProductType = Type.Union([
  Type.Literal('coin'), Type.Literal('bar'), Type.Literal('numismatic'), Type.Literal('accessory'),
]);
export type ProductType = Static<typeof ProductType>;

/**
 * How a product is taxed. The price service turns class + store country into a VAT rate
 * (src/contracts/vat.ts documents every rate and why):
 * - investment-gold: bars >= 995/1000 and gold coins >= 900/1000 minted after 1800 (EU Art. 344 VAT
 *   directive, Swiss MWSTG Art. 107 / 21 Abs. 2 Ziff. 26): no VAT in AT, CH, DE, LI.
 * - silver-coin: silver coins (in AT/DE sold under the margin scheme, see vat.ts).
 * - silver-bar: silver bars (standard rate when sold; no VAT on buy-back from private customers, spec 9).
 * - platinum-group: platinum and palladium coins and bars (standard rate).
 * - standard: everything else (accessories, gold that does not qualify as investment gold).
 */
export const VatClass = Type.Union([
  Type.Literal('investment-gold'), Type.Literal('silver-coin'), Type.Literal('silver-bar'),
  Type.Literal('platinum-group'), Type.Literal('standard'),
]);
export type VatClass = Static<typeof VatClass>;

/** A quantity discount: from minQuantity pieces on, the premium over spot is premiumBp. */
export const PriceTier = Type.Object({
  minQuantity: Type.Integer({ minimum: 1, maximum: 100000 }),
  premiumBp: Type.Integer({ minimum: 0, maximum: 1000000 }),
}, { additionalProperties: false });
export type PriceTier = Static<typeof PriceTier>;

export const PricingAttributes = Type.Object({
  sku: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9][A-Za-z0-9._-]*$' }),
  /** null for accessories (capsules, boxes, scales): they are priced from basePriceCents alone */
  metal: Type.Union([MetalName, Type.Null()]),
  /** metal content in grams of fine metal (1 troy ounce = 31.1034768 g); 0 for accessories */
  fineWeightGrams: Type.Number({ minimum: 0, maximum: 1000000 }),
  productType: ProductType,
  /** premium over the ask spot price for one piece, in basis points (1 bp = 0.01 %); 500 = 5 % */
  premiumBp: Type.Integer({ minimum: 0, maximum: 1000000 }),
  /** fixed premium per piece in EUR cents, net of VAT (minting, packaging); converted at the spot FX rate */
  fixedPremiumCents: Type.Integer({ minimum: 0, maximum: 100000000 }),
  /** buy-back price = bid spot value minus this many basis points; 200 = 2 % under bid */
  buyBackDiscountBp: Type.Integer({ minimum: 0, maximum: 10000 }),
  /** quantity discounts; the premium for 1 piece is premiumBp unless a tier with minQuantity 1 says otherwise */
  tiers: Type.Array(PriceTier, { maxItems: 20 }),
  /** accessories only: price per piece in EUR cents, net of VAT; null for metal products */
  basePriceCents: Type.Union([Type.Integer({ minimum: 0, maximum: 100000000 }), Type.Null()]),
  /** can be bought VAT-free for storage in the duty-free warehouse (spec 6: sold only via support) */
  dutyFree: Type.Boolean(),
  vatClass: VatClass,
}, { additionalProperties: false });
export type PricingAttributes = Static<typeof PricingAttributes>;

/** Response of GET /admin/products/pricing-attributes on the commerce service. */
export const PricingAttributesResponse = Type.Object({
  products: Type.Array(PricingAttributes),
});
export type PricingAttributesResponse = Static<typeof PricingAttributesResponse>;

/**
 * Rules the schema cannot say. Returns the problems (empty when the product can be priced); the price
 * service skips products with problems (and logs their sku), the catalogue can run it on its seed.
 */
export function pricingAttributesProblems(p: PricingAttributes): string[] {
  const problems: string[] = [];
  if (p.productType === 'accessory') {
    if (p.metal !== null) problems.push('an accessory has metal null');
    if (p.basePriceCents === null) problems.push('an accessory needs basePriceCents');
  } else {
    if (p.metal === null) problems.push(`a ${p.productType} needs a metal`);
    if (!(p.fineWeightGrams > 0)) problems.push(`a ${p.productType} needs fineWeightGrams > 0`);
    if (p.basePriceCents !== null) problems.push('basePriceCents is for accessories only; metal products use premiums');
  }
  if (p.vatClass === 'investment-gold' && p.metal !== 'gold') problems.push('investment-gold needs metal gold');
  if ((p.vatClass === 'silver-coin' || p.vatClass === 'silver-bar') && p.metal !== 'silver') problems.push(`${p.vatClass} needs metal silver`);
  if (p.vatClass === 'platinum-group' && p.metal !== 'platinum' && p.metal !== 'palladium') problems.push('platinum-group needs metal platinum or palladium');
  const seen = new Set<number>();
  for (const t of p.tiers) {
    if (seen.has(t.minQuantity)) problems.push(`two tiers start at ${t.minQuantity}`);
    seen.add(t.minQuantity);
  }
  return problems;
}
