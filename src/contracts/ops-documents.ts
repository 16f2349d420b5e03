// Issue 25, the documents in the back office: every document of an order on its page, and the accountant's list
// per period (filterable by company, kind and date range) with its CSV and a ZIP of the PDFs. The routes are the
// documents feature's (src/commerce/documents/ops-routes.ts); the back office reads them through ops-client.ts.
import Type, { type Static } from 'typebox';

const Id = Type.String({ format: 'uuid' });
const Day = Type.String({ format: 'date', description: 'YYYY-MM-DD, a day in the time zone of the store that issued the document' });

export const DocumentKindSchema = Type.Union([Type.Literal('invoice'), Type.Literal('cancellation_invoice'), Type.Literal('credit_note')]);

/** A document as staff see it in a list: no bytes (the download is its own call). Amounts in integer cents. */
export const OpsDocument = Type.Object({
  id: Id,
  kind: DocumentKindSchema,
  number: Type.String(),
  issuedAt: Type.String({ format: 'date-time' }),
  /** the issuing company's country (CH also issues the LI store's) */
  company: Type.String(),
  orderId: Id,
  orderNumber: Type.String(),
  /** the buyer as printed on the document (the company, else the person); null on a document issued before 0043 */
  customer: Type.Union([Type.String(), Type.Null()]),
  currency: Type.String(),
  netCents: Type.Union([Type.Integer(), Type.Null()]),
  vatCents: Type.Union([Type.Integer(), Type.Null()]),
  grossCents: Type.Integer(),
  sha256: Type.String(),
});
export type OpsDocument = Static<typeof OpsDocument>;

export const OpsOrderDocumentsResponse = Type.Object({ results: Type.Array(OpsDocument) });
export type OpsOrderDocumentsResponse = Static<typeof OpsOrderDocumentsResponse>;

export const OpsDocumentParams = Type.Object({ documentId: Id });

/** The accountant's filter: from and to are required (a period), both days inclusive. */
export const OpsDocumentsFilter = Type.Object({
  from: Day,
  to: Day,
  company: Type.Optional(Type.String({ pattern: '^[A-Z]{2}$' })),
  kind: Type.Optional(DocumentKindSchema),
}, { additionalProperties: false });
export type OpsDocumentsFilter = Static<typeof OpsDocumentsFilter>;

/** The list's page size. */
export const DOCUMENTS_PAGE_SIZE = 50;
/** Decision: a period is at most 366 days (a business year); longer: 400 invalid_date_range. */
export const DOCUMENTS_MAX_DAYS = 366;
/** Decision: one ZIP holds at most this many PDFs (about 100 MB); more: 422 document_export_too_large. */
export const DOCUMENTS_ZIP_MAX = 2000;

export const OpsDocumentsQuery = Type.Object({
  ...OpsDocumentsFilter.properties,
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
}, { additionalProperties: false });
export type OpsDocumentsQuery = Static<typeof OpsDocumentsQuery>;

/** The CSV's language: de (semicolon, decimal comma) or en (comma, decimal point). */
export const OpsDocumentsCsvQuery = Type.Object({
  ...OpsDocumentsFilter.properties,
  languageTag: Type.Optional(Type.String({ maxLength: 10 })),
}, { additionalProperties: false });
export type OpsDocumentsCsvQuery = Static<typeof OpsDocumentsCsvQuery>;

export const OpsDocumentsResponse = Type.Object({
  results: Type.Array(OpsDocument),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  total: Type.Integer(),
});
export type OpsDocumentsResponse = Static<typeof OpsDocumentsResponse>;
