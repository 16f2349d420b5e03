// What a listing page (shop, category, deals, search) gets from its loader, and the loading itself: the
// products of pages 1..n in card form (the hydration payload carries what a card shows, no more), the
// filter groups with counts, and the category navigation. Prices are not here: they render in the browser.
import { data } from 'react-router';
import type {
  Availability, Badge, CatalogueCategory, ProductFacets, ProductImage, ProductListQuery, ProductListResponse,
  StorefrontProduct,
} from '../../src/contracts/catalogue.ts';
import type { Result } from '../../src/contracts/result.ts';
import { pathFor } from '../../src/screens.ts';
import type { Language } from '../../src/stores.ts';
import type { LoaderContext } from '../lib/context.tsx';
import type { PageMeta } from '../lib/meta.ts';
import { catalogueQuery, MAX_PAGE, multiFilters, PAGE_SIZE, type ListingState, type MultiFilter } from './listing-url.ts';

/** A product as its card shows it (views/components/product/ProductCard.tsx and its tracking read these
 * fields, no more). Decision (issue 27): what the card does not read stays out of the hydration data (the
 * product id, metal, type and fineness, the image's side and alternative text: the card's image is
 * decorative, its name is the link), about 200 bytes a card, 5 kB on a listing page. */
export interface CardProduct {
  sku: string;
  name: string;
  slug: string;
  image: CardImage | null;
  badges: Badge[];
  availability: Availability;
  weightLabel: string | null;
  manufacturer: string | null;
  /** spec 6: duty-free products are sold through customer support only */
  dutyFree: boolean;
  /** the most specific category (tracking's item_category) */
  category: string | null;
}

/** The card's image: decorative (alt=""), so without its side and alternative text. */
export type CardImage = Pick<ProductImage, 'url' | 'width' | 'height'>;

export function toCard(p: StorefrontProduct): CardProduct {
  const image = p.images[0];
  return {
    sku: p.sku,
    name: p.localizedName,
    slug: p.localizedSlug,
    image: image ? { url: image.url, width: image.width, height: image.height } : null,
    badges: p.badges,
    availability: p.availability,
    weightLabel: p.attributes.weightLabel,
    manufacturer: p.attributes.manufacturer,
    dutyFree: p.dutyFree,
    category: p.categories.at(-1)?.name ?? null,
  };
}

export interface FilterOption {
  value: string;
  label: string;
  count: number;
  selected: boolean;
}

export interface FilterGroup {
  name: MultiFilter;
  options: FilterOption[];
}

export interface CategoryLink {
  id: string;
  name: string;
  href: string;
  /** null: not counted (the deals list) */
  count: number | null;
  current: boolean;
  /** narrows the current category (shown under it) */
  child: boolean;
}

export interface ListingData {
  kind: 'shop' | 'category' | 'deals' | 'search';
  /** the listing's own path (links add the query to it) */
  path: string;
  title: string;
  state: ListingState;
  products: CardProduct[];
  total: number;
  /** the page asked for lies past the last one: nothing to show, a link back to lastPage */
  beyondEnd: boolean;
  lastPage: number;
  filters: FilterGroup[];
  /** products among the current results that are deals (the deals switch's count) */
  dealCount: number;
  categories: CategoryLink[];
  /** the catalogue did not answer: the page says so (503) */
  unavailable: boolean;
  /** tracking: item_list_id and item_list_name */
  list: { id: string; name: string };
  meta: PageMeta;
}

/** The deals list (spec 2 "a deals list"): a category-like page of the deals filter. */
export const dealsSlugs: Record<Language, string> = { de: 'angebote', en: 'deals' };

/** Decision: the catalogue answers at most 100 per call; pages 1..n are read in calls of 96 (4 pages). */
const CHUNK = PAGE_SIZE * 4;

export interface LoadedProducts {
  products: StorefrontProduct[];
  total: number;
  facets: ProductFacets | null;
  error: boolean;
}

/** Pages 1..state.page of a listing (search words go to /products/search, the rest to /products). */
export async function loadPages(ctx: LoaderContext, state: ListingState, fixed: Partial<ProductListQuery>): Promise<LoadedProducts> {
  const query = catalogueQuery(state, fixed);
  const want = Math.min(state.page, MAX_PAGE) * PAGE_SIZE;
  const call = (q: Partial<ProductListQuery>): Promise<Result<ProductListResponse>> =>
    state.q ? ctx.catalogue.search(state.q, q) : ctx.catalogue.list(q);
  const first = await call({ ...query, limit: Math.min(want, CHUNK), offset: 0, facets: true });
  if (first.error) return { products: [], total: 0, facets: null, error: true };
  const products = [...first.data.products];
  const total = first.data.total;
  const offsets: number[] = [];
  for (let offset = CHUNK; offset < Math.min(want, total); offset += CHUNK) offsets.push(offset);
  const rest = await Promise.all(offsets.map((offset) => call({ ...query, limit: Math.min(CHUNK, want - offset), offset })));
  for (const r of rest) {
    if (r.error) return { products: [], total: 0, facets: null, error: true };
    products.push(...r.data.products);
  }
  return { products, total, facets: first.data.facets ?? null, error: false };
}

const facetOf: Record<MultiFilter, keyof Omit<ProductFacets, 'deal'>> = {
  metal: 'metal',
  type: 'productType',
  manufacturer: 'manufacturer',
  weight: 'weight',
  country: 'country',
  availability: 'availability',
};

/** The filter panel's groups: every value the catalogue counts, and every selected one (even at 0). */
export function filterGroups(facets: ProductFacets | null, state: ListingState): FilterGroup[] {
  return multiFilters.map((name) => {
    const counted = facets?.[facetOf[name]] ?? [];
    const options: FilterOption[] = counted.map((f) => ({ value: f.value, label: f.label, count: f.count, selected: state[name].includes(f.value) }));
    for (const v of state[name]) if (!options.some((o) => o.value === v)) options.push({ value: v, label: v, count: 0, selected: true });
    return { name, options };
  });
}

/** The category navigation: top-level categories and the deals list; the current one's narrower ones under it. */
export function categoryLinks(categories: CatalogueCategory[], lang: Language, currentId: string | null, dealsName: string): CategoryLink[] {
  const current = categories.find((c) => c.id === currentId);
  const openId = current?.parent ?? current?.id ?? null;
  const out: CategoryLink[] = [];
  for (const c of categories) {
    if (c.parent !== null || c.productCount === 0) continue;
    out.push({ id: c.id, name: c.localizedName, href: pathFor('shopItem', lang, { slug: c.localizedSlug }), count: c.productCount, current: c.id === currentId, child: false });
    if (c.id !== openId) continue;
    for (const k of categories) {
      if (k.parent !== c.id || k.productCount === 0) continue;
      out.push({ id: k.id, name: k.localizedName, href: pathFor('shopItem', lang, { slug: k.localizedSlug }), count: k.productCount, current: k.id === currentId, child: true });
    }
  }
  out.push({ id: 'deals', name: dealsName, href: pathFor('shopItem', lang, { slug: dealsSlugs[lang] }), count: null, current: currentId === 'deals', child: false });
  return out;
}

/** The listing's answer: 503 when the catalogue failed (the page says so calmly and is not indexed). */
export function listingAnswer<T extends ListingData>(d: T) {
  return d.unavailable ? data(d, { status: 503 }) : d;
}

type Results = Pick<ListingData, 'products' | 'total' | 'beyondEnd' | 'lastPage' | 'filters' | 'dealCount' | 'unavailable'>;

/** The results part of a listing's data: pages 1..n in card form (none past the last page, which the
 * page links back to), the filter groups and the deals count. */
export function listingResults(loaded: LoadedProducts, state: ListingState): Results {
  if (loaded.error) return noResults(true);
  const lastPage = Math.max(1, Math.ceil(loaded.total / PAGE_SIZE));
  const beyondEnd = state.page > lastPage;
  return {
    products: beyondEnd ? [] : loaded.products.map(toCard),
    total: loaded.total,
    beyondEnd,
    lastPage,
    filters: filterGroups(loaded.facets, state),
    dealCount: loaded.facets?.deal ?? 0,
    unavailable: false,
  };
}

/** No results: nothing asked yet (the bare search page), or the catalogue did not answer (unavailable). */
export function noResults(unavailable: boolean): Results {
  return { products: [], total: 0, beyondEnd: false, lastPage: 1, filters: [], dealCount: 0, unavailable };
}
