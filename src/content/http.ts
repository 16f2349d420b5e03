// Answers as Storyblok's CDN sends them: JSON serialised once with its ETag (304 on If-None-Match),
// cache headers per version, errors as { error, statusCode, code, message }, and the edge of the /v2
// scope (CORS, the rate limit) as a plugin.
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, retryAfterOf, toErrorBody, type ErrorBody } from '../lib/errors.ts';
import { rawQuery, type ContentGate } from './gate.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { ContentVersion } from './repository.ts';

/** Published responses may be cached briefly by a CDN or proxy; draft never (editors expect changes at once). */
export const PUBLISHED_CACHE = 'public, max-age=60, stale-while-revalidate=60';
/** Storyblok caches spaces/me for 2 s: it is how clients learn the newest cv. */
export const SPACE_CACHE = 'public, max-age=2';

export function cacheFor(version: ContentVersion): string {
  return version === 'draft' ? 'no-store' : PUBLISHED_CACHE;
}

/**
 * An error as Storyblok answers it: storyblok-js-client reads the JSON body's `error` as its message and
 * retries a 429 (so the body must be JSON and the status exact); statusCode, code and message are the
 * house format. No details, never cached.
 */
function sendStoryblokError(req: FastifyRequest, reply: FastifyReply, body: ErrorBody) {
  const retryAfter = retryAfterOf(body);
  if (retryAfter !== null) void reply.header('retry-after', String(retryAfter));
  const { statusCode, code, message } = body;
  return sendJson(req, reply, statusCode, { error: message, statusCode, code, message }, 'no-store');
}

/** Serialises once, so the ETag is the hash of exactly the bytes sent; answers 304 to a matching If-None-Match. */
export function sendJson(req: FastifyRequest, reply: FastifyReply, status: number, body: unknown, cacheControl: string) {
  const json = JSON.stringify(body);
  void reply.header('cache-control', cacheControl);
  if (status === 200) {
    const etag = `"${createHash('sha1').update(json).digest('base64url')}"`;
    void reply.header('etag', etag);
    const inm = req.headers['if-none-match'];
    if (typeof inm === 'string' && inm.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) {
      return reply.code(304).send();
    }
  }
  return reply.code(status).type('application/json; charset=utf-8').send(json);
}

export interface StoryblokEdgeOptions {
  gate: ContentGate;
  limiter: RateLimiter;
}

/**
 * The scope's edge: CORS as Storyblok's CDN (published content is public, the token travels in the query
 * string), the rate limit per token (per client address without a valid one), and errors and unknown
 * routes in Storyblok's format through the services' one mapping (src/lib/errors.ts).
 */
export const storyblokEdge = fp<StoryblokEdgeOptions>(async (v2, { gate, limiter }) => {
  v2.setErrorHandler((err, req, reply) => {
    const body = toErrorBody(err);
    if (body.statusCode >= 500) req.log.error({ err }, 'request failed');
    return sendStoryblokError(req, reply, body);
  });
  v2.setNotFoundHandler((req, reply) => {
    return sendStoryblokError(req, reply, toErrorBody(new AppError('not_found', { message: `Route ${req.method} ${req.url.split('?')[0]} not found` })));
  });
  v2.addHook('onRequest', async (req, reply) => {
    void reply.header('access-control-allow-origin', '*');
    void reply.header('access-control-expose-headers', 'total, per-page, etag');
    const token = new URLSearchParams(rawQuery(req)).get('token') ?? '';
    const key = gate.tokenKind(token) ? `token:${token}` : `ip:${req.ip}`;
    const take = limiter.take(key);
    void reply.header('x-ratelimit', `"concurrent-requests";r=${take.remaining}`);
    void reply.header('x-ratelimit-policy', `"concurrent-requests";q=${limiter.ratePerSecond}`);
    if (!take.allowed) {
      throw new AppError('rate_limited', { details: { retryAfter: take.retryAfterS } });
    }
  });
}, { name: 'storyblok-edge' });
