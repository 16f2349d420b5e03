import type { RouteHandle } from '../router.tsx';
import type { Shop } from './context.tsx';

/** Loaders may return meta: { title, description } (CMS pages do); other screens use their route title. */
export interface PageMeta {
  title?: string;
  description?: string;
  /** the same page in the other language, when its path differs in more than the /en prefix */
  alternates?: Partial<Record<'de' | 'en', string>>;
  noindex?: boolean;
}

export function pageMeta(loaderData: unknown): PageMeta {
  if (loaderData && typeof loaderData === 'object' && 'meta' in loaderData) return (loaderData as { meta: PageMeta }).meta ?? {};
  return {};
}

export function documentTitle(shop: Shop, handle: RouteHandle | undefined, loaderData: unknown): string {
  const brand = shop.t('shop.name');
  const own = pageMeta(loaderData).title ?? (handle && handle.screen !== 'home' ? shop.t(handle.titleKey) : undefined);
  return own ? `${own} | ${brand}` : `${brand} – ${shop.t('shop.tagline')}`;
}
