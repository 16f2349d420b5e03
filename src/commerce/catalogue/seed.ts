// Writes the seed catalogue (seed-data.ts, built by model.ts) into table products. Upsert by sku: a row
// is rewritten only when its content hash changed, so running the seed twice changes nothing (not even
// updated_at), and two processes seeding at once end with the same rows. Products that left the seed
// are kept (orders and limit orders still name them); unpublishing is a separate, deliberate act.
import { createHash } from 'node:crypto';
import type { Db } from '../db/index.ts';
import { buildCatalogue, type CatalogueRow } from './model.ts';
import { seedProducts } from './seed-data.ts';

let cached: CatalogueRow[] | undefined;

/** The seed catalogue's rows, built once per process. */
export function catalogueRows(): CatalogueRow[] {
  cached ??= buildCatalogue(seedProducts);
  return cached;
}

const columns = [
  'id', 'sku', 'product_id', 'product_type', 'metal', 'manufacturer_id', 'weight_class', 'fine_weight_grams',
  'availability', 'badges', 'category_ids', 'depositable', 'duty_free', 'published', 'sort_rank', 'metal_rank',
  'price_proxy_cents', 'name_de', 'name_en', 'name_sort_de', 'name_sort_en', 'slug_de', 'slug_en',
  'search_de', 'search_en', 'search_simple', 'data', 'content_hash',
] as const;

const placeholders = columns.map((c, i) => {
  if (c === 'badges' || c === 'category_ids') return `string_to_array($${i + 1}, ',')`; // one text param, the same on both drivers
  if (c === 'data') return `$${i + 1}::jsonb`;
  return `$${i + 1}`;
});

const upsertSql = `
  insert into products (${columns.join(', ')})
  values (${placeholders.join(', ')})
  on conflict (sku) do update set
    ${columns.filter((c) => c !== 'sku').map((c) => `${c} = excluded.${c}`).join(',\n    ')},
    updated_at = now()
  where products.content_hash is distinct from excluded.content_hash`;

function rowParams(row: CatalogueRow): unknown[] {
  const p = row.product;
  const data = JSON.stringify(p);
  const values: Record<(typeof columns)[number], unknown> = {
    id: p.id,
    sku: p.sku,
    product_id: p.productId,
    product_type: p.productType,
    metal: p.metal,
    manufacturer_id: p.manufacturerId,
    weight_class: p.weightClass,
    fine_weight_grams: p.attributes.fineWeightGrams,
    availability: p.availability,
    badges: p.badges.join(','),
    category_ids: p.categories.map((c) => c.id).join(','),
    depositable: p.depositable,
    duty_free: p.dutyFree,
    published: p.published,
    sort_rank: row.sortRank,
    metal_rank: row.metalRank,
    price_proxy_cents: row.priceProxyCents,
    name_de: p.name['de-AT'],
    name_en: p.name.en,
    name_sort_de: row.nameSort.de,
    name_sort_en: row.nameSort.en,
    slug_de: p.slug['de-AT'],
    slug_en: p.slug.en,
    search_de: row.search.de,
    search_en: row.search.en,
    search_simple: row.search.simple,
    data,
    content_hash: '',
  };
  const params = columns.map((c) => values[c]);
  values.content_hash = createHash('sha256').update(JSON.stringify(params)).digest('hex');
  return columns.map((c) => values[c]);
}

const SKU = columns.indexOf('sku');
const HASH = columns.indexOf('content_hash');

/** Upserts the seed catalogue by sku; running it twice changes nothing. Every start runs it: the stored
 * hashes are read first (one query), and only rows whose content changed are written (issue 16: a start
 * with existing data within 10 s; 99 upserts cost more than a second on a busy machine). */
export async function seedCatalogue(db: Db): Promise<void> {
  const rows = catalogueRows().map(rowParams);
  const stored = new Map((await db.query<{ sku: string; content_hash: string }>('select sku, content_hash from products')).map((r) => [r.sku, r.content_hash]));
  const changed = rows.filter((params) => stored.get(params[SKU] as string) !== params[HASH]);
  if (changed.length === 0) return;
  await db.transaction(async (tx) => {
    for (const params of changed) await tx.query(upsertSql, params);
  });
}
