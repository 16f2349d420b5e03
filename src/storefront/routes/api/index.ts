// The browser's API (/api): sign-in, sign-out, registration, e-mail verification, password reset, the
// customer's data, addresses and phone verification, carts, checkout, orders, the wishlist, the account's
// order list, limit orders and deposit, availability alerts, the newsletter, contact and whistleblower
// forms; each capability is a plugin of its own file, every
// call declared from its contract (src/contracts/shop-api.ts). It proxies the commerce service through the
// session-aware client (tokens stay in httpOnly cookies; refresh on 401, once). Every unsafe method needs
// the CSRF token pair and a same-origin request (403 csrf_failed). Errors: { statusCode, code, message,
// details? } with the message in the customer's language. An encapsulated plugin: its hooks (sessions,
// CSRF, compression, no-store) run for /api only.
import type { FastifyError, FastifyInstance } from 'fastify';
import { checkCsrf, UNSAFE_METHODS } from '../../session/csrf.ts';
import { useSessions } from '../../session/index.ts';
import { useCompression } from '../../plugins/compression.ts';
import { useApiRateLimit, type ApiLimitConfig } from '../../plugins/limits.ts';
import { apiLanguage, ownError, thrownApiError } from './errors.ts';
import { send } from './respond.ts';
import { sessionRoutes } from './session.ts';
import { passkeyRoutes } from './passkeys.ts';
import { secondFactorRoutes } from './second-factor.ts';
import { securityRoutes } from './security.ts';
import { registrationRoutes } from './registration.ts';
import { accountRoutes } from './account.ts';
import { addressRoutes } from './addresses.ts';
import { searchRoutes } from './search.ts';
import type { CommerceHttp } from '../../commerce-client/http.ts';
import { cartRoutes } from './carts.ts';
import { orderRoutes } from './orders.ts';
import { wishlistRoutes } from './wishlist.ts';
import { accountOrderRoutes } from './account-orders.ts';
import { orderFileRoutes } from './order-files.ts';
import { limitOrderRoutes } from './limit-orders.ts';
import { depositRoutes } from './deposits.ts';
import { alertRoutes } from './alerts.ts';
import { newsletterRoutes } from './newsletter.ts';
import { applicationRoutes } from './applications.ts';

export async function apiPlugin(api: FastifyInstance, opts: { commerce: CommerceHttp; config: ApiLimitConfig }) {
  // API_RATE_LIMIT requests per minute per client address, one budget for all instances (429
  // too_many_requests; plugins/limits.ts)
  await useApiRateLimit(api, opts.config, opts.commerce);
  // CSRF before anything else (body parsing included): an unsafe method from a foreign page stops here.
  api.addHook('onRequest', async (req, reply) => {
    if (!UNSAFE_METHODS.has(req.method)) return;
    const verdict = checkCsrf(req);
    if (verdict !== 'ok') {
      req.log.info({ verdict }, 'csrf refused');
      return send(reply, ownError(403, 'csrf_failed', apiLanguage(req)));
    }
  });
  useSessions(api);
  // API answers are the customer's own data: never cached, never indexed.
  api.addHook('onSend', async (_req, reply, payload) => {
    void reply.header('cache-control', 'private, no-store');
    void reply.header('x-robots-tag', 'noindex');
    return payload;
  });
  useCompression(api);

  // Anything thrown in /api (schema validation, bad JSON, a bug) answers through the one error mapping, in
  // the customer's language; a params mismatch means the thing is not there (404).
  api.setErrorHandler((err: FastifyError, req, reply) => {
    const body = thrownApiError(err, apiLanguage(req));
    if (body.statusCode >= 500) req.log.error({ err }, 'api request failed');
    return send(reply, body);
  });

  await api.register(sessionRoutes);
  await api.register(passkeyRoutes);
  await api.register(secondFactorRoutes);
  await api.register(securityRoutes);
  await api.register(registrationRoutes);
  await api.register(accountRoutes);
  await api.register(addressRoutes);
  await api.register(searchRoutes, { commerce: opts.commerce });
  await api.register(cartRoutes);
  await api.register(orderRoutes);
  await api.register(wishlistRoutes);
  await api.register(accountOrderRoutes);
  await api.register(orderFileRoutes);
  await api.register(limitOrderRoutes);
  await api.register(depositRoutes);
  await api.register(alertRoutes);
  await api.register(newsletterRoutes);
  await api.register(applicationRoutes);

  // Anything else under /api is an API 404, not a page.
  api.all('/api/*', async (req, reply) => send(reply, ownError(404, 'not_found', apiLanguage(req))));
  api.all('/api', async (req, reply) => send(reply, ownError(404, 'not_found', apiLanguage(req))));
}
