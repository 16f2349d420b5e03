// The search page (spec 2: /suche?q=, /en/search?q=): relevance over names, metals, manufacturers and
// series in both languages, umlauts and their ae/oe/ue spellings alike (the catalogue's full-text search),
// with the listing's filters, sorts and paging. An empty result offers the categories and the top sellers.
// Search result pages are not indexed (their canonical is the bare search page).
import type { LoaderFunctionArgs } from 'react-router';
import { translator } from '../../../src/i18n.ts';
import { pathFor } from '../../../src/screens.ts';
import { loaderContext } from '../../lib/context.tsx';
import type { PageMeta } from '../../lib/meta.ts';
import { parseListing } from '../../models/listing-url.ts';
import { categoryLinks, listingAnswer, listingResults, loadPages, noResults, toCard, type CardProduct, type ListingData } from '../../models/listing-data.ts';

export interface SearchData extends ListingData {
  /** an empty result: the shop's top sellers as a way on (deferred: never holds the page up) */
  topsellers: Promise<CardProduct[]> | CardProduct[] | null;
}

/** Decision: an empty result suggests this many top sellers. */
const TOPSELLERS = 4;

export async function searchLoader({ request, context }: LoaderFunctionArgs) {
  const ctx = context.get(loaderContext);
  const url = new URL(request.url);
  const t = translator(ctx.lang);
  const other = ctx.lang === 'de' ? 'en' : 'de';
  const state = parseListing(url.searchParams, { search: true });
  const path = pathFor('search', ctx.lang);
  const title = state.q ? t('searchPage.titleFor', { q: state.q }) : t('route.search');
  const meta: PageMeta = { title, description: t('screen.intro.search'), alternates: { [other]: pathFor('search', other) }, noindex: true };
  const cats = await ctx.catalogue.categories();
  const categories = categoryLinks(cats.error ? [] : cats.data.categories, ctx.lang, null, t('listing.deals.title'));
  const base = { kind: 'search' as const, path, title, state, categories, list: { id: 'search', name: t('route.search') }, meta };
  if (!state.q) return { ...base, ...noResults(false), topsellers: null } satisfies SearchData;
  const loaded = await loadPages(ctx, state, {});
  const results = listingResults(loaded, state);
  // an empty result offers the top sellers (deferred: never holds the page up)
  const topsellers = !results.unavailable && results.total === 0
    ? ctx.catalogue.list({ badge: 'topseller', sort: 'default', limit: TOPSELLERS }).then((r) => (r.error ? [] : r.data.products.map(toCard)), () => [])
    : null;
  return listingAnswer<SearchData>({ ...base, ...results, topsellers });
}
