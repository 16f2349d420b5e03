// The order page's workbench calls (issue 24): internal notes, the customer card, the order's mails and
// their resend. Every role reads and writes them (each role talks to customers about its steps); the
// routes parse, call one service function and answer.
import type { FastifyPluginAsync } from 'fastify';
import type {} from '@fastify/swagger';
import {
  CustomerCard, OrderMail, OrderMailParams, OrderMailsResponse, OrderNote, OrderNoteBody, OrderNotesResponse, OpsOrderParams, OpsOrderQuery,
  RESEND_SAME_MAIL_S, RESENDS_PER_ORDER_HOUR, type OpsOrderQuery as OpsOrderQueryT, type OrderNoteBody as OrderNoteBodyT,
} from '../../contracts/ops.ts';
import { actorOf, errorResponses, operatorOf, operatorSecurity, requireOperator } from '../http/index.ts';
import { addOrderNote, customerCard, orderMailList, orderNotes, resendOrderMail } from './workbench.ts';

const config = { storeKey: false };
const security = operatorSecurity;
const tags = ['ops'];

export const orderWorkbenchRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.commerce;

  app.get<{ Params: { id: string } }>('/ops/orders/:id/notes', {
    config, onRequest: requireOperator(),
    schema: {
      tags, operationId: 'opsListOrderNotes', security, summary: 'The order\'s internal notes, oldest first (staff only: never in the customer\'s answers or mails).',
      params: OpsOrderParams, response: { 200: OrderNotesResponse, ...errorResponses },
    },
  }, async (req) => ({ results: await orderNotes(ctx, req.params.id) }));

  app.post<{ Params: { id: string }; Body: OrderNoteBodyT }>('/ops/orders/:id/notes', {
    config, onRequest: requireOperator(),
    schema: {
      tags, operationId: 'opsAddOrderNote', security,
      summary: 'Adds an internal note to the order\'s timeline (any role; 1-2000 characters, trimmed); audited as note_added. Never shown to the customer.',
      params: OpsOrderParams, body: OrderNoteBody, response: { 201: OrderNote, ...errorResponses },
    },
  }, async (req, reply) => reply.status(201).send(await addOrderNote(ctx, req.params.id, req.body.body, actorOf(await operatorOf(req)))));

  app.get<{ Params: { id: string }; Querystring: OpsOrderQueryT }>('/ops/orders/:id/customer', {
    config, onRequest: requireOperator(),
    schema: {
      tags, operationId: 'opsGetOrderCustomer', security,
      summary: 'The customer card of an order: the account (or "guest"), its other orders, depot and limit orders on the order\'s store. languageTag: product names.',
      params: OpsOrderParams, querystring: OpsOrderQuery, response: { 200: CustomerCard, ...errorResponses },
    },
  }, async (req) => customerCard(ctx, req.params.id, req.query.languageTag));

  app.get<{ Params: { id: string } }>('/ops/orders/:id/mails', {
    config, onRequest: requireOperator(),
    schema: {
      tags, operationId: 'opsListOrderMails', security, summary: 'The mails the shop wrote about the order (and their resends), oldest first.',
      params: OpsOrderParams, response: { 200: OrderMailsResponse, ...errorResponses },
    },
  }, async (req) => ({ results: await orderMailList(ctx, req.params.id) }));

  app.post<{ Params: { id: string; mailId: number } }>('/ops/orders/:id/mails/:mailId/resend', {
    config, onRequest: requireOperator(),
    schema: {
      tags, operationId: 'opsResendOrderMail', security,
      summary: `Sends one of the order's mails again, as it was written, to the address it went to; audited as mail_resent. 404 order_mail_not_found; 429 too_many_requests: one mail once per ${RESEND_SAME_MAIL_S / 60} minutes, an order's mails ${RESENDS_PER_ORDER_HOUR} times an hour.`,
      params: OrderMailParams, response: { 201: OrderMail, ...errorResponses },
    },
  }, async (req, reply) => reply.status(201).send(await resendOrderMail(ctx, req.params.id, req.params.mailId, actorOf(await operatorOf(req)))));
};
