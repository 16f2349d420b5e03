// Request-level helpers of the commerce service: validation errors as field lists, the client's address
// behind the storefront, and the shop origin for links in mails.
import { isIP } from 'node:net';
import type { FastifyError, FastifyRequest } from 'fastify';
import type { FieldError } from '../../contracts/commerce.ts';
import { AppError, errorBody, isLoopback } from '../../lib/service.ts';
import { canonicalHosts, hostTable, stores, type StoreKey } from '../../stores.ts';

interface AjvError {
  instancePath?: string;
  keyword?: string;
  params?: Record<string, unknown>;
}

/** Maps fastify's (ajv) validation errors to field errors, so every 400 validation_failed has details.fields. */
export function fieldsFromValidation(validation: unknown, context = 'body'): FieldError[] {
  if (!Array.isArray(validation)) return [];
  return (validation as AjvError[]).map((e) => {
    const path = (e.instancePath ?? '').split('/').filter(Boolean).join('.');
    const join = (name: unknown) => [path, String(name)].filter(Boolean).join('.');
    switch (e.keyword) {
      case 'required':
        return { field: join(e.params?.missingProperty), code: 'required', message: 'This field is required.' };
      case 'additionalProperties':
        return { field: join(e.params?.additionalProperty), code: 'unknown_field', message: 'Unknown field.' };
      case 'maxLength':
        return { field: path || context, code: 'too_long', message: `field must have at most ${String(e.params?.limit)} characters` };
      case 'minLength':
        return { field: path || context, code: 'required', message: 'This field is required.' };
      case 'format':
        return { field: path || context, code: 'invalid_format', message: 'Invalid value.' };
      default:
        return { field: path || context, code: 'invalid_value', message: 'Invalid value.' };
    }
  });
}

/** The service's error handler: the house errorBody, plus details.fields for schema validation errors. */
export function commerceErrorBody(err: unknown) {
  const body = errorBody(err);
  const e = err as FastifyError & { validationContext?: string };
  if (!(err instanceof AppError) && e?.validation && body.code === 'validation_failed') {
    const fields = fieldsFromValidation(e.validation, e.validationContext);
    return { ...body, details: { fields } };
  }
  // A database error caused by input (bad uuid text, value out of range) must not look like a crash.
  const pgCode = (err as { code?: unknown })?.code;
  if (body.statusCode === 500 && typeof pgCode === 'string' && /^(22|23)/.test(pgCode)) {
    return { statusCode: 400, code: 'bad_request', message: 'The request holds a value the service cannot store.' };
  }
  return body;
}

/**
 * The client's address for throttling. The storefront calls from loopback and forwards the browser's
 * address in x-client-ip (or x-forwarded-for); the headers count only from loopback or with TRUST_PROXY,
 * otherwise anyone could pick a fresh address per attempt.
 */
export function clientIp(req: FastifyRequest, trustProxy: boolean): string {
  if (trustProxy || isLoopback(req.ip)) {
    const given = req.headers['x-client-ip'];
    const candidate = typeof given === 'string' ? given.trim() : String(req.headers['x-forwarded-for'] ?? '').split(',')[0].trim();
    if (candidate && isIP(candidate)) return candidate;
  }
  return req.ip;
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
  const host = canonicalHosts(cfg.STORE_HOSTS)[storeKey];
  return host === stores[storeKey].devHost ? `http://${host}:${cfg.PORT}` : `https://${host}`;
}
