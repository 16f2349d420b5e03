// Issue 24, the back office as a workbench: the operator's saved views of the order list, the bulk steps
// (shipments, payments), the packing slips of a set of orders and the Scrap Metal Box sent. Contract:
// src/contracts/ops-lists.ts. The list's own filters, sort and range are GET /ops/orders (routes.ts).
import type { FastifyPluginAsync } from 'fastify';
import Type from 'typebox';
import type {} from '@fastify/swagger';
import {
  BulkPaymentsBody, BulkResult, BulkShipmentsBody, OpsPickupStoresResponse, PackingSlipsBody, PackingSlipsResponse, SavedView, SavedViewBody, SavedViewsResponse, ScrapBoxSentBody,
} from '../../contracts/ops-lists.ts';
import { OpsOrderDetail, OpsOrderParams } from '../../contracts/ops.ts';
import { actorOf, errorResponses, operatorOf, operatorSecurity, requireOperator } from '../http/index.ts';
import { actionRoles, packingSlips, packingSlipsPdf, recordPayment, recordScrapBoxSent, recordShipment, SCRAP_BOX_ROLES } from '../lifecycle/index.ts';
import { pickupStores } from '../shipping/index.ts';
import { runBulk } from './bulk.ts';
import { listSavedViews, removeView, savedView, saveView } from './saved-views.ts';

const config = { storeKey: false };
const security = operatorSecurity;
const tags = ['ops'];
const Ok = Type.Object({ ok: Type.Literal(true) });
const ViewParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

export const workbenchRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.commerce;
  const { db, clock } = ctx;

  // ---------------------------------------------------------------- saved views (each operator's own)

  app.get('/ops/saved-views', {
    config, onRequest: requireOperator(),
    schema: { tags, operationId: 'opsListSavedViews', security, summary: 'The signed-in operator\'s saved views of the order list, by name.', response: { 200: SavedViewsResponse, ...errorResponses } },
  }, async (req) => ({ results: await listSavedViews(db, (await operatorOf(req)).operator.id) }));

  app.get<{ Params: { id: string } }>('/ops/saved-views/:id', {
    config, onRequest: requireOperator(),
    schema: {
      tags, operationId: 'opsGetSavedView', security, summary: 'One of the operator\'s saved views; another operator\'s: 404 saved_view_not_found.',
      params: ViewParams, response: { 200: SavedView, ...errorResponses },
    },
  }, async (req) => savedView(db, (await operatorOf(req)).operator.id, req.params.id));

  app.post<{ Body: SavedViewBody }>('/ops/saved-views', {
    config, onRequest: requireOperator(),
    schema: {
      tags, operationId: 'opsSaveView', security,
      summary: 'Saves the list\'s filters and sort under a name (201); the operator\'s view of that name is replaced (200). 409 saved_views_full at 50 views.',
      body: SavedViewBody, response: { 200: SavedView, 201: SavedView, ...errorResponses },
    },
  }, async (req, reply) => {
    const { view, replaced } = await saveView(db, (await operatorOf(req)).operator.id, req.body, clock());
    return reply.status(replaced ? 200 : 201).send(view);
  });

  app.delete<{ Params: { id: string } }>('/ops/saved-views/:id', {
    config, onRequest: requireOperator(),
    schema: {
      tags, operationId: 'opsDeleteSavedView', security, summary: 'Deletes one of the operator\'s saved views; another operator\'s: 404 saved_view_not_found.',
      params: ViewParams, response: { 200: Ok, ...errorResponses },
    },
  }, async (req) => {
    await removeView(db, (await operatorOf(req)).operator.id, req.params.id);
    return { ok: true as const };
  });

  app.get('/ops/pickup-stores', {
    config, onRequest: requireOperator(),
    schema: { tags, operationId: 'opsListPickupStores', security, summary: 'The shop\'s stores an order may be collected at (the order list\'s pickupStore filter).', response: { 200: OpsPickupStoresResponse, ...errorResponses } },
  }, async () => ({ results: pickupStores.map((s) => ({ slug: s.slug, store: s.storeKey, name: s.name })) }));

  // ---------------------------------------------------------------- bulk steps

  app.post<{ Body: BulkShipmentsBody }>('/ops/bulk/shipments', {
    config, onRequest: requireOperator(...actionRoles('shipment')),
    schema: {
      tags, operationId: 'opsBulkShipments', security,
      summary: `Records the parcels of up to 100 orders (carrier and tracking number each): each order its own step, transaction, audit entry and mail; a refused order is reported with its error and the others still go. Roles: ${actionRoles('shipment').join(', ')}.`,
      body: BulkShipmentsBody, response: { 200: BulkResult, ...errorResponses },
    },
  }, async (req) => {
    const op = await operatorOf(req);
    return runBulk(ctx, req.body.items, recordShipment, actorOf(op), op.operator.roles, (e) => req.log.error({ err: e }, 'bulk shipment failed'));
  });

  app.post<{ Body: BulkPaymentsBody }>('/ops/bulk/payments', {
    config, onRequest: requireOperator(...actionRoles('payment')),
    schema: {
      tags, operationId: 'opsBulkPayments', security,
      summary: `Records the transfers of up to 100 orders: each order its own step, transaction, audit entry and mail; a refused one is reported with its error and the others still go. Roles: ${actionRoles('payment').join(', ')}.`,
      body: BulkPaymentsBody, response: { 200: BulkResult, ...errorResponses },
    },
  }, async (req) => {
    const op = await operatorOf(req);
    return runBulk(ctx, req.body.items, recordPayment, actorOf(op), op.operator.roles, (e) => req.log.error({ err: e }, 'bulk payment failed'));
  });

  // ---------------------------------------------------------------- packing slips, the Scrap Metal Box

  app.post<{ Body: PackingSlipsBody }>('/ops/packing-slips', {
    config, onRequest: requireOperator(),
    schema: {
      tags, operationId: 'opsPackingSlips', security,
      summary: 'The packing slips of up to 100 orders (number, date, ship-to address, lines with quantity and fine weight; no prices). An unknown order: 404 order_not_found.',
      body: PackingSlipsBody, response: { 200: PackingSlipsResponse, ...errorResponses },
    },
  }, async (req) => ({ slips: await packingSlips(ctx, req.body.orderIds, req.body.languageTag) }));

  app.post<{ Body: PackingSlipsBody }>('/ops/packing-slips.pdf', {
    config, onRequest: requireOperator(),
    schema: {
      tags, operationId: 'opsPackingSlipsPdf', security,
      summary: 'Issue 25: the same slips as one PDF, one per page, each in its order\'s language unless languageTag names one (no prices). An unknown order: 404 order_not_found.',
      body: PackingSlipsBody,
      response: { 200: { description: 'The packing slips (application/pdf).', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } }, ...errorResponses },
    },
  }, async (req, reply) => {
    const pdf = await packingSlipsPdf(ctx, req.body.orderIds, req.body.languageTag);
    return reply.header('content-type', 'application/pdf').header('content-disposition', 'attachment; filename="packing-slips.pdf"')
      .header('cache-control', 'private, no-store').send(pdf);
  });

  app.post<{ Params: { id: string }; Body: ScrapBoxSentBody }>('/ops/orders/:id/scrap-box-sent', {
    config, onRequest: requireOperator(...SCRAP_BOX_ROLES),
    schema: {
      tags, operationId: 'opsScrapBoxSent', security,
      summary: `Records the empty Scrap Metal Box sent to the seller (optional carrier and tracking number): the sale leaves the queue scrap_box_to_send. Roles: ${SCRAP_BOX_ROLES.join(', ')}. Not waiting for a box: 409 invalid_transition.`,
      params: OpsOrderParams, body: ScrapBoxSentBody, response: { 200: OpsOrderDetail, ...errorResponses },
    },
  }, async (req) => {
    const op = await operatorOf(req);
    return recordScrapBoxSent(ctx, req.params.id, req.body ?? {}, actorOf(op), op.operator.roles);
  });
};
