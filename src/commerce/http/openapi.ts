// The commerce service's OpenAPI document (GET /openapi.json): OpenAPI 3.1, whose Schema Objects are the
// JSON Schema 2020-12 that TypeBox writes, so the route schemas go in unchanged. Every operation has an
// operationId (generated from method and path where a route gives none: GET /customers/:id/address ->
// getCustomersByIdAddress), and the routes that need a token name their security scheme.
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { operatorSecurity } from './auth.ts';

export const securitySchemes = {
  customerToken: {
    type: 'http', scheme: 'bearer',
    description: 'A customer\'s or guest\'s access token (accessToken of GET /admin/customers/anonymous, POST /customers/login or POST /admin/customers/refresh-token).',
  },
  operatorToken: { type: 'http', scheme: 'bearer', description: 'Operator token from POST /ops/login.' },
  adminToken: {
    type: 'http', scheme: 'bearer',
    description: 'ADMIN_TOKEN of the shop\'s services (the storefront, the price service); calls from loopback need none.',
  },
} as const;

export const openApiOptions: FastifyDynamicSwaggerOptions = {
  openapi: {
    openapi: '3.1.0',
    info: {
      title: 'Commerce API',
      version: '1.0.0',
      description: 'Customers, sessions, catalogue, carts, orders and wishlists of the precious-metals shop. Every call but /health and /openapi.json needs header x-store-key (at, ch, de, li, us). Errors: { statusCode, code, message, details? }.',
    },
    components: { securitySchemes: { ...securitySchemes } },
  },
};

/** A stable operationId from method and path: POST /customers/:id/phone/verification -> postCustomersByIdPhoneVerification. */
export function operationIdFor(method: string, url: string): string {
  const words = url.split('/').filter(Boolean).map((segment) => {
    const param = segment.startsWith(':') || segment.startsWith('{');
    const name = segment.replace(/^[:{]|}$/g, '').split(/[^A-Za-z0-9]+/).filter(Boolean).map((w) => w[0].toUpperCase() + w.slice(1)).join('');
    return param ? `By${name}` : name;
  });
  return method.toLowerCase() + words.join('');
}

type RouteSchema = { hide?: boolean; operationId?: string; security?: unknown };

/**
 * onRoute: gives every documented route an operationId (refusing to start on a duplicate: two operations
 * of one id break client generators), and the /ops calls (but the sign-in) the operator token's security
 * when the route names none.
 */
export function documentOperations(app: FastifyInstance): void {
  const taken = new Map<string, string>();
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
    const schema = route.schema as RouteSchema | undefined;
    if (methods.length === 0 || schema?.hide) return;
    const own = schema ?? {};
    if (methods.length > 1 && own.operationId) throw new Error(`Route ${methods.join(',')} ${route.url} has one operationId for several methods`);
    const id = own.operationId ?? operationIdFor(methods.join(''), route.url);
    const where = `${methods.join(',')} ${route.url}`;
    const before = taken.get(id);
    if (before && before !== where) throw new Error(`operationId ${id} of ${where} is taken by ${before}`);
    taken.set(id, where);
    const extra: RouteSchema = { operationId: id };
    if (own.security === undefined && route.url.startsWith('/ops/') && route.url !== '/ops/login') extra.security = operatorSecurity;
    route.schema = { ...own, ...extra } as RouteOptions['schema'];
  });
}
