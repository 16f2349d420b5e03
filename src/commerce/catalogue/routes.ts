// Catalogue routes of the commerce service. The spec does not show these calls; README.md beside this
// file describes them. Queries are validated by the TypeBox schemas of src/contracts/catalogue.ts (bad
// input answers 400 validation_failed, never 5xx). The core app checks x-store-key before these run;
// the catalogue is the same for every store.
import type { FastifyPluginAsync } from 'fastify';
import type {} from '@fastify/swagger'; // its FastifySchema augmentation: tags, summary
import type { Db } from '../db/index.ts';
import { adminAllowed, adminSecurity } from '../http/auth.ts';
import {
  BySkusQuery, BySkusResponse, CategoriesResponse, LanguageQuery, ProductDetail, ProductListQuery, ProductListResponse, ProductSearchQuery,
  ProductSlugParams, SimilarQuery, SimilarResponse, type Language, type SortDirection, type SortField,
} from '../../contracts/catalogue.ts';
import { PricingAttributesResponse } from '../../contracts/pricing-attributes.ts';
import {
  categoryList, listProducts, pricingAttributes, productBySlug, productsBySkus, similarProducts, toStorefront, toVariantRef, type ProductFilters,
} from './queries.ts';
import { fail } from '../http/errors.ts';

export interface CatalogueRoutesOptions {
  /** default: the service's (app.commerce.db) */
  db?: Db;
  /**
   * ADMIN_TOKEN: lets a price service on another machine read the pricing attributes with
   * `authorization: Bearer <token>`. Empty: loopback callers only. Absent: the service's ADMIN_TOKEN.
   */
  adminToken?: string;
}

/** spec 5 sort fields */
type ListQuery = {
  language?: Language; q?: string; metal?: string; productType?: string; category?: string; manufacturer?: string;
  weight?: string; country?: string; fineWeightMin?: number; fineWeightMax?: number; availability?: string; badge?: string; deal?: boolean;
  depositable?: boolean; dutyFree?: boolean; sort?: SortField; direction?: SortDirection; limit?: number; offset?: number;
  facets?: boolean;
};

const MAX_SKUS = 100;

const split = (v: string | undefined) => (v ? [...new Set(v.split(','))] : undefined);

function filtersOf(q: ListQuery): ProductFilters {
  if (q.fineWeightMin !== undefined && q.fineWeightMax !== undefined && q.fineWeightMin > q.fineWeightMax) {
    fail('invalid_weight_range');
  }
  return {
    q: q.q,
    metals: split(q.metal),
    productTypes: split(q.productType),
    category: q.category,
    manufacturers: split(q.manufacturer),
    weights: split(q.weight),
    countries: split(q.country),
    fineWeightMin: q.fineWeightMin,
    fineWeightMax: q.fineWeightMax,
    availability: split(q.availability),
    badges: split(q.badge),
    deal: q.deal,
    depositable: q.depositable,
    dutyFree: q.dutyFree,
  };
}

// adminAllowed is the kernel's (http/auth.ts); re-exported for the modules that import it here
export { adminAllowed };

export const catalogueRoutes: FastifyPluginAsync<CatalogueRoutesOptions> = async (app, opts) => {
  const db = opts.db ?? app.commerce.db;
  const adminToken = opts.adminToken ?? app.commerce.config.ADMIN_TOKEN;

  const list = async (q: ListQuery, defaultSort: SortField) => {
    const sort = q.sort ?? defaultSort;
    const direction: SortDirection = q.direction ?? (sort === 'relevance' ? 'desc' : 'asc');
    const language = q.language ?? 'de';
    const limit = q.limit ?? 24;
    const offset = q.offset ?? 0;
    const result = await listProducts(db, { filters: filtersOf(q), language, sort, direction, limit, offset, facets: q.facets === true });
    return { total: result.total, limit, offset, language, sort, direction, products: result.products, ...(result.facets ? { facets: result.facets } : {}) };
  };

  app.get<{ Querystring: ListQuery }>('/products', {
    schema: {
      tags: ['catalogue'],
      summary: 'Product listing: filters, sorting (spec 5), paging, optional search words and facets',
      querystring: ProductListQuery,
      response: { 200: ProductListResponse },
    },
  }, async (req) => list(req.query, 'default'));

  app.get<{ Querystring: ListQuery & { q: string } }>('/products/search', {
    schema: {
      tags: ['catalogue'],
      summary: 'Full-text search over names, metals, manufacturers and series in German and English',
      querystring: ProductSearchQuery,
      response: { 200: ProductListResponse },
    },
  }, async (req) => list(req.query, 'relevance'));

  app.get<{ Querystring: { skus: string; language?: Language } }>('/products/by-skus', {
    schema: {
      tags: ['catalogue'],
      summary: 'Products by sku (comma list, at most 100), published or not, in the order asked',
      querystring: BySkusQuery,
      response: { 200: BySkusResponse },
    },
  }, async (req) => {
    const skus = [...new Set(req.query.skus.split(','))];
    if (skus.length > MAX_SKUS) fail('too_many_skus', { message: `At most ${MAX_SKUS} skus per request.` });
    const language = req.query.language ?? 'de';
    const found = new Map((await productsBySkus(db, skus)).map((p) => [p.sku, p]));
    return {
      products: skus.filter((s) => found.has(s)).map((s) => toStorefront(found.get(s)!, language)),
      notFound: skus.filter((s) => !found.has(s)),
    };
  });

  app.get<{ Params: { slug: string }; Querystring: { language?: Language } }>('/products/:slug', {
    schema: {
      tags: ['catalogue'],
      summary: 'One product by its slug in either language (spec 3), with its other weights',
      params: ProductSlugParams,
      querystring: LanguageQuery,
      response: { 200: ProductDetail },
    },
  }, async (req) => {
    const language = req.query.language ?? 'de';
    const found = await productBySlug(db, req.params.slug);
    if (!found) fail('product_not_found');
    return { product: toStorefront(found.product, language), variants: found.variants.map((v) => toVariantRef(v, language)) };
  });

  app.get<{ Params: { slug: string }; Querystring: { language?: Language; limit?: number } }>('/products/:slug/similar', {
    schema: {
      tags: ['catalogue'],
      summary: 'Products like this one (same metal and type, other product lines, nearest weight first) for the product page',
      params: ProductSlugParams,
      querystring: SimilarQuery,
      response: { 200: SimilarResponse },
    },
  }, async (req) => {
    const language = req.query.language ?? 'de';
    const found = await productBySlug(db, req.params.slug);
    if (!found) fail('product_not_found');
    const similar = await similarProducts(db, found.product, req.query.limit ?? 4);
    return { products: similar.map((p) => toStorefront(p, language)) };
  });

  app.get<{ Querystring: { language?: Language } }>('/categories', {
    schema: {
      tags: ['catalogue'],
      summary: 'The shop\'s categories with their slugs in both languages and product counts (spec 2 /shop/{slug})',
      querystring: LanguageQuery,
      response: { 200: CategoriesResponse },
    },
  }, async (req) => ({ categories: await categoryList(db, req.query.language ?? 'de') }));

  app.get('/admin/products/pricing-attributes', {
    schema: {
      tags: ['catalogue', 'admin'], security: adminSecurity,
      summary: 'Pricing attributes of every product, for the price service (loopback or ADMIN_TOKEN)',
      response: { 200: PricingAttributesResponse },
    },
  }, async (req) => {
    if (!adminAllowed(req, adminToken)) fail('forbidden', { message: 'Admin calls need loopback or the admin token.' });
    return { products: await pricingAttributes(db) };
  });
};
