-- Customers, their addresses and sessions (tokens), one-time tokens (e-mail verification, password reset),
-- SMS codes, throttling state, the outbox for mails and SMS, and the minimal orders and limit_orders tables
-- that account deletion needs (spec 6). Times come from the application's clock, never from now(), so
-- expiry behaves the same under an injected test clock.

create table customers (
  id uuid primary key,
  store_key text not null check (store_key in ('at', 'ch', 'de', 'li', 'us')),
  -- anonymous: a guest's cart owner (spec 4, 6); registered: an account with e-mail and password
  kind text not null check (kind in ('anonymous', 'registered')),
  email text,
  email_lower text,
  password_hash text,
  email_verified_at timestamptz,
  salutation text,
  title text,
  first_name text,
  last_name text,
  phone text,
  phone_verified_at timestamptz,
  account_type text check (account_type in ('individual', 'company')),
  company_name text,
  vat_id text,
  language text check (language in ('de', 'en')),
  newsletter_opt_in boolean not null default false,
  last_login_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  check (kind = 'anonymous' or (email_lower is not null and password_hash is not null))
);
-- Accounts belong to one store (separate companies per country): one account per e-mail and store.
create unique index customers_store_email on customers (store_key, email_lower) where email_lower is not null;
create index customers_anonymous_created on customers (created_at) where kind = 'anonymous';

create table addresses (
  id uuid primary key,
  customer_id uuid not null references customers (id) on delete cascade,
  title text,
  first_name text not null,
  last_name text not null,
  company text,
  street_name text not null,
  street_number text not null,
  apartment text,
  zip_code text not null,
  city text not null,
  state text,
  country text not null,
  phone text,
  default_shipping boolean not null default false,
  default_billing boolean not null default false,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index addresses_customer on addresses (customer_id, created_at);
-- at most one default of each kind per customer, enforced by the database as well as by the code
create unique index addresses_one_default_shipping on addresses (customer_id) where default_shipping;
create unique index addresses_one_default_billing on addresses (customer_id) where default_billing;

-- Access and refresh tokens: only the sha256 of the opaque value is stored. A family is one sign-in;
-- each refresh rotates inside it, and reuse of a rotated refresh token revokes the whole family.
create table tokens (
  hash text primary key,
  customer_id uuid not null references customers (id) on delete cascade,
  family_id uuid not null,
  kind text not null check (kind in ('access', 'refresh')),
  level text not null check (level in ('Anonymous', 'User')),
  store_key text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  rotated_at timestamptz,
  revoked_at timestamptz
);
create index tokens_customer on tokens (customer_id);
create index tokens_family on tokens (family_id);
create index tokens_expires on tokens (expires_at);

-- Single-use tokens sent by mail. A new one of the same purpose voids the older ones.
create table one_time_tokens (
  hash text primary key,
  customer_id uuid not null references customers (id) on delete cascade,
  purpose text not null check (purpose in ('email_verification', 'password_reset')),
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  voided_at timestamptz
);
create index one_time_tokens_customer on one_time_tokens (customer_id, purpose);

-- One pending SMS code per customer (spec 8, 9: attempts limited, locked for 10 minutes).
create table sms_codes (
  customer_id uuid primary key references customers (id) on delete cascade,
  phone text not null,
  code_hash text not null,
  salt text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  failed_attempts integer not null default 0,
  locked_until timestamptz
);

-- Failed sign-ins per (e-mail, client address). Both are stored as sha256 so that this table holds no
-- personal data (it survives account deletion and covers unknown e-mails alike).
create table login_throttle (
  subject_hash text primary key,
  failures integer not null,
  first_failure_at timestamptz not null,
  last_failure_at timestamptz not null,
  locked_until timestamptz
);

-- Sliding-window counters (password reset mails per account, SMS sends, e-mail lookups per address...).
-- key is a hash or an id, never an e-mail address.
create table rate_events (
  bucket text not null,
  key text not null,
  at timestamptz not null
);
create index rate_events_lookup on rate_events (bucket, key, at);
create index rate_events_at on rate_events (at);

-- Mails and SMS. The development mailbox reads this table; with SMTP_URL set mails also leave for real.
create table outbox (
  id bigint generated always as identity primary key,
  channel text not null check (channel in ('mail', 'sms')),
  -- account deletion removes what was addressed to the customer (spec 6: all personal data)
  customer_id uuid references customers (id) on delete cascade,
  store_key text,
  "to" text not null,
  subject text,
  text text not null,
  html text,
  created_at timestamptz not null,
  sent_at timestamptz,
  failed_attempts integer not null default 0
);
create index outbox_created on outbox (created_at desc);
create index outbox_customer on outbox (customer_id);

-- Minimal order and limit-order tables (their own issues fill them): account deletion must see them.
create table orders (
  id uuid primary key,
  customer_id uuid references customers (id) on delete cascade,
  store_key text not null,
  order_number text not null unique,
  created_at timestamptz not null,
  data jsonb not null default '{}'::jsonb
);
create index orders_customer on orders (customer_id);

create table limit_orders (
  id uuid primary key,
  customer_id uuid not null references customers (id) on delete cascade,
  store_key text not null,
  number text not null unique,
  sku text not null,
  status text not null check (status in ('active', 'inactive', 'executed', 'cancelled', 'pending', 'failed')),
  created_at timestamptz not null,
  data jsonb not null default '{}'::jsonb
);
create index limit_orders_customer on limit_orders (customer_id);
