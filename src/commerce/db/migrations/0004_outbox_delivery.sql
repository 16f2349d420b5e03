-- Outbox delivery with retries (src/commerce/outbox/outbox.ts): when the next attempt is due (null: not
-- to be sent by SMTP, e.g. SMS or written without SMTP_URL), when delivery was given up, and the last
-- failure's code (no address or content: that is personal data).
alter table outbox add column next_attempt_at timestamptz;
alter table outbox add column failed_at timestamptz;
alter table outbox add column last_error text;
create index outbox_due on outbox (next_attempt_at) where next_attempt_at is not null and sent_at is null and failed_at is null;
