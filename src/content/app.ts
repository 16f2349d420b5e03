// The content service: a subset of Storyblok's Content Delivery API v2 serving the shop's stories, so
// that storyblok-js-client works against it unmodified (endpoint: http://host:port/v2). It never listens;
// main.ts does. What it answers, and where it departs from Storyblok, is in README.md. The parts:
// repository.ts (stories from files), gate.ts (token, parameters, version), http.ts (answers, errors,
// CORS and rate limit), routes.ts (the cdn calls), stories.ts, links.ts, resolve.ts, query.ts.
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { createService } from '../lib/service.ts';
import { createGate } from './gate.ts';
import { storyblokEdge } from './http.ts';
import { createRateLimiter } from './rate-limit.ts';
import { loadRepository, type ContentRepository } from './repository.ts';
import { cdnRoutes } from './routes.ts';
import { keysOf, provesSecret, purgeEverywhere, recordsOf, type PurgeTargets } from './purge.ts';
import { AppError } from '../lib/errors.ts';
import { contentMetrics } from './metrics.ts';

export interface ContentAppOptions {
  /** public token: published content only */
  publicToken: string;
  /** preview token: published and draft content */
  previewToken: string;
  /** folder with shared/ and domains/ (default: src/content/stories) */
  storiesDir?: string;
  /** stories already loaded (tests share one per process; it never changes once loaded); default: read from storiesDir */
  repository?: ContentRepository;
  logger?: FastifyServerOptions['logger'];
  logLevel?: string;
  /** requests per second per token (per client address without a valid token); default 50 */
  rateLimitPerSecond?: number;
  /** the rate limit's clock in milliseconds (tests pass a fake one); default performance.now */
  clock?: () => number;
  /** issue 27: whom POST /publish purges (purge.ts); default: nobody, and /publish refuses every call */
  purge?: PurgeTargets;
  /** ADMIN_TOKEN: a scraper on another machine may read GET /metrics with it (loopback may without) */
  adminToken?: string;
}

export function buildContentApp(opts: ContentAppOptions): FastifyInstance {
  if (!opts.publicToken || !opts.previewToken) throw new Error('content: publicToken and previewToken are required');
  if (opts.publicToken === opts.previewToken) throw new Error('content: the preview token must differ from the public token');
  const repo = opts.repository ?? loadRepository(opts.storiesDir);
  const gate = createGate(repo, opts);
  const limiter = createRateLimiter(opts.rateLimitPerSecond ?? 50, { now: opts.clock });
  const app = createService({ name: 'content', logger: opts.logger, logLevel: opts.logLevel });
  // issue 27: every answer, the publishes and their purges counted, GET /metrics for the internal network
  const metrics = contentMetrics(app, { adminToken: opts.adminToken || undefined, stories: repo.records.length });

  app.get('/health', { config: { operational: true } }, async () => ({ status: 'ok', service: 'content', stories: repo.records.length }));

  // issue 27: a publish purges the storefronts' pages and the CDN (purge.ts). Not part of Storyblok's API.
  app.post('/publish', { bodyLimit: 64 * 1024 }, async (req) => {
    try {
      const result = await publish(req.headers.authorization, req.body);
      const log = { keys: result.keys.length, storefronts: result.storefronts.map((c) => c.status), cdn: result.cdn?.status ?? null };
      if (result.complete) req.log.info(log, 'published: purged');
      else req.log.warn(log, 'published: purge incomplete');
      metrics.published(result.complete ? 'complete' : 'incomplete', result);
      return result;
    } catch (err) {
      if (err instanceof AppError && err.statusCode < 500) metrics.published('refused');
      throw err;
    }
  });

  /** The stories a publish names, checked, and their pages purged everywhere. */
  async function publish(authorization: unknown, body: unknown) {
    if (!opts.purge || !provesSecret(authorization, opts.purge.secret)) throw new AppError('purge_unauthorized');
    const stories = (body as { stories?: unknown } | null)?.stories;
    if (!Array.isArray(stories) || stories.length === 0 || stories.length > 200 || !stories.every((s) => typeof s === 'string' && /^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*$/.test(s))) {
      throw new AppError('validation_failed', { message: 'stories: 1 to 200 story slugs' });
    }
    const { records, unknown } = recordsOf(repo, stories as string[]);
    if (unknown.length) throw new AppError('story_not_found', { message: `No story ${unknown.join(', ')}` });
    return purgeEverywhere(opts.purge, keysOf(records));
  }

  void app.register(async (v2) => {
    await v2.register(storyblokEdge, { gate, limiter });
    await v2.register(cdnRoutes, { repo, gate });
  }, { prefix: '/v2' });

  return app;
}

export type { ContentRepository };
