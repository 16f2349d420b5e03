import type { LoaderFunctionArgs } from 'react-router';
import type { StorefrontProduct } from '../../../src/contracts/catalogue.ts';
import type { MetalName } from '../../../src/contracts/prices.ts';
import { loaderContext } from '../../lib/context.tsx';
import { translator } from '../../../src/i18n.ts';
import type { PageMeta } from '../../lib/meta.ts';
import { notFound } from '../../lib/not-found.ts';
import { pricelistOfSlug, pricelistPath, pricelistSlugs, type PricelistId } from '../../models/pricelist-slugs.ts';

export { pricelistSlugs };

/** What the table needs of a product (the hydration payload stays small; prices come live). */
export interface PricelistRow {
  sku: string;
  name: string;
  slug: string;
  metal: MetalName;
  productType: StorefrontProduct['productType'];
  weightLabel: string | null;
  fineWeightGrams: number;
  fineness: number | null;
  availability: StorefrontProduct['availability'];
  dutyFree: boolean;
}

export interface PricelistData {
  /** null: every metal */
  list: PricelistId | null;
  rows: PricelistRow[];
  /** the catalogue did not answer: the page says so (status 503) */
  unavailable: boolean;
  meta: PageMeta;
}

/** Decision: a price list of up to 500 products (5 pages of the catalogue's maximum 100). */
const MAX_PAGES = 5;

/** Known price lists (spec 2 pricelist/{slug...}): gold, silver, platinum, palladium and the duty-free
 * list; the bare path lists every metal. Products come from the catalogue, prices live in the browser
 * (the price hub), so the page's HTML never shows a price that is already out of date. */
export async function pricelistLoader({ params, request, context }: LoaderFunctionArgs) {
  const ctx = context.get(loaderContext);
  const slug = params['*'] ?? '';
  const list = slug === '' ? null : pricelistOfSlug(ctx.lang, slug);
  if (slug !== '' && list === null) return notFound(ctx, new URL(request.url).pathname);

  const t = translator(ctx.lang);
  const other = ctx.lang === 'de' ? 'en' : 'de';
  const meta: PageMeta = {
    title: t(`prices.list.titles.${list ?? 'all'}`),
    description: t(list === 'dutyFree' ? 'prices.list.introDutyFree' : 'prices.list.intro'),
    alternates: { [other]: pricelistPath(other, list) },
  };

  // Bullion only: accessories have no metal and no place in a price list. The duty-free list holds the
  // products flagged dutyFree (spec 6), priced with buy-dutyfree.
  const filter = list === 'dutyFree' ? { dutyFree: true, metal: 'gold,silver,platinum,palladium' } : { metal: list ?? 'gold,silver,platinum,palladium' };
  const rows: PricelistRow[] = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    const res = await ctx.catalogue.list({ ...filter, sort: 'default', limit: 100, offset: page * 100 });
    if (res.error) {
      // Decision: the page stays a page (tabs, chart, a calm notice) and answers 200, marked noindex so
      // that search engines do not keep an empty price list; the error itself is the catalogue's to log.
      return { list, rows: [], unavailable: true, meta: { ...meta, noindex: true } } satisfies PricelistData;
    }
    for (const p of res.data.products) {
      if (!p.metal) continue;
      rows.push({
        sku: p.sku,
        name: p.localizedName,
        slug: p.localizedSlug,
        metal: p.metal,
        productType: p.productType,
        weightLabel: p.attributes.weightLabel,
        fineWeightGrams: p.attributes.fineWeightGrams,
        fineness: p.attributes.fineness,
        availability: p.availability,
        dutyFree: p.dutyFree,
      });
    }
    if ((page + 1) * 100 >= res.data.total) break;
  }
  return { list, rows, unavailable: false, meta } satisfies PricelistData;
}
