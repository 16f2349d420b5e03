-- Newsletter subscriptions (spec 7 POST /newsletters/subscriptions) with double opt-in: pending until the
-- link in the confirmation mail is used, then confirmed (consent_at and confirmed_at are the proof).
-- Tokens are kept as sha256. Unsubscribing deletes the row: nothing is kept of a withdrawn consent.
create table newsletter_subscriptions (
  id uuid primary key,
  store_key text not null,
  email text not null,
  email_lower text not null,
  customer_id uuid references customers (id) on delete cascade,
  language text not null check (language in ('de', 'en')),
  status text not null check (status in ('pending', 'confirmed')),
  confirm_token_hash text unique,
  confirm_expires_at timestamptz,
  unsubscribe_token_hash text unique,
  consent_at timestamptz not null,
  confirmed_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  unique (store_key, email_lower)
);
create index newsletter_subscriptions_pending on newsletter_subscriptions (confirm_expires_at) where status = 'pending';
create index newsletter_subscriptions_customer on newsletter_subscriptions (customer_id);
