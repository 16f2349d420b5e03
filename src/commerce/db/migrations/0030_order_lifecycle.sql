-- The order lifecycle (issue 15, src/commerce/lifecycle): the audit log, payments, shipments, bank statement
-- lines, the payment deadline of a bank-transfer purchase, and the deposit booking only paid metal.
--
-- order_audit is append-only: a trigger refuses UPDATE, DELETE and TRUNCATE. It has no foreign key: an entry
-- must outlive its order and its customer (account deletion and retention jobs delete orders), so order_id
-- is a plain uuid and the order number is copied. Customers are named by id only (no e-mail, no name);
-- operators by id and e-mail (staff acting in their role).
create table order_audit (
  id uuid primary key,
  at timestamptz not null,
  order_id uuid,
  order_number text,
  actor_type text not null check (actor_type in ('operator', 'customer', 'system')),
  actor_id text not null,
  actor_email text,
  action text not null,
  before_state jsonb,
  after_state jsonb,
  details jsonb not null default '{}'::jsonb,
  seq bigint generated always as identity
);
create index order_audit_order on order_audit (order_id, seq);
create index order_audit_actor on order_audit (actor_id, seq);
create index order_audit_seq on order_audit (seq);

create function order_audit_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'order_audit is append-only (% refused)', tg_op using errcode = 'insufficient_privilege';
end;
$$;
create trigger order_audit_no_update before update or delete on order_audit for each row execute function order_audit_append_only();
create trigger order_audit_no_truncate before truncate on order_audit for each statement execute function order_audit_append_only();

-- Money received for a buy order: an operator typed it (manual) or a camt.053 line applied it (camt053,
-- entry_ref: the statement line, unique so that a line is never applied twice).
create table order_payments (
  id uuid primary key,
  order_id uuid not null references orders (id) on delete cascade,
  amount_cents bigint not null check (amount_cents > 0),
  currency text not null check (currency in ('EUR', 'CHF', 'USD')),
  reference text not null,
  value_date date not null,
  source text not null check (source in ('manual', 'camt053')),
  entry_ref text unique,
  recorded_at timestamptz not null,
  actor_type text not null,
  actor_id text not null,
  actor_email text
);
create index order_payments_order on order_payments (order_id, recorded_at);

create table order_shipments (
  id uuid primary key,
  order_id uuid not null references orders (id) on delete cascade,
  carrier text not null,
  tracking_number text not null,
  tracking_url text,
  shipped_at timestamptz not null
);
create index order_shipments_order on order_shipments (order_id, shipped_at);

-- Every credit line of every uploaded statement, applied or flagged: entry_key (the bank's entry reference,
-- or a hash of the entry without one) makes a second upload a duplicate. No foreign key (a finance record).
create table bank_statement_entries (
  entry_key text primary key,
  statement_id text not null,
  imported_at timestamptz not null,
  amount_cents bigint not null,
  currency text not null,
  value_date date,
  order_id uuid,
  order_number text,
  result text not null,
  actor_id text not null
);

-- A bank-transfer purchase's last day for the money (5 working days, lifecycle/working-days.ts) and the
-- one reminder after 3. The assay, the goods' arrival and the payout live in orders.data (assay, goodsReceivedAt, payout).
alter table orders add column payment_due_by date;
alter table orders add column payment_reminded_at timestamptz;
create index orders_payment_due on orders (payment_due_by) where payment_due_by is not null and order_state in ('Open', 'Created') and payment_state = 'Pending';

-- Orders placed before get NO due date: until now nothing could record a payment, so each of them is Open and
-- Pending whether or not its money arrived. A due date by the rule would lie in the past for most of them, and
-- the payment-deadline job's first run would cancel them all and mail their customers "not paid in time",
-- also those who paid. Without a due date the job neither reminds nor cancels them: they wait in the back
-- office's "to pay" queue for finance, who records the transfers received or cancels by hand.

-- The deposit books metal only when it is paid. Lots of purchases whose payment is still Pending leave the
-- lots (the order shows them as awaiting payment until an operator records the money, which books them
-- again with the payment's time); each is noted in the audit. Lots a sale already took from stay (the sale
-- happened; finance reviews them: the audit entry lot_kept_unpaid names them).
insert into order_audit (id, at, order_id, order_number, actor_type, actor_id, actor_email, action, before_state, after_state, details)
select gen_random_uuid(), now(), o.id, o.order_number, 'system', 'migration-0030', null,
       case when exists (select 1 from deposit_withdrawals w where w.lot_id = l.id) then 'lot_kept_unpaid' else 'lot_unbooked' end,
       jsonb_build_object('orderState', o.order_state, 'paymentState', o.payment_state),
       jsonb_build_object('orderState', o.order_state, 'paymentState', o.payment_state),
       jsonb_build_object('sku', l.sku, 'quantity', l.quantity, 'remaining', l.remaining, 'unitCostCents', l.unit_cost_cents)
from deposit_lots l join orders o on o.id = l.order_id
where o.payment_state <> 'Paid';

delete from deposit_lots l using orders o
where o.id = l.order_id and o.payment_state <> 'Paid'
  and not exists (select 1 from deposit_withdrawals w where w.lot_id = l.id);

-- Orders placed before follow the rules of placement too: a cash purchase picked up at the counter is
-- Confirmed (paid when handed over), a sale from the deposit Accepted (nothing to receive or assay); each
-- move is in the audit.
insert into order_audit (id, at, order_id, order_number, actor_type, actor_id, actor_email, action, before_state, after_state, details)
select gen_random_uuid(), now(), o.id, o.order_number, 'system', 'migration-0030', null, 'confirmed',
       jsonb_build_object('orderState', o.order_state, 'paymentState', o.payment_state),
       jsonb_build_object('orderState', 'Confirmed', 'paymentState', o.payment_state), '{"payAtPickup": true}'::jsonb
from orders o
where o.type = 'buy' and o.data->>'paymentMethod' = 'cash' and o.data->>'shippingMethod' = 'pickup' and o.order_state in ('Open', 'Created') and o.payment_state = 'Pending';
update orders set order_state = 'Confirmed'
where type = 'buy' and data->>'paymentMethod' = 'cash' and data->>'shippingMethod' = 'pickup' and order_state in ('Open', 'Created') and payment_state = 'Pending';

insert into order_audit (id, at, order_id, order_number, actor_type, actor_id, actor_email, action, before_state, after_state, details)
select gen_random_uuid(), now(), o.id, o.order_number, 'system', 'migration-0030', null, 'accepted_from_deposit',
       jsonb_build_object('orderState', o.order_state, 'paymentState', o.payment_state),
       jsonb_build_object('orderState', 'Accepted', 'paymentState', o.payment_state), '{}'::jsonb
from orders o
where o.type = 'sell' and o.data->>'shippingMethod' = 'depositSell' and o.order_state = 'Requested';
update orders set order_state = 'Accepted' where type = 'sell' and data->>'shippingMethod' = 'depositSell' and order_state = 'Requested';
