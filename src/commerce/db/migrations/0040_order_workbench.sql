-- The back office as a workbench (issue 24): internal notes on an order's timeline, the mails of an order
-- (to list and resend them), and the operators' names.

-- Internal notes: staff only, never in the customer's answers. A note is written once and never changed
-- (an audit entry note_added names its author); it goes with its order (account deletion, retention).
create table order_notes (
  id uuid primary key,
  order_id uuid not null references orders (id) on delete cascade,
  -- trimmed, 1 to 2000 characters (src/contracts/ops.ts OrderNoteBody)
  body text not null check (char_length(body) between 1 and 2000),
  operator_id uuid not null,
  operator_email text not null,
  created_at timestamptz not null,
  seq bigint generated always as identity
);
create index order_notes_order on order_notes (order_id, seq);

-- The order a mail is about (order confirmation, every lifecycle mail), so the back office lists an order's
-- mails; resent_from: the mail a resend copied (the resend budget counts them).
alter table outbox add column order_id uuid references orders (id) on delete set null;
alter table outbox add column resent_from bigint references outbox (id) on delete set null;
create index outbox_order on outbox (order_id, id) where order_id is not null;
create index outbox_resent_from on outbox (resent_from, created_at) where resent_from is not null;

-- Mails written before this migration: an order's mails name its number in the subject and went to its
-- customer's address (as the tests and the mailbox read them).
update outbox m set order_id = o.id
  from orders o
 where m.order_id is null and m.channel = 'mail' and m."to" = o.data->>'customerEmail'
   and m.subject is not null and strpos(m.subject, o.order_number) > 0;

-- The operator's name, shown in the back office and searched by the audit filter; null: the e-mail stands in.
alter table operators add column name text check (name is null or char_length(name) between 1 and 120);
