-- A price list is stored once and read whole (instances cache it by set id), never queried inside: json
-- keeps the text as received and only checks it, where jsonb parses it into its binary form. On PGlite that
-- parse was most of the hand-over's time (160-560 ms for 15 lists of 100 products on a busy machine), time
-- the price service waits before announcing RecalculationProcessFinished (test/bench/fanout).
alter table price_set_lists alter column prices type json using prices::json;
