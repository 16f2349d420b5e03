// Catalogue reads for loaders (spec 3 products). Public data: no customer token is needed.
import type { CatalogueReader } from '../../contracts/loader-ports.ts';
import type { Result } from '../../contracts/result.ts';
import type { Language, StoreKey } from '../../stores.ts';
import type { CommerceHttp } from './http.ts';

/** Decision: the category table and the shipping cost table change with a deployment, not by the minute;
 * a shop page asks for them on every view, so each answer is kept this long per process (shared by every
 * visitor: nothing in them is per customer). Failures are not kept. */
const STATIC_TTL_MS = 60_000;
const kept = new Map<string, { at: number; value: Promise<Result<unknown>> }>();

function keep<T>(key: string, load: () => Promise<Result<T>>): Promise<Result<T>> {
  const now = Date.now();
  const hit = kept.get(key);
  if (hit && now - hit.at < STATIC_TTL_MS) return hit.value as Promise<Result<T>>;
  const value = load();
  kept.set(key, { at: now, value });
  void value.then((r) => {
    if (r.error && kept.get(key)?.value === value) kept.delete(key);
  });
  return value;
}

export function catalogueClient(http: CommerceHttp, store: StoreKey, language: Language): CatalogueReader {
  return {
    list: (query) => http.call({ path: '/products', store, query: { language, ...query } }),
    search: (q, query = {}) => http.call({ path: '/products/search', store, query: { language, ...query, q } }),
    bySlug: (slug) => http.call({ path: `/products/${encodeURIComponent(slug)}`, store, query: { language } }),
    bySkus: (skus) => http.call({ path: '/products/by-skus', store, query: { language, skus: skus.join(',') } }),
    categories: () => keep(`${http.baseUrl}|categories|${language}`, () => http.call({ path: '/categories', store, query: { language } })),
    similar: (slug, limit) => http.call({ path: `/products/${encodeURIComponent(slug)}/similar`, store, query: { language, limit } }),
    shippingCosts: () =>
      keep(`${http.baseUrl}|shipping|${store}|${language}`, () => http.call({ path: '/orders/shipping-costs', store, query: { languageTag: language } })),
  };
}
