// A publish (issue 27, "Past one machine"): POST /publish { stories: [...] } with Authorization: Bearer
// <PURGE_SECRET>, made by whatever changed the stories (the editor's tool, a deployment of new story files,
// Storyblok's own publish webhook in front of a real space). The content service names what changed as
// surrogate keys (src/storefront/render/surrogate-keys.ts) and purges, in this order:
//   1. every storefront instance (STOREFRONT_PURGE_URLS; each tells its own workers), all at once;
//   2. then the CDN (CDN_PURGE_URL), once.
// Decision: the CDN last and from here, once: purged before an instance dropped its copy, the CDN's next miss
// would fetch the old page from that instance and keep it for another s-maxage; called by every instance it
// would be purged N times.
// Decision: a story is named by its Storyblok id (story:<id>, what the storefront's pages carry) and by its
// folder (folder:<parent full slug>): a list of a folder's stories (blog, news, press) may gain or change an
// entry when any story in it is published, including one no page showed yet.
// The calls themselves (storefronts, then the CDN) are src/lib/purge.ts's, shared with commerce, whose
// catalogue changes purge the pages that show a product the same way.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { ContentRepository, StoryRecord } from './repository.ts';

export { purgeEverywhere, purgeTargets, type PurgeCall, type PurgeResult as PublishResult, type PurgeTargets } from '../lib/purge.ts';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Whether an Authorization header carries the purge secret (compared in constant time; none configured: no). */
export function provesSecret(header: unknown, secret: string): boolean {
  if (!secret || typeof header !== 'string' || !header.startsWith('Bearer ')) return false;
  return timingSafeEqual(digest(header.slice('Bearer '.length)), digest(secret));
}

/** The records a publish names: a full slug (ch/legal/privacy-policy) is one store's story; a slug without
 * a store (legal/privacy-policy) is that story in every store. Unknown slugs are returned apart. */
export function recordsOf(repo: ContentRepository, slugs: string[]): { records: StoryRecord[]; unknown: string[] } {
  const records: StoryRecord[] = [];
  const unknown: string[] = [];
  for (const slug of slugs) {
    const found = repo.records.filter((r) => r.full_slug === slug || r.full_slug.slice(r.full_slug.indexOf('/') + 1) === slug);
    if (found.length === 0) unknown.push(slug);
    records.push(...found);
  }
  return { records, unknown };
}

/** The surrogate keys of published stories: each story and its folder. */
export function keysOf(records: StoryRecord[]): string[] {
  const keys = new Set<string>();
  for (const r of records) {
    keys.add(`story:${r.id}`);
    keys.add(`folder:${r.full_slug.slice(0, r.full_slug.lastIndexOf('/'))}`);
  }
  return [...keys];
}
