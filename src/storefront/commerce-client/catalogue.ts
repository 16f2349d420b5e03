// Catalogue reads for loaders (spec 3 products). Public data: no customer token is needed.
import type { CatalogueReader } from '../../contracts/loader-ports.ts';
import type { Result } from '../../contracts/result.ts';
import type { Language, StoreKey } from '../../stores.ts';
import type { CommerceHttp } from './http.ts';
import { addKey, productKey } from '../render/surrogate-keys.ts';

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

type WithProducts = { products?: { sku: string }[]; product?: { sku: string } };

/** Names the products of an answer on the page that reads them (render/surrogate-keys.ts: product:<sku>). */
function tagProducts<T extends Result<unknown>>(answer: Promise<T>): Promise<T> {
  return answer.then((r) => {
    const data = (r.error ? null : r.data) as WithProducts | null;
    if (data?.product) addKey(productKey(data.product.sku));
    for (const p of data?.products ?? []) addKey(productKey(p.sku));
    return r;
  });
}

export function catalogueClient(http: CommerceHttp, store: StoreKey, language: Language): CatalogueReader {
  return {
    list: (query) => tagProducts(http.call({ path: '/products', store, query: { language, ...query } })),
    search: (q, query = {}) => tagProducts(http.call({ path: '/products/search', store, query: { language, ...query, q } })),
    bySlug: (slug) => tagProducts(http.call({ path: `/products/${encodeURIComponent(slug)}`, store, query: { language } })),
    bySkus: (skus) => tagProducts(http.call({ path: '/products/by-skus', store, query: { language, skus: skus.join(',') } })),
    categories: () => keep(`${http.baseUrl}|categories|${language}`, () => http.call({ path: '/categories', store, query: { language } })),
    similar: (slug, limit) => tagProducts(http.call({ path: `/products/${encodeURIComponent(slug)}/similar`, store, query: { language, limit } })),
    shippingCosts: () =>
      keep(`${http.baseUrl}|shipping|${store}|${language}`, () => http.call({ path: '/orders/shipping-costs', store, query: { languageTag: language } })),
  };
}
