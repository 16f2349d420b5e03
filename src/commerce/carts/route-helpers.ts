// Request helpers the cart, order and wishlist routes share: malformed ids answer 404 like foreign ones,
// and the version a write expects (If-Match or version in the body).
import type { FastifyRequest } from 'fastify';
import { fail } from '../http/errors.ts';
import { ifMatchVersion } from '../http/request.ts';

// the 404 on malformed path ids and If-Match parsing are the kernel's (http/request.ts)
export { ifMatchVersion, notFoundOnBadParams } from '../http/request.ts';

/**
 * The version the client expects the cart to have: If-Match or version in the body; null when it gives none
 * (the write then applies to the current version).
 */
export function expectedVersion(req: FastifyRequest): number | null {
  const body = req.body as { version?: unknown } | undefined;
  if (body && typeof body === 'object' && typeof body.version === 'number') return body.version;
  return ifMatchVersion(req.headers['if-match']);
}

/** 409 with the version the cart has now (the client reloads it and decides again). */
export function checkVersion(req: FastifyRequest, current: number): void {
  const expected = expectedVersion(req);
  if (expected !== null && expected !== current) fail('cart_version_conflict', { details: { currentVersion: current } });
}
