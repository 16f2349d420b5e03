// schema.org Product with Offer as JSON-LD for the product page (findability).
//
// Decision (prices in crawlers' documents): people's HTML never carries a price (the guest page cache
// would serve it after it expired; prices render in the browser). Crawlers get a variant of their own:
// the storefront tells the loader that a bot asks (the page cache keeps bots' documents apart from
// people's), and the loader puts the current buy price of one piece into the Offer, with
// priceValidUntil (the day) and a UnitPriceSpecification whose validFrom/validThrough are the
// recalculation and the end of its 180 s (spec 9). The bot's document leaves the page cache when that
// price expires (PageMeta.cacheUntil), so no crawler is told a price that no longer holds. People's
// documents carry the Product without an Offer (a price-less Offer is invalid for search engines).
import type { Availability, StorefrontProduct } from '../../src/contracts/catalogue.ts';
import type { CurrentPrices } from '../../src/contracts/loader-ports.ts';
import type { PriceCountry } from '../../src/contracts/prices.ts';
import { vatFor } from '../../src/contracts/vat.ts';
import type { ShippingCostsResponse } from '../../src/contracts/order.ts';
import type { CountryCode } from '../../src/stores.ts';

const availabilityUrl: Record<Availability, string> = {
  available: 'https://schema.org/InStock',
  soldOut: 'https://schema.org/OutOfStock',
  preorder: 'https://schema.org/PreOrder',
};

/** Cents as the decimal string schema.org prices are written in ("3452.81"). */
export function decimalPrice(cents: number): string {
  return (cents / 100).toFixed(2);
}

export interface JsonLdInput {
  product: StorefrontProduct;
  /** absolute URL of the page */
  url: string;
  /** absolute origin for images */
  origin: string;
  country: PriceCountry;
  /** the current prices (crawlers only); null: no Offer */
  prices: CurrentPrices | null;
  /** the store's shipping cost table (crawlers only; null when the catalogue could not give it) */
  shipping?: ShippingCostsResponse | null;
  /** the countries the store ships to */
  shipTo?: CountryCode[];
}

/** The PNG beside a product image's SVG (made at build, src/raster-images.ts): shopping feeds and
 * merchant listings take no SVG (issue 28). */
export function rasterImageUrl(svgUrl: string): string {
  return svgUrl.replace(/\.svg$/, '.png');
}

/**
 * Decision (delivery time of standard shipping, "delivered in 3–5 working days", src/commerce/shipping):
 * one to two days to hand the insured parcel over, two to three in transit.
 */
const HANDLING_DAYS = [1, 2] as const;
const TRANSIT_DAYS = [2, 3] as const;

/** What standard shipping (the `shipping` method) costs for one piece at this price, to the store's
 * countries: the band of the store's real table that the goods value falls into (free from 10,000). */
export function shippingDetailsJsonLd(shipping: ShippingCostsResponse, goodsCents: number, shipTo: CountryCode[]): Record<string, unknown> | null {
  const method = shipping.methods.find((m) => m.key === 'shipping' && m.transactionType === 'buy');
  if (!method) return null;
  const cents = method.rateBp !== null
    ? Math.max(method.minCentAmount ?? 0, Math.round((goodsCents * method.rateBp) / 10_000))
    : (method.bands.find((b) => b.upToCentAmount === null || goodsCents <= b.upToCentAmount)?.centAmount ?? 0);
  const days = (d: readonly [number, number]) => ({ '@type': 'QuantitativeValue', minValue: d[0], maxValue: d[1], unitCode: 'DAY' });
  return {
    '@type': 'OfferShippingDetails',
    shippingRate: { '@type': 'MonetaryAmount', value: decimalPrice(cents), currency: shipping.currency },
    shippingDestination: shipTo.map((c) => ({ '@type': 'DefinedRegion', addressCountry: c })),
    deliveryTime: { '@type': 'ShippingDeliveryTime', handlingTime: days(HANDLING_DAYS), transitTime: days(TRANSIT_DAYS) },
  };
}

/**
 * The return terms of the shop's right-of-revocation page (CMS story legal/right-of-revocation): precious
 * metals, priced by the market, are excluded from withdrawal and cannot be returned; accessories (no
 * metal) go back free of charge within 30 days, by mail.
 */
export function returnPolicyJsonLd(product: StorefrontProduct, country: CountryCode): Record<string, unknown> {
  if (product.metal !== null) {
    return { '@type': 'MerchantReturnPolicy', applicableCountry: country, returnPolicyCategory: 'https://schema.org/MerchantReturnNotPermitted' };
  }
  return {
    '@type': 'MerchantReturnPolicy',
    applicableCountry: country,
    returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
    merchantReturnDays: 30,
    returnMethod: 'https://schema.org/ReturnByMail',
    returnFees: 'https://schema.org/FreeReturn',
  };
}

export function productJsonLd({ product: p, url, origin, country, prices, shipping, shipTo }: JsonLdInput): Record<string, unknown> {
  const a = p.attributes;
  const ld: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.localizedName,
    sku: p.sku,
    productID: p.id,
    url,
    // the PNG copies: merchant listings and shopping feeds take no SVG
    image: p.images.map((i) => origin + rasterImageUrl(i.url)),
    description: p.description,
    ...(a.manufacturer ? { brand: { '@type': 'Brand', name: a.manufacturer } } : {}),
    ...(p.categories.length ? { category: p.categories.at(-1)!.name } : {}),
    ...(a.preciousMetal ? { material: a.preciousMetal } : {}),
    ...(a.countryOfOrigin ? { countryOfOrigin: a.countryOfOrigin } : {}),
    ...(a.grossWeightGrams ? { weight: { '@type': 'QuantitativeValue', value: a.grossWeightGrams, unitCode: 'GRM' } } : {}),
  };
  const type = p.dutyFree ? 'buy-dutyfree' : 'buy';
  const buy = prices?.prices.filter((x) => x.type === type).sort((x, y) => x.minQuantity - y.minQuantity)[0];
  if (prices && buy) {
    const price = decimalPrice(buy.centAmount);
    ld.offers = {
      '@type': 'Offer',
      url,
      price,
      priceCurrency: prices.currency,
      priceValidUntil: prices.validUntil.slice(0, 10),
      availability: availabilityUrl[p.availability],
      itemCondition: 'https://schema.org/NewCondition',
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price,
        priceCurrency: prices.currency,
        valueAddedTaxIncluded: !p.dutyFree && vatFor(p.vatClass, country).scheme !== 'exempt',
        validFrom: prices.lastRecalculatedAt,
        validThrough: prices.validUntil,
      },
      ...(shipping && shipTo?.length ? { shippingDetails: shippingDetailsJsonLd(shipping, buy.centAmount, shipTo) ?? undefined } : {}),
      hasMerchantReturnPolicy: returnPolicyJsonLd(p, country as CountryCode),
    };
  }
  return ld;
}
