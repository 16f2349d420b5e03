// Request-level helpers of the commerce service: validation errors as field lists, the client's address
// behind the storefront, and the shop origin for links in mails.
import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { validationFields } from '../../lib/errors.ts';
import { isLoopback } from '../../lib/service.ts';
import { provesServiceCredential, SERVICE_TOKEN_HEADER, type ServiceSecrets } from '../../lib/service-secret.ts';
import { canonicalHosts, hostTable, stores, type StoreKey } from '../../stores.ts';

/** Fastify's schema errors as field errors: the shared mapper (src/lib/errors.ts), under its old name
 * for the commerce modules that import it from here. */
export const fieldsFromValidation = validationFields;

export { SERVICE_TOKEN_HEADER } from '../../lib/service-secret.ts';

/**
 * The client's address for throttling. The storefront forwards the browser's address in x-client-ip, the
 * back office the staff member's (issue 23); the header counts only from a caller that proves the service
 * credential (SERVICE_SECRET or ADMIN_TOKEN in x-service-token, src/lib/service-secret.ts). Being a
 * loopback peer proves nothing: anything on the machine, a same-host proxy's customers included, is one.
 * TRUST_PROXY does not open it either: anyone who reaches the service through its proxy could otherwise
 * name a fresh address per attempt. Without it the caller's own address counts (req.ip: with TRUST_PROXY
 * the one its proxy saw). No address is exempt from the limits, loopback included (customers/common.ts).
 */
export function clientIp(req: FastifyRequest, secrets: ServiceSecrets): string {
  if (provesServiceCredential(req.headers[SERVICE_TOKEN_HEADER], secrets)) {
    const given = req.headers['x-client-ip'];
    const candidate = typeof given === 'string' ? given.trim() : '';
    if (candidate && isIP(candidate)) return candidate;
  }
  return req.ip;
}

/** The caller is our storefront: a loopback peer, or the service credential in x-service-token (the
 * anonymous key, customers/session-routes.ts; client addresses need the credential, clientIp). */
export function fromStorefront(req: FastifyRequest, secrets: ServiceSecrets): boolean {
  return isLoopback(req.socket.remoteAddress ?? '') || provesServiceCredential(req.headers[SERVICE_TOKEN_HEADER], secrets);
}

/**
 * The origin of the store's shop for links in mails. The storefront passes x-shop-origin; it counts only
 * when its host belongs to the request's store (a <key>.localhost or a STORE_HOSTS name), so nobody can
 * have reset links point at a foreign site. Otherwise: the store's canonical host.
 */
export function shopOrigin(req: FastifyRequest, storeKey: StoreKey, cfg: { STORE_HOSTS: string; PORT: number }): string {
  const given = req.headers['x-shop-origin'];
  if (typeof given === 'string' && given.length < 200) {
    try {
      const url = new URL(given);
      const table = hostTable(cfg.STORE_HOSTS);
      if ((url.protocol === 'http:' || url.protocol === 'https:') && url.pathname === '/' && !url.username && table.get(url.hostname.toLowerCase()) === storeKey) {
        return url.origin;
      }
    } catch {
      // not a URL: fall through
    }
  }
  return canonicalOrigin(storeKey, cfg);
}

/** The store's canonical origin (links in mails that no request causes: limit orders, restock alerts). */
export function canonicalOrigin(storeKey: StoreKey, cfg: { STORE_HOSTS: string; PORT: number }): string {
  const host = canonicalHosts(cfg.STORE_HOSTS)[storeKey];
  return host === stores[storeKey].devHost ? `http://${host}:${cfg.PORT}` : `https://${host}`;
}
