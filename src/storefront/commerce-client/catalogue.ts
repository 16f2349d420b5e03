// Catalogue reads for loaders (spec 3 products). Public data: no customer token is needed.
import type { BySkusResponse, ProductDetail, ProductListQuery, ProductListResponse } from '../../contracts/catalogue.ts';
import type { Language, StoreKey } from '../../stores.ts';
import type { Result } from '../../contracts/result.ts';
import type { CommerceHttp } from './http.ts';

/** The catalogue as loaders see it (views/lib/context.tsx LoaderContext.catalogue). */
export interface CatalogueClient {
  list(query: Partial<ProductListQuery>): Promise<Result<ProductListResponse>>;
  search(q: string, query?: Partial<ProductListQuery>): Promise<Result<ProductListResponse>>;
  bySlug(slug: string): Promise<Result<ProductDetail>>;
  bySkus(skus: string[]): Promise<Result<BySkusResponse>>;
}

export function catalogueClient(http: CommerceHttp, store: StoreKey, language: Language): CatalogueClient {
  return {
    list: (query) => http.call({ path: '/products', store, query: { language, ...query } }),
    search: (q, query = {}) => http.call({ path: '/products/search', store, query: { language, ...query, q } }),
    bySlug: (slug) => http.call({ path: `/products/${encodeURIComponent(slug)}`, store, query: { language } }),
    bySkus: (skus) => http.call({ path: '/products/by-skus', store, query: { language, skus: skus.join(',') } }),
  };
}
