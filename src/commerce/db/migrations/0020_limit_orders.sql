-- Limit orders (spec 3, 4, 7): the minimal table of 0001 grows what creation, execution and expiry need.
-- Execution (src/commerce/limit-orders/execute.ts) claims a row with a status guard (active -> pending,
-- claim_id), then builds the limit order's own cart and places the order through the POST /orders code in
-- one transaction that also sets executed; orders.limit_order_id (unique) is the last guard, so a limit
-- order becomes at most one order, whatever the instances and price sets. Times come from the service clock.
alter table limit_orders add column quantity integer not null default 1 check (quantity between 1 and 10000);
-- spec 5 / 9: the target unit price, at most 500,000.00 in the store's currency
alter table limit_orders add column target_cents bigint not null default 0 check (target_cents between 0 and 50000000);
alter table limit_orders add column currency text not null default 'EUR' check (currency in ('EUR', 'CHF', 'USD'));
-- the price list the limit order watches: the country of the default shipping address at creation
alter table limit_orders add column country text not null default 'DE';
alter table limit_orders add column language text not null default 'de' check (language in ('de', 'en'));
alter table limit_orders add column expires_at timestamptz not null default '2000-01-01T00:00:00Z';
alter table limit_orders add column updated_at timestamptz;
-- pending: the execution that set claim_id at claimed_at is under way
alter table limit_orders add column claim_id uuid;
alter table limit_orders add column claimed_at timestamptz;
alter table limit_orders add column order_id uuid references orders (id) on delete set null;
alter table limit_orders add column order_number text;
alter table limit_orders add column executed_at timestamptz;
alter table limit_orders add column executed_cents bigint;
-- failed: the code of the reason (product_out_of_stock, product_no_longer_available, no_default_address, an order reason)
alter table limit_orders add column failure_reason text;
-- when it became inactive, cancelled or failed
alter table limit_orders add column closed_at timestamptz;
alter table limit_orders alter column quantity drop default;
alter table limit_orders alter column target_cents drop default;
alter table limit_orders alter column currency drop default;
alter table limit_orders alter column country drop default;
alter table limit_orders alter column expires_at drop default;

create index limit_orders_active on limit_orders (expires_at) where status = 'active';
create index limit_orders_pending on limit_orders (claimed_at) where status = 'pending';
create index limit_orders_customer_created on limit_orders (customer_id, created_at desc);

-- Readable numbers (CH-L-2026-000042) from their own sequence.
create sequence limit_order_number_seq;

-- An order made by a limit order names it: one order per limit order.
alter table orders add column limit_order_id uuid;
create unique index orders_one_per_limit_order on orders (limit_order_id) where limit_order_id is not null;

-- The cart an execution builds is not a shopping cart: status limit-order keeps it out of the one-active-
-- cart-per-type rule and out of every cart call; placing the order turns it 'ordered' like any cart.
alter table carts drop constraint carts_status_check;
alter table carts add constraint carts_status_check check (status in ('active', 'ordered', 'limit-order'));
