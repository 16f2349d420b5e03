// A price book: every product's prices for every store country and currency, computed from one spot
// quote, plus the metal prices of that quote. Built in one go by each recalculation and then only read.
import Compile from 'typebox/compile';
import { PricingAttributes, pricingAttributesProblems } from '../../contracts/pricing-attributes.ts';
import {
  priceCountries, priceCurrencies, type CurrencyCode, type MetalPrices, type PriceCountry, type ProductPrices,
} from '../../contracts/prices.ts';
import type { SpotQuote } from '../feed/types.ts';
import { metalPrices } from './metal-prices.ts';
import { currencySpot, priceProduct } from './product-prices.ts';

export interface PriceList {
  /** in the order the catalogue sent them */
  products: ProductPrices[];
  bySku: Map<string, ProductPrices>;
  /** the serialised "all products" response, built on first request */
  allJson?: string;
}

export interface PriceBook {
  /** ISO timestamp of the recalculation (spec 4: prices valid 180 s after it) */
  lastRecalculatedAt: string;
  quote: SpotQuote;
  metals: MetalPrices[];
  productCount: number;
  lists: Map<`${PriceCountry}:${CurrencyCode}`, PriceList>;
}

const checkAttributes = Compile(PricingAttributes);

export interface Skipped {
  sku: string;
  reason: string;
}

/** Products that can be priced, and the others with the reason (logged by the caller, by sku only). */
export function usableProducts(raw: unknown[]): { products: PricingAttributes[]; skipped: Skipped[] } {
  const products: PricingAttributes[] = [];
  const skipped: Skipped[] = [];
  const seen = new Set<string>();
  for (const item of raw) {
    const sku = typeof (item as { sku?: unknown })?.sku === 'string' ? String((item as { sku: string }).sku).slice(0, 64) : '(no sku)';
    if (!checkAttributes.Check(item)) {
      const first = checkAttributes.Errors(item)[0];
      skipped.push({ sku, reason: `invalid attributes${first ? `: ${first.instancePath || '/'} ${first.message}` : ''}` });
      continue;
    }
    const problems = pricingAttributesProblems(item);
    if (problems.length > 0) {
      skipped.push({ sku, reason: problems.join('; ') });
      continue;
    }
    if (seen.has(item.sku)) {
      skipped.push({ sku, reason: 'duplicate sku (the first one is priced)' });
      continue;
    }
    seen.add(item.sku);
    products.push(item);
  }
  return { products, skipped };
}

export function buildPriceBook(products: PricingAttributes[], quote: SpotQuote, dayBefore: SpotQuote | null, lastRecalculatedAt: string): PriceBook {
  const lists: PriceBook['lists'] = new Map();
  for (const currency of priceCurrencies) {
    const spot = currencySpot(quote, currency);
    for (const country of priceCountries) {
      const list: PriceList = { products: [], bySku: new Map() };
      for (const p of products) {
        const entry: ProductPrices = { sku: p.sku, prices: priceProduct(p, country, spot) };
        list.products.push(entry);
        list.bySku.set(p.sku, entry);
      }
      lists.set(`${country}:${currency}`, list);
    }
  }
  return { lastRecalculatedAt, quote, metals: metalPrices(quote, dayBefore, lastRecalculatedAt), productCount: products.length, lists };
}
