// The service credential (issue 23): the storefront and the back office forward the address of the person
// behind them in x-client-ip, and the commerce service counts per-address limits (customers' and staff's
// sign-in budgets) against it. Only a caller that proves this credential may name an address: a header any
// loopback caller may set would let anyone on the machine (or anything a same-host proxy passes on) spend
// someone else's budget or buy itself fresh ones.
//
// Decisions:
// - A shared secret in x-service-token, compared in constant time (both sides hashed first, so neither the
//   length nor a prefix shows in the timing). SERVICE_SECRET; ADMIN_TOKEN counts too, as it did for a
//   storefront on another machine before (a holder of ADMIN_TOKEN may already make every admin call).
// - Embedded services (`npm start`, `tsx src/main.ts`, tests' startShop) get a fresh random secret at each
//   start when none is configured and commerce runs here: the supervisor hands it to its children in their
//   environment, startShop to the parts in its configuration. It is never logged. With commerce elsewhere
//   (COMMERCE_API_URL) nothing is generated: that service would not know it.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config.ts';

/** The header a storefront or back office proves itself with. */
export const SERVICE_TOKEN_HEADER = 'x-service-token';

export type ServiceSecrets = Pick<Config, 'SERVICE_SECRET' | 'ADMIN_TOKEN'>;

/** What a part sends in x-service-token: SERVICE_SECRET, else ADMIN_TOKEN, else nothing (then commerce
 * counts every customer or operator behind it as the part's own address). */
export function serviceCredential(config: ServiceSecrets): string | undefined {
  return config.SERVICE_SECRET || config.ADMIN_TOKEN || undefined;
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Whether the presented header value is one of the configured credentials. */
export function provesServiceCredential(given: unknown, config: ServiceSecrets): boolean {
  if (typeof given !== 'string' || given === '') return false;
  const presented = digest(given);
  let ok = false;
  // every candidate is compared (no early return): the time says nothing about which one matched
  for (const secret of [config.SERVICE_SECRET, config.ADMIN_TOKEN]) {
    if (secret && timingSafeEqual(presented, digest(secret))) ok = true;
  }
  return ok;
}

/** A new random secret (32 bytes, base64url). */
export function newServiceSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The configuration the embedded parts run with: unchanged when SERVICE_SECRET is set or commerce runs
 * elsewhere, otherwise with a secret generated for this start.
 */
export function withServiceSecret<C extends Pick<Config, 'SERVICE_SECRET' | 'COMMERCE_API_URL'>>(config: C): C {
  if (config.SERVICE_SECRET || config.COMMERCE_API_URL) return config;
  return { ...config, SERVICE_SECRET: newServiceSecret() };
}
