// Surrogate keys (issue 27, "Past one machine"): what a public page shows, named so that a publish can drop
// exactly the pages that show the changed stories, in this process's page cache, in every other storefront
// process and in a CDN in front (Surrogate-Key for Fastly-style CDNs, Cache-Tag for Cloudflare-style ones).
//
// Keys: `store:<key>` (every page of a store), `story:<id>` (a story the page read: its Storyblok id),
// `folder:<full slug>` (a list of a folder's stories: a story published there may join it), `product:<sku>`
// (a product the page shows). The content reader (cms/reader.ts) and the catalogue reader add them while a
// page's loaders run; the collection is the request's, carried by AsyncLocalStorage through the loaders'
// promises (deferred ones included), so no loader has to pass it on.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyReply } from 'fastify';

const scope = new AsyncLocalStorage<Set<string>>();

/** Runs fn with a fresh collection of keys (a page request, or one cached content load). */
export function collectKeys<T>(keys: Set<string>, fn: () => T): T {
  return scope.run(keys, fn);
}

/** The collection of the page or load running now, if any. */
export function currentKeys(): Set<string> | undefined {
  return scope.getStore();
}

/** Names a story, a folder list or a product on the page (or load) running now. */
export function addKey(key: string): void {
  scope.getStore()?.add(key);
}

export const storyKey = (id: number | string) => `story:${id}`;
export const folderKey = (fullSlug: string) => `folder:${fullSlug.replace(/\/+$/, '')}`;
export const productKey = (sku: string) => `product:${sku}`;
export const storeKey = (store: string) => `store:${store}`;

/** A key as it may travel in a header: no spaces, commas or control characters, at most 256 characters. */
const KEY_SHAPE = /^[a-z]+:[A-Za-z0-9._\-/]{1,240}$/;
export const isSurrogateKey = (k: unknown): k is string => typeof k === 'string' && KEY_SHAPE.test(k);

/**
 * Decision: at most 256 keys per page (a shop listing names every product it shows). Fastly allows 16 KB of
 * Surrogate-Key, Cloudflare 16 KB of Cache-Tag; 256 keys of our shapes stay well inside both. A page with
 * more names its store key and the first ones to the CDN (there it still expires by s-maxage); the page
 * cache here keeps all of them, so its own purge is exact.
 */
const MAX_KEYS = 256;

/** The page's keys in a stable order (store first): all of them, for the page cache's own purge. */
export function pageKeys(keys: Iterable<string>): string[] {
  return [...new Set(keys)].filter(isSurrogateKey).sort((a, b) => (a.startsWith('store:') ? -1 : b.startsWith('store:') ? 1 : a < b ? -1 : a > b ? 1 : 0));
}

/** The keys a header carries: the first MAX_KEYS. */
export function headerKeys(keys: readonly string[]): readonly string[] {
  return keys.length > MAX_KEYS ? keys.slice(0, MAX_KEYS) : keys;
}

/**
 * Decision on the figures (spec 4: a price is valid 180 s after the last recalculation):
 * - People's HTML carries no price (render/page-cache.ts: prices render in the browser from the price
 *   socket); the crawlers' document with a product's Offer is never public (it expires with the price).
 *   Still, a public page is never older than one price period at a CDN: s-maxage 60 s plus
 *   stale-while-revalidate 60 s is 120 s at most, below the 180 s, so even a price-bearing page would hold.
 * - max-age 10 s for the browser: no purge reaches a browser's own cache, so it keeps a page briefly only.
 * - A publish does not wait for s-maxage: the purge (routes/purge.ts) drops the pages at once.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=10, s-maxage=60, stale-while-revalidate=60';
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/** Marks a public document's answer for a CDN: cache-control and its keys. */
export function sendPublic(reply: FastifyReply, pageKeys: readonly string[]): void {
  void reply.header('cache-control', PUBLIC_CACHE_CONTROL);
  const keys = headerKeys(pageKeys);
  if (keys.length) void reply.header('surrogate-key', keys.join(' ')).header('cache-tag', keys.join(','));
}

/** The answer is marked for shared caches (sendPublic): nothing of one visitor (no cookie) may go with it. */
export function isPublicAnswer(reply: FastifyReply): boolean {
  return String(reply.getHeader('cache-control') ?? '').startsWith('public');
}
