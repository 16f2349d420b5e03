// Issue 27: when the catalogue changes, the shop's pages that show the changed products are dropped at once in
// every storefront instance and the CDN (the content service does the same for stories). The pages name their
// products as surrogate keys product:<sku> (src/storefront/render/surrogate-keys.ts); the calls are
// src/lib/purge.ts's.
// Decisions:
// - Called after the change is committed: a page rendered between the purge and the commit would show the old
//   state again. A failed purge is logged and never undoes the change nor fails the caller's request: the page
//   cache's own short lifetime and the CDN's s-maxage are the fallback.
// - Awaited by the caller (each call bounded by the purge timeout, 5 s): once the operator's call answers, the
//   shop shows the change.
// - Logged without URLs (a CDN's purge URL may carry an account or zone id): which target failed by its place.
import type { FastifyBaseLogger } from 'fastify';
import { purgeEverywhere, type PurgeTargets } from '../../lib/purge.ts';

export type PagePurge = (keys: string[]) => Promise<void>;

export const productPageKey = (sku: string) => `product:${sku}`;

/** The purge of the pages naming keys; without targets (tests, a shop without storefront instances) it does nothing. */
export function pagePurger(targets: PurgeTargets | null | undefined, log: () => FastifyBaseLogger): PagePurge {
  return async (keys) => {
    if (!targets || keys.length === 0) return;
    const result = await purgeEverywhere(targets, keys);
    const failed = [
      ...result.storefronts.map((c, i) => ({ target: `storefront ${i + 1}`, status: c.status })),
      ...(result.cdn ? [{ target: 'cdn', status: result.cdn.status }] : []),
    ].filter((c) => c.status < 200 || c.status >= 300);
    if (failed.length === 0) log().info({ keys: keys.length, storefronts: result.storefronts.length, cdn: result.cdn !== null }, 'pages purged');
    else log().warn({ keys: keys.length, failed }, 'page purge incomplete: the pages expire with the page cache');
  };
}
