-- Price sets handed over by the price service after every recalculation (PUT /admin/prices), before it
-- announces RecalculationProcessFinished. Commerce prices carts and checks orders from the current set; it
-- is kept here (not only in memory) so that a restarted instance and every instance on one PostgreSQL
-- server price from the same set. A set never changes once stored: instances cache its lists by id.
create table price_sets (
  id text primary key,
  last_recalculated_at timestamptz not null,
  valid_until timestamptz not null,
  received_at timestamptz not null,
  -- units of each currency per EUR at the set's quote: { "EUR": 1, "CHF": 0.93, "USD": 1.16 }
  eur_rates jsonb not null,
  -- spot bid/ask per troy ounce per currency (scrap and sell-to-us estimates)
  metals jsonb not null
);

-- One row per store country and currency; prices is { sku: [{ type, centAmount, minQuantity, taxCentAmount }] }.
create table price_set_lists (
  set_id text not null references price_sets (id) on delete cascade,
  country text not null,
  currency text not null,
  prices jsonb not null,
  primary key (set_id, country, currency)
);

-- Which set is current: one row. A hand-over replaces it only with a later recalculation.
create table current_price_set (
  singleton boolean primary key default true check (singleton),
  set_id text not null references price_sets (id)
);
