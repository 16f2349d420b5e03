// The commerce kernel's request helpers: the language of answers and mails, malformed path ids that answer
// a feature's 404, the version an If-Match names, and the per-client-address limits.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ErrorCode } from '../../lib/errors.ts';
import { langOf, type Lang } from '../lib/lang.ts';
import { clientIp } from '../lib/http.ts';
import { hitRate, subjectKey, type RateRule } from '../lib/rate.ts';
import { fail } from './errors.ts';

/** The language of answers and mails: ?languageTag, else the given one (the customer's), else the store's. */
export function requestLang(req: FastifyRequest, fallback?: Lang | null): Lang {
  return langOf((req.query as { languageTag?: string } | undefined)?.languageTag, fallback ?? (req.storeKey === 'us' ? 'en' : 'de'));
}

/**
 * For routes registered with attachValidation: a path id that fails its schema cannot name anything of the
 * caller, so it answers 404 with the feature's code (like another customer's id would); other schema errors
 * answer 400 validation_failed as usual.
 */
export function notFoundOnBadParams(app: FastifyInstance, code: ErrorCode): void {
  app.addHook('preHandler', async (req) => {
    const err = req.validationError;
    if (!err) return;
    if (err.validationContext === 'params') fail(code);
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
 * Per-client-address limit. No address is exempt, loopback neither: behind a reverse proxy on the same host
 * without TRUST_PROXY every customer arrives as loopback, and an exemption would switch the limit off for
 * all of them (README, "Running behind a reverse proxy"). RATE_LIMITS=off (never in production) turns it off.
 */
export async function limitByClient(req: FastifyRequest, bucket: string, rule: RateRule): Promise<void> {
  const { db, clock, config } = req.server.commerce;
  if (config.RATE_LIMITS === 'off') return;
  const key = subjectKey('client', clientIp(req, config));
  const r = await hitRate(db, bucket, key, clock(), rule);
  if (!r.allowed) fail('too_many_requests', { details: { retryAfter: r.retryAfter } });
}
