-- Issue 23: an answer of the reporting office names the operator who wrote it (the reporter still reads
-- "office"; the office and the audit log see who). Plain columns, no foreign key, as in order_audit: the
-- record outlives a change of the operator's account. Older answers keep null (their author is unknown).
alter table whistleblower_messages add column operator_id uuid;
alter table whistleblower_messages add column operator_email text;
