// The documents feature's door (issue 25): what other features may use. The lifecycle issues the invoice in the
// payment's transaction (issueInvoice) and writes the audit entry naming its number and SHA-256; the documents
// never import the lifecycle back (it builds on them).
export { documentLang, documentNumber, DOCUMENT_PREFIX, issueCancellation, issueCreditNote, issueInvoice, type DocumentKind, type DocumentRow, type IssuedDocument } from './service.ts';
export { renderPackingSlipsPdf, type SlipToPrint } from './packing-slip.ts';
export type { CreditNoteFacts } from './credit-note.ts';
