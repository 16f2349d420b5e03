-- The product catalogue (spec 3). One row per sellable item (sku). The whole product - translation maps
-- of name and slug, localised attributes, categories, images and the pricing attributes - lives in the
-- jsonb column data, written by the seed (src/commerce/catalogue/seed.ts); the other columns are copies
-- of what the listing filters, sorts and searches on, so each of those has a plain index.
create table if not exists products (
  id                uuid primary key,
  sku               text not null unique,
  product_id        uuid not null,
  product_type      text not null check (product_type in ('coin', 'bar', 'numismatic', 'accessory')),
  metal             text check (metal in ('gold', 'silver', 'platinum', 'palladium')),
  manufacturer_id   text,
  weight_class      text,
  fine_weight_grams double precision not null default 0 check (fine_weight_grams >= 0),
  availability      text not null check (availability in ('available', 'soldOut', 'preorder')),
  badges            text[] not null default '{}',
  category_ids      text[] not null default '{}',
  depositable       boolean not null,
  duty_free         boolean not null,
  published         boolean not null default true,
  -- spec 5 sort fields: default (curated rank), name (accent-folded per language), price (a proxy: the
  -- catalogue has no live prices; fine weight x reference metal price + premium), preciousMetal
  sort_rank         integer not null,
  metal_rank        smallint not null,
  price_proxy_cents integer not null check (price_proxy_cents >= 0),
  name_de           text not null,
  name_en           text not null,
  name_sort_de      text not null,
  name_sort_en      text not null,
  slug_de           text not null,
  slug_en           text not null,
  -- Full-text search over names, metals, manufacturers and series in both languages. German words are
  -- stemmed with the german configuration, English ones with english, and an accent-folded copy of both
  -- (krügerrand -> krugerrand and kruegerrand) with simple for exact and prefix matches. All three
  -- configurations ship with PostgreSQL and PGlite; no extension (unaccent) is needed.
  search_de         text not null,
  search_en         text not null,
  search_simple     text not null,
  search_vector     tsvector generated always as (
                      setweight(to_tsvector('german'::regconfig, name_de), 'A') ||
                      setweight(to_tsvector('english'::regconfig, name_en), 'A') ||
                      setweight(to_tsvector('german'::regconfig, search_de), 'B') ||
                      setweight(to_tsvector('english'::regconfig, search_en), 'B') ||
                      setweight(to_tsvector('simple'::regconfig, search_simple), 'C')
                    ) stored,
  data              jsonb not null,
  -- sha-256 of the seed row: the seed rewrites a row only when this changes (running it twice changes nothing)
  content_hash      text not null,
  created_at        timestamptz not null default now(),
  updated_at        timestamptz not null default now()
);

-- A slug is looked up in either language (spec 3); the seed also checks that no slug of one product is
-- the other-language slug of another.
create unique index if not exists products_slug_de on products (slug_de);
create unique index if not exists products_slug_en on products (slug_en);
create index if not exists products_product_id on products (product_id);
create index if not exists products_metal_type on products (metal, product_type);
create index if not exists products_manufacturer on products (manufacturer_id);
create index if not exists products_weight_class on products (weight_class);
create index if not exists products_fine_weight on products (fine_weight_grams);
create index if not exists products_availability on products (availability);
create index if not exists products_categories on products using gin (category_ids);
create index if not exists products_badges on products using gin (badges);
create index if not exists products_search on products using gin (search_vector);
create index if not exists products_sort_rank on products (sort_rank, sku);
create index if not exists products_price_proxy on products (price_proxy_cents, sku);
create index if not exists products_name_de on products (name_sort_de, sku);
create index if not exists products_name_en on products (name_sort_en, sku);
