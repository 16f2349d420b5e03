// Conventions shared by every HTTP service of this repository (commerce, prices, content, storefront):
// pino logging without secrets, request ids, and errors answered as JSON { statusCode, code, message }
// from the one error catalogue (errors.ts).
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
// Fastify's own validator compiler (its dependency, the one Fastify would build by default): used twice,
// with and without coercion, by httpPart (validatorFactory below).
import { AjvCompiler } from '@fastify/ajv-compiler';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { drainOnClose } from './drain.ts';
import { AppError, sendError, toErrorBody } from './errors.ts';

// Where these lived before the catalogue; other modules import them from here.
export { AppError, toErrorBody as errorBody, type ErrorBody } from './errors.ts';

/** The part a service belongs to in the supervisor's terms (src/supervisor.ts). */
const partNames: Record<string, string> = { pricing: 'prices' };

/** Fields of every line a process writes: its part (storefront, commerce, prices, content, backoffice,
 * supervisor) and, for a part that runs several processes, the worker's number (SHOP_WORKER, set by the
 * supervisor) and pid. */
export function partBase(part: string): Record<string, unknown> {
  const worker = process.env.SHOP_WORKER;
  return { part: partNames[part] ?? part, ...(worker !== undefined && /^\d+$/.test(worker) ? { worker: Number(worker) } : {}), pid: process.pid };
}

let pretty: boolean | undefined;
/** Decision: in development, lines written to a terminal are pretty (pino-pretty, when installed; it is
 * a development tool and not in the image); anything else, and always in production, stays JSON. */
export function prettyTransport(): { transport?: { target: string; options: Record<string, unknown> } } {
  if (process.env.NODE_ENV === 'production' || process.env.NODE_ENV === 'test' || !process.stdout.isTTY) return {};
  if (pretty === undefined) {
    try {
      createRequire(import.meta.url).resolve('pino-pretty');
      pretty = true;
    } catch {
      pretty = false;
    }
  }
  return pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'hostname,service,part,worker', messageFormat: '[{part}{if worker}#{worker}{end}] {msg}' } } } : {};
}

/** pino options: one JSON line per request, no tokens, cookies or passwords. */
export function loggerOptions(level: string, service: string): FastifyServerOptions['logger'] {
  return {
    level,
    ...prettyTransport(),
    base: { service, ...partBase(service) },
    redact: {
      paths: [
        'req.headers.authorization', 'req.headers.cookie', 'req.headers["x-csrf-token"]', 'req.headers["x-service-token"]',
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
  /** true: every hop; a function (address, hop) => trusted: e.g. only the peer, one proxy in front (the storefront) */
  trustProxy?: boolean | ((address: string, hop: number) => boolean);
}

/**
 * TRUST_PROXY=on: one reverse proxy in front. Only the socket's peer (hop 0) is trusted, so req.ip is the last
 * X-Forwarded-For entry, the one the proxy wrote; entries a client wrote before it count for nothing
 * (Fastify's `true` would take the first, which anyone can pick per request to dodge per-client limits).
 */
export const trustOneProxy = (_address: string, hop: number): boolean => hop === 0;

/**
 * Decision (issue 27, CI time and start time): code.optimize off. Ajv's optimisation pass rewrites the
 * validator's generated source (it inlines and drops variables) before V8 compiles it; it changes nothing a
 * validator accepts or refuses, and V8 optimises the hot validators itself. The pass was the largest part of
 * compiling the services' route schemas: measured on the 2-core machine, a test process that starts the shop
 * once, 6 runs each: 3.22 CPU-s instead of 3.37, 2.11 s instead of 2.21.
 */
const ajvOptions = { removeAdditional: false, coerceTypes: 'array', useDefaults: true, allErrors: false, code: { optimize: false } } as const;

type ValidatorFactory = ReturnType<typeof AjvCompiler>;
type Validate = ((data: unknown, ctx?: unknown) => unknown) & { errors?: unknown; schemaEnv?: unknown };

/** Path (ajv instancePath) of the first number in a value that is not finite, else null. */
function nonFinitePath(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? null : path;
  if (value === null || typeof value !== 'object' || depth > 8) return null;
  for (const [k, v] of Object.entries(value)) {
    const found = nonFinitePath(v, `${path}/${k}`, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

// One pool per process: services (and the tests' many app instances) with the same shared schemas and
// options share their Ajv instances, and Ajv compiles a schema object once (it caches by object).
const pool = AjvCompiler() as unknown as (schemas: unknown, opts: object) => (route: { httpPart?: string }) => Validate;

/**
 * Compiled validators and serializers by the CONTENT of their schema (and the shared schemas, options and
 * part or status), not by the schema object: the routes build their schema objects when they register, so
 * every app instance brings new objects with the same content, and Ajv (which caches by object) compiled
 * every route again: about 0.3-0.6 s per app, which the tests, building an app per test, paid thousands of
 * times (issue 27, CI time). Validators and serializers are pure functions of their schema, so sharing them
 * between instances changes nothing they do. A schema that is not JSON (a cycle) is compiled each time.
 */
const validators = new Map<string, Validate>();
function contentKey(poolKey: string, part: string | undefined, schema: unknown): string | null {
  try {
    return `${poolKey}|${part ?? ''}|${JSON.stringify(schema)}`;
  } catch {
    return null;
  }
}

/**
 * Validation by httpPart. A JSON body has real types: it is validated WITHOUT coercion, so `true`, "5" or
 * [5] never become the integer 5 and null never becomes '' (and JSON's 1e999, Infinity, fails the number
 * type). Query strings, path parameters and headers are strings: they are coerced ('array' too, for
 * repeated keys), and then refused when a number came out infinite ('1e999', 'Infinity': ajv coerces
 * those to Infinity and then skips minimum/maximum for a non-finite number, so a range alone does not
 * catch them).
 */
const validatorFactory = ((externalSchemas: unknown, options: { customOptions?: object } = {}) => {
  const coercing = pool(externalSchemas, options);
  const strict = pool(externalSchemas, { ...options, customOptions: { ...options.customOptions, coerceTypes: false } });
  const poolKey = JSON.stringify([externalSchemas, options.customOptions]);
  return (route: { httpPart?: string; schema?: unknown }): Validate => {
    const key = contentKey(poolKey, route.httpPart, route.schema);
    const known = key === null ? undefined : validators.get(key);
    if (known) return known;
    const built = buildValidator(route);
    if (key !== null) validators.set(key, built);
    return built;
  };

  function buildValidator(route: { httpPart?: string }): Validate {
    if (route.httpPart === 'body') return strict(route);
    const validate = coercing(route);
    const finite: Validate = (data, ctx) => {
      if (!validate(data, ctx)) {
        finite.errors = validate.errors;
        return false;
      }
      const at = nonFinitePath(data, '');
      if (at === null) return true;
      finite.errors = [{ instancePath: at, schemaPath: '', keyword: 'type', params: { type: 'number' }, message: 'must be a finite number' }];
      return false;
    };
    // Fastify passes the parent (so ajv may coerce a root value) only to a function that has schemaEnv
    finite.schemaEnv = validate.schemaEnv;
    return finite;
  }
}) as unknown as ValidatorFactory;

type Serialize = (data: unknown) => string;
type SerializerFactory = (externalSchemas: unknown, options?: object) => (route: { schema: object; method: string; url: string; httpStatus: string }) => Serialize;
// Fastify's own serializer compiler, the one it would build by default (its dependency, so resolved from it)
const fjsFactory = (createRequire(import.meta.resolve('fastify'))('@fastify/fast-json-stringify-compiler') as { SerializerSelector: () => SerializerFactory }).SerializerSelector();
const serializers = new Map<string, Serialize>();

/**
 * Fastify's response serializers (fast-json-stringify), built once per schema content and shared schemas
 * in a process (contentKey above): a serializer is a pure function of its schema, and building one costs milliseconds, which
 * every app instance (tests build hundreds) would otherwise pay for every route again.
 */
const serializerFactory = ((externalSchemas: unknown, options: object = {}) => {
  const build = fjsFactory(externalSchemas, options);
  const key = JSON.stringify([externalSchemas, options]);
  return (route: { schema: object; method: string; url: string; httpStatus: string; contentType?: string }) => {
    const content = contentKey(key, `${route.httpStatus}|${route.contentType ?? ''}`, route.schema);
    const known = content === null ? undefined : serializers.get(content);
    if (known) return known;
    const serialize = build(route);
    if (content !== null) serializers.set(content, serialize);
    return serialize;
  };
}) as unknown as NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildSerializer'];

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
      const body = toErrorBody(err);
      void sendError(reply as never, body.statusCode < 500 ? body : toErrorBody(new AppError('bad_request')));
    },
    ajv: { customOptions: ajvOptions },
    schemaController: { compilersFactory: { buildValidator: validatorFactory, buildSerializer: serializerFactory } },
  });

  // On close: idle connections closed at once, requests in flight finish within the part's budget (drain.ts).
  // First of the preClose hooks, so it runs before the parts' own.
  drainOnClose(app);

  // One line per request with id, route, status and duration (the storefront adds its store).
  // Decision: liveness probes (every 30 s from the container runtime) are logged at debug only.
  app.addHook('onResponse', async (req, reply) => {
    const level = req.routeOptions.config?.operational ? 'debug' : 'info';
    req.log[level](
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

  // Liveness: 200 while this process answers at all, whatever its upstreams and database do (those are
  // /health, the readiness answer). The container health check uses it; a failing liveness means restart.
  app.get('/health/live', { config: { operational: true } }, async (_req, reply) => {
    void reply.header('cache-control', 'no-store');
    return { status: 'ok' as const };
  });

  app.setErrorHandler((err, req, reply) => {
    const body = toErrorBody(err);
    // the database away (restart, failover): one warning line per request, no stack for each of them
    if (body.code === 'database_unavailable') req.log.warn({ reason: (err as Error).cause instanceof Error ? ((err as Error).cause as Error).message : body.message }, 'database unavailable');
    else if (body.statusCode >= 500) req.log.error({ err }, 'request failed');
    return sendError(reply, body);
  });

  app.setNotFoundHandler((req, reply) => {
    return sendError(reply, toErrorBody(new AppError('not_found', { message: `Route ${req.method} ${req.url.split('?')[0]} not found` })));
  });

  return app;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** extra fields for the request log line (the storefront sets store) */
    logContext?: Record<string, unknown>;
  }
  interface FastifyContextConfig {
    /** an operational route (GET /health/live): no store key or session needed, logged at debug */
    operational?: boolean;
  }
}

/** True when the request comes from this machine (admin calls of embedded services). */
export function isLoopback(ip: string): boolean {
  return ip === '127.0.0.1' || ip === '::1' || ip === '::ffff:127.0.0.1';
}
