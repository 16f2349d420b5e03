-- Order numbers per store, type and year (issue 28): CH-B-2026-000042 is the 42nd buy order of the Swiss
-- store in 2026, no longer the 42nd order of the whole shop (one sequence for all stores told anyone with
-- two orders the shop's volume). One row per (store, type, year) holds the last number handed out; the
-- order's transaction takes it with an update that locks the row until it commits, so two orders never
-- share a number and a rolled-back order gives its number back (gapless, as auditors expect of invoice-like
-- numbers). Orders of other stores, types or years lock other rows and do not wait.
create table order_number_counters (
  store_key text not null,
  type text not null check (type in ('buy', 'sell')),
  year integer not null,
  last_number integer not null check (last_number > 0),
  primary key (store_key, type, year)
);

-- Orders numbered by the old shop-wide sequence: each counter goes on after the highest number its store,
-- type and year already used, so no number is handed out twice (orders.order_number is unique).
insert into order_number_counters (store_key, type, year, last_number)
select lower(split_part(order_number, '-', 1)),
       case split_part(order_number, '-', 2) when 'B' then 'buy' else 'sell' end,
       split_part(order_number, '-', 3)::integer,
       max(split_part(order_number, '-', 4)::integer)
  from orders
 where order_number ~ '^(AT|CH|DE|LI|US)-[BS]-20\d\d-\d{6}$'
 group by 1, 2, 3;
