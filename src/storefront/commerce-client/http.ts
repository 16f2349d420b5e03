// The storefront's HTTP client for the commerce API (undici), with spec 7's rules:
// - every request carries x-store-key of the request's store, and the bearer token when there is one;
// - general retry on 408, 409, 425, 429, 500, 502, 503, 504 (and network faults): 0 retries for PATCH,
//   POST, PUT, DELETE, 1 otherwise; a Retry-After up to 2 s is honoured;
// - every call returns an error-or-result pair { data, error }, exactly one set. error is plain JSON
//   { code, status, message } so it survives the trip to the browser: the server's error object when it
//   sent one, else UnknownError 'An unknown error occured while making a request' (spec 8).
// The 401 branches (refresh once, anonymous token, authentication failed) sit one layer up, in the
// session-aware client, because they need the customer's cookies.
import { Agent, request, type Dispatcher } from 'undici';
import type { StoreKey } from '../../stores.ts';

import type { CallError, Result } from '../../contracts/result.ts';

export type { CallError, Result };

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface CallOptions {
  method?: Method;
  path: string;
  store: StoreKey;
  token?: string | null;
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** overrides spec 7's default retry count for this call */
  retries?: number;
  /** issue 25: a download (a PDF, an XML, an SVG): a success answers its bytes and type (Download), not JSON */
  binary?: boolean;
}

/** A binary answer of the service (binary calls): the bytes as sent and their content type. */
export interface Download { bytes: Buffer; contentType: string; disposition: string | null }

/** spec 7: general HTTP retry on these statuses */
export const RETRY_STATUSES = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
/** spec 8 */
export const UNKNOWN_ERROR: CallError = { code: 'UnknownError', status: 0, message: 'An unknown error occured while making a request' };

export function ok<T>(data: T): Result<T> {
  return { data, error: null };
}
export function fail<T = never>(error: CallError): Result<T> {
  return { data: null, error };
}

/** spec 7: default retries 0 for PATCH, POST, PUT, DELETE and 1 otherwise */
export function defaultRetries(method: Method): number {
  return method === 'GET' ? 1 : 0;
}

export interface CommerceHttpOptions {
  baseUrl: string;
  timeoutMs?: number;
  /** extra headers on every call (x-request-id is set per call by the caller) */
  dispatcher?: Dispatcher;
}

export class CommerceHttp {
  readonly baseUrl: string;
  private readonly dispatcher: Dispatcher;
  private readonly timeoutMs: number;

  constructor(opts: CommerceHttpOptions) {
    this.baseUrl = opts.baseUrl.replace(/\/$/, '');
    this.timeoutMs = opts.timeoutMs ?? 8000;
    this.dispatcher = opts.dispatcher ?? new Agent({ connections: 64, keepAliveTimeout: 30_000, pipelining: 1 });
  }

  async call<T>(opts: CallOptions): Promise<Result<T>> {
    const method = opts.method ?? 'GET';
    const retries = opts.retries ?? defaultRetries(method);
    let attempt = 0;
    for (;;) {
      const result = await this.once<T>(method, opts);
      if (result.error && attempt < retries && (result.error.status === 0 || RETRY_STATUSES.has(result.error.status)) && !opts.signal?.aborted) {
        attempt++;
        const wait = Math.min(2000, Number((result.error.details as { retryAfter?: number } | undefined)?.retryAfter ?? 0) * 1000 || 100 * attempt);
        await new Promise((r) => setTimeout(r, wait));
        continue;
      }
      return result;
    }
  }

  private async once<T>(method: Method, opts: CallOptions): Promise<Result<T>> {
    const url = new URL(this.baseUrl + opts.path);
    for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { accept: opts.binary ? '*/*' : 'application/json', 'x-store-key': opts.store, ...(opts.headers ?? {}) };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | undefined;
    if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    try {
      const res = await request(url, {
        method,
        headers,
        body,
        dispatcher: this.dispatcher,
        signal: opts.signal ?? AbortSignal.timeout(this.timeoutMs),
        headersTimeout: this.timeoutMs,
        bodyTimeout: this.timeoutMs,
      });
      if (opts.binary && res.statusCode >= 200 && res.statusCode < 300) {
        return ok({ bytes: Buffer.from(await res.body.arrayBuffer()), contentType: String(res.headers['content-type'] ?? 'application/octet-stream'), disposition: typeof res.headers['content-disposition'] === 'string' ? res.headers['content-disposition'] : null } satisfies Download as unknown as T);
      }
      const text = await res.body.text();
      const json = text ? safeJson(text) : null;
      if (res.statusCode >= 200 && res.statusCode < 300) return ok(json as T);
      return fail(toCallError(res.statusCode, json, res.headers['retry-after']));
    } catch {
      // network fault, timeout or abort: the generic error (status 0 marks "no answer")
      return fail({ ...UNKNOWN_ERROR });
    }
  }

  async close() {
    await this.dispatcher.close();
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The service's { statusCode, code, message } when present, else the unknown error with the status. */
export function toCallError(status: number, body: unknown, retryAfter?: string | string[]): CallError {
  const b = body as { code?: unknown; message?: unknown; details?: unknown } | null;
  const seconds = typeof retryAfter === 'string' ? Number(retryAfter) : NaN;
  const details = Number.isFinite(seconds) ? { ...(isObject(b?.details) ? b?.details : {}), retryAfter: seconds } : b?.details;
  if (b && typeof b.code === 'string' && typeof b.message === 'string') {
    return { code: b.code, status, message: b.message, ...(details !== undefined ? { details } : {}) };
  }
  return { ...UNKNOWN_ERROR, status, ...(details !== undefined ? { details } : {}) };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}
