// Streaming server render: react-router's static handler runs the loaders (critical data awaited,
// deferred data left as promises), then React streams the page. People get the shell at once and slow
// parts through Suspense; bots get the complete document (onAllReady). A client that goes away aborts
// the render; a render that takes too long is aborted and finishes in the browser.
import { PassThrough, Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { createIsbotFromList, list } from 'isbot';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  type RouteObject,
  type StaticHandler,
  type StaticHandlerContext,
} from 'react-router';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  alternatePath, createServerRoutes, documentTitle, makeShop, pageMeta, routerContext, scriptJson, ServerApp, type BootInfo, type LoaderContext, type RouteHandle,
} from '../../../views/server.tsx';
import { documentEnd, documentStart, plainPage } from './document.ts';
import type { AssetManifest } from './assets.ts';
import { languageOfPath } from '../../screens.ts';
import { stringsOf } from '../../i18n.ts';
import { hydrationJson } from './shared-json.ts';
import { imagePreloadsOf, type ImagePreload } from './image-preloads.ts';
import { breadcrumbJsonLd, canonicalQuery, hreflangAlternates, organizationJsonLd, screenIsNoindex, websiteJsonLd } from './seo-head.ts';
import { localeFor, type Language, type StoreKey } from '../../stores.ts';
import { appendVary, createCompressor, flushCompressor, type Encoding } from '../plugins/compression.ts';

export interface Renderer {
  /** every screen in both languages (guards match against these) */
  routes: RouteObject[];
  /** the static handler per language: a request is matched against its language's routes only */
  handlers: Record<Language, StaticHandler>;
  /** renders streaming now, and renders cut short by a client that left or by the stream timeout */
  stats: { inFlight: number; aborted: number };
}

export function createRenderer(): Renderer {
  return {
    routes: createServerRoutes(),
    handlers: { de: createStaticHandler(createServerRoutes('de')), en: createStaticHandler(createServerRoutes('en')) },
    stats: { inFlight: 0, aborted: 0 },
  };
}

/**
 * Crawlers: isbot's pattern list (npm `isbot`, maintained against the user agents Google, Bing, Apple,
 * Yandex, social previews and monitors document, with tests for each), which knows Google-InspectionTool,
 * Mediapartners-Google, Storebot-Google, AdsBot-Google and GoogleOther where our own pattern missed them.
 * Decision: its generic "headless" entry is left out: a bare HeadlessChrome is a browser under automation
 * (our own browser tests, a monitor), not a crawler, and must see the page people see; the crawlers that
 * render with headless Chrome name themselves (Googlebot, Google-InspectionTool, Chrome-Lighthouse).
 * curl and wget stay crawlers, as before (a plain fetch gets the complete document).
 */
const isCrawler = createIsbotFromList([...list.filter((p) => p !== 'headless'), 'curl/', 'wget/']);

export function isBot(userAgent: string | undefined): boolean {
  return !!userAgent && isCrawler(userAgent);
}

export interface RenderInput {
  req: FastifyRequest;
  reply: FastifyReply;
  url: URL;
  lang: Language;
  boot: BootInfo;
  assets: AssetManifest;
  nonce: string;
  bot: boolean;
  /** absolute origin for canonical links (the store's canonical host) */
  canonicalOrigin: string;
  streamTimeoutMs: number;
  /** compress the stream (br or gzip), flushed after each of React's writes */
  encoding: Encoding | null;
  /** called with the whole document when it was rendered completely, with status 200 and no error
   * (the page cache keeps it, at most until expiresAt when the page says so) */
  onComplete?: (html: string, expiresAt?: number) => void;
  /** the answer's Cache-Control (default private, no-cache: rendered for this visitor, with its nonce) */
  cacheControl?: string;
}

/** Runs the loaders for a URL. A Response back means a redirect (or a loader's own response). */
export async function query(renderer: Renderer, url: URL, loaderCtx: LoaderContext, signal: AbortSignal, headers?: Headers) {
  const request = new Request(url, { signal, headers });
  return renderer.handlers[languageOfPath(url.pathname)].query(request, { requestContext: routerContext(loaderCtx) });
}

/** Errors in react-router's hydration format (RouteErrorResponse survives; other errors lose their stack). */
export function serializeErrors(errors: StaticHandlerContext['errors']): Record<string, unknown> | null {
  if (!errors) return null;
  const out: Record<string, unknown> = {};
  for (const [id, err] of Object.entries(errors)) {
    if (isRouteErrorResponse(err)) out[id] = { ...err, __type: 'RouteErrorResponse' };
    else out[id] = { message: 'Server error', __type: 'Error' };
  }
  return out;
}

/**
 * The web manifest of a page: the US store's, else the European stores' in the page's language (issue 28:
 * English pages install the English app, with the English start page).
 */
export function manifestHref(store: StoreKey, lang: Language): string {
  if (store === 'us') return '/manifest-us.webmanifest';
  return lang === 'en' ? '/manifest-en.webmanifest' : '/manifest.webmanifest';
}

/** The page's structured data: its loader's own (a product), the breadcrumb trail on pages that show one,
 * and on the home page the company and the site with its search. */
function siteJsonLd(shop: ReturnType<typeof makeShop>, handle: RouteHandle | undefined, meta: ReturnType<typeof pageMeta>, url: string, boot: BootInfo): Record<string, unknown>[] {
  const origin = boot.canonicalOrigin;
  const out: Record<string, unknown>[] = [...(meta.jsonLd ?? [])];
  const crumbs = breadcrumbJsonLd({ handle, origin, lang: shop.lang, url, title: meta.title, t: (k) => shop.t(k) });
  if (crumbs) out.push(crumbs);
  if (handle?.screen === 'home') {
    const name = shop.t('shop.name');
    if (boot.company) out.push(organizationJsonLd({ origin, lang: shop.lang, name, company: boot.company }));
    out.push(websiteJsonLd({ origin, lang: shop.lang, name, locale: localeFor(boot.store, shop.lang) }));
  }
  return out;
}

export async function renderDocument(renderer: Renderer, ctx: StaticHandlerContext, input: RenderInput): Promise<FastifyReply> {
  const { reply, lang, boot, assets, nonce } = input;
  const status = ctx.statusCode;
  const shop = makeShop(boot, lang);
  const leaf = ctx.matches[ctx.matches.length - 1];
  const handle = leaf?.route.handle as RouteHandle | undefined;
  const leafData = leaf ? ctx.loaderData[leaf.route.id] : undefined;
  const meta = pageMeta(leafData);

  if (input.bot && status >= 400) {
    // spec 2: bot user agents are not shown an error page.
    const title = status === 404 ? shop.t('error.notFoundTitle') : shop.t('error.serverTitle');
    return reply.status(status).type('text/html; charset=utf-8').send(plainPage(lang, title, status === 404 ? shop.t('error.notFound', { path: input.url.pathname }) : shop.t('error.server')));
  }

  const title = status === 404 ? `${shop.t('error.notFoundTitle')} | ${shop.t('shop.name')}` : status >= 500 ? `${shop.t('error.serverTitle')} | ${shop.t('shop.name')}` : documentTitle(shop, handle, leafData);
  const query = canonicalQuery(input.url);
  const canonical = input.canonicalOrigin + input.url.pathname + query;
  // hreflang: this page and the same screen in the other language (views/lib/meta.ts alternatePath), on
  // every store's host, named by language and region, and x-default (seo-head.ts).
  const alternates = status < 400 && handle
    ? hreflangAlternates({ lang, path: input.url.pathname, otherPath: alternatePath(handle, leaf?.params ?? {}, meta, lang === 'de' ? 'en' : 'de'), query, origins: boot.storeOrigins })
    : [];
  // the head is written when the shell is ready: by then React has named the images the shell preloads
  let images: ImagePreload[] = [];
  const head = () => documentStart({
    images,
    lang,
    title,
    description: meta.description,
    canonical,
    alternates,
    noindex: meta.noindex || status >= 400 || screenIsNoindex(handle?.screen),
    image: status < 400 ? meta.image : undefined,
    manifestHref: manifestHref(boot.store, lang),
    jsonLd: status < 400 ? siteJsonLd(shop, handle, meta, canonical, boot).map(scriptJson) : undefined,
    assets,
    nonce,
  });
  const cacheUntil = meta.cacheUntil ? Date.parse(meta.cacheUntil) : undefined;

  // The page paints before its script runs: the entry (fetched meanwhile through the head's modulepreload
  // links) is imported after the first frame, so compiling and hydrating on a slow phone never holds back
  // the first paint of the server-rendered page (its largest paint, issue 16). A hidden tab, which gets no
  // frames, starts it by the timer.
  const start = `var s=function(){s&&import(${scriptJson(assets.entry)});s=null};requestAnimationFrame(function(){setTimeout(s,0)});setTimeout(s,1000);`;
  const bootstrap = `window.__boot=${scriptJson(boot)};window.__staticRouterHydrationData=${hydrationJson(ctx.loaderData, serializeErrors(ctx.errors))};${start}`;
  const router = createStaticRouter(renderer.handlers[lang].dataRoutes, ctx);
  const strings = new Set<string>();

  return new Promise<FastifyReply>((resolve) => {
    // The answer's body: the compressor when the browser takes br or gzip (React flushes it after each
    // batch of writes, so nothing waits behind a slow Suspense boundary), else a plain pass-through.
    const compressor = input.encoding ? createCompressor(input.encoding) : null;
    const body: PassThrough | NonNullable<typeof compressor> = compressor ?? new PassThrough();
    let settled = false;
    let finished = false;
    const send = (code: number) => {
      if (settled) return;
      settled = true;
      reply
        .status(code)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', input.cacheControl ?? 'private, no-cache')
        .header('vary', appendVary(reply.getHeader('vary'), 'Accept-Encoding'));
      if (input.encoding) reply.header('content-encoding', input.encoding);
      resolve(reply.send(body));
    };
    const stats = renderer.stats;
    stats.inFlight++;
    let counted = true;
    const done = (aborted: boolean) => {
      if (!counted) return;
      counted = false;
      stats.inFlight--;
      if (aborted) stats.aborted++;
    };
    // React writes its output in 2 KB pieces and calls flush() after each batch (react-dom/server's Node
    // stream). The pieces of a batch are collected and handed on as one write at the flush: a handful of
    // writes per page instead of dozens, and the compressor is flushed once per batch, so every batch
    // still reaches the browser at once.
    const pending: Buffer[] = [];
    // the whole document, kept only when someone wants it (the page cache) and nothing went wrong
    let captured: Buffer[] | null = input.onComplete && status === 200 ? [] : null;
    const writeHead = () => {
      const start = head();
      body.write(start);
      captured?.push(Buffer.from(start));
    };
    const handOn = () => {
      if (pending.length === 0) return;
      const batch = pending.length === 1 ? pending[0] : Buffer.concat(pending);
      body.write(batch);
      captured?.push(batch);
      pending.length = 0;
    };
    const sink = new Writable({
      write(chunk: Buffer, _enc, cb) {
        pending.push(chunk);
        cb();
      },
      final(cb) {
        finished = true;
        done(false);
        handOn();
        // the page ships the strings it rendered, of its language only (not both locale files in the bundle);
        // the browser's entry waits for them before hydrating (client/state/strings.ts)
        const end = documentEnd(`<script nonce="${nonce}">window.__strings=${scriptJson({ lang, table: stringsOf(lang, strings) })}</script>`);
        body.end(end);
        if (captured) input.onComplete?.(Buffer.concat(captured).toString() + end, cacheUntil);
        cb();
      },
    });
    Object.assign(sink, {
      flush() {
        handOn();
        if (compressor) flushCompressor(compressor);
      },
    });

    const { pipe, abort } = renderToPipeableStream(
      <ServerApp boot={boot} nonce={nonce} router={router} context={ctx} strings={strings} />,
      {
        nonce,
        // Bots get one complete document: no boundary may be outlined behind a script (React outlines
        // completed boundaries past 12.8 KB per flush, which a crawler without JavaScript would not see).
        progressiveChunkSize: input.bot ? Number.MAX_SAFE_INTEGER : undefined,
        bootstrapScriptContent: bootstrap,
        // React's early preloads (image-preloads.ts): called before onShellReady and onAllReady
        onHeaders(headers) {
          images = imagePreloadsOf(headers.Link);
        },
        onShellReady() {
          if (input.bot) return;
          writeHead();
          send(status);
          pipe(sink);
        },
        onAllReady() {
          if (!input.bot) return;
          writeHead();
          send(status);
          pipe(sink);
        },
        onShellError(err) {
          done(false);
          input.req.log.error({ err }, 'render shell failed');
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          resolve(reply.status(500).type('text/html; charset=utf-8').send(plainPage(lang, shop.t('error.serverTitle'), shop.t('error.server'), assets)));
        },
        onError(err) {
          captured = null;
          // Errors inside Suspense boundaries: the browser renders that part again; log once here.
          if ((err as Error)?.name !== 'AbortError') input.req.log.warn({ err }, 'render error');
        },
      },
    );

    const timer = setTimeout(() => {
      captured = null;
      done(true);
      abort(new Error('stream timeout'));
    }, input.streamTimeoutMs);
    body.on('close', () => clearTimeout(timer));
    // A client that goes away aborts the render so nothing keeps running for nobody.
    input.reply.raw.on('close', () => {
      clearTimeout(timer);
      if (!finished) {
        captured = null;
        done(true);
        abort(new Error('client closed'));
      }
    });
  });
}
