// The back office: a web app for staff (issue 15), its own Fastify app, server-rendered React with plain
// HTML forms and no client script. It talks to the commerce service's /ops API over HTTP with the operator's
// token and never touches a database. `buildBackofficeApp` never listens; src/main.ts does.
//
// Security decisions:
// - Session: the operator's access token (8 h) in an httpOnly, Secure, SameSite=Strict cookie. Secure
//   always, as the storefront's (browsers accept Secure cookies from http://localhost and 127.0.0.1).
// - CSRF: a random token per session in its own httpOnly cookie, repeated in a hidden field of every form;
//   a POST whose field differs, or whose Origin / Sec-Fetch-Site names another site, is refused (403) with
//   a message. The sign-in form has one too (no login CSRF).
// - Headers: a CSP without any script source (`default-src 'none'`), frame-ancestors 'none', nosniff,
//   no referrer to other sites, no caching of pages (they show customers' data).
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import type { ReactNode } from 'react';
import { createElement } from 'react';
import { randomToken } from '../lib/random.ts';
import { partBase, prettyTransport, trustOneProxy } from '../lib/service.ts';
import type {
  AuditResponse, BankStatementImport, BankStatementResult, Operator, OperatorRole, OpsAction, OpsLoginResponse, OpsOrderDetail, OperatorsResponse,
} from '../contracts/ops.ts';
import { operatorRoles } from '../contracts/ops.ts';
import type { Language } from '../stores.ts';
import { fmtFor, parseAmount, parseMilligrams, pickLanguage, type Fmt } from './format.ts';
import { opsClient, type OpsClient, type OpsError } from './ops-client.ts';
import { parseMultipart } from './multipart.ts';
import { backofficeCss } from './style.ts';
import { orderListRoutes } from './screens/orders/workbench-routes.ts';
import {
  AuditView, CaseView, CasesView, MessageView, OperatorsView, OrderDetailView, Page, SignInView, StatementsView, renderPage,
  type ActionFormState, type FieldMessages, type Viewer, type WhistleblowOpsCase,
} from './views.tsx';

export interface BackofficeOptions {
  /** base URL of the commerce service (its /ops calls) */
  commerceUrl: string;
  production: boolean;
  logLevel?: string;
  /** the Fastify logger: false in tests */
  logger?: boolean;
  /** SERVICE_SECRET (or ADMIN_TOKEN): lets commerce believe the staff member's address the sign-in forwards */
  serviceSecret?: string;
  /** BACKOFFICE_TRUST_PROXY: one reverse proxy in front, the staff member's address is its last X-Forwarded-For entry */
  trustProxy?: boolean;
  /** where the log lines go instead of stdout (a test reading them) */
  logStream?: NodeJS.WritableStream;
  /** how long a statement upload waits for its import job before it shows the progress page (default 3 s) */
  statementWaitMs?: number;
}

export const COOKIE = { token: 'bo_session', csrf: 'bo_csrf', lang: 'bo_lang' } as const;

const STATEMENT_MAX_BYTES = 5_000_000;
const PAGE_SIZE = 25;
const AUDIT_PAGE_SIZE = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const backofficeCsp = [
  `default-src 'none'`,
  `style-src 'self'`,
  `img-src 'self'`,
  `form-action 'self'`,
  `frame-ancestors 'none'`,
  `base-uri 'none'`,
].join('; ');

type Body = Record<string, string | string[]>;

declare module 'fastify' {
  interface FastifyRequest {
    bo: { f: Fmt; csrf: string; token: string | null };
  }
}

/** The status the operator's page answers for a refusal of the API: its own, or 503 when the shop failed. */
const shownStatus = (e: OpsError) => (e.status >= 500 ? 503 : e.status);
const str = (v: string | string[] | undefined): string => (Array.isArray(v) ? v[0] ?? '' : v ?? '').trim();
const list = (v: string | string[] | undefined): string[] => (Array.isArray(v) ? v : v ? [v] : []);

/**
 * A urlencoded form body as its fields (a repeated name gives a list). Decision: the fields go into an object
 * without a prototype, so a field named `constructor`, `toString` or `__proto__` is a field like any other:
 * it neither finds Object's methods (which answered 500) nor replaces the body's prototype. The parser stays
 * our own (a dozen lines) rather than @fastify/formbody, whose qs-style parsing we would not use.
 */
export function parseForm(body: string): Body {
  const out: Body = Object.create(null);
  for (const [k, v] of new URLSearchParams(body)) {
    const prev = Object.hasOwn(out, k) ? out[k] : undefined;
    out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}

export async function buildBackofficeApp(opts: BackofficeOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // no personal data in logs: the query (a search for a customer's name or e-mail) and cookies stay out
    logger: opts.logger === false ? false : {
      level: opts.logLevel ?? 'info',
      base: partBase('backoffice'),
      ...(opts.logStream ? { stream: opts.logStream } : prettyTransport()),
      serializers: { req: (req: { method: string; url: string }) => ({ method: req.method, path: req.url.split('?')[0] }) },
    },
    bodyLimit: 64 * 1024,
    return503OnClosing: true,
    // req.ip is the address the sign-in forwards to commerce: behind a proxy, the one the proxy saw
    trustProxy: opts.trustProxy ? trustOneProxy : false,
  });
  const ops: OpsClient = opsClient(opts.commerceUrl, opts.serviceSecret);
  const cookieBase = { path: '/', httpOnly: true, secure: true, sameSite: 'strict' as const };

  await app.register(cookie);

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, parseForm(body as string));
  });
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: STATEMENT_MAX_BYTES + 64 * 1024 }, (req, body, done) => {
    const parsed = parseMultipart(body as Buffer, String(req.headers['content-type']));
    if (!parsed) {
      const err = Object.assign(new Error('The form could not be read.'), { statusCode: 400, code: 'bad_request' });
      done(err, undefined);
      return;
    }
    done(null, parsed);
  });

  app.decorateRequest('bo', null as unknown as FastifyRequest['bo']);

  // Language, CSRF token and session token of every request; ?lang= switches the language and reloads.
  app.addHook('onRequest', async (req, reply) => {
    const url = new URL(req.url, 'http://x');
    const asked = url.searchParams.get('lang');
    if (req.method === 'GET' && (asked === 'de' || asked === 'en')) {
      url.searchParams.delete('lang');
      reply.setCookie(COOKIE.lang, asked, { ...cookieBase, maxAge: 365 * 86400 });
      // one leading slash: a request line like /.//evil.example resolves to the path //evil.example, which a
      // browser would follow to another site
      return reply.redirect(`/${url.pathname.replace(/^[/\\]+/, '')}${url.search}`, 303);
    }
    const lang: Language = pickLanguage(req.cookies[COOKIE.lang], req.headers['accept-language']);
    let csrf = req.cookies[COOKIE.csrf];
    if (!csrf || !/^[A-Za-z0-9_-]{32,64}$/.test(csrf)) {
      csrf = randomToken(32);
      reply.setCookie(COOKIE.csrf, csrf, cookieBase);
    }
    const token = req.cookies[COOKIE.token];
    req.bo = { f: fmtFor(lang), csrf, token: token && token.length <= 4096 ? token : null };
  });

  app.addHook('onSend', async (_req, reply, payload) => {
    reply.headers({
      'content-security-policy': backofficeCsp,
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      // same-origin, not no-referrer: with no-referrer browsers send `Origin: null` on form posts, and the
      // origin check needs the real one; other sites still learn nothing (order URLs name customers' orders)
      'referrer-policy': 'same-origin',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
      ...(opts.production ? { 'strict-transport-security': 'max-age=31536000' } : {}),
    });
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });

  // Every POST: the hidden token equals the session's, and the browser says it came from this site.
  app.addHook('preHandler', async (req, reply) => {
    if (req.method !== 'POST') return;
    const body = (req.body ?? {}) as Body;
    const origin = req.headers.origin;
    const site = req.headers['sec-fetch-site'];
    let sameOrigin = true;
    if (typeof origin === 'string' && origin !== 'null') {
      try {
        sameOrigin = new URL(origin).host === req.headers.host;
      } catch {
        sameOrigin = false;
      }
    } else if (origin === 'null') sameOrigin = false;
    if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') sameOrigin = false;
    const given = typeof body === 'object' ? str(body._csrf) : '';
    if (!sameOrigin || !given || given !== req.cookies[COOKIE.csrf]) {
      req.log.warn({ sameOrigin, hasToken: Boolean(given) }, 'backoffice form refused: csrf');
      return send(reply, 403, req.bo.f.t('refusal.csrf.title'), createElement(MessageView, { f: req.bo.f, text: req.bo.f.t('refusal.csrf.text'), link: { href: safeBack(req), label: req.bo.f.t('refusal.csrf.back') } }), req, null);
    }
  });

  app.setErrorHandler(async (err: Error & { statusCode?: number; code?: string }, req, reply) => {
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) req.log.error({ err }, 'backoffice failed');
    const f = req.bo?.f ?? fmtFor('en');
    const text = status === 413 ? f.t('refusal.tooLarge') : status === 500 ? f.t('refusal.internal') : f.t('refusal.badRequest');
    return reply.code(status).type('text/html; charset=utf-8').send(renderPage(createElement(Page, { f, csrf: req.bo?.csrf ?? '', viewer: null, path: '/', title: f.t('refusal.title'), notice: { kind: 'error', text }, children: null })));
  });

  app.setNotFoundHandler(async (req, reply) => {
    return notFound(req, reply, null);
  });

  // ---------------------------------------------------------------- helpers

  function send(reply: FastifyReply, status: number, title: string, children: ReactNode, req: FastifyRequest, viewer: Viewer | null, notice?: { kind: 'error' | 'success'; text: string } | null) {
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
  function routePath(req: FastifyRequest): string {
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
  function safeBack(req: FastifyRequest): string {
    const p = routePath(req);
    if (p === '/') return '/orders';
    return p.replace(/\/(payment|shipment|pickup|cancel|goods-received|assay|payout|answers)$/, '').replace(/^\/operators\/.+$/, '/operators');
  }

  function notFound(req: FastifyRequest, reply: FastifyReply, viewer: Viewer | null) {
    const { f } = req.bo;
    return send(reply, 404, f.t('notFound.title'), createElement(MessageView, { f, text: f.t('notFound.text') }), req, viewer);
  }

  function toSignIn(reply: FastifyReply, reason: 'expired' | 'required') {
    reply.clearCookie(COOKIE.token, cookieBase);
    return reply.redirect(`/sign-in?reason=${reason}`, 303);
  }

  /** A page for signed-in operators only: the handler gets the operator; without a session, the sign-in page. */
  function signedIn(handler: (req: FastifyRequest, reply: FastifyReply, viewer: Viewer) => Promise<unknown>) {
    return async (req: FastifyRequest, reply: FastifyReply) => {
      const viewer = await viewerOf(req, reply);
      return viewer ? handler(req, reply, viewer) : reply;
    };
  }

  /** The signed-in operator, or a redirect to the sign-in page (null). */
  async function viewerOf(req: FastifyRequest, reply: FastifyReply): Promise<Viewer | null> {
    if (!req.bo.token) {
      await toSignIn(reply, 'required');
      return null;
    }
    const me = await ops.call<Operator | { operator: Operator }>('GET', '/ops/me', { token: req.bo.token });
    if (me.error) {
      if (me.error.status === 401) await toSignIn(reply, 'expired');
      else await send(reply, shownStatus(me.error), req.bo.f.t('refusal.title'), createElement(MessageView, { f: req.bo.f, text: refusalText(req.bo.f, me.error) }), req, null);
      return null;
    }
    const op = 'operator' in me.data ? me.data.operator : me.data;
    return { email: op.email, roles: op.roles };
  }

  /** A refusal of the /ops API in the operator's language. */
  function refusalText(f: Fmt, e: OpsError, action?: string): string {
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

  function fieldMessages(f: Fmt, e: OpsError, rename: Record<string, string> = {}): FieldMessages {
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

  // ---------------------------------------------------------------- files

  app.get('/assets/backoffice.css', async (_req, reply) => reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(backofficeCss));
  // a readiness probe: Fastify's own request lines here are info, so the route logs from warn up only
  app.get('/health', { logLevel: 'warn' }, async () => ({ status: 'ok' }));
  // browsers ask for it on every page; there is none (no 404 in the log for each page view)
  app.get('/favicon.ico', async (_req, reply) => reply.code(204).header('cache-control', 'public, max-age=86400').send());
  app.get('/', async (req, reply) => reply.redirect(req.bo.token ? '/orders' : '/sign-in', 303));

  // ---------------------------------------------------------------- sign-in and sign-out

  app.get('/sign-in', async (req, reply) => {
    const { f } = req.bo;
    const reason = (req.query as Record<string, string>).reason;
    const message = reason === 'expired' ? f.t('signIn.expired') : reason === 'required' ? f.t('signIn.required') : reason === 'signedOut' ? f.t('signIn.signedOut') : null;
    return send(reply, 200, f.t('signIn.title'), createElement(SignInView, { f, csrf: req.bo.csrf, message: reason === 'signedOut' ? null : message }), req, null, reason === 'signedOut' ? { kind: 'success', text: message as string } : null);
  });

  app.post('/sign-in', async (req, reply) => {
    const { f } = req.bo;
    const body = req.body as Body;
    const email = str(body.email).slice(0, 254);
    const password = typeof body.password === 'string' ? body.password.slice(0, 200) : '';
    const again = (status: number, message: string) => send(reply, status, f.t('signIn.title'), createElement(SignInView, { f, csrf: req.bo.csrf, email, message }), req, null);
    if (email.length < 3 || !password) return again(400, f.t('signIn.missing'));
    // the staff member's address: commerce counts failed sign-ins per address (issue 23), and without it
    // every operator would share the back office's one budget
    const res = await ops.call<OpsLoginResponse>('POST', '/ops/login', { body: { email, password }, clientIp: req.ip });
    if (res.error) {
      if (res.error.code === 'too_many_attempts' || res.error.status === 429) {
        const secs = Number(res.error.details?.retryAfter ?? 900);
        return again(429, f.t('signIn.locked', { minutes: Math.max(1, Math.ceil(secs / 60)) }));
      }
      if (res.error.status === 401 || res.error.status === 400) return again(401, f.t('signIn.invalid'));
      return again(503, f.t('refusal.unavailable'));
    }
    reply.setCookie(COOKIE.token, res.data.accessToken, { ...cookieBase, maxAge: res.data.expiresIn });
    // a new session gets a new CSRF token
    reply.setCookie(COOKIE.csrf, randomToken(32), cookieBase);
    return reply.redirect('/orders', 303);
  });

  app.post('/sign-out', async (req, reply) => {
    if (req.bo.token) await ops.call('POST', '/ops/logout', { token: req.bo.token });
    reply.clearCookie(COOKIE.token, cookieBase);
    reply.setCookie(COOKIE.csrf, randomToken(32), cookieBase);
    return reply.redirect('/sign-in?reason=signedOut', 303);
  });

  // ---------------------------------------------------------------- order queue

  function offsetOf(q: Record<string, string>): number {
    const n = Number(q.offset);
    return Number.isInteger(n) && n >= 0 && n <= 1_000_000 ? n : 0;
  }

  // issue 24: the list as a workbench (filters, range, sort, saved views, CSV, bulk steps, packing slips)
  orderListRoutes(app, { ops, send, signedIn, refused, refusalText, notFound });

  async function refused(req: FastifyRequest, reply: FastifyReply, viewer: Viewer, e: OpsError, title: string, action?: string) {
    if (e.status === 401) return toSignIn(reply, 'expired');
    return send(reply, shownStatus(e), title, createElement(MessageView, { f: req.bo.f, text: refusalText(req.bo.f, e, action) }), req, viewer, { kind: 'error', text: refusalText(req.bo.f, e, action) });
  }

  // ---------------------------------------------------------------- order detail and its steps

  async function showOrder(req: FastifyRequest, reply: FastifyReply, viewer: Viewer, id: string, status: number, form: ActionFormState, notice: { kind: 'error' | 'success'; text: string } | null) {
    const { f, csrf } = req.bo;
    const res = await ops.call<OpsOrderDetail>('GET', `/ops/orders/${id}`, { token: req.bo.token, query: { languageTag: f.lang } });
    if (res.error) return refused(req, reply, viewer, res.error, f.t('detail.title', { number: '' }));
    return send(reply, status, f.t('detail.title', { number: res.data.summary.orderNumber }), createElement(OrderDetailView, { f, csrf, detail: res.data, form }), req, viewer, notice);
  }

  app.get('/orders/:id', signedIn(async (req, reply, viewer) => {
    const { f } = req.bo;
    const { id } = req.params as { id: string };
    if (!UUID.test(id)) return notFound(req, reply, viewer);
    const done = (req.query as Record<string, string>).done;
    const notice = done && ['payment', 'shipment', 'pickup', 'cancel', 'goods-received', 'assay', 'payout', 'goods-returned', 'payment-failed'].includes(done) ? { kind: 'success' as const, text: f.t(`done.${done}`) } : null;
    return showOrder(req, reply, viewer, id, 200, {}, notice);
  }));

  const actionPaths: Record<OpsAction, string> = {
    payment: 'payments', shipment: 'shipments', pickup: 'pickup', cancel: 'cancel', 'goods-received': 'goods-received', assay: 'assay', payout: 'payout',
    'goods-returned': 'goods-returned',
    'payment-failed': 'payment-failed',
  };

  /** The API body of a step from the form, or the fields the operator must correct. */
  function actionBody(f: Fmt, action: OpsAction, b: Body): { body: unknown; fields: FieldMessages } {
    const fields: FieldMessages = {};
    const required = f.tAny('validation.required');
    const need = (name: string) => {
      const v = str(b[name]);
      if (!v) fields[name] = required;
      return v;
    };
    const date = (name: string) => {
      const v = need(name);
      if (v && !/^\d{4}-\d{2}-\d{2}$/.test(v)) fields[name] = f.tAny('validation.invalid_date');
      return v;
    };
    const amount = (name: string) => {
      const v = need(name);
      const cents = v ? parseAmount(v) : null;
      if (v && cents === null) fields[name] = f.t('field.amount');
      return cents ?? 0;
    };
    const note = str(b.note);
    // the identity document checked at the counter (pickup, cash payout): all four fields or none (the service
    // says when the order needs it: identity_check_required)
    const identity = () => {
      if (![b.idType, b.idCountry, b.idNumber, b.idExpiry].some((x) => str(x))) return {};
      return { identityCheck: { documentType: need('idType'), issuingCountry: need('idCountry').toUpperCase(), documentNumber: need('idNumber'), expiryDate: date('idExpiry') } };
    };
    switch (action) {
      case 'payment':
        return { body: { centAmount: amount('amount'), currency: str(b.currency), reference: need('reference'), valueDate: date('valueDate') }, fields };
      case 'shipment':
        return { body: { carrier: need('carrier'), trackingNumber: need('trackingNumber') }, fields };
      case 'pickup':
        return { body: { collectedBy: need('collectedBy'), ...(note ? { note } : {}), ...identity() }, fields };
      case 'cancel': {
        // issue 28: a listed reason (translated for the customer by the service), free text only in addition,
        // and the operator's confirmation
        const reasonCode = need('reasonCode');
        const reason = str(b.reason);
        if (reason && reason.length < 3) fields.reason = f.tAny('validation.min_length', { length: 3 });
        if (b.confirm !== '1') fields.confirm = f.t('action.cancel.confirmRequired');
        return { body: { reasonCode, ...(reason ? { reason } : {}) }, fields };
      }
      case 'payment-failed':
        return { body: { reason: need('reason') }, fields };
      case 'goods-received':
        return { body: note ? { note } : {}, fields };
      case 'assay': {
        const lines = Object.keys(b).filter((k) => k.startsWith('line.')).map((k) => {
          const v = need(k);
          const mg = v ? parseMilligrams(v) : null;
          if (v && mg === null) fields[k] = f.t('field.grams');
          return { lineId: k.slice(5), finalFineWeightMg: mg ?? 0 };
        });
        return { body: { lines, ...(note ? { note } : {}), ...(b.confirmDeviation === '1' ? { confirmDeviation: true } : {}) }, fields };
      }
      case 'goods-returned': {
        const trackingNumber = str(b.trackingNumber).trim();
        return { body: { ...(trackingNumber ? { trackingNumber } : {}), ...(note ? { note } : {}) }, fields };
      }
      case 'payout':
      {
        // the account field the form showed: IBAN, a US account number, or none for a cash payout
        const account = (name: 'iban' | 'accountNumber') => (typeof b[name] === 'string' ? { [name]: need(name).replace(/\s+/g, '') } : {});
        return { body: { ...account('iban'), ...account('accountNumber'), centAmount: amount('amount'), valueDate: date('valueDate'), ...identity() }, fields };
      }
    }
  }

  app.post('/orders/:id/:action', signedIn(async (req, reply, viewer) => {
    const { f } = req.bo;
    const { id, action } = req.params as { id: string; action: string };
    if (!UUID.test(id) || !Object.hasOwn(actionPaths, action)) return notFound(req, reply, viewer);
    const a = action as OpsAction;
    const b = req.body as Body;
    const values = Object.fromEntries(Object.entries(b).filter(([k]) => k !== '_csrf').map(([k, v]) => [k, str(v)]));
    const { body, fields } = actionBody(f, a, b);
    if (Object.keys(fields).length > 0) return showOrder(req, reply, viewer, id, 400, { action: a, values, fields }, { kind: 'error', text: f.t('refusal.validation') });
    const res = await ops.call<OpsOrderDetail>('POST', `/ops/orders/${id}/${actionPaths[a]}`, { token: req.bo.token, body });
    if (res.error) {
      if (res.error.status === 401) return toSignIn(reply, 'expired');
      const rename: Record<string, string> = {
        centAmount: 'amount', 'identityCheck.documentType': 'idType', 'identityCheck.issuingCountry': 'idCountry', 'identityCheck.documentNumber': 'idNumber', 'identityCheck.expiryDate': 'idExpiry',
      };
      if (a === 'assay') res.error.fields?.forEach((fe) => {
        const m = /^\/?lines[./](\d+)/.exec(fe.field);
        const line = m ? (body as { lines: { lineId: string }[] }).lines[Number(m[1])] : undefined;
        if (line) rename[fe.field.replace(/^\/?(body\.)?/, '').replace(/\//g, '.')] = `line.${line.lineId}`;
      });
      const fm = res.error.status === 400 ? fieldMessages(f, res.error, rename) : {};
      return showOrder(req, reply, viewer, id, shownStatus(res.error), { action: a, values, fields: fm }, { kind: 'error', text: refusalText(f, res.error, a) });
    }
    return reply.redirect(`/orders/${id}?done=${a}`, 303);
  }));

  // ---------------------------------------------------------------- bank statements (camt.053)

  app.get('/bank-statements', signedIn(async (req, reply, viewer) => {
    const { f, csrf } = req.bo;
    return send(reply, 200, f.t('statements.title'), createElement(StatementsView, { f, csrf, result: null }), req, viewer);
  }));

  // Decision: an upload starts an import job in commerce (a statement of 14,000 entries takes minutes; no
  // request waits for it, so the page never shows "unavailable" for an import still running). A small
  // statement is done in a moment: the upload waits up to STATEMENT_WAIT_MS and shows the result at once;
  // a longer one goes to its progress page, which shows the result once done.
  const STATEMENT_WAIT_MS = opts.statementWaitMs ?? 3000;
  const STATEMENT_PAGE = 200;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  function showImport(req: FastifyRequest, reply: FastifyReply, viewer: Viewer, job: BankStatementImport, offset: number) {
    const { f, csrf } = req.bo;
    const page = (status: number, result: BankStatementResult | null, error?: string, notice?: { kind: 'error' | 'success'; text: string } | null) =>
      send(reply, status, f.t('statements.title'), createElement(StatementsView, { f, csrf, result, error, job, offset, limit: STATEMENT_PAGE }), req, viewer, notice);
    if (job.status === 'failed') {
      const e = job.error;
      if (e?.code === 'invalid_bank_statement') {
        const text = e.details?.reason === 'foreign_account' ? f.t('statements.foreignAccount', { account: String(e.details.account ?? '') }) : f.t('statements.invalid');
        return page(400, null, text, { kind: 'error', text });
      }
      const text = f.t('statements.failed', { code: e?.code ?? 'internal_error' });
      return page(200, null, undefined, { kind: 'error', text });
    }
    if (job.status === 'running' || !job.result) return page(200, null);
    return page(200, job.result, undefined, { kind: 'success', text: f.t('statements.result', { applied: job.result.applied, flagged: job.result.flagged }) });
  }

  app.post('/bank-statements', signedIn(async (req, reply, viewer) => {
    const { f, csrf } = req.bo;
    const xml = str((req.body as Body).file);
    const page = (status: number, error?: string, notice?: { kind: 'error' | 'success'; text: string }) =>
      send(reply, status, f.t('statements.title'), createElement(StatementsView, { f, csrf, result: null, error }), req, viewer, notice);
    if (!xml) return page(400, f.t('statements.missing'), { kind: 'error', text: f.t('statements.missing') });
    const res = await ops.call<BankStatementImport>('POST', '/ops/bank-statement-imports', { token: req.bo.token, body: { xml } });
    if (res.error) {
      if (res.error.status === 401) return toSignIn(reply, 'expired');
      const text = res.error.status === 400 || res.error.status === 422 ? f.t('statements.invalid') : refusalText(f, res.error, 'statement');
      return page(shownStatus(res.error), res.error.status === 400 ? text : undefined, { kind: 'error', text });
    }
    let job = res.data;
    for (const until = Date.now() + STATEMENT_WAIT_MS; job.status === 'running' && Date.now() < until;) {
      await sleep(200);
      const next = await ops.call<BankStatementImport>('GET', `/ops/bank-statement-imports/${job.id}`, { token: req.bo.token, query: { limit: STATEMENT_PAGE } });
      if (next.error) break;
      job = next.data;
    }
    if (job.status === 'running') return reply.redirect(`/bank-statements/imports/${job.id}`, 303);
    return showImport(req, reply, viewer, job, 0);
  }));

  app.get('/bank-statements/imports/:id', signedIn(async (req, reply, viewer) => {
    const { f } = req.bo;
    const { id } = req.params as { id: string };
    if (!UUID.test(id)) return notFound(req, reply, viewer);
    const offset = offsetOf(req.query as Record<string, string>);
    const res = await ops.call<BankStatementImport>('GET', `/ops/bank-statement-imports/${id}`, { token: req.bo.token, query: { offset, limit: STATEMENT_PAGE } });
    if (res.error) return res.error.status === 404 ? notFound(req, reply, viewer) : refused(req, reply, viewer, res.error, f.t('statements.title'), 'statement');
    return showImport(req, reply, viewer, res.data, offset);
  }));

  // ---------------------------------------------------------------- whistleblower cases (admin)

  // ---- the cases' routes log from warn up only: their request lines name a case (the path, its reference), and
  // nothing of a case belongs in the logs (as at the commerce service's /ops/whistleblower)
  const quiet = { logLevel: 'warn' as const };

  app.get('/cases', quiet, signedIn(async (req, reply, viewer) => {
    const { f } = req.bo;
    const q = req.query as Record<string, string>;
    const status = ['received', 'in-progress', 'closed'].includes(q.status) ? q.status : undefined;
    const offset = offsetOf(q);
    const res = await ops.call<{ results: WhistleblowOpsCase[]; total?: number }>('GET', '/ops/whistleblower', { token: req.bo.token, query: { status, limit: PAGE_SIZE, offset } });
    if (res.error) return refused(req, reply, viewer, res.error, f.t('cases.title'), 'cases');
    return send(reply, 200, f.t('cases.title'), createElement(CasesView, { f, cases: res.data.results, total: res.data.total ?? res.data.results.length, status, limit: PAGE_SIZE, offset }), req, viewer);
  }));

  async function showCase(req: FastifyRequest, reply: FastifyReply, viewer: Viewer, reference: string, status: number, message?: string, error?: string, notice?: { kind: 'error' | 'success'; text: string }) {
    const { f, csrf } = req.bo;
    const res = await ops.call<WhistleblowOpsCase>('GET', `/ops/whistleblower/${encodeURIComponent(reference)}`, { token: req.bo.token });
    if (res.error) return refused(req, reply, viewer, res.error, f.t('cases.title'), 'cases');
    return send(reply, status, f.t('cases.case', { reference: res.data.caseReference }), createElement(CaseView, { f, csrf, c: res.data, message, error }), req, viewer, notice);
  }

  const REFERENCE = /^[A-Z0-9-]{4,40}$/;

  app.get('/cases/:reference', quiet, signedIn(async (req, reply, viewer) => {
    const { f } = req.bo;
    const { reference } = req.params as { reference: string };
    if (!REFERENCE.test(reference)) return notFound(req, reply, viewer);
    const done = (req.query as Record<string, string>).done;
    return showCase(req, reply, viewer, reference, 200, undefined, undefined, done === 'answered' || done === 'closed' ? { kind: 'success', text: f.t(`cases.done.${done}`) } : undefined);
  }));

  app.post('/cases/:reference/answers', quiet, signedIn(async (req, reply, viewer) => {
    const { f } = req.bo;
    const { reference } = req.params as { reference: string };
    if (!REFERENCE.test(reference)) return notFound(req, reply, viewer);
    const b = req.body as Body;
    const message = str(b.message);
    const close = str(b.close) === '1';
    if (!message) return showCase(req, reply, viewer, reference, 400, message, f.tAny('validation.required'), { kind: 'error', text: f.t('refusal.validation') });
    const res = await ops.call('POST', `/ops/whistleblower/${encodeURIComponent(reference)}/answers`, { token: req.bo.token, body: { message: message.slice(0, 5000), ...(close ? { close: true } : {}) } });
    if (res.error) {
      if (res.error.status === 401) return toSignIn(reply, 'expired');
      return showCase(req, reply, viewer, reference, shownStatus(res.error), message, undefined, { kind: 'error', text: refusalText(f, res.error, 'cases') });
    }
    return reply.redirect(`/cases/${encodeURIComponent(reference)}?done=${close ? 'closed' : 'answered'}`, 303);
  }));

  // ---------------------------------------------------------------- operators (admin)

  async function showOperators(req: FastifyRequest, reply: FastifyReply, viewer: Viewer, status: number, notice: { kind: 'error' | 'success'; text: string } | null, values?: Body, fields?: FieldMessages) {
    const { f, csrf } = req.bo;
    const res = await ops.call<OperatorsResponse>('GET', '/ops/operators', { token: req.bo.token });
    if (res.error) return refused(req, reply, viewer, res.error, f.t('operators.title'), 'operators');
    return send(reply, status, f.t('operators.title'), createElement(OperatorsView, { f, csrf, operators: res.data.results, values, fields }), req, viewer, notice);
  }

  app.get('/operators', signedIn(async (req, reply, viewer) => {
    const { f } = req.bo;
    const done = (req.query as Record<string, string>).done;
    return showOperators(req, reply, viewer, 200, done === 'created' || done === 'saved' ? { kind: 'success', text: f.t(`operators.done.${done}`) } : null);
  }));

  const rolesOf = (b: Body): OperatorRole[] => list(b.roles).filter((r): r is OperatorRole => (operatorRoles as string[]).includes(r));

  app.post('/operators', signedIn(async (req, reply, viewer) => {
    const { f } = req.bo;
    const b = req.body as Body;
    const { _csrf: _c, password: _p, ...values } = b;
    const fields: FieldMessages = {};
    const email = str(b.email);
    const password = typeof b.password === 'string' ? b.password : '';
    const roles = rolesOf(b);
    if (!email) fields.email = f.tAny('validation.required');
    if (password.length < 12) fields.password = f.tAny('validation.min_length', { length: 12 });
    if (roles.length === 0) fields.roles = f.t('field.roles');
    if (Object.keys(fields).length) return showOperators(req, reply, viewer, 400, { kind: 'error', text: f.t('refusal.validation') }, values, fields);
    const res = await ops.call<Operator>('POST', '/ops/operators', { token: req.bo.token, body: { email, password, roles } });
    if (res.error) {
      if (res.error.status === 401) return toSignIn(reply, 'expired');
      const fm = res.error.status === 400 ? fieldMessages(f, res.error) : res.error.code === 'operator_email_taken' ? { email: refusalText(f, res.error, 'operators') } : {};
      return showOperators(req, reply, viewer, shownStatus(res.error), { kind: 'error', text: refusalText(f, res.error, 'operators') }, values, fm);
    }
    return reply.redirect('/operators?done=created', 303);
  }));

  app.post('/operators/:id', signedIn(async (req, reply, viewer) => {
    const { f } = req.bo;
    const { id } = req.params as { id: string };
    if (!UUID.test(id)) return notFound(req, reply, viewer);
    const b = req.body as Body;
    const roles = rolesOf(b);
    if (roles.length === 0) return showOperators(req, reply, viewer, 400, { kind: 'error', text: f.t('field.roles') });
    const res = await ops.call<Operator>('PUT', `/ops/operators/${id}`, { token: req.bo.token, body: { roles, disabled: str(b.disabled) === '1' } });
    if (res.error) {
      if (res.error.status === 401) return toSignIn(reply, 'expired');
      return showOperators(req, reply, viewer, shownStatus(res.error), { kind: 'error', text: refusalText(f, res.error, 'operators') });
    }
    return reply.redirect('/operators?done=saved', 303);
  }));

  // ---------------------------------------------------------------- audit log

  app.get('/audit', signedIn(async (req, reply, viewer) => {
    const { f } = req.bo;
    const q = req.query as Record<string, string>;
    const orderId = typeof q.orderId === 'string' && UUID.test(q.orderId.trim()) ? q.orderId.trim() : undefined;
    const operatorId = typeof q.operatorId === 'string' && UUID.test(q.operatorId.trim()) ? q.operatorId.trim() : undefined;
    const offset = offsetOf(q);
    const res = await ops.call<AuditResponse>('GET', '/ops/audit', { token: req.bo.token, query: { orderId, operatorId, limit: AUDIT_PAGE_SIZE, offset } });
    if (res.error) return refused(req, reply, viewer, res.error, f.t('audit.title'), 'audit');
    const notice = q.orderId && !orderId ? { kind: 'error' as const, text: f.t('audit.badOrderId') }
      : q.operatorId && !operatorId ? { kind: 'error' as const, text: f.t('audit.badOperatorId') } : null;
    return send(reply, notice ? 400 : 200, f.t('audit.title'), createElement(AuditView, { f, data: res.data, orderId, operatorId, limit: AUDIT_PAGE_SIZE, offset }), req, viewer, notice);
  }));

  return app;
}
