-- Documents for the accountant (issue 25, "a document list per period for the accountant"): the figures the
-- export lists are stored with the document when it is issued, as its bytes are, so the list never re-reads an
-- order (which may be deleted with its customer's account) and never recomputes what the PDF says.
-- net_cents, vat_cents: the document's net and VAT in its currency (negative on a cancellation invoice, as
-- total_gross_cents); buyer_name: the buyer as printed (the company, else the person).
-- Decision: nullable, no backfill: the table refuses UPDATE (migration 0041's trigger), and a document issued
-- before this migration shows empty cells in the export rather than figures it never printed.
alter table documents add column net_cents bigint;
alter table documents add column vat_cents bigint;
alter table documents add column buyer_name text;
-- the accountant's filter: a company's documents of a period, by kind
create index documents_company_issued on documents (company_key, issued_at);
