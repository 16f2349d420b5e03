// The browser's calls to the shop's own API (/api). Every unsafe method carries the CSRF token from the
// ctCsrf cookie in x-csrf-token; every call says the page's language, so messages come back in it.
// Returns { data, error } (spec 7); error is { code, status, message, details } with the message ready to
// show. A session that ended on the server (session_expired) ends here too: state cleared, home, notice.
import type { CallError, Result } from '../../src/contracts/result.ts';
import type { ApiErrorDetails, ApiFieldError } from '../../src/contracts/shop-api.ts';
import type { ApiRoute } from '../../src/contracts/shop-api-routes.ts';
import { translator } from '../../src/i18n.ts';

export type { CallError, Result, ApiErrorDetails };

export type FieldError = ApiFieldError;

/** What a session that ended on the server does in the browser: the session store (client/state/session.ts)
 * registers it (clear the session's state, go home, say so). views/ never imports client/, so the call
 * goes this way round; without a browser runtime nothing happens. */
let sessionExpired: (lang: 'de' | 'en') => void = () => {};

export function whenSessionExpires(fn: (lang: 'de' | 'en') => void): void {
  sessionExpired = fn;
}

/**
 * Issue 26: what a change refused with step_up_required does in the browser: the step-up dialog
 * (views/components/StepUpDialog.tsx) registers itself, asks for the password or the code and resolves true
 * once the session is confirmed (false: the customer closed it). Without a dialog nothing is asked.
 */
let stepUpNeeded: (error: CallError) => Promise<boolean> = async () => false;

export function whenStepUpRequired(fn: (error: CallError) => Promise<boolean>): () => void {
  stepUpNeeded = fn;
  return () => {
    if (stepUpNeeded === fn) stepUpNeeded = async () => false;
  };
}

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

/** Fills a path pattern's :params. */
function fillPath(path: string, params: Record<string, string> | undefined): string {
  return path.replace(/:(\w+)/g, (_, k: string) => encodeURIComponent(params?.[k] ?? ''));
}

/**
 * Calls one route of the browser's API (src/contracts/shop-api-routes.ts). The answer's type comes from the
 * contract; views/state/shop-api.ts gives every call its typed function, so pages never name a type here.
 */
export async function request<T>(route: ApiRoute, input: { body?: unknown; params?: Record<string, string>; query?: Record<string, string> } = {}, opts: { signal?: AbortSignal } = {}): Promise<Result<T>> {
  const { method } = route;
  const qs = input.query ? `?${new URLSearchParams(input.query)}` : '';
  const path = fillPath(route.path, input.params) + qs;
  const body = input.body ?? (method === 'GET' ? undefined : {});
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
  const first = await answer<T>(await send().catch(() => null), lang);
  // Decision (issue 26): confirmed in the dialog, the refused call goes again once, unchanged, so the customer
  // types nothing twice; a second refusal (the window passed meanwhile) is shown as it is.
  if (first.error?.code === 'step_up_required' && (await stepUpNeeded(first.error))) return answer<T>(await send().catch(() => null), lang);
  return first;
}

async function answer<T>(res: Response | null, lang: 'de' | 'en'): Promise<Result<T>> {
  if (!res) return { data: null, error: { code: 'UnknownError', status: 0, message: translator(lang)('form.error.UnknownError') } };
  const json = (await res.json().catch(() => null)) as ({ code?: string; message?: string; details?: unknown } & Record<string, unknown>) | null;
  if (res.ok) return { data: json as T, error: null };
  const error: CallError = json && typeof json.code === 'string' && typeof json.message === 'string'
    ? { code: json.code, status: res.status, message: json.message, ...(json.details !== undefined ? { details: json.details } : {}) }
    : { code: 'UnknownError', status: res.status, message: translator(lang)('form.error.UnknownError') };
  if (error.code === 'session_expired') sessionExpired(lang);
  return { data: null, error };
}
