-- The online deposit (spec 3 Deposit: online depot number, open date, opening value, current value,
-- difference) and its tax lots: every purchase shipped with the Deposit method is one lot per product line,
-- with its date, quantity and cost (per piece, in the deposit's currency). A sale from the deposit takes
-- the oldest lots first (FIFO): `remaining` is what a lot still holds. One deposit per customer (customers
-- belong to one store), opened by the first deposit purchase.
create table deposits (
  id uuid primary key,
  customer_id uuid not null unique references customers (id) on delete cascade,
  store_key text not null,
  number text not null unique,
  currency text not null check (currency in ('EUR', 'CHF', 'USD')),
  opened_at timestamptz not null
);

create sequence deposit_number_seq;

create table deposit_lots (
  id uuid primary key,
  deposit_id uuid not null references deposits (id) on delete cascade,
  order_id uuid references orders (id) on delete set null,
  order_number text not null,
  order_line_id text not null,
  sku text not null,
  quantity integer not null check (quantity > 0),
  remaining integer not null check (remaining between 0 and quantity),
  unit_cost_cents bigint not null check (unit_cost_cents >= 0),
  acquired_at timestamptz not null,
  -- FIFO among lots of one moment
  seq bigint generated always as identity,
  unique (order_number, order_line_id)
);
create index deposit_lots_fifo on deposit_lots (deposit_id, sku, acquired_at, seq);

-- Deposit purchases placed before this migration become lots (those in the store's own currency; a cart
-- switched to another currency cannot be converted without its price set, which is gone by now).
insert into deposits (id, customer_id, store_key, number, currency, opened_at)
select gen_random_uuid(), f.customer_id, f.store_key, upper(f.store_key) || '-D-' || lpad(nextval('deposit_number_seq')::text, 8, '0'),
       f.currency, f.opened_at
from (
  select o.customer_id, min(o.store_key) as store_key, min(o.currency) as currency, min(o.created_at) as opened_at
  from orders o
  where o.type = 'buy' and o.data->>'shippingMethod' = 'deposit' and o.customer_id is not null
    and o.currency = case o.store_key when 'ch' then 'CHF' when 'li' then 'CHF' when 'us' then 'USD' else 'EUR' end
  group by o.customer_id
) f;

insert into deposit_lots (id, deposit_id, order_id, order_number, order_line_id, sku, quantity, remaining, unit_cost_cents, acquired_at)
select gen_random_uuid(), d.id, o.id, o.order_number, l->>'id', l->>'sku', (l->>'quantity')::int, (l->>'quantity')::int,
       (l->'price'->>'centAmount')::bigint, o.created_at
from orders o
join deposits d on d.customer_id = o.customer_id and d.currency = o.currency
cross join lateral jsonb_array_elements(o.data->'lines') l
where o.type = 'buy' and o.data->>'shippingMethod' = 'deposit' and l->>'kind' = 'product';
