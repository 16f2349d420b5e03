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
  -- the result as JSON text: a statement's result is megabytes, and jsonb would parse it inside the database
  -- (PGlite runs in the service's own thread: a 3 MB jsonb held the event loop for seconds)
  result text,
  error text
);
-- stored as it is: compressing megabytes in the database's (WASM) thread would hold the service too
alter table bank_statement_imports alter column result set storage external;
create index bank_statement_imports_actor on bank_statement_imports (actor_id, started_at desc);
