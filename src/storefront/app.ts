// buildStorefrontApp: the Fastify app users hit. It registers plugins and routes and never listens;
// src/main.ts listens. Upstreams are reached over HTTP exactly as external ones would be.
import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';
import { createService } from '../lib/service.ts';
import { Cms } from './cms/reader.ts';
import { registerSecurityHeaders } from './plugins/security.ts';
import { registerStore, storeResolver } from './plugins/store.ts';
import { registerStatic } from './plugins/static.ts';
import { registerHealth } from './routes/health.ts';
import { registerPages } from './routes/pages.ts';
import { registerBuilds } from './routes/builds.ts';
import { createRenderer } from './render/ssr.tsx';
import { loadAssets, type AssetManifest } from './render/assets.ts';
import { CommerceHttp } from './commerce-client/http.ts';

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
}

export interface Storefront {
  app: FastifyInstance;
  cms: Cms;
  commerce: CommerceHttp;
}

export async function buildStorefrontApp(opts: StorefrontOptions): Promise<Storefront> {
  const { config } = opts;
  const production = config.NODE_ENV === 'production';
  const app = createService({ name: 'storefront', logLevel: config.LOG_LEVEL, logger: opts.logger, trustProxy: config.TRUST_PROXY === 'on', bodyLimit: 64 * 1024 });
  const assets = opts.assets ?? loadAssets(config.BUILD_ID || undefined);
  const resolver = storeResolver(config.STORE_HOSTS, config.DEFAULT_STORE);
  const commerce = new CommerceHttp({ baseUrl: opts.upstreams.commerce });
  app.addHook('onClose', async () => commerce.close());
  const cms = new Cms({ endpoint: opts.upstreams.cms, token: config.CMS_TOKEN, cacheTtlMs: config.CMS_CACHE_TTL_S * 1000 });

  await app.register(fastifyCookie);
  registerStore(app, resolver);
  registerSecurityHeaders(app, { production });
  const renderer = createRenderer();
  registerHealth(app, [
    { name: 'commerce', url: `${opts.upstreams.commerce}/health` },
    { name: 'prices', url: `${opts.upstreams.prices}/health` },
    { name: 'cms', url: `${opts.upstreams.cms}/cdn/spaces/me?token=${encodeURIComponent(config.CMS_TOKEN)}` },
  ], { renders: () => ({ ...renderer.stats }) });
  await registerStatic(app);
  registerBuilds(app, assets);
  registerPages(app, {
    renderer,
    assets,
    cms,
    commerce,
    resolver,
    maintenance: config.MAINTENANCE === 'on',
    streamTimeoutMs: opts.streamTimeoutMs ?? 10_000,
    production,
  });
  return { app, cms, commerce };
}
