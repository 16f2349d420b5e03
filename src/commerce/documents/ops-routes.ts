// The documents for staff (issue 25; contract src/contracts/ops-documents.ts): an order's documents on its
// back-office page and their download (any operator: the order page's own rule, GET /ops/orders/{id}), and the
// accountant's list, CSV and ZIP. Decision: the accountant's calls need finance (or admin): they list every
// customer's documents and amounts across the companies, which support and warehouse have no need to see.
// Each route parses, calls one service function and answers.
import type { FastifyPluginAsync } from 'fastify';
import Type from 'typebox';
import {
  OpsDocumentParams, OpsDocumentsCsvQuery, OpsDocumentsFilter, OpsDocumentsQuery, OpsDocumentsResponse, OpsOrderDocumentsResponse,
} from '../../contracts/ops-documents.ts';
import type { OperatorRole } from '../../contracts/ops.ts';
import { errorResponses, operatorSecurity, requireOperator } from '../http/index.ts';
import { notFoundOnBadParams } from '../http/request.ts';
import { accountantDocuments, documentsCsv, documentsZip, opsDocumentPdf, opsOrderDocuments } from './accounting.ts';
import { sendFile } from './send-file.ts';

const config = { storeKey: false };
const security = operatorSecurity;
const tags = ['ops'];
/** who sees the accountant's list */
export const ACCOUNTANT_ROLES: OperatorRole[] = ['finance'];
const OrderParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
const binary = (type: string, description: string) => ({ description, content: { [type]: { schema: { type: 'string', format: 'binary' } } } });

export const documentOpsRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.commerce;
  notFoundOnBadParams(app, 'document_not_found');

  app.get<{ Params: { id: string } }>('/ops/orders/:id/documents', {
    config, onRequest: requireOperator(),
    schema: {
      tags, operationId: 'opsOrderDocuments', security, params: OrderParams,
      summary: 'Issue 25: every document of an order (kind, number, date, amounts, SHA-256), oldest first; none: an empty list.',
      response: { 200: OpsOrderDocumentsResponse, ...errorResponses },
    },
  }, async (req) => ({ results: await opsOrderDocuments(db, req.params.id) }));

  app.get<{ Params: { documentId: string } }>('/ops/documents/:documentId', {
    attachValidation: true, config, onRequest: requireOperator(),
    schema: {
      tags, operationId: 'opsDocumentPdf', security, params: OpsDocumentParams,
      summary: 'Issue 25: a document\'s PDF exactly as stored when issued (x-content-sha256 names its hash). Unknown: 404 document_not_found.',
      response: { 200: binary('application/pdf', 'The document as issued (application/pdf).'), ...errorResponses },
    },
  }, async (req, reply) => {
    const doc = await opsDocumentPdf(db, req.params.documentId);
    return sendFile(reply, { contentType: 'application/pdf', fileName: `${doc.number}.pdf`, sha256: doc.sha256, body: doc.pdf });
  });

  app.get<{ Querystring: OpsDocumentsQuery }>('/ops/documents', {
    config, onRequest: requireOperator(...ACCOUNTANT_ROLES),
    schema: {
      tags, operationId: 'opsListDocuments', security, querystring: OpsDocumentsQuery,
      summary: 'Issue 25, the accountant\'s list: the documents issued on the days from..to (the issuing store\'s days), of one company and kind if given, by company, kind and number; 50 a page. Roles: finance. A period backwards or over 366 days: 400 invalid_date_range.',
      response: { 200: OpsDocumentsResponse, ...errorResponses },
    },
  }, async (req) => accountantDocuments(db, req.query));

  app.get<{ Querystring: OpsDocumentsCsvQuery }>('/ops/documents.csv', {
    config, onRequest: requireOperator(...ACCOUNTANT_ROLES),
    schema: {
      tags, operationId: 'opsDocumentsCsv', security, querystring: OpsDocumentsCsvQuery,
      summary: 'Issue 25: the filtered list (all pages) as CSV for Excel: UTF-8 with BOM, CRLF; languageTag de: semicolons and decimal commas (default), en: commas and decimal points. Roles: finance.',
      response: { 200: binary('text/csv', 'The documents as CSV.'), ...errorResponses },
    },
  }, async (req, reply) => {
    const csv = await documentsCsv(db, req.query);
    return sendFile(reply, { contentType: 'text/csv; charset=utf-8', fileName: `documents-${req.query.from}-${req.query.to}.csv`, body: csv });
  });

  app.get<{ Querystring: OpsDocumentsFilter }>('/ops/documents.zip', {
    config, onRequest: requireOperator(...ACCOUNTANT_ROLES),
    schema: {
      tags, operationId: 'opsDocumentsZip', security, querystring: OpsDocumentsFilter,
      summary: 'Issue 25: the filtered documents\' PDFs as one ZIP, each named by its number, byte for byte as stored. Roles: finance. More than 2000: 422 document_export_too_large.',
      response: { 200: binary('application/zip', 'The PDFs as ZIP.'), ...errorResponses },
    },
  }, async (req, reply) => {
    const zip = await documentsZip(db, req.query);
    return reply.header('content-type', 'application/zip').header('content-disposition', `attachment; filename="documents-${req.query.from}-${req.query.to}.zip"`)
      .header('cache-control', 'private, no-store').send(zip);
  });
};
