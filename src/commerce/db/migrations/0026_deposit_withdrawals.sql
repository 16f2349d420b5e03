-- A sale from the deposit (shipping method depositSell, issue 10) takes the oldest lots first. Each row is
-- the part of one lot that one line of a sell order took: how many pieces, what they cost (per piece, in
-- the deposit's currency: cost_currency) and what the order pays for them (per piece, in the order's
-- currency: currency), so each row reads on its own. The gain of every sale stays on record for the
-- customer's tax return, and a sale that is cancelled can be put back into the lots it came from.
create table deposit_withdrawals (
  id uuid primary key,
  lot_id uuid not null references deposit_lots (id) on delete cascade,
  order_id uuid references orders (id) on delete set null,
  order_number text not null,
  order_line_id text not null,
  quantity integer not null check (quantity > 0),
  -- the lot's cost per piece, in the deposit's currency
  unit_cost_cents bigint not null check (unit_cost_cents >= 0),
  cost_currency text not null check (cost_currency in ('EUR', 'CHF', 'USD')),
  -- the price the sale pays per piece, in the order's currency (a European deposit may be sold in USD)
  unit_price_cents bigint not null check (unit_price_cents >= 0),
  currency text not null check (currency in ('EUR', 'CHF', 'USD')),
  taken_at timestamptz not null,
  unique (order_line_id, lot_id)
);
create index deposit_withdrawals_order on deposit_withdrawals (order_id);
create index deposit_withdrawals_lot on deposit_withdrawals (lot_id);
