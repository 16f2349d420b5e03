-- Wishlists (spec 3, 7): one per customer (customers belong to one store); an anonymous customer's moves
-- into the account at sign-in.
create table wishlists (
  id uuid primary key,
  customer_id uuid not null unique references customers (id) on delete cascade,
  store_key text not null,
  created_at timestamptz not null,
  updated_at timestamptz not null
);

create table wishlist_line_items (
  id uuid primary key,
  wishlist_id uuid not null references wishlists (id) on delete cascade,
  sku text not null,
  product_id uuid not null,
  quantity integer not null check (quantity between 1 and 1000),
  added_at timestamptz not null,
  seq bigint generated always as identity,
  unique (wishlist_id, sku)
);
create index wishlist_line_items_list on wishlist_line_items (wishlist_id, seq);
