// Request helpers the cart, order and wishlist routes share: malformed ids answer 404 like foreign ones,
// and the version a write expects (If-Match or version in the body).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { orderError, type CommerceOrderErrorCode } from '../orders/error-codes.ts';

/**
 * For routes registered with attachValidation: a path id that fails its schema cannot name anything of the
 * caller, so it answers 404 with the plugin's code (like another customer's id would); other schema errors
 * answer 400 validation_failed as usual.
 */
export function notFoundOnBadParams(app: FastifyInstance, code: CommerceOrderErrorCode): void {
  app.addHook('preHandler', async (req) => {
    const err = req.validationError;
    if (!err) return;
    if (err.validationContext === 'params') throw orderError(code);
    throw err;
  });
}

/**
 * The version an If-Match header names: "3", W/"3" or 3 (a weak tag is read like a strong one: versions are
 * exact either way, and a proxy that compresses may weaken the ETag the client echoes). null when absent or
 * '*'; an unreadable value (a list, a foreign tag) is a stale belief too: -1 never matches.
 */
export function ifMatchVersion(header: unknown): number | null {
  if (typeof header !== 'string' || header.trim() === '' || header.trim() === '*') return null;
  const m = /^(?:W\/)?"?(\d{1,10})"?$/.exec(header.trim());
  return m ? Number(m[1]) : -1;
}

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
  if (expected !== null && expected !== current) throw orderError('cart_version_conflict', { currentVersion: current });
}
