// The customer's payment slip routes (issue 25): GET /orders/{id}/payment-slip (JSON for the confirmation and
// order pages) and GET /orders/{id}/payment-slip.pdf (the QR-bill to print). Registered by the documents
// feature's plugin (documents/plugin.ts: app.register(paymentSlipRoutes)); parse, call one service
// function, answer.
import type { FastifyPluginAsync } from 'fastify';
import Type from 'typebox';
import { OrderLanguageQuery, OrderParams } from '../../contracts/order.ts';
import { bearer, requireAuth } from '../http/auth.ts';
import { errorResponses } from '../http/errors.ts';
import { notFoundOnBadParams } from '../http/request.ts';
import { paymentSlipPdf, paymentSlipView } from './payment-slip-service.ts';
import { sendFile } from './send-file.ts';

const tags = ['orders'];

const StructuredReferenceSchema = Type.Object({ type: Type.Union([Type.Literal('QRR'), Type.Literal('SCOR')]), reference: Type.String() });
export const PaymentSlipViewSchema = Type.Object({
  kind: Type.Union([Type.Literal('qr-bill'), Type.Literal('epc')]),
  orderNumber: Type.String(),
  reference: Type.Union([StructuredReferenceSchema, Type.Null()]),
  payload: Type.String(),
  svg: Type.String(),
});

export const paymentSlipRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.commerce;
  notFoundOnBadParams(app, 'order_not_found');

  app.get<{ Params: { id: string }; Querystring: { languageTag?: string } }>('/orders/:id/payment-slip', {
    attachValidation: true,
    schema: {
      tags, summary: 'Issue 25: the payment slip of an unpaid bank-transfer order (CH, LI: Swiss QR-bill; AT, DE: EPC QR code) as SVG with its payload; 404 payment_slip_not_found once paid or where the store has none.',
      security: bearer, params: OrderParams, querystring: OrderLanguageQuery, response: { 200: PaymentSlipViewSchema, ...errorResponses },
    },
  }, async (req) => {
    const auth = await requireAuth(req);
    return paymentSlipView(ctx, { customerId: auth.customerId, storeKey: req.storeKey }, req.params.id, req.query.languageTag);
  });

  app.get<{ Params: { id: string }; Querystring: { languageTag?: string } }>('/orders/:id/payment-slip.pdf', {
    attachValidation: true,
    schema: {
      tags, summary: 'Issue 25: the Swiss QR-bill of an unpaid bank-transfer order on the CH and LI stores as a PDF slip (A6 landscape).',
      security: bearer, params: OrderParams, querystring: OrderLanguageQuery,
      response: { 200: { description: 'The QR-bill slip (application/pdf).', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } }, ...errorResponses },
    },
  }, async (req, reply) => {
    const auth = await requireAuth(req);
    const { fileName, pdf } = await paymentSlipPdf(ctx, { customerId: auth.customerId, storeKey: req.storeKey }, req.params.id, req.query.languageTag);
    return sendFile(reply, { contentType: 'application/pdf', fileName, body: pdf, disposition: 'inline' });
  });
};
