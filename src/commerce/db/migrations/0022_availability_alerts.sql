-- Availability notifications (spec 3, 4): an e-mail and a product. A signed-in customer's alert carries the
-- account (enabled and disabled in the account); anyone else's is confirmed through a mailed link first
-- (double opt-in; the token is kept as sha256 and also cancels the alert). When the product comes back in
-- stock each enabled, confirmed alert gets one e-mail in the transaction that changes the availability,
-- and is then disabled (an account's) or deleted (a guest's: nothing is kept once its purpose is served).
create table availability_alerts (
  id uuid primary key,
  store_key text not null,
  customer_id uuid references customers (id) on delete cascade,
  email text not null,
  email_lower text not null,
  sku text not null,
  language text not null check (language in ('de', 'en')),
  enabled boolean not null default true,
  confirmed_at timestamptz,
  token_hash text unique,
  token_expires_at timestamptz,
  notified_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  unique (store_key, email_lower, sku)
);
create index availability_alerts_due on availability_alerts (sku) where enabled and confirmed_at is not null;
create index availability_alerts_customer on availability_alerts (customer_id);
create index availability_alerts_unconfirmed on availability_alerts (token_expires_at) where confirmed_at is null;
