// The product page (spec 2: /produkt/{slug}, /en/product/{slug}). The product is critical (unknown or
// unpublished: 404 with the shop's 404 page; catalogue down: 503); similar products and the shipping cost
// table are deferred (they stream in, a failure leaves their section out). A slug of the other language
// redirects to this language's slug.
import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import type { ProductVariantRef, StorefrontProduct } from '../../src/contracts/catalogue.ts';
import type { ShippingCostsResponse } from '../../src/contracts/order.ts';
import type { PriceCountry } from '../../src/contracts/prices.ts';
import { pathFor } from '../../src/screens.ts';
import { stores } from '../../src/stores.ts';
import { loaderContext, type LoaderContext } from '../lib/context.tsx';
import type { PageMeta } from '../lib/meta.ts';
import { notFound } from '../lib/not-found.ts';
import { toCard, type CardProduct } from './listing-data.ts';
import { productJsonLd, rasterImageUrl } from './product-json-ld.ts';

export interface VariantLink {
  sku: string;
  label: string;
  href: string;
  current: boolean;
  soldOut: boolean;
}

export interface ProductData {
  product: StorefrontProduct;
  /** every weight of the product line, lightest first, this one marked */
  variants: VariantLink[];
  /** deferred */
  similar: Promise<CardProduct[]> | CardProduct[] | null;
  /** deferred: the store's shipping cost table */
  shipping: Promise<ShippingCostsResponse | null> | ShippingCostsResponse | null;
  /** the store's country: the VAT rules of the breakdown */
  country: PriceCountry;
  meta: PageMeta;
}

/** Decision: four similar products (one row of cards on a wide screen). */
const SIMILAR = 4;

function variantLinks(p: StorefrontProduct, variants: ProductVariantRef[], lang: 'de' | 'en'): VariantLink[] {
  if (variants.length === 0) return [];
  const own: ProductVariantRef = { sku: p.sku, slug: p.slug, weightLabel: p.attributes.weightLabel, fineWeightGrams: p.attributes.fineWeightGrams, availability: p.availability };
  return [...variants, own]
    .sort((a, b) => a.fineWeightGrams - b.fineWeightGrams)
    .map((v) => ({
      sku: v.sku,
      label: v.weightLabel ?? v.sku,
      href: pathFor('product', lang, { slug: lang === 'en' ? v.slug.en : v.slug['de-AT'] }),
      current: v.sku === p.sku,
      soldOut: v.availability === 'soldOut',
    }));
}

/** The product a slug names, for the product screens: a malformed or unknown slug (or an unpublished
 * product) throws the shop's 404 page, a catalogue that cannot answer the 503 screen. */
export async function productBySlug(ctx: LoaderContext, slug: string, path: string) {
  const found = /^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug) && slug.length <= 200 ? await ctx.catalogue.bySlug(slug) : null;
  if (!found || (found.error && found.error.status === 404)) return notFound(ctx, path);
  if (found.error) throw data(null, { status: 503 });
  return found.data;
}

export async function productLoader({ request, params, context }: LoaderFunctionArgs): Promise<ProductData> {
  const ctx = context.get(loaderContext);
  const url = new URL(request.url);
  const slug = params.slug ?? '';
  const { product, variants } = await productBySlug(ctx, slug, url.pathname);
  if (product.localizedSlug !== slug) throw redirect(pathFor('product', ctx.lang, { slug: product.localizedSlug }) + url.search, 301);

  const other = ctx.lang === 'de' ? 'en' : 'de';
  const country = stores[ctx.store].country;
  const path = pathFor('product', ctx.lang, { slug });
  const origin = ctx.origin ?? url.origin;
  // Crawlers only: the current price in the Offer, and the page leaves the cache when it expires.
  const prices = ctx.bot ? (ctx.prices?.current(product.sku) ?? null) : null;
  const shipping = ctx.catalogue.shippingCosts().then((r) => (r.error ? null : r.data), () => null);
  // the Offer's shipping details come from the store's real table: a crawler's page waits for it
  const shippingForLd = prices ? await shipping : null;
  const meta: PageMeta = {
    title: product.localizedName,
    description: product.description.length > 160 ? `${product.description.slice(0, 157).trimEnd()}…` : product.description,
    alternates: { [other]: pathFor('product', other, { slug: other === 'en' ? product.slug.en : product.slug['de-AT'] }) },
    ...(product.images[0] ? { image: origin + rasterImageUrl(product.images[0].url) } : {}),
    jsonLd: [productJsonLd({ product, url: origin + path, origin, country, prices, shipping: shippingForLd, shipTo: stores[ctx.store].shippingCountries })],
    ...(ctx.bot ? { cacheUntil: prices ? prices.validUntil : new Date().toISOString() } : {}),
  };

  const similar = ctx.catalogue.similar(slug, SIMILAR).then((r) => (r.error ? [] : r.data.products.map(toCard)), () => []);
  return { product, variants: variantLinks(product, variants, ctx.lang), similar, shipping, country, meta };
}
