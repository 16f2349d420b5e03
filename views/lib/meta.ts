import { pathFor } from '../../src/screens.ts';
import type { Language } from '../../src/stores.ts';
import type { RouteHandle } from '../../src/screens.ts';
import type { Shop } from './context.tsx';

/** Loaders may return meta: { title, description } (CMS pages do); other screens use their route title. */
export interface PageMeta {
  title?: string;
  description?: string;
  /** the same page in the other language, when its path differs in more than the /en prefix */
  alternates?: Partial<Record<'de' | 'en', string>>;
  noindex?: boolean;
  /** absolute URL of the page's picture for link previews (og:image): a raster image, never SVG */
  image?: string;
  /** schema.org objects the document head carries as JSON-LD (a product page's Product and Offer) */
  jsonLd?: Record<string, unknown>[];
  /** ISO time after which the page must not be served from the page cache (a crawler's product page
   * carries the price of one recalculation, valid until then) */
  cacheUntil?: string;
}

export function pageMeta(loaderData: unknown): PageMeta {
  if (loaderData && typeof loaderData === 'object' && 'meta' in loaderData) return (loaderData as { meta: PageMeta }).meta ?? {};
  return {};
}

/**
 * The path of the same page in the other language (hreflang alternates and the language switch): the
 * loader's own alternate where it gave one (CMS pages, products and categories, whose slugs differ per
 * language), else the same screen with the same parameters. A CMS page without a translation has none.
 */
export function alternatePath(handle: RouteHandle | undefined, params: Record<string, string | undefined>, meta: PageMeta, other: Language): string | null {
  const own = meta.alternates?.[other];
  if (own) return own;
  if (!handle || handle.screen === 'cmsPage') return null;
  const filled = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, v ?? '']));
  return pathFor(handle.screen, other, filled);
}

export function documentTitle(shop: Shop, handle: RouteHandle | undefined, loaderData: unknown): string {
  const brand = shop.t('shop.name');
  const own = pageMeta(loaderData).title ?? (handle && handle.screen !== 'home' ? shop.t(handle.titleKey) : undefined);
  return own ? `${own} | ${brand}` : `${brand} – ${shop.t('shop.tagline')}`;
}
