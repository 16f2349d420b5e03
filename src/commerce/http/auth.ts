// The commerce kernel's auth hooks: the caller's session from `Authorization: Bearer <access token>`
// (customers and guests), the signed-in customer, and the admin calls of the other services (loopback or
// ADMIN_TOKEN). Routes call them first thing, or use them as onRequest/preHandler hooks.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { isLoopback } from '../../lib/service.ts';
import { authenticate, type AuthContext } from '../auth/tokens.ts';
import { fail } from './errors.ts';

/** The OpenAPI `security` of a route that needs a customer's (or guest's) access token (http/openapi.ts). */
type SecurityRequirements = { [scheme: string]: string[] }[];

export const bearer: SecurityRequirements = [{ customerToken: [] }];
/** The OpenAPI `security` of a call that works with and without a customer's token (optionalAuth). */
export const optionalBearer: SecurityRequirements = [{ customerToken: [] }, {}];
/** The OpenAPI `security` of the operators' calls (/ops, token from POST /ops/login). */
export const operatorSecurity: SecurityRequirements = [{ operatorToken: [] }];
/** The OpenAPI `security` of the admin calls of the other services: ADMIN_TOKEN, or none from loopback. */
export const adminSecurity: SecurityRequirements = [{ adminToken: [] }, {}];

/** The caller's session from `Authorization: Bearer <access token>`: 401 token_required / invalid_token. */
export async function requireAuth(req: FastifyRequest): Promise<AuthContext> {
  if (req.authContext) return req.authContext;
  const header = req.headers.authorization;
  const m = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!m) fail('token_required');
  const { db, clock } = req.server.commerce;
  const auth = await authenticate(db, m[1], req.storeKey, clock());
  if (!auth) fail('invalid_token');
  req.authContext = auth;
  return auth;
}

/** Like requireAuth, and the token must be a signed-in customer's (403 user_token_required otherwise). */
export async function requireUser(req: FastifyRequest): Promise<AuthContext> {
  const auth = await requireAuth(req);
  if (auth.level !== 'User') fail('user_token_required');
  return auth;
}

/** The session when a valid token is present, null otherwise (calls that work with and without one). */
export async function optionalAuth(req: FastifyRequest): Promise<AuthContext | null> {
  try {
    return await requireAuth(req);
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 401) return null;
    throw err;
  }
}

/** Admin calls of other services: from loopback, or with `Authorization: Bearer <ADMIN_TOKEN>`. */
export function adminAllowed(req: FastifyRequest, token: string | undefined): boolean {
  // the socket's peer: with TRUST_PROXY req.ip comes from X-Forwarded-For, which a client can write
  if (isLoopback(req.socket.remoteAddress ?? '')) return true;
  if (!token) return false;
  const given = req.headers.authorization ?? '';
  const expected = `Bearer ${token}`;
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

/** onRequest hook of the admin calls: 403 forbidden unless adminAllowed. */
export async function requireAdmin(req: FastifyRequest): Promise<void> {
  if (!adminAllowed(req, req.server.commerce.config.ADMIN_TOKEN)) fail('forbidden');
}
