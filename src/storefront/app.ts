// buildStorefrontApp: the Fastify app users hit. It registers plugins and routes and never listens;
// src/main.ts listens. Upstreams are reached over HTTP exactly as external ones would be.
import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';
import { createService, trustOneProxy } from '../lib/service.ts';
import { Cms } from './cms/reader.ts';
import { registerCspReports } from './routes/csp-reports.ts';
import { securityPlugin } from './plugins/security.ts';
import { storePlugin, storeResolver } from './plugins/store.ts';
import { registerLoadShedding } from './plugins/limits.ts';
import { registerStatic } from './plugins/static.ts';
import { registerHealth } from './routes/health.ts';
import { pagesPlugin } from './routes/pages.ts';
import { registerBuilds } from './routes/builds.ts';
import { createRenderer } from './render/ssr.tsx';
import { canonicalListingQuery } from '../../views/server.tsx';
import { PageCache } from './render/page-cache.ts';
import { loadAssets, type AssetManifest } from './render/assets.ts';
import { CommerceHttp } from './commerce-client/http.ts';
import { sessionPlugin, type SessionLayer } from './session/index.ts';
import { apiPlugin } from './routes/api/index.ts';
import { registerDevMailbox } from './routes/dev-mailbox.ts';
import { hostTable } from '../stores.ts';
import { createPriceHub, type PriceHub, type PriceHubOptions } from './price-hub/hub.ts';
import { registerPriceRoutes } from './routes/prices.ts';
import { priceReader } from './price-hub/current-prices.ts';
import { registerSeo } from './routes/seo.ts';
import { localFleet, type Fleet } from './fleet.ts';
import { serviceCredential } from '../lib/service-secret.ts';
import { registerPurge } from './routes/purge.ts';
import { countRequests, metricsRoute } from '../lib/metrics.ts';
import { createStorefrontMetrics, storefrontGauges, storefrontRoute, type StorefrontMetrics } from './metrics.ts';

export interface Upstreams {
  commerce: string;
  prices: string;
  /** content API base including /v2 */
  cms: string;
}

export interface StorefrontOptions {
  config: Config;
  upstreams: Upstreams;
  assets?: AssetManifest;
  logger?: FastifyServerOptions['logger'];
  streamTimeoutMs?: number;
  /** price hub tuning for tests and benchmarks (reconnect delay, heartbeat, socket limit) */
  /** requests per second to the content API (default 5, spec 9): tests with many uncached page views raise it */
  cmsRateLimit?: number;
  priceHub?: Partial<Pick<PriceHubOptions, 'reconnectDelayMs' | 'heartbeatMs' | 'maxSockets' | 'upstreamSilenceMs' | 'maxBufferedBytes' | 'threads' | 'startedGraceMs'>>;
  /** the storefront's workers for /health (src/storefront/fleet.ts); default: this process alone */
  fleet?: (hub: PriceHub, accepting: () => boolean) => Fleet;
  /** this process's worker number for the metrics' worker label (default SHOP_WORKER, else 0) */
  worker?: number;
  /** the time the metrics measure the price set's age on (default Date.now; tests pass a fake one) */
  clock?: () => number;
  /** the instance's other workers, for a purge (routes/purge.ts); default: this process alone */
  workers?: PurgeRelay;
}

/** How a purge reaches this instance's other storefront processes (src/storefront/main.ts: the supervisor). */
export interface PurgeRelay {
  /** tells every other worker of the instance */
  send(keys: string[]): void;
  /** a purge another worker received; returns the unsubscribe */
  subscribe(listener: (keys: string[]) => void): () => void;
}

export interface Storefront {
  app: FastifyInstance;
  cms: Cms;
  commerce: CommerceHttp;
  priceHub: PriceHub;
  /** customer sessions (cookies, token refresh, the session-aware commerce client) */
  sessions: SessionLayer;
  /** issue 27: this process's Prometheus series (GET /metrics; main.ts serves them on the worker's own port too) */
  metrics: StorefrontMetrics;
}

export async function buildStorefrontApp(opts: StorefrontOptions): Promise<Storefront> {
  const { config } = opts;
  const production = config.NODE_ENV === 'production';
  // TRUST_PROXY=on: one proxy hop trusted, the client is the last X-Forwarded-For entry (lib/service.ts)
  const app = createService({ name: 'storefront', logLevel: config.LOG_LEVEL, logger: opts.logger, trustProxy: config.TRUST_PROXY === 'on' ? trustOneProxy : false, bodyLimit: 64 * 1024 });
  // issue 27: every answer counted (src/storefront/metrics.ts), by a hook on the root before any plugin
  const metrics = createStorefrontMetrics(opts.worker ?? Number(process.env.SHOP_WORKER ?? 0));
  countRequests(app, metrics, storefrontRoute);
  const assets = opts.assets ?? loadAssets(config.BUILD_ID || undefined);
  const resolver = storeResolver(config.STORE_HOSTS, config.DEFAULT_STORE);
  const commerce = new CommerceHttp({ baseUrl: opts.upstreams.commerce });
  app.addHook('onClose', async () => commerce.close());
  const cms = new Cms({ endpoint: opts.upstreams.cms, token: config.CMS_TOKEN, previewToken: config.CMS_PREVIEW_TOKEN, cacheTtlMs: config.CMS_CACHE_TTL_S * 1000, rateLimit: opts.cmsRateLimit, log: app.log });

  // Cross-cutting concerns are plugins with names and dependencies (fastify-plugin); the route plugins
  // below are encapsulated, so the hooks they add (sessions, compression) run for their routes only.
  await app.register(fastifyCookie);
  await app.register(storePlugin, { resolver });
  // Overload: 503 with Retry-After before any work (plugins/limits.ts); after the store plugin for the language.
  await registerLoadShedding(app, config);
  // spec 1: analytics only outside development, and only with a container configured
  const analyticsId = production && config.ANALYTICS_CONTAINER_ID ? config.ANALYTICS_CONTAINER_ID : null;
  await app.register(securityPlugin, { production, analytics: analyticsId !== null });
  // spec 3/9 session cookies: Secure, path /, SameSite Lax, living as long as the refresh token
  await app.register(sessionPlugin, { http: commerce, flags: { secure: true, maxAgeS: config.REFRESH_TOKEN_TTL_S }, serviceToken: serviceCredential(config) });
  const sessions = app.sessions;
  await app.register(apiPlugin, { commerce, config });
  registerDevMailbox(app, { commerce, assets, production });
  const renderer = createRenderer();
  // Public pages are kept as long as their CMS content is (render/page-cache.ts); filtered listings by
  // their canonical query.
  const pageCache = new PageCache({ ttlMs: config.CMS_CACHE_TTL_S * 1000, canonicalQuery: canonicalListingQuery });
  // The price hub: one upstream socket per process, the browsers' sockets on /ws/prices (Origin: the
  // store hosts; plain localhost too outside production), prices answered from its cache.
  const originHosts = new Set(hostTable(config.STORE_HOSTS).keys());
  if (!production) for (const h of ['localhost', '127.0.0.1']) originHosts.add(h);
  const priceHub = createPriceHub({
    pricesUrl: opts.upstreams.prices,
    storeOf: resolver.storeOf,
    originHosts,
    log: app.log,
    maxSockets: config.PRICE_SOCKETS_MAX,
    ...opts.priceHub,
  });
  app.addHook('onReady', async () => priceHub.start(app.server));
  // Before the server stops: its upgraded sockets would keep server.close() waiting.
  app.addHook('preClose', async () => priceHub.close());
  registerPriceRoutes(app, priceHub);
  // issue 27: GET /metrics for the internal network (src/lib/metrics.ts)
  storefrontGauges(metrics.registry, { hub: priceHub, pageCache, clock: opts.clock });
  metricsRoute(app, metrics.registry, config.ADMIN_TOKEN);
  // Readiness: every storefront process holds a price set (a page without its Offer is no ready page).
  const fleet = (opts.fleet ?? localFleet)(priceHub, () => app.server.listening);
  // the supervisor hears at once that this worker takes connections (a restarted one only once it has prices)
  app.server.on('listening', () => fleet.refresh());
  app.addHook('onClose', async () => fleet.close());
  registerHealth(app, [
    { name: 'commerce', url: `${opts.upstreams.commerce}/health` },
    // the price service the hub's socket uses (of several, the active one: issue 27)
    { name: 'prices', url: () => `${priceHub.health().upstream.url.replace(/^ws/, 'http').replace(/\/ws$/, '')}/health` },
    { name: 'cms', url: `${opts.upstreams.cms}/cdn/spaces/me?token=${encodeURIComponent(config.CMS_TOKEN)}` },
  ], { renders: () => ({ ...renderer.stats }), priceHub: () => {
    const { upstreamConnections, expected, ready, workers } = fleet.summary();
    return { ...priceHub.health(), upstreamConnections, workers: { expected, withPrices: ready, list: workers } };
  } }, { ready: () => (fleet.ready() ? null : 'prices_not_ready') });
  await registerStatic(app);
  registerBuilds(app, assets);
  registerSeo(app, { commerce, cms, ttlMs: config.CMS_CACHE_TTL_S * 1000 });
  // issue 27: a publish drops exactly the pages (and content loads) that show what changed, in every worker
  const purgeLocal = (keys: string[]) => ({ pages: pageCache.purge(keys), content: cms.purge(keys) });
  const unsubscribe = opts.workers?.subscribe((keys) => purgeLocal(keys));
  if (unsubscribe) app.addHook('onClose', async () => unsubscribe());
  registerPurge(app, { secret: config.PURGE_SECRET || serviceCredential(config), purgeLocal, tellWorkers: (keys) => opts.workers?.send(keys) });
  registerCspReports(app);
  await app.register(pagesPlugin, {
    renderer,
    assets,
    content: (store, lang, requestId) => cms.reader(store, lang, requestId),
    commerce,
    maintenance: config.MAINTENANCE === 'on',
    streamTimeoutMs: opts.streamTimeoutMs ?? 10_000,
    production,
    pageCache,
    prices: (store) => priceReader(priceHub, store),
    analyticsId,
    cdnPublic: config.CDN_PUBLIC_PAGES === 'on',
  });
  return { app, cms, commerce, priceHub, sessions, metrics };
}
