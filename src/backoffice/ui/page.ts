// Answering with a page: the frame around a screen's view, the 404 page, and the /ops API's refusals in the
// operator's language (a message for the page, a message per field of a form).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ReactNode } from 'react';
import { createElement } from 'react';
import type { Fmt } from '../format.ts';
import type { OpsError } from '../ops-client.ts';
import type { FieldMessages } from './form.tsx';
import { MessageView, Page, renderPage, type Viewer } from './frame.tsx';
import type { Notice } from './request.ts';

/** The status the operator's page answers for a refusal of the API: its own, or 503 when the shop failed. */
export const shownStatus = (e: OpsError) => (e.status >= 500 ? 503 : e.status);

/** A page: the screen's content in the frame, with the page's title and an optional notice. */
export function send(reply: FastifyReply, status: number, title: string, children: ReactNode, req: FastifyRequest, viewer: Viewer | null, notice?: Notice | null) {
  const { f, csrf } = req.bo;
  // the language links of a page answering a form lead to the page the form belongs to (GET)
  const path = req.method === 'POST' ? safeBack(req) : req.is404 ? '/' : withQuery(routePath(req), req.query);
  const html = renderPage(createElement(Page, { f, csrf, viewer, path, title, notice: notice ?? null, children }));
  return reply.code(status).type('text/html; charset=utf-8').send(html);
}

/**
 * The path of the page, built from the route that answered and its parameters, never from req.url: the raw
 * request line `//evil.example/x` would become a link to another site. Decision: a page no route answered
 * (the 404 of an unknown path) links to the start page.
 */
export function routePath(req: FastifyRequest): string {
  const pattern = req.is404 ? undefined : req.routeOptions.url;
  if (!pattern || !pattern.startsWith('/')) return '/';
  const params = (req.params ?? {}) as Record<string, string | undefined>;
  // each parameter is one encoded segment: it cannot add a slash, so the path keeps its one leading slash
  return pattern.replace(/:([A-Za-z0-9_]+)/g, (_m, k: string) => encodeURIComponent(params[k] ?? ''));
}

/** The path with the page's query (parsed, then written again), without the language switch. */
function withQuery(path: string, query: unknown): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries((query ?? {}) as Record<string, unknown>)) if (k !== 'lang' && typeof v === 'string') qs.set(k, v);
  const s = qs.toString();
  return s ? `${path}?${s}` : path;
}

/** The page a form belongs to (the GET of the form's route without its step), for links after a POST. */
export function safeBack(req: FastifyRequest): string {
  const p = routePath(req);
  if (p === '/') return '/orders';
  return p.replace(/\/(payment|shipment|pickup|cancel|goods-received|assay|payout|answers)$/, '').replace(/^\/operators\/.+$/, '/operators');
}

export function notFound(req: FastifyRequest, reply: FastifyReply, viewer: Viewer | null) {
  const { f } = req.bo;
  return send(reply, 404, f.t('notFound.title'), createElement(MessageView, { f, text: f.t('notFound.text') }), req, viewer);
}

/** A refusal of the /ops API in the operator's language. */
export function refusalText(f: Fmt, e: OpsError, action?: string): string {
  if (e.code === 'operator_role_required' || e.status === 403) return f.t('refusal.role', { action: f.t(`actionName.${action ?? 'other'}`) });
  if (e.code === 'invalid_transition') {
    const d = e.details ?? {};
    return f.t('refusal.invalidTransition', {
      action: f.t(`actionName.${action ?? 'other'}`),
      state: d.orderState ? f.t(`orderState.${String(d.orderState)}`) : '–',
      paymentState: d.paymentState ? f.t(`paymentState.${String(d.paymentState)}`) : '–',
    });
  }
  if (e.code === 'ops_unavailable' || e.status >= 500) return f.t('refusal.unavailable');
  const known = f.tAny(`backoffice.error.${e.code}`);
  if (known !== `backoffice.error.${e.code}`) return known;
  if (e.status === 400) return f.t('refusal.validation');
  if (e.status === 404) return f.t('notFound.text');
  return f.t('refusal.generic', { code: e.code });
}

/** The API's field errors as messages per form field (rename: the API's field name -> the form's). */
export function fieldMessages(f: Fmt, e: OpsError, rename: Record<string, string> = {}): FieldMessages {
  const out: FieldMessages = {};
  for (const fe of e.fields ?? []) {
    const raw = fe.field.replace(/^\/?(body\.)?/, '').replace(/\//g, '.');
    const name = rename[raw] ?? raw;
    const params = (fe as { params?: Record<string, unknown> }).params ?? {};
    const msg = f.tAny(`validation.${fe.code}`, { length: params.limit ?? params.length ?? '', ...params });
    out[name] = msg === `validation.${fe.code}` ? f.tAny('validation.invalid_value') : msg;
  }
  return out;
}
