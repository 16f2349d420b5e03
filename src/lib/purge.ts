// Purging the pages that show what changed (issue 27, "Past one machine"): POST { keys: [...] } with
// Authorization: Bearer <secret> to every storefront instance (STOREFRONT_PURGE_URLS; each tells its own
// workers), all at once, then to the CDN (CDN_PURGE_URL) once. Made by the content service on a publish
// (src/content/purge.ts: story and folder keys) and by commerce when the catalogue changes (product keys).
// Decision: the CDN last, once: purged before an instance dropped its copy, the CDN's next miss would fetch
// the old page from that instance and keep it for another s-maxage.
// Decision: a purge never throws: a refused or timed-out call is a status 0 in the result; the caller logs
// it, and the page cache's own short lifetime (and the CDN's s-maxage) is the fallback.
import { servicePorts, type Config } from '../config.ts';
import { serviceCredential } from './service-secret.ts';

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

export interface PurgeResult {
  keys: string[];
  storefronts: PurgeCall[];
  cdn: PurgeCall | null;
  /** every call answered 2xx */
  complete: boolean;
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
export async function purgeEverywhere(targets: PurgeTargets, keys: string[]): Promise<PurgeResult> {
  const timeoutMs = targets.timeoutMs ?? 5_000;
  const storefronts = await Promise.all(targets.storefronts.map((url) => post(url, targets.secret, keys, timeoutMs)));
  const cdn = targets.cdn?.url ? await post(targets.cdn.url, targets.cdn.token, keys, timeoutMs) : null;
  const ok = (c: PurgeCall) => c.status >= 200 && c.status < 300;
  return { keys, storefronts, cdn, complete: storefronts.every(ok) && (cdn === null || ok(cdn)) };
}

/** Whom a purge reaches, from the configuration: every storefront instance listed (STOREFRONT_PURGE_URLS),
 * else the one on this machine; the CDN when CDN_PURGE_URL is set. */
export function purgeTargets(config: Config): PurgeTargets {
  const listed = config.STOREFRONT_PURGE_URLS.split(',').map((u) => u.trim()).filter(Boolean);
  return {
    secret: config.PURGE_SECRET || serviceCredential(config) || '',
    storefronts: listed.length ? listed : [`http://127.0.0.1:${servicePorts(config).storefront}/internal/purge`],
    cdn: config.CDN_PURGE_URL ? { url: config.CDN_PURGE_URL, token: config.CDN_PURGE_TOKEN } : null,
  };
}
