// Random tokens drawn from a pool: one getrandom call per 8 KiB instead of one per token. Every page of a
// first visit needs two (its CSP nonce and a CSRF token); the pool keeps that off the hot path. The bytes
// are the same cryptographically secure ones, each used once.
import { randomBytes } from 'node:crypto';

const POOL_BYTES = 8192;
let pool = Buffer.alloc(0);
let offset = 0;

/** n random bytes as base64url text (n <= 8192). */
export function randomToken(n: number): string {
  if (offset + n > pool.length) {
    pool = randomBytes(Math.max(POOL_BYTES, n));
    offset = 0;
  }
  const token = pool.toString('base64url', offset, offset + n);
  // Wipe the used bytes: a token must never be handed out twice, even after a bug in the offsets.
  pool.fill(0, offset, offset + n);
  offset += n;
  return token;
}
