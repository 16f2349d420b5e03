// The browser's calls to the shop's own API (/api). Every unsafe method carries the CSRF token from the
// ctCsrf cookie in x-csrf-token; every call says the page's language, so messages come back in it.
// Returns { data, error } (spec 7); error is { code, status, message, details } with the message ready to
// show. A session that ended on the server (session_expired) ends here too: state cleared, home, notice.
import type { CallError, Result } from '../../src/contracts/result.ts';
import { translator } from '../../views/lib/i18n.ts';
import { sessionExpired } from './session.ts';

export type { CallError, Result };

export interface FieldError {
  field: string;
  code: string;
  message: string;
}

export interface ApiErrorDetails {
  fields?: FieldError[];
  retryAfter?: number;
  attemptsLeft?: number;
  reason?: string;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function pageLanguage(): 'de' | 'en' {
  return document.documentElement.lang === 'en' ? 'en' : 'de';
}

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return null;
}

async function csrfToken(): Promise<string | null> {
  let token = readCookie('ctCsrf');
  if (!token) {
    // a page served before the cookie existed (or cookies cleared meanwhile): the API hands one out
    await fetch('/api/session', { credentials: 'same-origin', headers: { accept: 'application/json' } }).catch(() => null);
    token = readCookie('ctCsrf');
  }
  return token;
}

export function fieldErrors(error: CallError | null): FieldError[] {
  const fields = (error?.details as ApiErrorDetails | undefined)?.fields;
  return Array.isArray(fields) ? fields : [];
}

export async function api<T>(method: Method, path: string, body?: unknown, opts: { signal?: AbortSignal } = {}): Promise<Result<T>> {
  const lang = pageLanguage();
  const send = async (): Promise<Response> => {
    const headers: Record<string, string> = { accept: 'application/json', 'x-shop-language': lang };
    if (method !== 'GET') {
      const token = await csrfToken();
      if (token) headers['x-csrf-token'] = token;
    }
    if (body !== undefined) headers['content-type'] = 'application/json';
    return fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: 'same-origin', signal: opts.signal });
  };
  let res: Response;
  try {
    res = await send();
  } catch {
    return { data: null, error: { code: 'UnknownError', status: 0, message: translator(lang)('form.error.UnknownError') } };
  }
  const json = (await res.json().catch(() => null)) as ({ code?: string; message?: string; details?: unknown } & Record<string, unknown>) | null;
  if (res.ok) return { data: json as T, error: null };
  const error: CallError = json && typeof json.code === 'string' && typeof json.message === 'string'
    ? { code: json.code, status: res.status, message: json.message, ...(json.details !== undefined ? { details: json.details } : {}) }
    : { code: 'UnknownError', status: res.status, message: translator(lang)('form.error.UnknownError') };
  if (error.code === 'session_expired') sessionExpired(lang);
  return { data: null, error };
}
