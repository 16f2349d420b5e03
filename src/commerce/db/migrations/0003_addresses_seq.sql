-- Addresses keep the order in which they were added, also when two share a timestamp (an injected clock,
-- a bulk import): created_at alone does not decide.
alter table addresses add column seq bigint generated always as identity;
drop index addresses_customer;
create index addresses_customer on addresses (customer_id, seq);
