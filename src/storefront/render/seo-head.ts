// What a search engine reads in a page's head besides the title: the canonical URL, the hreflang cluster
// across the five store hosts, noindex, and the site-wide structured data (Organization, WebSite with its
// search action, BreadcrumbList). Pure functions of the request's facts; ssr.tsx writes them out.
import { pathFor, screenById, type RouteHandle } from '../../screens.ts';
import { storeKeys, stores, type Language, type StoreKey } from '../../stores.ts';
import type { CompanyFactsView } from '../../contracts/company-facts.ts';

/**
 * Query parameters that make a page of its own (issue 28: `/shop?page=2` is not `/shop`).
 * Decision: `page` (above 1) and the blog's `tag` (a tag's list is a list of its own, linked from every
 * article) count; sorting, filters, view and tracking parameters do not: they show the same products in
 * another order or subset, and would multiply one listing into thousands of canonicals.
 */
const CANONICAL_PARAMS = ['tag', 'page'] as const;

/** The query part of the canonical URL ('' or '?tag=...&page=2'), in a fixed order. */
export function canonicalQuery(url: URL): string {
  const out = new URLSearchParams();
  for (const name of CANONICAL_PARAMS) {
    const v = url.searchParams.get(name);
    if (v === null || v === '') continue;
    if (name === 'page') {
      if (!/^\d{1,6}$/.test(v) || Number(v) <= 1) continue;
      out.set(name, String(Number(v)));
    } else out.set(name, v);
  }
  const q = out.toString();
  return q ? `?${q}` : '';
}

/**
 * Screens that no search engine should list: forms about a visitor's own account and their wishlist
 * (issue 28), and the one-time links of a mail (activation, password reset).
 */
const NOINDEX_SCREENS = new Set(['login', 'register', 'wishlist', 'forgotPassword', 'resetPassword', 'activateUser']);

export function screenIsNoindex(screen: string | undefined): boolean {
  return !!screen && NOINDEX_SCREENS.has(screen);
}

/** The hreflang value of a store's page in a language: the language with the store's country (de-CH, en-US). */
export function hreflangOf(store: StoreKey, lang: Language): string {
  return `${lang}-${stores[store].country}`;
}

/**
 * Decision (x-default): the German store's English page. A visitor whose language and country match no
 * store (a French or Italian reader, say) is best served in English, in euros, by the company's home
 * store; not the German page (issue 28), and not the US store, which ships inside the US only.
 */
export const X_DEFAULT: { store: StoreKey; lang: Language } = { store: 'de', lang: 'en' };

/**
 * The hreflang cluster of a page: the same page (this path in this language, `otherPath` in the other)
 * on every store's host, each named by language and region, and x-default. Every store has the same
 * catalogue and the same screens, so the cluster is the same on all ten pages (each links back).
 */
export function hreflangAlternates(input: {
  lang: Language;
  path: string;
  otherPath: string | null;
  query: string;
  origins: Record<StoreKey, string>;
}): { hreflang: string; href: string }[] {
  const paths: Partial<Record<Language, string>> = { [input.lang]: input.path };
  if (input.otherPath) paths[input.lang === 'de' ? 'en' : 'de'] = input.otherPath;
  const out: { hreflang: string; href: string }[] = [];
  for (const lang of ['de', 'en'] as const) {
    const path = paths[lang];
    if (!path) continue;
    for (const store of storeKeys) out.push({ hreflang: hreflangOf(store, lang), href: input.origins[store] + path + input.query });
  }
  // a page only in one language (a CMS page without translation) names no other page, and no x-default
  if (!input.otherPath) return [];
  const def = paths[X_DEFAULT.lang]!;
  out.push({ hreflang: 'x-default', href: input.origins[X_DEFAULT.store] + def + input.query });
  return out;
}

/** The company behind the store (its CMS facts) as schema.org Organization. */
export function organizationJsonLd(input: { origin: string; lang: Language; name: string; company: CompanyFactsView }): Record<string, unknown> {
  const c = input.company;
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${input.origin}/#organization`,
    name: c.legalName,
    alternateName: c.brand || input.name,
    url: input.origin + pathFor('home', input.lang),
    logo: `${input.origin}/icons/icon-512.png`,
    email: c.email,
    ...(c.hotline ? { telephone: c.hotline } : {}),
    ...(c.vatNumber ? { vatID: c.vatNumber } : {}),
    address: {
      '@type': 'PostalAddress',
      streetAddress: c.streetAddress,
      postalCode: c.postalCode,
      addressLocality: c.city[input.lang],
      ...(c.region ? { addressRegion: c.region } : {}),
      addressCountry: c.country,
    },
  };
}

/** The store's site with its search (Google's sitelinks search box reads the SearchAction). */
export function websiteJsonLd(input: { origin: string; lang: Language; name: string; locale: string }): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    '@id': `${input.origin}/#website`,
    name: input.name,
    url: input.origin + pathFor('home', input.lang),
    inLanguage: input.locale,
    publisher: { '@id': `${input.origin}/#organization` },
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${input.origin}${pathFor('search', input.lang)}?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

/** Screens whose page shows a breadcrumb trail that search engines may show too (views/components/Breadcrumb.tsx). */
const BREADCRUMB_SCREENS = new Set(['product', 'shopItem']);

/**
 * The page's breadcrumb trail as BreadcrumbList, the same trail the page shows: home, the parent screens
 * that have a page of their own, then the page itself (its loader's title).
 */
export function breadcrumbJsonLd(input: {
  handle: RouteHandle | undefined;
  origin: string;
  lang: Language;
  url: string;
  title: string | undefined;
  t: (key: string) => string;
}): Record<string, unknown> | null {
  const h = input.handle;
  if (!h || !BREADCRUMB_SCREENS.has(h.screen) || !input.title) return null;
  const trail: { name: string; item: string }[] = [];
  let parent = h.parent;
  while (parent) {
    const r = screenById[parent];
    if (!/[:*]/.test(r.paths[input.lang])) trail.unshift({ name: input.t(r.titleKey), item: input.origin + pathFor(r.id, input.lang) });
    parent = r.parent;
  }
  trail.unshift({ name: input.t('route.home'), item: input.origin + pathFor('home', input.lang) });
  trail.push({ name: input.title, item: input.url });
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: c.item })),
  };
}
