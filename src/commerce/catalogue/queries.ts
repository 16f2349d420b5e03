// Catalogue reads (the catalogue's repository): the listing with filters, sorting, paging, full-text search and facets; one product
// by slug; products by sku; the pricing attributes. Every list parameter travels as one comma-joined
// text parameter (string_to_array) so the same SQL runs on PGlite and on the postgres driver. Writes: a product's availability.
import type { Db } from '../db/index.ts';
import type {
  Availability, CatalogueCategory, FacetCount, Language, ProductAttributes, ProductFacets, ProductVariantRef, SortDirection, SortField,
  StorefrontProduct, TranslationMap,
} from '../../contracts/catalogue.ts';
import type { PricingAttributes } from '../../contracts/pricing-attributes.ts';
import { fold, parseWeightClass, slugify, type CatalogueProduct } from './model.ts';
import { categories, categoryParent, countries, manufacturers, metalTexts, productTypeTexts } from './reference.ts';

export interface ProductFilters {
  q?: string;
  metals?: string[];
  productTypes?: string[];
  category?: string;
  manufacturers?: string[];
  weights?: string[];
  /** ISO codes of the country of origin */
  countries?: string[];
  fineWeightMin?: number;
  fineWeightMax?: number;
  availability?: string[];
  badges?: string[];
  deal?: boolean;
  depositable?: boolean;
  dutyFree?: boolean;
}

export interface ListOptions {
  filters: ProductFilters;
  language: Language;
  sort: SortField;
  direction: SortDirection;
  limit: number;
  offset: number;
  facets: boolean;
}

export interface ListResult {
  total: number;
  products: StorefrontProduct[];
  facets?: ProductFacets;
}

// ---- reshaping -----------------------------------------------------------------------------------

/** spec 3: English falls back to the de-AT entry. */
export function pick(map: TranslationMap | null | undefined, language: Language): string | null {
  if (!map) return null;
  return language === 'en' ? map.en || map['de-AT'] : map['de-AT'];
}

function fullMap(map: TranslationMap): TranslationMap {
  return { 'de-AT': map['de-AT'], en: map.en || map['de-AT'] };
}

/** A stored product reshaped for the storefront: maps for name and slug, everything else in one language. */
export function toStorefront(p: CatalogueProduct, language: Language): StorefrontProduct {
  const a = p.attributes;
  const attributes: ProductAttributes = {
    preciousMetal: pick(a.preciousMetal, language),
    fineness: a.fineness,
    fineWeight: a.fineWeight,
    fineWeightUnit: a.fineWeightUnit,
    fineWeightGrams: a.fineWeightGrams,
    weightLabel: pick(a.weightLabel, language),
    grossWeightGrams: a.grossWeightGrams,
    manufacturer: pick(a.manufacturer, language),
    countryOfOrigin: pick(a.countryOfOrigin, language),
    countryOfOriginCode: a.countryOfOriginCode,
    series: pick(a.series, language),
    thicknessMm: a.thicknessMm,
    diameterMm: a.diameterMm,
    lengthMm: a.lengthMm,
    widthMm: a.widthMm,
    grade: pick(a.grade, language),
    yearsOfIssue: pick(a.yearsOfIssue, language),
    edition: pick(a.edition, language),
    packaging: pick(a.packaging, language),
    certificate: pick(a.certificate, language),
    production: pick(a.production, language),
  };
  return {
    sku: p.sku,
    id: p.id,
    productId: p.productId,
    language,
    name: fullMap(p.name),
    slug: fullMap(p.slug),
    localizedName: pick(p.name, language) ?? p.sku,
    localizedSlug: pick(p.slug, language) ?? '',
    description: pick(p.description, language) ?? '',
    productType: p.productType,
    metal: p.metal,
    manufacturerId: p.manufacturerId,
    weightClass: p.weightClass,
    categories: p.categories.map((c) => ({ id: c.id, name: pick(c.name, language) ?? c.id })),
    images: p.images.map((i) => ({ side: i.side, url: pick(i.url, language) ?? '', alt: pick(i.alt, language) ?? '', width: i.width, height: i.height })),
    attributes,
    availability: p.availability,
    badges: p.badges,
    depositable: p.depositable,
    dutyFree: p.dutyFree,
    published: p.published,
    vatClass: p.pricing.vatClass,
  };
}

// ---- search --------------------------------------------------------------------------------------

/** Words of a search query, accent-folded, at most 8 of at most 40 characters (only [a-z0-9] reach SQL). */
export function searchTokens(q: string): string[] {
  const words = fold(q).split(/[^a-z0-9]+/).filter(Boolean).map((w) => w.slice(0, 40));
  return [...new Set(words)].slice(0, 8);
}

/**
 * The optimal-string-alignment distance (Damerau-Levenshtein without repeated edits of one substring): one
 * letter missing, added, changed, or two neighbours swapped is 1. Stops early above `max`.
 */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2] + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length];
}

/**
 * Issue 28: a word one letter off ("philarmoniker") is read as the word of a product name it is one edit
 * away from ("philharmoniker"). Decision: in the service, over the folded words of the published products'
 * names in both languages (about a hundred products: no index needed, and the same on PGlite and
 * PostgreSQL, where pg_trgm may not be installed); only words of 5 letters or more are corrected (shorter
 * ones are too close to each other), a word that is itself in the names, or the start of one, stays, and
 * only a search that finds nothing as typed is corrected (see matching).
 */
export function correctTokens(tokens: string[], vocabulary: ReadonlySet<string>): string[] {
  const words = [...vocabulary];
  return tokens.map((t) => {
    if (t.length < 5 || /\d/.test(t) || vocabulary.has(t) || words.some((w) => w.startsWith(t))) return t;
    let best: string | null = null;
    for (const w of words) {
      if (editDistance(t, w, 1) === 1 && (best === null || w < best)) best = w;
    }
    return best ?? t;
  });
}

/** The folded words of the published products' names, both languages. */
async function nameVocabulary(db: Db): Promise<Set<string>> {
  const rows = await db.query<{ data: CatalogueProduct }>('select data from products where published');
  const words = new Set<string>();
  for (const r of rows) {
    for (const lang of ['de', 'en'] as const) {
      for (const w of fold(pick(r.data.name, lang) ?? '').split(/[^a-z0-9]+/)) if (w.length >= 5) words.add(w);
    }
  }
  return words;
}

/** The filters with the search words corrected against the product names (issue 28), or as they were. */
async function withCorrectedQuery(db: Db, f: ProductFilters): Promise<ProductFilters> {
  if (f.q === undefined || f.q.trim() === '') return f;
  const tokens = searchTokens(f.q);
  const corrected = correctTokens(tokens, await nameVocabulary(db));
  return corrected.every((t, i) => t === tokens[i]) ? f : { ...f, q: corrected.join(' ') };
}

/**
 * The tsquery for the tokens: each word must match, stemmed as German, stemmed as English, or as the
 * prefix of a folded word ("silberb" finds Silberbarren while typing). A stop word of either language
 * ("und", "the") becomes the empty query, which && ignores.
 */
function tsQuery(tokens: string[], params: unknown[]): string {
  const parts = tokens.map((t) => {
    params.push(t);
    const n = `$${params.length}`;
    return `(case when numnode(to_tsquery('german'::regconfig, ${n})) = 0 or numnode(to_tsquery('english'::regconfig, ${n})) = 0
      then ''::tsquery
      else to_tsquery('german'::regconfig, ${n}) || to_tsquery('english'::regconfig, ${n}) || to_tsquery('simple'::regconfig, ${n} || ':*') end)`;
  });
  return parts.join(' && ');
}

// ---- listing -------------------------------------------------------------------------------------

type FacetKey = 'metal' | 'productType' | 'manufacturer' | 'weight' | 'country' | 'availability' | 'deal';

/** The country of origin lives in the product document only: 99 rows need no column of their own. */
const COUNTRY = `(data->'attributes'->>'countryOfOriginCode')`;

interface Where { sql: string; params: unknown[]; query: string | null }

/** The WHERE clause of the filters, leaving out one filter when counting that filter's facet. */
function whereOf(f: ProductFilters, without?: FacetKey, params: unknown[] = []): Where {
  const clauses = ['published'];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    clauses.push(sql(`$${params.length}`));
  };
  const list = (values: string[]) => values.join(',');
  if (f.metals?.length && without !== 'metal') add((n) => `metal = any(string_to_array(${n}, ','))`, list(f.metals));
  if (f.productTypes?.length && without !== 'productType') add((n) => `product_type = any(string_to_array(${n}, ','))`, list(f.productTypes));
  if (f.category) add((n) => `${n} = any(category_ids)`, f.category);
  if (f.manufacturers?.length && without !== 'manufacturer') add((n) => `manufacturer_id = any(string_to_array(${n}, ','))`, list(f.manufacturers));
  if (f.weights?.length && without !== 'weight') add((n) => `weight_class = any(string_to_array(${n}, ','))`, list(f.weights));
  if (f.countries?.length && without !== 'country') add((n) => `${COUNTRY} = any(string_to_array(${n}, ','))`, list(f.countries));
  if (f.fineWeightMin !== undefined && without !== 'weight') add((n) => `fine_weight_grams >= ${n}`, f.fineWeightMin);
  if (f.fineWeightMax !== undefined && without !== 'weight') add((n) => `fine_weight_grams <= ${n}`, f.fineWeightMax);
  if (f.availability?.length && without !== 'availability') add((n) => `availability = any(string_to_array(${n}, ','))`, list(f.availability));
  if (f.badges?.length) add((n) => `badges && string_to_array(${n}, ',')`, list(f.badges));
  if (f.deal !== undefined && without !== 'deal') clauses.push(f.deal ? `'sale' = any(badges)` : `not ('sale' = any(badges))`);
  if (f.depositable !== undefined) add((n) => `depositable = ${n}`, f.depositable);
  if (f.dutyFree !== undefined) add((n) => `duty_free = ${n}`, f.dutyFree);
  let query: string | null = null;
  if (f.q !== undefined && f.q.trim() !== '') {
    const tokens = searchTokens(f.q);
    if (tokens.length === 0) clauses.push('false'); // only punctuation: nothing can match
    else {
      query = tsQuery(tokens, params);
      clauses.push(`search_vector @@ (${query})`);
    }
  }
  return { sql: clauses.join(' and '), params, query };
}

function orderBy(opts: ListOptions, query: string | null): string {
  const dir = opts.direction === 'desc' ? 'desc' : 'asc';
  switch (opts.sort) {
    case 'name':
      return `${opts.language === 'en' ? 'name_sort_en' : 'name_sort_de'} ${dir}, sku asc`;
    case 'price':
      // A proxy (fine weight x reference metal price + premium, see reference.ts): live prices live in the price service.
      return `price_proxy_cents ${dir}, sku asc`;
    case 'preciousMetal':
      return `metal_rank ${dir}, sort_rank asc, sku asc`;
    case 'relevance':
      // desc = best match first. Without search words there is no relevance: the curated order stands in.
      if (query) return `ts_rank(search_vector, (${query})) ${dir}, sort_rank asc, sku asc`;
      return `sort_rank ${dir === 'desc' ? 'asc' : 'desc'}, sku asc`;
    default:
      return `sort_rank ${dir}, sku asc`;
  }
}

/** The matches of the filters; a search that finds nothing is tried once more with its words corrected (issue 28). */
async function matching(db: Db, given: ListOptions): Promise<{ opts: ListOptions; where: Where; total: number }> {
  const count = async (w: Where) => (await db.query<{ total: number }>(`select count(*)::int as total from products where ${w.sql}`, w.params))[0].total;
  const where = whereOf(given.filters);
  const total = await count(where);
  if (total > 0 || !where.query) return { opts: given, where, total };
  const filters = await withCorrectedQuery(db, given.filters);
  if (filters === given.filters) return { opts: given, where, total };
  const corrected = whereOf(filters);
  return { opts: { ...given, filters }, where: corrected, total: await count(corrected) };
}

export async function listProducts(db: Db, given: ListOptions): Promise<ListResult> {
  const { opts, where, total } = await matching(db, given);
  const params = [...where.params, opts.limit, opts.offset];
  const rows = await db.query<{ data: CatalogueProduct }>(
    `select data from products where ${where.sql} order by ${orderBy(opts, where.query)}
     limit $${params.length - 1} offset $${params.length}`,
    params,
  );
  const result: ListResult = { total, products: rows.map((r) => toStorefront(r.data, opts.language)) };
  if (opts.facets) result.facets = await facetsOf(db, opts.filters, opts.language);
  return result;
}

const availabilityTexts: Record<Availability, { de: string; en: string }> = {
  available: { de: 'Lieferbar', en: 'Available' },
  soldOut: { de: 'Ausverkauft', en: 'Sold out' },
  preorder: { de: 'Vorbestellbar', en: 'Pre-order' },
};

/** Counts per filter value over the products matching every other filter. Decision (issue 27, the listing's
 * render): the seven counts are one statement (UNION ALL, one parameter list), not seven: on the embedded
 * PGlite each statement costs its own round through the protocol, and the listing asked nine per view. */
async function facetsOf(db: Db, f: ProductFilters, language: Language): Promise<ProductFacets> {
  const params: unknown[] = [];
  const grouped = (key: FacetKey, column: string) =>
    `select '${key}' as facet, (${column})::text as value, count(*)::int as count from products
     where ${whereOf(f, key, params).sql} and ${column} is not null group by ${column}`;
  const sql = [
    grouped('metal', 'metal'),
    grouped('productType', 'product_type'),
    grouped('manufacturer', 'manufacturer_id'),
    grouped('weight', 'weight_class'),
    grouped('country', COUNTRY),
    grouped('availability', 'availability'),
    `select 'deal' as facet, null as value, count(*)::int as count from products where ${whereOf(f, 'deal', params).sql} and 'sale' = any(badges)`,
  ].join('\nunion all\n');
  const rows = await db.query<{ facet: FacetKey; value: string | null; count: number }>(sql, params);
  const lang = language === 'en' ? 'en' : 'de';
  const counts = (key: FacetKey, label: (v: string) => string, order: (a: FacetCount, b: FacetCount) => number) =>
    rows.filter((r) => r.facet === key).map((r) => ({ value: r.value as string, label: label(r.value as string), count: r.count })).sort(order);
  const byCount = (a: FacetCount, b: FacetCount) => b.count - a.count || a.label.localeCompare(b.label);
  const fixed = (values: string[]) => (a: FacetCount, b: FacetCount) => values.indexOf(a.value) - values.indexOf(b.value);
  const weightGrams = (v: string) => {
    try { return parseWeightClass(v).grams; } catch { return Number.MAX_VALUE; }
  };
  return {
    metal: counts('metal', (v) => metalTexts[v as keyof typeof metalTexts]?.[lang] ?? v, fixed(['gold', 'silver', 'platinum', 'palladium'])),
    productType: counts('productType', (v) => productTypeTexts[v as keyof typeof productTypeTexts]?.[lang] ?? v, fixed(['coin', 'bar', 'numismatic', 'accessory'])),
    manufacturer: counts('manufacturer', (v) => manufacturers[v]?.[lang] ?? v, byCount),
    weight: counts('weight', (v) => { try { return parseWeightClass(v).label[lang]; } catch { return v; } }, (a, b) => weightGrams(a.value) - weightGrams(b.value)),
    country: counts('country', (v) => countries[v]?.[lang] ?? v, byCount),
    availability: counts('availability', (v) => availabilityTexts[v as Availability]?.[lang] ?? v, fixed(['available', 'preorder', 'soldOut'])),
    deal: rows.find((r) => r.facet === 'deal')?.count ?? 0,
  };
}

// ---- single products -----------------------------------------------------------------------------

/** A published product by its slug in either language (spec 3), with its other weights. */
export async function productBySlug(db: Db, slug: string): Promise<{ product: CatalogueProduct; variants: CatalogueProduct[] } | null> {
  const [row] = await db.query<{ data: CatalogueProduct; product_id: string }>(
    'select data, product_id from products where published and (slug_de = $1 or slug_en = $1) limit 1',
    [slug],
  );
  if (!row) return null;
  const variants = await db.query<{ data: CatalogueProduct }>(
    'select data from products where published and product_id = $1 and sku <> $2 order by fine_weight_grams asc, sku asc',
    [row.product_id, row.data.sku],
  );
  return { product: row.data, variants: variants.map((v) => v.data) };
}

/**
 * Products like this one for the product page: the same metal and product type (accessories: other
 * accessories), other product lines only (its own weights are the variants), nearest fine weight first
 * (by ratio, so 1 oz sits between 1/2 oz and 2 oz), then the curated order.
 */
export async function similarProducts(db: Db, product: CatalogueProduct, limit: number): Promise<CatalogueProduct[]> {
  const rows = await db.query<{ data: CatalogueProduct }>(
    `select data from products
     where published and product_id <> $1 and product_type = $2 and metal is not distinct from $3
     order by abs(ln(greatest(fine_weight_grams, 0.001) / greatest($4::double precision, 0.001))) asc, sort_rank asc, sku asc
     limit $5`,
    [product.productId, product.productType, product.metal, product.attributes.fineWeightGrams, limit],
  );
  return rows.map((r) => r.data);
}

/** Every category with its slug in both languages and its count of published products, in the table's order. */
export async function categoryList(db: Db, language: Language): Promise<CatalogueCategory[]> {
  const rows = await db.query<{ id: string; count: number }>(
    `select c.id, count(*)::int as count from products, unnest(category_ids) as c(id) where published group by c.id`,
  );
  const counts = new Map(rows.map((r) => [r.id, r.count]));
  return Object.entries(categories).map(([id, texts]) => {
    const name = { 'de-AT': texts.de, en: texts.en };
    const slug = { 'de-AT': slugify(texts.de), en: slugify(texts.en) };
    return {
      id, name, slug,
      localizedName: pick(name, language) ?? id,
      localizedSlug: pick(slug, language) ?? id,
      parent: categoryParent(id),
      productCount: counts.get(id) ?? 0,
    };
  });
}

export function toVariantRef(p: CatalogueProduct, language: Language): ProductVariantRef {
  return {
    sku: p.sku,
    slug: fullMap(p.slug),
    weightLabel: pick(p.attributes.weightLabel, language),
    fineWeightGrams: p.attributes.fineWeightGrams,
    availability: p.availability,
  };
}

/**
 * Products by sku, published or not, in no particular order. For carts, wishlists and limit orders
 * (availability, depositable, dutyFree, published) - other commerce modules call this directly.
 */
export async function productsBySkus(db: Db, skus: string[]): Promise<CatalogueProduct[]> {
  if (skus.length === 0) return [];
  const rows = await db.query<{ data: CatalogueProduct }>(
    `select data from products where sku = any(string_to_array($1, ','))`,
    [skus.join(',')],
  );
  return rows.map((r) => r.data);
}

/** The pricing attributes of every product, by sku (the price service prices unpublished ones too: open carts may hold them). */
export async function pricingAttributes(db: Db): Promise<PricingAttributes[]> {
  const rows = await db.query<{ pricing: PricingAttributes }>(`select data->'pricing' as pricing from products order by sku`);
  return rows.map((r) => r.pricing);
}

/** A product's availability, publication and document, its row locked for the transaction (null: unknown SKU). */
export async function productAvailabilityForUpdate(
  tx: Db, sku: string,
): Promise<{ availability: Availability; published: boolean; data: CatalogueProduct } | null> {
  const [row] = await tx.query<{ availability: Availability; published: boolean; data: CatalogueProduct }>(
    'select availability, published, data from products where sku = $1 for update',
    [sku],
  );
  return row ?? null;
}

/** Writes availability, publication and badges to the columns and the product's document. */
export async function saveProductAvailability(tx: Db, sku: string, data: CatalogueProduct, now: Date): Promise<void> {
  await tx.query(
    `update products set availability = $2, published = $3, badges = string_to_array($4, ','), data = $5::jsonb, updated_at = $6 where sku = $1`,
    [sku, data.availability, data.published, data.badges.join(','), JSON.stringify(data), now],
  );
}
