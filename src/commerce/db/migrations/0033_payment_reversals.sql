-- Issue 23: only booked money counts. A payment the bank takes back (a returned transfer, a chargeback:
-- a debit of a camt.053 statement) stays in order_payments as the record it was, marked reversed: the sum
-- paid counts only payments not reversed. reversal_entry is the statement entry's key that took it back.
alter table order_payments add column reversed_at timestamptz;
alter table order_payments add column reversal_entry text;

-- A statement import runs as a job (a statement of 14,000 entries takes minutes): its progress and, when
-- done, its result as the back office shows it. One row per upload; a finance record, kept.
create table bank_statement_imports (
  id uuid primary key,
  statement_id text not null,
  actor_id text not null,
  started_at timestamptz not null,
  updated_at timestamptz not null,
  finished_at timestamptz,
  -- running | done | failed
  status text not null check (status in ('running', 'done', 'failed')),
  total integer not null,
  processed integer not null default 0,
  -- the result's counts as JSON text (BankStatementResult without its entries: those are rows below)
  result text,
  error text
);
create index bank_statement_imports_actor on bank_statement_imports (actor_id, started_at desc);

-- The entries of an import's result as they are processed, 100 at a time (one result of 14,000 entries
-- written or read at once held the service); read a page at a time.
create table bank_statement_import_entries (
  import_id uuid not null references bank_statement_imports (id) on delete cascade,
  seq integer not null,
  entry text not null,
  primary key (import_id, seq)
);
alter table bank_statement_import_entries alter column entry set storage external;
