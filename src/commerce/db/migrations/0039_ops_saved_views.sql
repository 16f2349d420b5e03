-- Saved views of the back office's order list (issue 24): per operator a named set of filters and sort
-- ("unpaid after 3 days", "to assay", "pickups today in Zurich"), the list's query as JSON. A view belongs
-- to its operator alone (another operator's id answers 404); it goes when the operator is deleted. A name
-- is unique per operator: saving a name again replaces that view.
create table ops_saved_views (
  id uuid primary key,
  operator_id uuid not null references operators(id) on delete cascade,
  name text not null check (length(name) between 1 and 60),
  query jsonb not null,
  created_at timestamptz not null,
  unique (operator_id, name)
);
