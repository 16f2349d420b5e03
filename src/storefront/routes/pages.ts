// Every page: route rules and guards first, then the loaders, then the streamed render.
// /__data/<path> answers the same loaders as JSON for navigation inside the browser.
// An encapsulated plugin: the session and compression hooks it adds run for pages only.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isRouteErrorResponse } from 'react-router';
import { guard, matchScreen, pageRules, type RuleInput, type RuleResult } from '../route-rules.ts';
import { isBot, query, renderDocument, type Renderer } from '../render/ssr.tsx';
import type { BootInfo, LoaderContext } from '../../../views/server.tsx';
import type { SessionInfo } from '../../contracts/shop-api.ts';
import { CONSENT_COOKIE, parseConsentCookie } from '../../contracts/consent.ts';
import { CURRENCY_COOKIE, chosenCurrency } from '../../contracts/display-currency.ts';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S } from '../../contracts/locale-cookie.ts';
import type { ContentReader, PriceReader } from '../../contracts/loader-ports.ts';
import { localeFor, storeKeys, type StoreKey } from '../../stores.ts';
import { languageOfPath } from '../../screens.ts';
import type { AssetManifest } from '../render/assets.ts';
import { catalogueClient } from '../commerce-client/catalogue.ts';
import type { CommerceHttp } from '../commerce-client/http.ts';
import { AccountAreaClient } from '../commerce-client/account-area.ts';
import { useSessions } from '../session/index.ts';
import { appendVary, negotiate, useCompression } from '../plugins/compression.ts';
import { SHARED_SCREENS, type PageCache } from '../render/page-cache.ts';
import { collectKeys, isPublicAnswer, pageKeys, PRIVATE_CACHE_CONTROL, sendPublic, storeKey } from '../render/surrogate-keys.ts';

export interface PagesOptions {
  renderer: Renderer;
  assets: AssetManifest;
  /** content reader per store and language */
  /** requestId: sent to the content service as x-request-id */
  content: (store: StoreKey, lang: 'de' | 'en', requestId?: string) => ContentReader;
  commerce: CommerceHttp;
  maintenance: boolean;
  streamTimeoutMs: number;
  production: boolean;
  /** public pages kept for the next visitors at the same session level (render/page-cache.ts) */
  pageCache: PageCache;
  /** the store's current prices (price hub), for crawler-only output such as a product's JSON-LD Offer */
  prices?: (store: StoreKey) => PriceReader;
  /** GTM container the browser loads (production with ANALYTICS_CONTAINER_ID only), else null */
  analyticsId?: string | null;
  /** CDN_PUBLIC_PAGES: public pages from the page cache may be kept by a CDN (issue 27) */
  cdnPublic?: boolean;
}

/** spec 3 cookies (validated by the session layer): the page only needs the level. The tokens themselves
 * are checked by the commerce service on every call that needs them, and never reach a page. */
export function sessionOf(req: FastifyRequest): SessionInfo {
  return req.shopSession?.info() ?? { level: 'guest' };
}

/** The session as an answer that shows it sees it: the one-shot expiry notice is delivered (and its
 * cookie cleared). Called once per page or /__data answer, after the loaders ran (a refresh that failed
 * in a loader ends the session). */
function pageSession(req: FastifyRequest): SessionInfo {
  return req.shopSession ? req.shopSession.infoForPage() : sessionOf(req);
}

/** A language picked by ?lang= (spec 2): the lang cookie and the locale cookie i18n_redirected (spec 3). */
function sendLangCookie(reply: FastifyReply, lang: string, production: boolean) {
  void reply.setCookie('lang', lang, { path: '/', maxAge: 365 * 24 * 3600, sameSite: 'lax', secure: production, httpOnly: false });
  void reply.setCookie(LOCALE_COOKIE, lang, { path: '/', maxAge: LOCALE_COOKIE_MAX_AGE_S, sameSite: 'lax', secure: production, httpOnly: false });
}

async function awaitDeferred(value: unknown): Promise<unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const entries = await Promise.all(Object.entries(value).map(async ([k, v]) => [k, v instanceof Promise ? await v.catch(() => null) : v] as const));
  return Object.fromEntries(entries);
}

/** Aborts the loaders when the client goes away before the answer is complete (and only then: an abort
 * builds an AbortError with its stack, which every finished page would otherwise pay for). */
function abortOnLeave(reply: FastifyReply): AbortController {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller;
}

function forwardHeaders(req: FastifyRequest): Headers {
  const h = new Headers();
  for (const name of ['accept-language', 'user-agent']) {
    const v = req.headers[name];
    if (typeof v === 'string') h.set(name, v);
  }
  return h;
}

export async function pagesPlugin(app: FastifyInstance, opts: PagesOptions) {
  useSessions(app);
  useCompression(app);
  const { sessions, stores } = app;

  /** Rules, then guards. Returns the first result that is not 'continue' (with the Vary of any rule). */
  const decide = (req: FastifyRequest, url: URL): { result: RuleResult; vary: string[] } => {
    const input: RuleInput = {
      url,
      store: req.store,
      maintenance: opts.maintenance,
      cookies: req.cookies,
      acceptLanguage: req.headers['accept-language'],
      signedIn: sessionOf(req).level === 'user',
    };
    const first = pageRules(input);
    const vary = first.kind === 'continue' ? (first.vary ?? []) : [];
    if (first.kind !== 'continue') return { result: first, vary };
    const screen = matchScreen(opts.renderer.routes, url.pathname);
    if (screen?.handle.guard) return { result: guard(screen.handle, input), vary };
    return { result: first, vary };
  };

  /** The loader context of a request: built once, before the loaders run. */
  const loaderContextFor = (req: FastifyRequest, reply: FastifyReply): LoaderContext => ({
    store: req.store,
    lang: req.lang,
    locale: localeFor(req.store, req.lang),
    cms: opts.content(req.store, req.lang, req.id),
    catalogue: catalogueClient(opts.commerce, req.store, req.lang),
    session: sessionOf(req),
    account: sessions.accountFor(req, reply),
    accountArea: new AccountAreaClient(sessions.clientFor(req, reply), req.store, req.lang),
    bot: isBot(req.headers['user-agent']),
    origin: stores.originOf(req.store, req.protocol, req.host),
    prices: opts.prices?.(req.store),
  });

  /** The visitor's consent cookie holds a choice (a malformed one counts as none: the banner asks again). */
  const consentDecided = (req: FastifyRequest): boolean => parseConsentCookie(req.cookies[CONSENT_COOKIE]) !== null;
  /** The currency the visitor sees prices in (spec 1: the store's, or USD after a switch). */
  const priceCurrency = (req: FastifyRequest) => chosenCurrency(req.store, req.cookies[CURRENCY_COOKIE]);

  /** Facts of the visit for the browser: built once per page, after the loaders ran. */
  const bootInfo = async (req: FastifyRequest): Promise<BootInfo> => {
    const storeOrigins = {} as Record<StoreKey, string>;
    for (const k of storeKeys) storeOrigins[k] = stores.originOf(k, req.protocol, req.host);
    // the footer's company facts: cached per store by the CMS reader; a CMS failure leaves them out
    const company = await opts.content(req.store, req.lang).company().catch((err: unknown) => (req.log.warn({ err }, 'company facts unavailable'), null));
    return {
      store: req.store, buildId: opts.assets.buildId, canonicalOrigin: storeOrigins[req.store], session: pageSession(req), storeOrigins, analyticsId: opts.analyticsId ?? null,
      consentDecided: consentDecided(req), company, priceCurrency: priceCurrency(req),
    };
  };

  /** The request's URL on its store's own origin (plugins/store.ts), never on the raw Host header;
   * concatenated, not resolved, so a path such as //evil.example/x stays a path on the store's host. */
  const requestUrl = (req: FastifyRequest, path: string): URL =>
    new URL(stores.originOf(req.store, req.protocol, req.host) + (path.startsWith('/') ? path : `/${path}`));

  /** The request's log line names the screen the router matched (every page's route is '/*'). */
  const logScreen = (req: FastifyRequest, url: URL) => {
    req.logContext = { ...req.logContext, screen: matchScreen(opts.renderer.routes, url.pathname)?.handle.screen ?? null };
  };

  /**
   * Whether a kept page may be kept by a CDN too (issue 27). Decision: only the document a first-time guest
   * gets: a person (crawlers get another variant), at the guest level, whose request carries no cookie at all
   * (consent, currency, language and session cookies each change the document or the visitor; a CDN keys by
   * URL). Only a page from the page cache qualifies: it is the same for everyone, without the nonce of one
   * visitor, and its keys are complete (a page being rendered streams before its deferred parts named theirs).
   * And only a public screen (SHARED_SCREENS: home, shop, product, CMS and content pages): a guest's cart,
   * checkout or login page may be kept here, but never by a CDN. And only with CDN_PUBLIC_PAGES=on: such an
   * answer sets no cookie, so without a CDN that would only cost the first form an extra request.
   */
  const cdnMayKeep = (req: FastifyRequest, session: SessionInfo, bot: boolean, publicScreen: boolean) => !!opts.cdnPublic && publicScreen && !bot && session.level === 'guest' && !req.headers.cookie;

  // A public answer that sets a cookie after all (a hook of the session layer) is no longer public.
  app.addHook('onSend', async (_req, reply, payload) => {
    if (reply.getHeader('set-cookie') !== undefined && isPublicAnswer(reply)) {
      void reply.header('cache-control', 'private, no-cache').removeHeader('surrogate-key').removeHeader('cache-tag');
    }
    return payload;
  });

  // The page's surrogate keys are collected while it renders (render/surrogate-keys.ts).
  app.get('/*', (req, reply) => {
    const keys = new Set([storeKey(req.store)]);
    return collectKeys(keys, () => servePage(req, reply, keys));
  });

  const servePage = async (req: FastifyRequest, reply: FastifyReply, keys: Set<string>) => {
    const url = requestUrl(req, req.url);
    logScreen(req, url);
    const { result, vary } = decide(req, url);
    if (vary.length) void reply.header('vary', vary.join(', '));
    if (result.kind === 'redirect') {
      if (result.setLangCookie) sendLangCookie(reply, result.setLangCookie, opts.production);
      return reply.redirect(result.location, result.status);
    }
    if (req.store === 'at' && url.pathname === '/' && url.searchParams.get('lang') === 'de') sendLangCookie(reply, 'de', opts.production);
    // HEAD answers as GET would (issue 28: it answered 200 where GET is 404): the loaders decide the
    // status (an unknown product, a CMS path without a story), and the headers are the document's.
    // Decision: the page itself is not rendered (its status and headers are known once the loaders ran),
    // so a monitor's HEAD costs the loaders only.
    if (req.method === 'HEAD') return headAnswer(req, reply, url);

    const { bot, session, publicScreen, cacheKey: key } = cacheOf(req, url);
    let cacheKey = key;
    const encoding = negotiate(req.headers['accept-encoding']);
    if (cacheKey) {
      const hit = opts.pageCache.get(cacheKey, encoding) ?? (await opts.pageCache.afterRender(cacheKey, encoding, opts.streamTimeoutMs));
      void reply.header('x-page-cache', hit ? 'hit' : 'miss');
      if (hit) {
        // the same document for every guest: its inline scripts are named by hash in the CSP
        req.cspScriptHashes = hit.scriptHashes;
        void reply.type('text/html; charset=utf-8').header('cache-control', publicScreen ? 'private, no-cache' : PRIVATE_CACHE_CONTROL).header('vary', appendVary(reply.getHeader('vary'), 'Accept-Encoding'));
        if (cdnMayKeep(req, session, bot, publicScreen)) sendPublic(reply, hit.keys);
        if (hit.encoding) void reply.header('content-encoding', hit.encoding);
        return reply.send(hit.body);
      }
    }

    // This render fills the cache: the same page's next misses wait for it (until it is kept or given up).
    const release = cacheKey && !reply.raw.closed ? opts.pageCache.claim(cacheKey) : null;
    const purgeMark = opts.pageCache.purgeMark();
    let kept: Promise<void> | null = null;
    if (release) reply.raw.once('close', () => void (kept ?? Promise.resolve()).finally(release));
    const controller = abortOnLeave(reply);
    const loaderCtx = loaderContextFor(req, reply);
    const ctx = await query(opts.renderer, url, loaderCtx, controller.signal, forwardHeaders(req));
    if (ctx instanceof Response) {
      const location = ctx.headers.get('location');
      if (location && ctx.status >= 300 && ctx.status < 400) return reply.redirect(location, ctx.status);
      return reply.status(ctx.status).send(await ctx.text());
    }
    const boot = await bootInfo(req);
    // A loader that ended the session (a refresh refused) renders the page for the new level, with its
    // notice: not what the key's level promises the next visitors.
    if (boot.session.level !== session.level || boot.session.notice) cacheKey = null;
    return renderDocument(opts.renderer, ctx, {
      req,
      reply,
      url,
      lang: req.lang,
      boot,
      assets: opts.assets,
      nonce: req.cspNonce,
      bot,
      canonicalOrigin: boot.canonicalOrigin,
      streamTimeoutMs: opts.streamTimeoutMs,
      encoding,
      onComplete: cacheKey ? (html, expiresAt) => void (kept = opts.pageCache.set(cacheKey, html, expiresAt, { keys: pageKeys(keys), since: purgeMark }).catch((err) => req.log.warn({ err }, 'page not cached'))) : undefined,
      // a public page may be revalidated; a personal one (account, cart, checkout, search) is not stored at all
      cacheControl: cacheKey && publicScreen ? 'private, no-cache' : PRIVATE_CACHE_CONTROL,
    });
  };

  /** Whether and under which key the page cache keeps this page (a HEAD is asked as its GET). */
  const cacheOf = (req: FastifyRequest, url: URL) => {
    const bot = isBot(req.headers['user-agent']);
    // Preview pages show draft content (read with the preview token): never kept for other visitors.
    const handle = matchScreen(opts.renderer.routes, url.pathname)?.handle;
    const draft = handle?.layout === 'preview';
    const session = sessionOf(req);
    const publicScreen = !draft && !!handle?.screen && SHARED_SCREENS.has(handle.screen);
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    const cacheKey = draft ? null : opts.pageCache.keyOf({ method, url, host: url.host, protocol: req.protocol, session, bot, screen: handle?.screen ?? null, consentDecided: consentDecided(req), currency: priceCurrency(req) });
    return { bot, session, publicScreen, cacheKey };
  };

  /** HEAD: the loaders' answer (a redirect or the status) with the headers the document would carry. */
  const headAnswer = async (req: FastifyRequest, reply: FastifyReply, url: URL) => {
    const controller = abortOnLeave(reply);
    const ctx = await query(opts.renderer, url, loaderContextFor(req, reply), controller.signal, forwardHeaders(req));
    if (ctx instanceof Response) {
      const location = ctx.headers.get('location');
      if (location && ctx.status >= 300 && ctx.status < 400) return reply.redirect(location, ctx.status);
      return reply.status(ctx.status).send();
    }
    void reply.status(ctx.statusCode).type('text/html; charset=utf-8');
    // a crawler's error answer is a plain page (ssr.tsx), sent as it is; every other page is the stream
    if (isBot(req.headers['user-agent']) && ctx.statusCode >= 400) return reply.send();
    const encoding = negotiate(req.headers['accept-encoding']);
    // the Cache-Control its GET's rendered document carries (servePage's renderDocument call)
    const { publicScreen, cacheKey } = cacheOf(req, url);
    void reply.header('cache-control', cacheKey && publicScreen ? 'private, no-cache' : PRIVATE_CACHE_CONTROL).header('vary', appendVary(reply.getHeader('vary'), 'Accept-Encoding'));
    if (encoding) void reply.header('content-encoding', encoding);
    return reply.send();
  };

  // A form sent before the page's script took it over (a tap on a slow phone before hydration). Every form the
  // script handles says method="post", so what it holds (a password, an IBAN, an address) never travels in a URL,
  // where access logs, the browser's history and a Referer would keep it. Decision: the storefront does not act
  // on such a post (the script is what calls commerce, with its CSRF header; a second path for the same steps
  // would be a second set of rules): the body is not read, not parsed and not logged, and the answer is 303 to
  // the same page on the store's own origin, where the customer sends the form again once the page is ready.
  app.addContentTypeParser(['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'], (_req, payload, done) => {
    payload.resume();
    done(null, undefined);
  });
  app.post('/*', async (req, reply) => reply.header('cache-control', 'no-store').redirect(requestUrl(req, req.url).href, 303));

  // The browser router's loaders: the same rules, guards and loaders, answered as JSON.
  app.get('/__data/*', async (req, reply) => {
    void reply.header('cache-control', 'private, no-store');
    const rawPath = req.url.slice('/__data'.length) || '/';
    const url = requestUrl(req, rawPath.startsWith('/') ? rawPath : `/${rawPath}`);
    logScreen(req, url);
    // The language of the target page decides the loader's language, not /__data's own path.
    req.lang = languageOfPath(url.pathname);
    const { result } = decide(req, url);
    if (result.kind === 'redirect') return { redirect: result.location };
    const controller = abortOnLeave(reply);
    const ctx = await query(opts.renderer, url, loaderContextFor(req, reply), controller.signal, forwardHeaders(req));
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
