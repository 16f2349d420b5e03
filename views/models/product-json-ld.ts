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
}

export function productJsonLd({ product: p, url, origin, country, prices }: JsonLdInput): Record<string, unknown> {
  const a = p.attributes;
  const ld: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.localizedName,
    sku: p.sku,
    productID: p.id,
    url,
    image: p.images.map((i) => origin + i.url),
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
    };
  }
  return ld;
}
