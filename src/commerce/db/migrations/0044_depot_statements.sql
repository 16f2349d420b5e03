-- Depot statements (issue 25): the customer's depot as of a day (holdings, lots with their holding-period end,
-- valuation at the buy-back prices of the price set current at issue, the period's sales with their FIFO gains),
-- issued once, numbered without gaps and stored unchangeable like the order documents of migration 0041.
--
-- Decision: a table of its own rather than a new kind in documents: a statement belongs to a depot and a
-- period, not to an order (documents.order_id is not null and unique per kind, and other document kinds are
-- being added to its check at the same time). The numbers come from the same document_counters rows
-- (kind 'depot_statement', one gapless sequence per company and year) and the same trigger keeps them unchangeable.
--
-- period_kind: half_year (1 Jan - 30 Jun, 1 Jul - 31 Dec) and year (1 Jan - 31 Dec: what the customer hands to
-- a tax adviser) are issued by the job once each per depot, which the partial unique index guarantees even
-- when two instances run it; on_demand statements (1 Jan of the year of issue until the day of issue) are
-- numbered and stored each time the customer asks for one (rate-limited). No foreign keys: a statement
-- outlives its depot and its customer (retention as for invoices).
create table depot_statements (
  id uuid primary key,
  company_key text not null check (company_key ~ '^[A-Z]{2}$'),
  year integer not null,
  seq integer not null check (seq > 0),
  number text not null unique,
  deposit_id uuid not null,
  deposit_number text not null,
  customer_id uuid not null,
  store_key text not null,
  language text not null check (language in ('de', 'en')),
  currency text not null,
  period_kind text not null check (period_kind in ('half_year', 'year', 'on_demand')),
  period_from date not null,
  period_to date not null check (period_to >= period_from),
  price_set_id text,
  value_cents bigint,
  pdf bytea not null,
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  issued_at timestamptz not null,
  unique (company_key, year, seq)
);
create unique index depot_statements_once on depot_statements (deposit_id, period_kind, period_from) where period_kind <> 'on_demand';
create index depot_statements_customer on depot_statements (customer_id, issued_at);

create trigger depot_statements_no_update before update or delete on depot_statements for each row execute function documents_unchangeable();
create trigger depot_statements_no_truncate before truncate on depot_statements for each statement execute function documents_unchangeable();
