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
import { createHash, timingSafeEqual } from 'node:crypto';
import type { ContentRepository, StoryRecord } from './repository.ts';
import { servicePorts, type Config } from '../config.ts';
import { serviceCredential } from '../lib/service-secret.ts';

export interface PurgeTargets {
  /** the shared secret the storefronts' purge call accepts (and /publish requires); '' refuses every publish */
  secret: string;
  /** each storefront instance's purge URL (http://host:port/internal/purge) */
  storefronts: string[];
  /** a CDN's purge endpoint and its bearer token */
  cdn?: { url: string; token: string } | null;
  /** how long one call may take; default 5 s */
  timeoutMs?: number;
}

export interface PurgeCall {
  url: string;
  /** the HTTP status, or 0 when the call failed (refused, timed out) */
  status: number;
}

export interface PublishResult {
  keys: string[];
  storefronts: PurgeCall[];
  cdn: PurgeCall | null;
  /** every call answered 2xx */
  complete: boolean;
}

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

async function post(url: string, token: string, keys: string[], timeoutMs: number): Promise<PurgeCall> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ keys }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.arrayBuffer();
    return { url, status: res.status };
  } catch {
    return { url, status: 0 };
  }
}

/** Purges every storefront instance, then the CDN (see the Decision above). */
export async function purgeEverywhere(targets: PurgeTargets, keys: string[]): Promise<PublishResult> {
  const timeoutMs = targets.timeoutMs ?? 5_000;
  const storefronts = await Promise.all(targets.storefronts.map((url) => post(url, targets.secret, keys, timeoutMs)));
  const cdn = targets.cdn?.url ? await post(targets.cdn.url, targets.cdn.token, keys, timeoutMs) : null;
  const ok = (c: PurgeCall) => c.status >= 200 && c.status < 300;
  return { keys, storefronts, cdn, complete: storefronts.every(ok) && (cdn === null || ok(cdn)) };
}

/** Whom a publish purges, from the configuration: every storefront instance listed (STOREFRONT_PURGE_URLS),
 * else the one on this machine; the CDN when CDN_PURGE_URL is set. */
export function purgeTargets(config: Config): PurgeTargets {
  const listed = config.STOREFRONT_PURGE_URLS.split(',').map((u) => u.trim()).filter(Boolean);
  return {
    secret: config.PURGE_SECRET || serviceCredential(config) || '',
    storefronts: listed.length ? listed : [`http://127.0.0.1:${servicePorts(config).storefront}/internal/purge`],
    cdn: config.CDN_PURGE_URL ? { url: config.CDN_PURGE_URL, token: config.CDN_PURGE_TOKEN } : null,
  };
}
