// The listing's URL contract (spec 2: shop, category and search listings). Outside tools link to these
// query parameters, so their names and values are fixed here, in one place, together with their mapping
// onto the catalogue's query (src/contracts/catalogue.ts):
//
//   metal         gold, silver, platinum, palladium          (repeatable, or a comma list)
//   type          coin, bar, numismatic, accessory            (repeatable, or a comma list)
//   manufacturer  catalogue manufacturer ids: valcambi, pamp  (repeatable, or a comma list)
//   weight        fine weight classes: 1oz, 1/10oz, 100g, 1kg (repeatable, or a comma list)
//   country       country of origin, ISO code: CH, AT         (repeatable, or a comma list)
//   availability  available, preorder, soldOut                (repeatable, or a comma list)
//   deals         1: deals only
//   sort          default, name-asc, name-desc, relevance, price-asc, price-desc, match-asc, match-desc,
//                 metal-asc, metal-desc
//   view          grid, list
//   page          1, 2, ...: pages 1..page are shown ("load more" without JavaScript)
//   q             search words (the search page)
//
// Unknown or malformed values are dropped (the default stands), never an error. Links are written in one
// canonical form: repeated parameters (what the filter form's GET submits), defaults left out.
import type { ProductListQuery, SortDirection, SortField } from '../../src/contracts/catalogue.ts';

export const urlSorts = ['default', 'name-asc', 'name-desc', 'relevance', 'price-asc', 'price-desc', 'match-asc', 'match-desc', 'metal-asc', 'metal-desc'] as const;
export type UrlSort = (typeof urlSorts)[number];

/**
 * spec 2 sort orders onto spec 5's sort field and direction. relevance is the search rank, best match
 * first, exactly like match-desc (the shop names it twice: as the search page's default and as one end of
 * "best match up/down"); without search words the catalogue orders both by its curated order. Price is
 * the buy price (the catalogue sorts by a reference price that orders products as live prices do).
 */
export const sortMapping: Record<UrlSort, { sort: SortField; direction: SortDirection }> = {
  default: { sort: 'default', direction: 'asc' },
  'name-asc': { sort: 'name', direction: 'asc' },
  'name-desc': { sort: 'name', direction: 'desc' },
  relevance: { sort: 'relevance', direction: 'desc' },
  'price-asc': { sort: 'price', direction: 'asc' },
  'price-desc': { sort: 'price', direction: 'desc' },
  'match-asc': { sort: 'relevance', direction: 'asc' },
  'match-desc': { sort: 'relevance', direction: 'desc' },
  'metal-asc': { sort: 'preciousMetal', direction: 'asc' },
  'metal-desc': { sort: 'preciousMetal', direction: 'desc' },
};

export const listingMetals = ['gold', 'silver', 'platinum', 'palladium'] as const;
export const listingTypes = ['coin', 'bar', 'numismatic', 'accessory'] as const;
export const listingAvailabilities = ['available', 'preorder', 'soldOut'] as const;
export const listingViews = ['grid', 'list'] as const;

export type ListingView = (typeof listingViews)[number];

/** Products per page (and per "load more"). */
export const PAGE_SIZE = 24;
/** Decision: at most 20 pages show at once (480 products); a larger page number shows 20. */
export const MAX_PAGE = 20;
export const MAX_QUERY_LENGTH = 100;

/** What the URL says, cleaned. Multi-value filters are sorted and unique, so equal states give equal URLs. */
export interface ListingState {
  q: string;
  metal: string[];
  type: string[];
  manufacturer: string[];
  weight: string[];
  country: string[];
  availability: string[];
  deals: boolean;
  sort: UrlSort;
  view: ListingView;
  page: number;
}

export type MultiFilter = 'metal' | 'type' | 'manufacturer' | 'weight' | 'country' | 'availability';
export const multiFilters: MultiFilter[] = ['metal', 'type', 'manufacturer', 'weight', 'country', 'availability'];

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const WEIGHT = /^[0-9]+(\.[0-9]+)?(\/[0-9]+)?(oz|g|kg)$/;
const COUNTRY = /^[A-Za-z]{2}$/;

const accepts: Record<MultiFilter, (v: string) => string | null> = {
  metal: (v) => ((listingMetals as readonly string[]).includes(v) ? v : null),
  type: (v) => ((listingTypes as readonly string[]).includes(v) ? v : null),
  manufacturer: (v) => (SLUG.test(v) && v.length <= 60 ? v : null),
  weight: (v) => (WEIGHT.test(v) && v.length <= 20 ? v : null),
  country: (v) => (COUNTRY.test(v) ? v.toUpperCase() : null),
  availability: (v) => ((listingAvailabilities as readonly string[]).includes(v) ? v : null),
};

/** Decision: at most this many values per filter (a crafted URL with hundreds of them helps nobody). */
const MAX_VALUES = 20;

function values(params: URLSearchParams, name: MultiFilter): string[] {
  const out = new Set<string>();
  for (const raw of params.getAll(name)) {
    for (const part of raw.split(',')) {
      const v = accepts[name](part.trim());
      if (v) out.add(v);
    }
  }
  return [...out].sort().slice(0, MAX_VALUES);
}

export function defaultSort(q: string): UrlSort {
  return q ? 'relevance' : 'default';
}

export function parseListing(params: URLSearchParams, opts: { search?: boolean } = {}): ListingState {
  const q = opts.search ? (params.get('q') ?? '').trim().replace(/\s+/g, ' ').slice(0, MAX_QUERY_LENGTH) : '';
  const sortParam = params.get('sort') ?? '';
  const viewParam = params.get('view') ?? '';
  const pageParam = params.get('page') ?? '';
  const page = /^[1-9][0-9]{0,5}$/.test(pageParam) ? Math.min(Number(pageParam), MAX_PAGE) : 1;
  const deals = params.get('deals');
  const state: ListingState = {
    q,
    metal: values(params, 'metal'),
    type: values(params, 'type'),
    manufacturer: values(params, 'manufacturer'),
    weight: values(params, 'weight'),
    country: values(params, 'country'),
    availability: values(params, 'availability'),
    deals: deals === '1' || deals === 'true',
    sort: (urlSorts as readonly string[]).includes(sortParam) ? (sortParam as UrlSort) : defaultSort(q),
    view: (listingViews as readonly string[]).includes(viewParam) ? (viewParam as ListingView) : 'grid',
    page,
  };
  return state;
}

/** The canonical query string of a state ('' or '?...'), defaults left out. */
export function listingSearch(state: ListingState): string {
  const p = new URLSearchParams();
  if (state.q) p.set('q', state.q);
  for (const name of multiFilters) for (const v of state[name]) p.append(name, v);
  if (state.deals) p.set('deals', '1');
  if (state.sort !== defaultSort(state.q)) p.set('sort', state.sort);
  if (state.view !== 'grid') p.set('view', state.view);
  if (state.page > 1) p.set('page', String(state.page));
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** A link to the listing at `path` with some of the state changed. Filter changes start at page 1. */
export function listingHref(path: string, state: ListingState, patch: Partial<ListingState>): string {
  const filtersChanged = Object.keys(patch).some((k) => k !== 'page' && k !== 'view');
  return path + listingSearch({ ...state, ...(filtersChanged ? { page: 1 } : {}), ...patch });
}

/** The state with one filter value added or removed. */
export function toggled(state: ListingState, name: MultiFilter, value: string): Partial<ListingState> {
  const list = state[name];
  return { [name]: list.includes(value) ? list.filter((v) => v !== value) : [...list, value].sort() };
}

export function activeFilterCount(state: ListingState): number {
  return multiFilters.reduce((n, k) => n + state[k].length, 0) + (state.deals ? 1 : 0);
}

/** The catalogue query of a state (filters and sort; paging is the loader's). */
export function catalogueQuery(state: ListingState, fixed: Partial<ProductListQuery> = {}): Partial<ProductListQuery> {
  const { sort, direction } = sortMapping[state.sort];
  const join = (v: string[]) => (v.length ? v.join(',') : undefined);
  const query: Partial<ProductListQuery> = {
    metal: join(state.metal),
    productType: join(state.type),
    manufacturer: join(state.manufacturer),
    weight: join(state.weight),
    country: join(state.country),
    availability: join(state.availability),
    ...(state.deals ? { deal: true } : {}),
    sort,
    direction,
    ...fixed,
  };
  for (const k of Object.keys(query) as (keyof ProductListQuery)[]) if (query[k] === undefined) delete query[k];
  return query;
}
