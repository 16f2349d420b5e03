// Second-factor primitives shared by customers and operators (issue 26): TOTP (RFC 6238) and recovery codes.
//
// TOTP with otplib (v13, functional API): the maintained implementation of RFC 4226/6238 most Node services
// use, with replay protection built in (`afterTimeStep`). Parameters are the ones every authenticator app
// understands: SHA-1, 6 digits, 30 s period. A code is accepted for its own period and the one before
// (epochTolerance [30, 0], RFC 6238 section 5.2's one-step allowance for a slow typist), never twice: the caller
// stores the accepted time step and passes it back as `afterTimeStep`.
//
// Recovery codes: 10 per enrolment, 10 characters of Crockford-like base32 (50 bits each), shown once, stored
// as SHA-256 of the normalised code. A slow hash (scrypt) is not needed for values of this entropy that are
// only checked behind a rate limit, and a plain digest lets one query find the matching code.
import { createHash, randomBytes } from 'node:crypto';
import { generateSecret, generateSync, generateURI, verifySync } from 'otplib';

export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;

/** A new base32 TOTP secret (20 random bytes, 160 bits, as RFC 4226 recommends). */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** The otpauth:// URI an authenticator app reads from the enrolment QR code. */
export function totpUri(secret: string, issuer: string, account: string): string {
  return generateURI({ issuer, label: account, secret, period: TOTP_PERIOD_SECONDS, digits: 6, algorithm: 'sha1' });
}

/** The code for a moment (tests and the enrolment check use it; `nowMs` comes from the service's clock). */
export function totpCode(secret: string, nowMs: number): string {
  return generateSync({ secret, epoch: Math.floor(nowMs / 1000), period: TOTP_PERIOD_SECONDS, digits: 6, algorithm: 'sha1' });
}

/**
 * Checks a typed code. Returns the accepted time step (store it; pass it as `afterTimeStep` next time so the
 * same code is never accepted twice) or null. Anything but exactly 6 digits is refused before any crypto.
 */
export function checkTotp(secret: string, code: string, nowMs: number, afterTimeStep?: number | null): number | null {
  const typed = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(typed)) return null;
  try {
    const result = verifySync({
      secret,
      token: typed,
      epoch: Math.floor(nowMs / 1000),
      period: TOTP_PERIOD_SECONDS,
      digits: 6,
      algorithm: 'sha1',
      epochTolerance: [TOTP_PERIOD_SECONDS, 0],
      ...(afterTimeStep != null ? { afterTimeStep } : {}),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    // a malformed stored secret or a time step at or before afterTimeStep: not a valid code
    return null;
  }
}

const CODE_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'; // Crockford base32 without i, l, o, u

/** 10 fresh recovery codes as shown to the user ("xxxxx-xxxxx"). */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const bytes = randomBytes(10);
    let s = '';
    for (const b of bytes) s += CODE_ALPHABET[b & 31];
    out.push(`${s.slice(0, 5)}-${s.slice(5)}`);
  }
  return out;
}

/** The stored form of a recovery code: SHA-256 hex of the code without separators, lower case. */
export function hashRecoveryCode(code: string): string {
  const normal = code.toLowerCase().replace(/[\s-]+/g, '');
  return createHash('sha256').update(`recovery:${normal}`).digest('hex');
}

/** Whether a typed value looks like a recovery code at all (checked before any lookup). */
export function looksLikeRecoveryCode(code: string): boolean {
  return /^[0-9a-z]{5}-?[0-9a-z]{5}$/i.test(code.trim());
}
