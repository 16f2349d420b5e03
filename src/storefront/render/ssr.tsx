// Streaming server render: react-router's static handler runs the loaders (critical data awaited,
// deferred data left as promises), then React streams the page. People get the shell at once and slow
// parts through Suspense; bots get the complete document (onAllReady). A client that goes away aborts
// the render; a render that takes too long is aborted and finishes in the browser.
import { PassThrough, Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  RouterContextProvider,
  StaticRouterProvider,
  type RouteObject,
  type StaticHandler,
  type StaticHandlerContext,
} from 'react-router';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { buildRoutes } from '../../../views/router.tsx';
import { serverLoaders } from '../../../views/loaders.ts';
import { BootContext } from '../../../views/lib/boot.ts';
import { NonceContext } from '../../../views/lib/nonce.ts';
import { loaderContext, makeShop, type BootInfo, type LoaderContext } from '../../../views/lib/context.tsx';
import { documentTitle, pageMeta } from '../../../views/lib/meta.ts';
import { scriptJson } from '../../../views/components/Streamed.tsx';
import type { RouteHandle } from '../../../views/router.tsx';
import { documentEnd, documentStart, plainPage } from './document.ts';
import type { AssetManifest } from './assets.ts';
import type { Language } from '../../stores.ts';

export interface Renderer {
  routes: RouteObject[];
  handler: StaticHandler;
  /** renders streaming now, and renders cut short by a client that left or by the stream timeout */
  stats: { inFlight: number; aborted: number };
}

export function createRenderer(): Renderer {
  const routes = buildRoutes((route) => (route.loader ? serverLoaders[route.loader] : undefined));
  return { routes, handler: createStaticHandler(routes), stats: { inFlight: 0, aborted: 0 } };
}

const BOT = /bot|crawl|spider|slurp|bingpreview|facebookexternalhit|embedly|quora link preview|whatsapp|linkedin|googleother|lighthouse|headlesschrome\/[\d.]+ \(compatible|curl\/|wget\//i;

export function isBot(userAgent: string | undefined): boolean {
  return !!userAgent && BOT.test(userAgent);
}

export interface RenderInput {
  req: FastifyRequest;
  reply: FastifyReply;
  url: URL;
  lang: Language;
  boot: BootInfo;
  loaderCtx: LoaderContext;
  assets: AssetManifest;
  nonce: string;
  bot: boolean;
  /** absolute origin for canonical links (the store's canonical host) */
  canonicalOrigin: string;
  streamTimeoutMs: number;
}

/** Runs the loaders for a URL. A Response back means a redirect (or a loader's own response). */
export async function query(renderer: Renderer, url: URL, loaderCtx: LoaderContext, signal: AbortSignal, headers?: Headers) {
  const request = new Request(url, { signal, headers });
  return renderer.handler.query(request, {
    requestContext: new RouterContextProvider(new Map([[loaderContext, loaderCtx]])),
  });
}

/** Loader data as JSON for the browser: deferred promises become null (their values stream separately). */
export function serializableLoaderData(data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [id, value] of Object.entries(data)) {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      out[id] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, v instanceof Promise ? null : v]));
    } else out[id] = value;
  }
  return out;
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
  const canonical = input.canonicalOrigin + input.url.pathname;
  const alternates: { hreflang: string; href: string }[] = [];
  if (status < 400 && handle) {
    const other: Language = lang === 'de' ? 'en' : 'de';
    const otherPath = meta.alternates?.[other];
    alternates.push({ hreflang: lang, href: canonical });
    if (otherPath) alternates.push({ hreflang: other, href: input.canonicalOrigin + otherPath });
  }
  const head = documentStart({
    lang,
    title,
    description: meta.description,
    canonical,
    alternates,
    noindex: meta.noindex || status >= 400,
    manifestHref: boot.store === 'us' ? '/manifest-us.webmanifest' : '/manifest.webmanifest',
    assets,
    nonce,
  });

  const hydration = { loaderData: serializableLoaderData(ctx.loaderData), actionData: null, errors: serializeErrors(ctx.errors) };
  const bootstrap = `window.__boot=${scriptJson(boot)};window.__staticRouterHydrationData=${scriptJson(hydration)};`;
  const router = createStaticRouter(renderer.handler.dataRoutes, ctx);

  return new Promise<FastifyReply>((resolve) => {
    const body = new PassThrough();
    let settled = false;
    let finished = false;
    const send = (code: number) => {
      if (settled) return;
      settled = true;
      reply
        .status(code)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'private, no-cache');
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
    const sink = new Writable({
      write(chunk, _enc, cb) {
        if (body.write(chunk)) cb();
        else body.once('drain', () => cb());
      },
      final(cb) {
        finished = true;
        done(false);
        body.end(documentEnd);
        cb();
      },
    });

    const { pipe, abort } = renderToPipeableStream(
      <BootContext.Provider value={boot}>
        <NonceContext.Provider value={nonce}>
          <StaticRouterProvider router={router} context={ctx} hydrate={false} nonce={nonce} />
        </NonceContext.Provider>
      </BootContext.Provider>,
      {
        nonce,
        // Bots get one complete document: no boundary may be outlined behind a script (React outlines
        // completed boundaries past 12.8 KB per flush, which a crawler without JavaScript would not see).
        progressiveChunkSize: input.bot ? Number.MAX_SAFE_INTEGER : undefined,
        bootstrapScriptContent: bootstrap,
        bootstrapModules: [assets.entry],
        onShellReady() {
          if (input.bot) return;
          body.write(head);
          send(status);
          pipe(sink);
        },
        onAllReady() {
          if (!input.bot) return;
          body.write(head);
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
          // Errors inside Suspense boundaries: the browser renders that part again; log once here.
          if ((err as Error)?.name !== 'AbortError') input.req.log.warn({ err }, 'render error');
        },
      },
    );

    const timer = setTimeout(() => {
      done(true);
      abort(new Error('stream timeout'));
    }, input.streamTimeoutMs);
    body.on('close', () => clearTimeout(timer));
    // A client that goes away aborts the render so nothing keeps running for nobody.
    input.reply.raw.on('close', () => {
      clearTimeout(timer);
      if (!finished) {
        done(true);
        abort(new Error('client closed'));
      }
    });
  });
}
