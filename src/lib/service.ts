// Conventions shared by every HTTP service of this repository (commerce, prices, content, storefront):
// pino logging without secrets, request ids, and errors answered as JSON { statusCode, code, message }.
import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';

/** An expected failure with a stable code. Services answer it as { statusCode, code, message }. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly details?: unknown;
  constructor(statusCode: number, code: string, message: string, details?: unknown) {
    super(message);
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.code = code;
    this.details = details;
  }
}

export interface ErrorBody {
  statusCode: number;
  code: string;
  message: string;
  details?: unknown;
}

/** pino options: one JSON line per request, no tokens, cookies or passwords. */
export function loggerOptions(level: string, service: string): FastifyServerOptions['logger'] {
  return {
    level,
    base: { service },
    redact: {
      paths: [
        'req.headers.authorization', 'req.headers.cookie', 'req.headers["x-csrf-token"]',
        'res.headers["set-cookie"]', '*.password', '*.currentPassword', '*.newPassword', '*.refreshToken',
        '*.accessToken', '*.token', '*.email',
      ],
      censor: '[redacted]',
    },
    serializers: {
      // Query strings can carry e-mail addresses and tokens (spec 7: ?email=, ?emailToken=): log the path only.
      req: (req: { method: string; url: string; id: string }) => ({ method: req.method, path: req.url.split('?')[0], id: req.id }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  };
}

export interface ServiceOptions {
  name: string;
  logLevel?: string;
  /** pass a ready logger instance (tests use 'silent') */
  logger?: FastifyServerOptions['logger'];
  bodyLimit?: number;
  trustProxy?: boolean;
}

/** A Fastify instance with this repository's conventions. It never listens. */
export function createService(opts: ServiceOptions): FastifyInstance {
  const app = Fastify({
    logger: opts.logger ?? loggerOptions(opts.logLevel ?? 'info', opts.name),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    bodyLimit: opts.bodyLimit ?? 256 * 1024,
    trustProxy: opts.trustProxy ?? false,
    // Fastify's own two lines per request are replaced by the one line of the onResponse hook below.
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 500 },
    // Router-level refusals (malformed percent-encoding, over-long path parameters, bad content types)
    // answer in the house format too, without echoing the URL back.
    frameworkErrors: (err, _req, reply) => {
      const status = typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
      const code = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'uri_too_long' : err.code === 'FST_ERR_BAD_URL' ? 'bad_url' : fastifyCode(err.code);
      const message = code === 'uri_too_long' ? 'A path segment is too long.' : code === 'bad_url' ? 'The URL is not valid.' : 'The request is not valid.';
      void (reply as unknown as { status(n: number): { send(b: ErrorBody): void } }).status(status).send({ statusCode: status, code, message });
    },
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true, allErrors: false } },
  });

  // One line per request with id, route, status and duration (the storefront adds its store).
  app.addHook('onResponse', async (req, reply) => {
    req.log.info(
      {
        method: req.method,
        route: req.routeOptions.url ?? 'unmatched',
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime * 10) / 10,
        ...(req.logContext ?? {}),
      },
      'request',
    );
  });

  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    const body = errorBody(err);
    if (body.statusCode >= 500) req.log.error({ err }, 'request failed');
    if (body.statusCode === 429 && 'details' in err && typeof (err.details as { retryAfter?: number })?.retryAfter === 'number') {
      void reply.header('retry-after', String((err.details as { retryAfter: number }).retryAfter));
    }
    return reply.status(body.statusCode).send(body);
  });

  app.setNotFoundHandler((req, reply) => {
    return reply.status(404).send({ statusCode: 404, code: 'not_found', message: `Route ${req.method} ${req.url.split('?')[0]} not found` });
  });

  return app;
}

/** Maps any thrown value to the JSON error body. Unexpected errors never leak their message. */
export function errorBody(err: unknown): ErrorBody {
  if (err instanceof AppError) {
    return { statusCode: err.statusCode, code: err.code, message: err.message, ...(err.details !== undefined ? { details: err.details } : {}) };
  }
  const e = err as FastifyError & { validation?: unknown[]; validationContext?: string };
  if (e && e.validation) {
    return { statusCode: 400, code: 'validation_failed', message: `Invalid ${e.validationContext ?? 'request'}: ${e.message}` };
  }
  const status = typeof e?.statusCode === 'number' ? e.statusCode : 500;
  if (status >= 400 && status < 500) {
    // Fastify's own client errors (bad JSON, body too large, unsupported media type)
    return { statusCode: status, code: fastifyCode(e?.code), message: e.message };
  }
  return { statusCode: 500, code: 'internal_error', message: 'An internal error occurred.' };
}

function fastifyCode(code: string | undefined): string {
  switch (code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'invalid_json';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'body_too_large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'unsupported_media_type';
    default:
      return 'bad_request';
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** extra fields for the request log line (the storefront sets store) */
    logContext?: Record<string, unknown>;
  }
}

/** True when the request comes from this machine (admin calls of embedded services). */
export function isLoopback(ip: string): boolean {
  return ip === '127.0.0.1' || ip === '::1' || ip === '::ffff:127.0.0.1';
}
