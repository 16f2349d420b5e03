-- Mails carry their documents (issue 25): the invoice with the payment confirmation, the credit note with the
-- payout, the cancellation invoice with the cancellation, the payment slip with a bank-transfer purchase's order
-- confirmation. A mail row keeps references, not bytes: {"kind": "document", "documentId": ...} names a stored
-- document (its bytes are loaded when the mail is sent: identical to the download and to the SHA-256 of its
-- audit entry); {"kind": "payment_slip", ...} keeps the slip's data as it was at the order (the slip is no
-- document of record, it is rendered again from that data, byte for byte the same). A resend copies them.
alter table outbox add column attachments jsonb not null default '[]'::jsonb check (jsonb_typeof(attachments) = 'array');
