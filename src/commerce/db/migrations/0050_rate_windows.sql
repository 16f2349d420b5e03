-- issue 27: the storefront's /api budgets, shared by every storefront instance and worker. One fixed window
-- per (bucket, key), counted with one upsert (no advisory lock, no row per request as rate_events keeps):
-- the key is a SHA-256 the storefront makes of the client address, never the address itself.
create table rate_windows (
  bucket text not null,
  key text not null,
  window_start timestamptz not null,
  hits integer not null,
  primary key (bucket, key)
);
create index rate_windows_window_start on rate_windows (window_start);
