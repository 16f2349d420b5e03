// POST /admin/rate-limits/hit: one request of a storefront visitor counted against the shared /api budget
// (service.ts). Decision: only a caller that proves the service credential (x-service-token: SERVICE_SECRET or
// ADMIN_TOKEN, src/lib/service-secret.ts) may spend budgets; being a loopback peer is not enough, since anything
// on the machine could otherwise use up another visitor's budget. Anyone else gets 404, as if the call did not
// exist. Hidden from the OpenAPI document: it is the storefront's, not the shop's API.
import type { FastifyPluginAsync } from 'fastify';
import Type, { type Static } from 'typebox';
import { fail } from '../http/errors.ts';
import { provesServiceCredential, SERVICE_TOKEN_HEADER } from '../../lib/service-secret.ts';
import { MAX_WINDOW_MS, spendBudget } from './service.ts';

const HitBody = Type.Object({
  key: Type.String({ pattern: '^[0-9a-f]{64}$' }),
  windowMs: Type.Integer({ minimum: 1000, maximum: MAX_WINDOW_MS }),
}, { additionalProperties: false });

export const rateLimitRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: Static<typeof HitBody> }>('/admin/rate-limits/hit', {
    config: { storeKey: false, operational: true },
    schema: { hide: true, body: HitBody },
    // the credential before the body: a stranger learns nothing from validation errors
    onRequest: async (req) => {
      if (!provesServiceCredential(req.headers[SERVICE_TOKEN_HEADER], app.commerce.config)) fail('not_found', { message: `Route POST ${req.url.split('?')[0]} not found` });
    },
  }, async (req) => {
    const { db, clock } = app.commerce;
    return spendBudget(db, clock(), req.body.key, req.body.windowMs);
  });
};
