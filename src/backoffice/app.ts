// The back office: a web app for staff (issue 15), its own Fastify app, server-rendered React with plain
// HTML forms and no client script. It talks to the commerce service's /ops API over HTTP with the operator's
// token and never touches a database. `buildBackofficeApp` never listens; src/main.ts does.
//
// This file builds the app: logging, the forms' parsers, the session and CSRF hooks (session.ts), the
// security headers, the error pages, and the screens (screens/<screen>/routes.ts, each a Fastify plugin with
// its view beside it; what they share is in ui/).
//
// Security decisions (the session and CSRF ones: session.ts):
// - Headers: a CSP without any script source (`default-src 'none'`), frame-ancestors 'none', nosniff,
//   no referrer to other sites, no caching of pages (they show customers' data).
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import { createElement } from 'react';
import { partBase, prettyTransport, trustOneProxy } from '../lib/service.ts';
import { drainOnClose } from '../lib/drain.ts';
import { backofficeMetrics } from './metrics.ts';
import { fmtFor } from './format.ts';
import { opsClient } from './ops-client.ts';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { readUpload, uploadLimits } from './forms.ts';
import type { ScreenContext } from './screen.ts';
import { sessionHooks, signedInWith } from './session.ts';
import { auditScreen } from './screens/audit/routes.ts';
import { bankStatementsScreen } from './screens/bank-statements/routes.ts';
import { casesScreen } from './screens/cases/routes.ts';
import { documentsScreen } from './screens/documents/routes.ts';
import { operatorsScreen } from './screens/operators/routes.ts';
import { meScreen } from './screens/me/routes.ts';
import { orderScreen } from './screens/order/routes.ts';
import { ordersScreen } from './screens/orders/routes.ts';
import { signInScreen } from './screens/sign-in/routes.ts';
import { secondStepScreen } from './screens/second-step/routes.ts';
import { Page, renderPage } from './ui/frame.tsx';
import { notFound } from './ui/page.ts';
import { backofficeCss } from './ui/style.ts';

export { COOKIE } from './session.ts';

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
  /** ADMIN_TOKEN: a scraper on another machine may read GET /metrics with it (loopback may without) */
  adminToken?: string;
  /** how long a statement upload waits for its import job before it shows the progress page (default 3 s) */
  statementWaitMs?: number;
}

export const backofficeCsp = [
  `default-src 'none'`,
  `style-src 'self'`,
  `img-src 'self'`,
  `form-action 'self'`,
  `frame-ancestors 'none'`,
  `base-uri 'none'`,
].join('; ');

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
  // on close: idle connections closed at once, requests in flight finish within the part's budget
  drainOnClose(app);
  // issue 27: every answer and the failed sign-ins counted, GET /metrics for the internal network
  backofficeMetrics(app, opts.adminToken || undefined);
  const ops = opsClient(opts.commerceUrl, opts.serviceSecret);

  await app.register(cookie);

  // Decision (issue 24): the field's maintained parsers instead of our own. Forms: @fastify/formbody with its
  // default parser (fast-querystring: an object without Object's prototype, a repeated name gives a list, so
  // a field named `constructor` or `__proto__` is a field like any other). The statement upload:
  // @fastify/multipart, read in full before the CSRF check (forms.ts).
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  await app.register(multipart, { limits: uploadLimits });
  app.addHook('preValidation', readUpload);

  sessionHooks(app);

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

  // ---------------------------------------------------------------- files

  app.get('/assets/backoffice.css', async (_req, reply) => reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(backofficeCss));
  // a readiness probe: Fastify's own request lines here are info, so the route logs from warn up only
  app.get('/health', { logLevel: 'warn' }, async () => ({ status: 'ok' }));
  // browsers ask for it on every page; there is none (no 404 in the log for each page view)
  app.get('/favicon.ico', async (_req, reply) => reply.code(204).header('cache-control', 'public, max-age=86400').send());

  // ---------------------------------------------------------------- the screens

  const ctx: ScreenContext = { ops, signedIn: signedInWith(ops), statementWaitMs: opts.statementWaitMs ?? 3000 };
  for (const screen of [signInScreen, secondStepScreen, ordersScreen, orderScreen, bankStatementsScreen, casesScreen, operatorsScreen, auditScreen, meScreen, documentsScreen]) await app.register(screen, ctx);

  return app;
}
