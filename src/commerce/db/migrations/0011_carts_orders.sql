-- Carts, discount codes, orders and the order-creation keys (spec 3, 4, 7). Times come from the
-- application's clock. Money is integer cents.

-- spec 5 / 8: one coupon per cart, code must exist. kind shipping-percentage takes percentage_bp off the
-- shipping costs; fixed-amount takes amounts[currency] off the goods from min_order[currency] on.
create table discount_codes (
  id uuid primary key,
  code text not null unique check (code = upper(code)),
  kind text not null check (kind in ('shipping-percentage', 'fixed-amount')),
  percentage_bp integer check (percentage_bp between 1 and 10000),
  amounts jsonb,
  min_order jsonb,
  transaction_type text not null default 'buy' check (transaction_type in ('buy', 'sell')),
  -- empty: every store
  store_keys text[] not null default '{}',
  valid_from timestamptz,
  valid_until timestamptz,
  check ((kind = 'shipping-percentage') = (percentage_bp is not null)),
  check ((kind = 'fixed-amount') = (amounts is not null))
);

-- Seed codes (realistic ones a shop runs; SOMMER2025 has expired).
insert into discount_codes (id, code, kind, percentage_bp, amounts, min_order, transaction_type, store_keys, valid_from, valid_until) values
  ('6f1c2d0e-0a51-4c1e-9d1a-5a0b7c1e0001', 'VERSANDFREI', 'shipping-percentage', 10000, null, null, 'buy', '{}', null, null),
  ('6f1c2d0e-0a51-4c1e-9d1a-5a0b7c1e0002', 'VERSAND50', 'shipping-percentage', 5000, null, null, 'buy', '{}', null, null),
  ('6f1c2d0e-0a51-4c1e-9d1a-5a0b7c1e0003', 'WILLKOMMEN25', 'fixed-amount', null,
     '{"EUR": 2500, "CHF": 2500, "USD": 2500}', '{"EUR": 100000, "CHF": 100000, "USD": 100000}', 'buy', '{at,ch,de,li}', null, null),
  ('6f1c2d0e-0a51-4c1e-9d1a-5a0b7c1e0004', 'WELCOME30', 'fixed-amount', null,
     '{"USD": 3000}', '{"USD": 150000}', 'buy', '{us}', null, null),
  ('6f1c2d0e-0a51-4c1e-9d1a-5a0b7c1e0005', 'SOMMER2025', 'fixed-amount', null,
     '{"EUR": 1000, "CHF": 1000, "USD": 1000}', null, 'buy', '{}', '2025-06-01T00:00:00Z', '2025-09-30T22:00:00Z');

-- spec 4: one active cart per type, created on demand. Line items live in the row (jsonb): a cart is one
-- document written as a whole under its version, so every change is one conditional update.
create table carts (
  id uuid primary key,
  customer_id uuid not null references customers (id) on delete cascade,
  store_key text not null,
  transaction_type text not null check (transaction_type in ('buy', 'sell')),
  order_type text not null default 'order' check (order_type = 'order'),
  country text not null,
  currency text not null check (currency in ('EUR', 'CHF', 'USD')),
  locale text not null,
  -- active: in use; ordered: became an order (never active again)
  status text not null check (status in ('active', 'ordered')),
  version integer not null,
  customer_group text check (customer_group in ('individual', 'company')),
  line_items jsonb not null default '[]'::jsonb,
  shipping_method text,
  payment_method text check (payment_method in ('bank-transfer', 'cash', 'card', 'paypal')),
  pickup_store text,
  customer_email text,
  shipping_address jsonb,
  billing_address jsonb,
  discount_code_id uuid references discount_codes (id),
  payout_account jsonb,
  identity_document jsonb,
  price_set_id text,
  notifications jsonb not null default '[]'::jsonb,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create unique index carts_one_active_per_type on carts (customer_id, transaction_type) where status = 'active';
create index carts_customer on carts (customer_id);

-- Orders: the minimal table of 0001 grows the columns lists and rules need; the whole order (lines,
-- addresses, totals, payment and delivery) is the document in data.
alter table orders add column cart_id uuid;
alter table orders add column type text check (type in ('buy', 'sell'));
alter table orders add column order_state text check (order_state in ('Open', 'Created', 'Confirmed', 'Complete', 'Cancelled', 'Requested', 'Accepted'));
alter table orders add column payment_state text check (payment_state in ('Paid', 'Pending', 'Failed'));
alter table orders add column currency text;
alter table orders add column total_gross_cents bigint;
alter table orders add column price_set_id text;
-- exactly once: a cart becomes at most one order, whatever the requests and instances
create unique index orders_one_per_cart on orders (cart_id) where cart_id is not null;
create index orders_customer_created on orders (customer_id, created_at desc);

-- Readable order numbers (CH-B-2026-000042): a sequence never hands out a number twice, also across
-- instances; a rolled-back creation leaves a gap, which is harmless.
create sequence order_number_seq;

-- Idempotency-Key of POST /orders per customer: the same key and body answer the same order.
create table order_requests (
  customer_id uuid not null references customers (id) on delete cascade,
  idempotency_key text not null,
  request_hash text not null,
  order_id uuid not null references orders (id) on delete cascade,
  created_at timestamptz not null,
  primary key (customer_id, idempotency_key)
);
