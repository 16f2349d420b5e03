// The back office's only door to the shop: the commerce service's /ops calls over HTTP, with the operator's
// bearer token. Answers { data, error } (exactly one set); error is the service's refusal { status, code,
// message, details?, fields? } or, when the service cannot be reached, status 503 code `ops_unavailable`.
// The back office never touches a database.
import type { FieldError } from '../contracts/commerce.ts';
import { SERVICE_TOKEN_HEADER } from '../lib/service-secret.ts';

export interface OpsError {
  status: number;
  code: string;
  message: string;
  details?: Record<string, unknown>;
  /** 400 validation_failed: which fields, with a code per field */
  fields?: FieldError[];
}

export type OpsResult<T> = { data: T; error: null } | { data: null; error: OpsError };

export interface OpsCallOptions {
  token?: string | null;
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** the staff member's address (the sign-in budget per address): sent only with the service credential */
  clientIp?: string;
}

export interface OpsClient {
  call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, opts?: OpsCallOptions): Promise<OpsResult<T>>;
}

const TIMEOUT_MS = 15_000;

/**
 * serviceSecret: SERVICE_SECRET (or ADMIN_TOKEN), sent in x-service-token with a forwarded client address,
 * so commerce believes it (src/lib/service-secret.ts). Without one no address is forwarded: commerce would
 * ignore it, and every staff member counts as the back office's own address.
 */
export function opsClient(baseUrl: string, serviceSecret?: string): OpsClient {
  const base = baseUrl.replace(/\/$/, '');
  return {
    async call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, opts: OpsCallOptions = {}): Promise<OpsResult<T>> {
      const qs = new URLSearchParams();
      for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined && v !== '') qs.set(k, String(v));
      const url = `${base}${path}${qs.size ? `?${qs}` : ''}`;
      const headers: Record<string, string> = { accept: 'application/json' };
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      if (opts.body !== undefined) headers['content-type'] = 'application/json';
      if (opts.clientIp && serviceSecret) {
        headers['x-client-ip'] = opts.clientIp;
        headers[SERVICE_TOKEN_HEADER] = serviceSecret;
      }
      let res: Response;
      try {
        res = await fetch(url, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body), signal: AbortSignal.timeout(TIMEOUT_MS) });
      } catch {
        return { data: null, error: { status: 503, code: 'ops_unavailable', message: 'The commerce service does not answer.' } };
      }
      const text = await res.text();
      let json: unknown = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        json = null;
      }
      if (res.ok) return { data: json as T, error: null };
      const e = (json ?? {}) as Partial<OpsError> & { statusCode?: number; errors?: FieldError[] };
      const fields = e.fields ?? (Array.isArray(e.details?.fields) ? (e.details.fields as FieldError[]) : undefined) ?? e.errors;
      return {
        data: null,
        error: {
          status: res.status,
          code: typeof e.code === 'string' ? e.code : res.status === 404 ? 'not_found' : 'ops_error',
          message: typeof e.message === 'string' ? e.message : res.statusText,
          details: e.details,
          fields: Array.isArray(fields) ? fields : undefined,
        },
      };
    },
  };
}
