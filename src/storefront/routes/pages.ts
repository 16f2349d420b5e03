// Every page: route rules and guards first, then the loaders, then the streamed render.
// /__data/<path> answers the same loaders as JSON for navigation inside the browser.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isRouteErrorResponse } from 'react-router';
import { guard, matchScreen, pageRules, type RuleInput, type RuleResult } from '../route-rules.ts';
import { isBot, query, renderDocument, type Renderer } from '../render/ssr.tsx';
import { makeShop, type BootInfo, type LoaderContext, type SessionInfo } from '../../../views/lib/context.tsx';
import { storeKeys, type StoreKey } from '../../stores.ts';
import type { AssetManifest } from '../render/assets.ts';
import type { Cms } from '../cms/reader.ts';
import { catalogueClient } from '../commerce-client/catalogue.ts';
import type { CommerceHttp } from '../commerce-client/http.ts';
import type { StoreResolver } from '../plugins/store.ts';
import type { SessionLayer } from '../session/index.ts';

export interface PagesOptions {
  renderer: Renderer;
  assets: AssetManifest;
  cms: Cms;
  commerce: CommerceHttp;
  resolver: StoreResolver;
  maintenance: boolean;
  streamTimeoutMs: number;
  production: boolean;
  /** sessions: validated cookies, token refresh, the account client of loaders */
  sessions: SessionLayer;
}

/** spec 3 cookies (validated by the session layer): the page only needs the level. The tokens themselves
 * are checked by the commerce service on every call that needs them, and never reach a page. */
export function sessionOf(req: FastifyRequest): SessionInfo {
  return req.shopSession?.info() ?? { level: 'guest' };
}

function requestUrl(req: FastifyRequest, path: string): URL {
  return new URL(path, `${req.protocol}://${req.host || 'localhost'}`);
}

function ruleInput(req: FastifyRequest, url: URL, opts: PagesOptions): RuleInput {
  return {
    url,
    store: req.store,
    maintenance: opts.maintenance,
    cookies: req.cookies,
    acceptLanguage: req.headers['accept-language'],
    signedIn: sessionOf(req).level === 'user',
  };
}

/** Rules, then guards. Returns the first result that is not 'continue' (with the Vary of any rule). */
function decide(req: FastifyRequest, url: URL, opts: PagesOptions): { result: RuleResult; vary: string[] } {
  const input = ruleInput(req, url, opts);
  const first = pageRules(input);
  const vary = first.kind === 'continue' ? (first.vary ?? []) : [];
  if (first.kind !== 'continue') return { result: first, vary };
  const screen = matchScreen(opts.renderer.routes, url.pathname);
  if (screen?.handle.guard) return { result: guard(screen.handle, input), vary };
  return { result: first, vary };
}

/** forPage: the answer shows the page, so a one-shot session notice is delivered (and its cookie cleared). */
function bootInfo(req: FastifyRequest, opts: PagesOptions, forPage = false): BootInfo {
  const storeOrigins = Object.fromEntries(storeKeys.map((k) => [k, opts.resolver.originOf(k, req.protocol, req.headers.host)])) as Record<StoreKey, string>;
  return {
    store: req.store,
    buildId: opts.assets.buildId,
    canonicalOrigin: storeOrigins[req.store],
    session: forPage && req.shopSession ? req.shopSession.infoForPage() : sessionOf(req),
    storeOrigins,
  };
}

function loaderContextFor(req: FastifyRequest, reply: FastifyReply, opts: PagesOptions): LoaderContext {
  const shop = makeShop(bootInfo(req, opts), req.lang);
  return {
    store: req.store,
    lang: req.lang,
    locale: shop.locale,
    cms: opts.cms.reader(req.store, req.lang),
    catalogue: catalogueClient(opts.commerce, req.store, req.lang),
    session: sessionOf(req),
    account: opts.sessions.accountFor(req, reply),
  };
}

function sendLangCookie(reply: FastifyReply, lang: string, production: boolean) {
  void reply.setCookie('lang', lang, { path: '/', maxAge: 365 * 24 * 3600, sameSite: 'lax', secure: production, httpOnly: false });
}

async function awaitDeferred(value: unknown): Promise<unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const entries = await Promise.all(Object.entries(value).map(async ([k, v]) => [k, v instanceof Promise ? await v.catch(() => null) : v] as const));
  return Object.fromEntries(entries);
}

export function registerPages(app: FastifyInstance, opts: PagesOptions) {
  app.get('/*', async (req, reply) => {
    const url = requestUrl(req, req.url);
    const { result, vary } = decide(req, url, opts);
    if (vary.length) void reply.header('vary', vary.join(', '));
    if (result.kind === 'redirect') {
      if (result.setLangCookie) sendLangCookie(reply, result.setLangCookie, opts.production);
      return reply.redirect(result.location, result.status);
    }
    if (req.store === 'at' && url.pathname === '/' && url.searchParams.get('lang') === 'de') sendLangCookie(reply, 'de', opts.production);

    const controller = new AbortController();
    reply.raw.on('close', () => controller.abort());
    const ctx = await query(opts.renderer, url, loaderContextFor(req, reply, opts), controller.signal, forwardHeaders(req));
    if (ctx instanceof Response) {
      const location = ctx.headers.get('location');
      if (location && ctx.status >= 300 && ctx.status < 400) return reply.redirect(location, ctx.status);
      return reply.status(ctx.status).send(await ctx.text());
    }
    return renderDocument(opts.renderer, ctx, pageInput(req, reply, url, opts));
  });

  // The browser router's loaders: the same rules, guards and loaders, answered as JSON.
  app.get('/__data/*', async (req, reply) => {
    void reply.header('cache-control', 'private, no-store');
    const rawPath = req.url.slice('/__data'.length) || '/';
    const url = requestUrl(req, rawPath.startsWith('/') ? rawPath : `/${rawPath}`);
    // The language of the target page decides the loader's language, not /__data's own path.
    req.lang = url.pathname === '/en' || url.pathname.startsWith('/en/') ? 'en' : 'de';
    const { result } = decide(req, url, opts);
    if (result.kind === 'redirect') return { redirect: result.location };
    const controller = new AbortController();
    reply.raw.on('close', () => controller.abort());
    const ctx = await query(opts.renderer, url, loaderContextFor(req, reply, opts), controller.signal, forwardHeaders(req));
    if (ctx instanceof Response) {
      const location = ctx.headers.get('location');
      return location ? { redirect: location } : { error: { status: ctx.status, data: null }, session: pageSession(req) };
    }
    const errors = ctx.errors ? Object.values(ctx.errors) : [];
    if (errors.length) {
      const err = errors[0];
      if (isRouteErrorResponse(err)) return { error: { status: err.status, data: err.data }, session: pageSession(req) };
      req.log.error({ err }, 'loader failed');
      return { error: { status: 500, data: null }, session: pageSession(req) };
    }
    const leaf = ctx.matches[ctx.matches.length - 1];
    const data = leaf ? await awaitDeferred(ctx.loaderData[leaf.route.id]) : null;
    // The browser keeps its header (My account / Log in) in step with the cookies after every navigation.
    return { data, session: pageSession(req) };
  });
}

function pageSession(req: FastifyRequest): SessionInfo {
  return req.shopSession ? req.shopSession.infoForPage() : sessionOf(req);
}

function forwardHeaders(req: FastifyRequest): Headers {
  const h = new Headers();
  for (const name of ['accept-language', 'user-agent']) {
    const v = req.headers[name];
    if (typeof v === 'string') h.set(name, v);
  }
  return h;
}

function pageInput(req: FastifyRequest, reply: FastifyReply, url: URL, opts: PagesOptions) {
  const boot = bootInfo(req, opts, true);
  return {
    req,
    reply,
    url,
    lang: req.lang,
    boot,
    loaderCtx: loaderContextFor(req, reply, opts),
    assets: opts.assets,
    nonce: req.cspNonce,
    bot: isBot(req.headers['user-agent']),
    canonicalOrigin: boot.canonicalOrigin,
    streamTimeoutMs: opts.streamTimeoutMs,
  };
}
