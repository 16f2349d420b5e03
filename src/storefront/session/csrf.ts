// CSRF protection for the cookie session (issue 3): a double-submit token (the non-httpOnly ctCsrf cookie,
// echoed in x-csrf-token on every unsafe method) plus the browser's own word on where a request comes
// from (Origin, Sec-Fetch-Site). Session cookies are host-only and SameSite Lax, so a foreign site can
// neither read the token nor plant its own.
import { timingSafeEqual } from 'node:crypto';
import { randomToken } from '../../lib/random.ts';
import type { FastifyRequest } from 'fastify';
import { CSRF_COOKIE } from './cookies.ts';

const CSRF = /^[A-Za-z0-9_-]{32,64}$/;

export function newCsrfToken(): string {
  return randomToken(32);
}

export function isCsrfToken(v: unknown): v is string {
  return typeof v === 'string' && CSRF.test(v);
}

export const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export type CsrfVerdict = 'ok' | 'cross_site' | 'missing_token' | 'token_mismatch';

/** Checks an unsafe request: same origin by the browser's headers, and the token pair matches. */
export function checkCsrf(req: FastifyRequest): CsrfVerdict {
  const site = req.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== 'same-origin') return 'cross_site';
  const origin = req.headers.origin;
  if (typeof origin === 'string') {
    let host: string | null = null;
    try {
      host = new URL(origin).host;
    } catch {
      host = null;
    }
    // Host only (not the scheme): behind a TLS-terminating proxy the request itself arrives as http.
    if (!host || host.toLowerCase() !== String(req.headers.host ?? '').toLowerCase()) return 'cross_site';
  }
  const cookie = req.cookies[CSRF_COOKIE];
  const header = req.headers['x-csrf-token'];
  if (!isCsrfToken(cookie) || !isCsrfToken(header)) return 'missing_token';
  const a = Buffer.from(cookie);
  const b = Buffer.from(header);
  return a.length === b.length && timingSafeEqual(a, b) ? 'ok' : 'token_mismatch';
}
