// The purge call (issue 27, "Past one machine"): POST /internal/purge { keys: [...] } with
// Authorization: Bearer <PURGE_SECRET>. The content service makes it on a publish, commerce on a catalogue
// change (product:<sku>), once per storefront instance (STOREFRONT_PURGE_URLS; src/lib/purge.ts). The
// instance drops exactly the kept pages and content loads that name one
// of the keys (render/surrogate-keys.ts), and tells its other workers (over the supervisor's IPC channel,
// src/supervisor.ts), which do the same. The CDN is purged by the content service once every instance
// answered (src/content/purge.ts): a CDN that refetched a page earlier would get the old one from an origin.
//
// Decisions:
// - On the storefront's own port, under /internal/: one port per machine for the balancer, and the secret,
//   not the network, is what guards it (a proxy should still not route /internal/ from the internet; README).
//   Without a configured secret the call refuses everyone: it is never open.
// - The secret is compared in constant time (both sides hashed first), as the service credential is.
// - 401 purge_unauthorized for a missing or wrong secret, before the body is looked at; nothing is purged.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { isSurrogateKey } from '../render/surrogate-keys.ts';

export const PURGE_PATH = '/internal/purge';
/** a publish of a shared story names it in every store: a few keys per story, a few hundred at most */
const MAX_KEYS = 1000;

export interface PurgeCounts {
  pages: number;
  content: number;
}

export interface PurgeOptions {
  /** the accepted secret; '' or undefined: none (every call is refused) */
  secret: string | undefined;
  /** drops this process's kept pages and content loads of the keys */
  purgeLocal(keys: string[]): PurgeCounts;
  /** tells this instance's other workers (none when run alone) */
  tellWorkers(keys: string[]): void;
}

const digest = (s: string) => createHash('sha256').update(s).digest();

export function provesPurgeSecret(header: unknown, secret: string | undefined): boolean {
  if (!secret || typeof header !== 'string' || !header.startsWith('Bearer ')) return false;
  return timingSafeEqual(digest(header.slice('Bearer '.length)), digest(secret));
}

/** The keys of a purge body, or null when it is not { keys: [1..1000 keys] }. */
export function purgeKeys(body: unknown): string[] | null {
  const keys = (body as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(keys) || keys.length === 0 || keys.length > MAX_KEYS || !keys.every(isSurrogateKey)) return null;
  return [...new Set(keys)];
}

export function registerPurge(app: FastifyInstance, opts: PurgeOptions) {
  app.post(PURGE_PATH, { bodyLimit: 128 * 1024 }, async (req, reply) => {
    if (!provesPurgeSecret(req.headers.authorization, opts.secret)) throw new AppError('purge_unauthorized');
    const keys = purgeKeys(req.body);
    if (!keys) throw new AppError('validation_failed', { message: 'keys: 1 to 1000 surrogate keys (store:, story:, folder:, product:)' });
    const dropped = opts.purgeLocal(keys);
    opts.tellWorkers(keys);
    req.log.info({ keys: keys.length, droppedPages: dropped.pages, droppedContent: dropped.content }, 'purged');
    return reply.header('cache-control', 'no-store').send({ keys: keys.length, dropped });
  });
}
