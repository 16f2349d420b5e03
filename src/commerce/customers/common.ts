// Shared pieces of the customer routes: constants of the spec and the issue, ownership checks, schemas'
// common parts.
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import type { AuthContext } from '../auth/tokens.ts';
import { requireUser } from '../http/auth.ts';
import type { RateRule } from '../lib/rate.ts';

/** Decision: activation links stay valid 48 hours (long enough for a weekend; a new one can be requested). */
export const EMAIL_TOKEN_TTL_S = 48 * 3600;
/** issue 3: reset link single-use, valid one hour */
export const RESET_TOKEN_TTL_S = 3600;
/** issue 3: at most 3 reset mails per account and hour (the answer stays the same) */
export const RESET_MAIL_RATE: RateRule = { limit: 3, windowS: 3600 };
/** Decision: activation mails alike */
export const ACTIVATION_MAIL_RATE: RateRule = { limit: 3, windowS: 3600 };
/** Decision: e-mail lookups (account exists? first sign-in?) per client address */
export const LOOKUP_RATE: RateRule = { limit: 30, windowS: 600 };
/** Decision: registrations per client address */
export const REGISTRATION_RATE: RateRule = { limit: 20, windowS: 3600 };
/** spec 9 / issue 3: six-digit SMS code valid ten minutes, 5 attempts, then locked ten minutes */
export const SMS_CODE_TTL_S = 600;
export const SMS_MAX_ATTEMPTS = 5;
export const SMS_LOCK_S = 600;
/** Decision: one SMS per minute and five per hour per customer (SMS cost money and annoy) */
export const SMS_SEND_RATES: RateRule[] = [{ limit: 1, windowS: 60 }, { limit: 5, windowS: 3600 }];
/** Decision: at most 50 addresses per customer */
export const MAX_ADDRESSES = 50;

// the error body, the route security and the per-client limit are the kernel's (http/); re-exported here
export { errorResponses } from '../http/errors.ts';
export { bearer } from '../http/auth.ts';
export { limitByClient } from '../http/request.ts';

export const customerNotFound = () => new AppError('customer_not_found');

/**
 * The signed-in customer acting on /customers/{id}. Decision: another customer's id answers 404
 * customer_not_found, exactly like an id that does not exist, so ids of other accounts are never
 * confirmed (spec 6's "not authorized to update or delete a customer" would confirm them).
 */
export async function requireOwnCustomer(req: FastifyRequest, id: string): Promise<AuthContext> {
  const auth = await requireUser(req);
  if (auth.customerId !== id) throw customerNotFound();
  return auth;
}

/** de or en from a language tag (de-CH -> de), else the fallback. */
export function mailLanguage(tag: string | undefined | null, fallback: 'de' | 'en'): 'de' | 'en' {
  const l = (tag ?? '').slice(0, 2).toLowerCase();
  return l === 'de' || l === 'en' ? l : fallback;
}
