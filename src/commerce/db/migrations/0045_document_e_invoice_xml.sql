-- The e-invoice's XML beside its PDF (issue 25): a company customer's invoice and cancellation invoice on the
-- DE and AT stores is stored as the Factur-X PDF (the XML embedded, in column pdf) and as the XRechnung CII XML
-- alone (xml, with its own SHA-256), for the download an accountant's software reads.
--
-- Decision: a second stored file of the same document row, not a row of its own. The XML is the same invoice
-- (same number, same date, same amounts: one legal document in two forms), so it takes no number of a gapless
-- sequence, it is issued in the same insert (both or neither), and the row's trigger (0041) keeps both
-- unchangeable. A private customer's document has neither column.
alter table documents
  add column xml bytea,
  add column xml_sha256 text check (xml_sha256 ~ '^[0-9a-f]{64}$'),
  add constraint documents_xml_hashed check ((xml is null) = (xml_sha256 is null));
