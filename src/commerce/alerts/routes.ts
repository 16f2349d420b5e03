// Availability notifications (spec 3, 4) and the admin call that changes a product's availability:
//
// - POST /availability-alerts: a signed-in customer subscribes with the account's e-mail (active at once:
//   the address is verified); anyone else gives an e-mail and confirms it through the mailed link (double
//   opt-in), and can cancel with the same link. Only a sold-out product can be subscribed to.
// - GET /availability-alerts, PUT (enable, disable) and DELETE /availability-alerts/{id}: the signed-in
//   customer's own; another's answers 404 alert_not_found.
// - PUT /admin/products/{sku}/availability (loopback or ADMIN_TOKEN): availability and publication. When a
//   sold-out product comes back (available or pre-order), every enabled, confirmed alert gets ONE mail in
//   the same transaction (the product row is locked: two calls at once cannot both see the restock), and
//   is disabled (an account's; enable it for the next restock) or deleted (a guest's).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type {} from '@fastify/swagger';
import {
  AlertParams, AlertQuery, AlertTokenBody, AlertTokenResponse, AlertsResponse, AvailabilityAlert, CreateAlertBody, CreateAlertResponse,
  ProductAvailabilityBody, ProductAvailabilityParams, ProductAvailabilityResponse, UpdateAlertBody,
  type ProductAvailabilityBody as AvailabilityBodyT,
} from '../../contracts/availability-alert.ts';
import { deleteAccountRows, notFoundOnBadId, requestLang } from '../account-routes-common.ts';
import { adminAllowed, adminSecurity, bearer, optionalAuth, optionalBearer, requireUser } from '../http/auth.ts';
import { errorResponses, fail } from '../http/errors.ts';
import { limitByClient } from '../http/request.ts';
import { shopOrigin } from '../lib/http.ts';
import { shopName } from '../outbox/index.ts';
import { purgeUnconfirmedAlerts } from './repository.ts';
import {
  cancelAlertByToken, confirmAlertByToken, enableAlert, ownAlerts, removeAlert, setProductAvailability, subscribeAlert, type AlertCall, type OwnAlertCall,
} from './service.ts';

export { ALERT_CONFIRMATION_TTL_S } from './service.ts';

const tags = ['availability-alerts'];

// (re-exported: the data-retention job imports it through the door)
export { purgeUnconfirmedAlerts };

export const alertRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.commerce;
  const { db, clock, config } = ctx;
  const shop = shopName(config.MAIL_FROM);
  ctx.accountDeletionHooks.push(deleteAccountRows('availability_alerts'));

  notFoundOnBadId(app, 'alert_not_found');

  const callOf = (req: FastifyRequest): AlertCall => ({
    storeKey: req.storeKey, now: clock(), lang: (fallback) => requestLang(req, fallback), mail: { shop, origin: shopOrigin(req, req.storeKey, config) },
    limitClient: (bucket, rule) => limitByClient(req, bucket, rule),
  });
  const ownerOf = async (req: FastifyRequest): Promise<OwnAlertCall> => ({
    customerId: (await requireUser(req)).customerId, storeKey: req.storeKey, now: clock(), lang: requestLang(req),
  });

  app.post<{ Body: CreateAlertBody; Querystring: { languageTag?: string } }>('/availability-alerts', {
    schema: {
      tags, summary: 'Subscribes to a sold-out product: one e-mail when it is back in stock. Signed in: the account\'s e-mail, active at once (201). Otherwise: e-mail required, confirmed by the mailed link (202).',
      security: optionalBearer, body: CreateAlertBody, querystring: AlertQuery, response: { 200: CreateAlertResponse, 201: CreateAlertResponse, 202: CreateAlertResponse, ...errorResponses },
    },
  }, async (req, reply) => {
    const auth = await optionalAuth(req);
    const { alert, created } = await subscribeAlert(ctx, callOf(req), auth, req.body);
    if (!alert) return reply.status(202).send({ alert: null, confirmationRequired: true });
    return reply.status(created ? 201 : 200).send({ alert, confirmationRequired: false });
  });

  app.post<{ Body: { token: string } }>('/availability-alerts/confirmation', {
    schema: {
      tags, summary: 'Confirms a subscription with the token of the confirmation mail (double opt-in). POST, so that mail scanners opening links confirm nothing.',
      body: AlertTokenBody, response: { 200: AlertTokenResponse, ...errorResponses },
    },
  }, async (req) => confirmAlertByToken(db, req.storeKey, req.body.token, clock()));

  app.post<{ Body: { token: string } }>('/availability-alerts/cancellation', {
    schema: {
      tags, summary: 'Cancels a guest\'s subscription with the token of its confirmation mail (the alert is deleted).',
      body: AlertTokenBody, response: { 200: AlertTokenResponse, ...errorResponses },
    },
  }, async (req) => cancelAlertByToken(db, req.storeKey, req.body.token));

  app.get<{ Querystring: { languageTag?: string } }>('/availability-alerts', {
    schema: {
      tags, summary: 'The signed-in customer\'s availability notifications, newest first.', security: bearer, querystring: AlertQuery,
      response: { 200: AlertsResponse, ...errorResponses },
    },
  }, async (req) => ({ results: await ownAlerts(db, await ownerOf(req)) }));

  app.put<{ Params: { id: string }; Body: { enabled: boolean }; Querystring: { languageTag?: string } }>('/availability-alerts/:id', {
    attachValidation: true,
    schema: {
      tags, summary: 'Enables or disables a notification (spec 4); enabling one that was sent arms it for the next restock.', security: bearer,
      params: AlertParams, body: UpdateAlertBody, querystring: AlertQuery, response: { 200: AvailabilityAlert, ...errorResponses },
    },
  }, async (req) => enableAlert(db, await ownerOf(req), req.params.id, req.body.enabled));

  app.delete<{ Params: { id: string }; Querystring: { languageTag?: string } }>('/availability-alerts/:id', {
    attachValidation: true,
    schema: {
      tags, summary: 'Deletes a notification; answers it as it was.', security: bearer, params: AlertParams, querystring: AlertQuery,
      response: { 200: AvailabilityAlert, ...errorResponses },
    },
  }, async (req) => removeAlert(db, await ownerOf(req), req.params.id));

  app.put<{ Params: { sku: string }; Body: AvailabilityBodyT }>('/admin/products/:sku/availability', {
    config: { storeKey: false },
    schema: {
      tags: ['admin', 'catalogue'], security: adminSecurity,
      summary: 'Sets a product\'s availability and publication (loopback or ADMIN_TOKEN). A sold-out product coming back mails each subscriber once.',
      params: ProductAvailabilityParams, body: ProductAvailabilityBody, response: { 200: ProductAvailabilityResponse, ...errorResponses },
    },
    onRequest: async (req) => {
      if (!adminAllowed(req, config.ADMIN_TOKEN)) fail('forbidden');
    },
  }, async (req) => {
    const { sku } = req.params;
    const result = await setProductAvailability(ctx, sku, req.body);
    req.log.info({ sku, availability: result.availability, published: result.published, notified: result.mailIds.length }, 'product availability changed');
    return { sku, availability: result.availability, published: result.published, restocked: result.restocked, notified: result.mailIds.length };
  });
};
