// The customer's download of an order's document (issue 25): GET /orders/{id}/documents/{documentId} answers
// the stored PDF exactly as issued (the bytes whose SHA-256 the audit names), never a new rendering. The route
// parses, calls one service function and answers; the owner check is the service's (404 for another's order).
import type { FastifyPluginAsync } from 'fastify';
import { OrderDocumentParams } from '../../contracts/order.ts';
import { bearer, requireAuth } from '../http/auth.ts';
import { errorResponses } from '../http/errors.ts';
import { notFoundOnBadParams } from '../http/request.ts';
import { mailAttachments } from './mail-attachments.ts';
import { sendFile } from './send-file.ts';
import { customerDocument, customerDocumentXml, withDocuments } from './service.ts';

export const documentRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.commerce;
  // an order's answer to its customer lists its documents (after the lifecycle's additions or before: both spread the order)
  ctx.orderAnswerHooks.push((db, order) => withDocuments(db, order));
  // issue 25: the outbox attaches a mail's documents when it sends it
  ctx.outbox.resolveAttachmentsWith(mailAttachments);
  notFoundOnBadParams(app, 'document_not_found');

  app.get<{ Params: { id: string; documentId: string } }>('/orders/:id/documents/:documentId', {
    attachValidation: true,
    schema: {
      tags: ['orders'],
      summary: 'Issue 25: the PDF of a document of the customer\'s own order (the invoice), as stored when issued. Another\'s order: 404 order_not_found; no such document of the order: 404 document_not_found.',
      security: bearer, params: OrderDocumentParams,
      response: { 200: { description: 'The document as issued (application/pdf).', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } }, ...errorResponses },
    },
  }, async (req, reply) => {
    const auth = await requireAuth(req);
    const doc = await customerDocument(ctx.db, { orderId: req.params.id, documentId: req.params.documentId, customerId: auth.customerId, storeKey: req.storeKey });
    return sendFile(reply, { contentType: 'application/pdf', fileName: `${doc.number}.pdf`, sha256: doc.sha256, body: doc.pdf });
  });

  app.get<{ Params: { id: string; documentId: string } }>('/orders/:id/documents/:documentId/xml', {
    attachValidation: true,
    schema: {
      tags: ['orders'],
      summary: 'Issue 25: the XRechnung CII XML of a company customer\'s e-invoice (DE, AT) of the customer\'s own order, as stored when issued. Another\'s order: 404 order_not_found; no such document, or one without XML: 404 document_not_found.',
      security: bearer, params: OrderDocumentParams,
      response: { 200: { description: 'The e-invoice XML as issued (application/xml).', content: { 'application/xml': { schema: { type: 'string' } } } }, ...errorResponses },
    },
  }, async (req, reply) => {
    const auth = await requireAuth(req);
    const doc = await customerDocumentXml(ctx.db, { orderId: req.params.id, documentId: req.params.documentId, customerId: auth.customerId, storeKey: req.storeKey });
    return sendFile(reply, { contentType: 'application/xml; charset=utf-8', fileName: `${doc.number}.xml`, sha256: doc.xml_sha256, body: doc.xml });
  });
};
