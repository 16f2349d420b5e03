// Request-level helpers of the commerce service: validation errors as field lists, the client's address
// behind the storefront, and the shop origin for links in mails.
import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { validationFields } from '../../lib/errors.ts';
import { isLoopback } from '../../lib/service.ts';
import { canonicalHosts, hostTable, stores, type StoreKey } from '../../stores.ts';

/** Fastify's schema errors as field errors: the shared mapper (src/lib/errors.ts), under its old name
 * for the commerce modules that import it from here. */
export const fieldsFromValidation = validationFields;

/** The header the storefront proves itself with when it is not on this machine (ADMIN_TOKEN). */
export const SERVICE_TOKEN_HEADER = 'x-service-token';

/**
 * The client's address for throttling. The storefront forwards the browser's address in x-client-ip; the
 * header counts only from the storefront: a loopback peer (the socket's, never an address a header claims:
 * the embedded place) or a caller presenting ADMIN_TOKEN in x-service-token (a storefront on another
 * machine). TRUST_PROXY does not open it: anyone who reaches the service through its proxy could otherwise
 * name a fresh address per attempt. Without it the caller's own address counts (req.ip: with TRUST_PROXY
 * the one its proxy saw). No address is exempt from the limits, loopback included (customers/common.ts).
 */
export function clientIp(req: FastifyRequest, adminToken: string): string {
  if (fromStorefront(req, adminToken)) {
    const given = req.headers['x-client-ip'];
    const candidate = typeof given === 'string' ? given.trim() : '';
    if (candidate && isIP(candidate)) return candidate;
  }
  return req.ip;
}

/** The caller is our storefront: a loopback peer, or ADMIN_TOKEN in x-service-token. */
export function fromStorefront(req: FastifyRequest, adminToken: string): boolean {
  return isLoopback(req.socket.remoteAddress ?? '') || serviceTokenValid(req, adminToken);
}

function serviceTokenValid(req: FastifyRequest, adminToken: string): boolean {
  if (!adminToken) return false;
  const given = req.headers[SERVICE_TOKEN_HEADER];
  return typeof given === 'string' && given.length === adminToken.length && timingSafeEqual(Buffer.from(given), Buffer.from(adminToken));
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
