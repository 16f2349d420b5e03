// The shop and its categories (spec 2 "shop, item": /shop, /shop/{slug}, /en/shop, ...). A category slug
// of the other language redirects to this language's slug (the query is kept); an unknown one answers
// 404. The deals list lives at /shop/angebote and /en/shop/deals.
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { translator } from '../../../src/i18n.ts';
import { pathFor } from '../../../src/screens.ts';
import type { CatalogueCategory } from '../../../src/contracts/catalogue.ts';
import { loaderContext } from '../../lib/context.tsx';
import { notFound } from '../../lib/not-found.ts';
import type { PageMeta } from '../../lib/meta.ts';
import { parseListing } from '../../models/listing-url.ts';
import { categoryLinks, dealsSlugs, listingAnswer, listingResults, loadPages, noResults, type ListingData } from '../../models/listing-data.ts';

export async function shopLoader({ request, params, context }: LoaderFunctionArgs) {
  const ctx = context.get(loaderContext);
  const url = new URL(request.url);
  const t = translator(ctx.lang);
  const other = ctx.lang === 'de' ? 'en' : 'de';
  const state = parseListing(url.searchParams);
  const slug = params.slug;
  const cats = await ctx.catalogue.categories();
  const categories: CatalogueCategory[] = cats.error ? [] : cats.data.categories;
  const dealsName = t('listing.deals.title');

  let kind: ListingData['kind'] = 'shop';
  let category: CatalogueCategory | null = null;
  let path = pathFor('shop', ctx.lang);
  let meta: PageMeta = { title: t('route.shop'), description: t('screen.intro.shop'), alternates: { [other]: pathFor('shop', other) } };
  if (slug === dealsSlugs[ctx.lang] || slug === dealsSlugs[other]) {
    if (slug !== dealsSlugs[ctx.lang]) throw redirect(pathFor('shopItem', ctx.lang, { slug: dealsSlugs[ctx.lang] }) + url.search, 301);
    kind = 'deals';
    path = pathFor('shopItem', ctx.lang, { slug });
    meta = { title: dealsName, description: t('listing.deals.intro'), alternates: { [other]: pathFor('shopItem', other, { slug: dealsSlugs[other] }) } };
  } else if (slug !== undefined && !cats.error) {
    category = categories.find((c) => c.slug['de-AT'] === slug || c.slug.en === slug) ?? null;
    if (!category || category.productCount === 0) return notFound(ctx, url.pathname);
    if (category.localizedSlug !== slug) throw redirect(pathFor('shopItem', ctx.lang, { slug: category.localizedSlug }) + url.search, 301);
    kind = 'category';
    path = pathFor('shopItem', ctx.lang, { slug });
    const otherSlug = other === 'en' ? category.slug.en : category.slug['de-AT'];
    meta = { title: category.localizedName, description: t('listing.categoryIntro', { name: category.localizedName }), alternates: { [other]: pathFor('shopItem', other, { slug: otherSlug }) } };
  }

  const title = meta.title ?? '';
  const base = {
    kind, path, title, state,
    list: { id: category ? `category-${category.id}` : kind, name: title },
    categories: categoryLinks(categories, ctx.lang, kind === 'deals' ? 'deals' : category?.id ?? null, dealsName),
  };
  // Without the catalogue a category cannot even be told from a typo: the page says the range is unavailable.
  const loaded = slug !== undefined && kind === 'shop' ? null : await loadPages(ctx, state, category ? { category: category.id } : kind === 'deals' ? { deal: true } : {});
  const results = loaded ? listingResults(loaded, state) : noResults(true);
  return listingAnswer<ListingData>({ ...base, ...results, meta: results.unavailable ? { ...meta, noindex: true } : meta });
}
