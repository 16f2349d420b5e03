-- Documents (issue 25): invoices, cancellation invoices and credit notes, issued once, numbered without gaps
-- per company, kind and year, and stored unchangeable (the PDF's bytes and their SHA-256).
--
-- document_counters: one row per (company, kind, year) holds the last number handed out. The issuing
-- transaction takes the next one with `insert ... on conflict do update ... returning`, which locks the row
-- until it commits: two payments at the same moment queue on that row and never share a number, and a
-- rolled-back issue gives its number back (gapless). Other companies, kinds or years lock other rows.
create table document_counters (
  company_key text not null,
  kind text not null,
  year integer not null,
  last_number integer not null check (last_number > 0),
  primary key (company_key, kind, year)
);

-- No foreign key to orders or customers (as order_audit): an issued document must outlive its order and its
-- customer (account deletion deletes orders by cascade; invoices are kept 10 years, §147 AO, §132 BAO,
-- Art. 70 MWSTG), so order_id and customer_id are plain uuids and the order number is copied.
-- company_key: the issuing company's country (each company of the company facts has one; the CH and LI
-- stores share the Swiss company, so they share its numbers). kind: extend the check with a new kind.
create table documents (
  id uuid primary key,
  kind text not null check (kind in ('invoice', 'cancellation_invoice', 'credit_note')),
  company_key text not null check (company_key ~ '^[A-Z]{2}$'),
  year integer not null,
  seq integer not null check (seq > 0),
  number text not null unique,
  order_id uuid not null,
  order_number text not null,
  customer_id uuid not null,
  store_key text not null,
  language text not null check (language in ('de', 'en')),
  currency text not null,
  total_gross_cents bigint not null,
  pdf bytea not null,
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  issued_at timestamptz not null,
  refers_to uuid references documents (id),
  -- an order has at most one document of each kind: an invoice is never issued twice
  unique (order_id, kind),
  unique (company_key, kind, year, seq),
  check ((kind = 'cancellation_invoice') = (refers_to is not null))
);
create index documents_issued on documents (issued_at);

-- Issued documents are never changed or deleted: the service has no update or delete statement, and this
-- trigger refuses UPDATE, DELETE and TRUNCATE for anyone else (as order_audit's does).
create function documents_unchangeable() returns trigger language plpgsql as $$
begin
  raise exception 'documents are unchangeable (% refused)', tg_op using errcode = 'insufficient_privilege';
end;
$$;
create trigger documents_no_update before update or delete on documents for each row execute function documents_unchangeable();
create trigger documents_no_truncate before truncate on documents for each statement execute function documents_unchangeable();
