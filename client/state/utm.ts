// spec 3 browser state: utmParams in session storage (utm_campaign, utm_content, utm_source, utm_id,
// utm_medium, utm_term), captured from the landing URL and sent with the order (spec 3 order creation
// input). A later landing with its own UTM parameters replaces the earlier ones (the last campaign that
// brought the customer counts); a page without any keeps them for the rest of the visit.
import type { UtmParams } from '../../src/contracts/order.ts';

export const UTM_STORAGE_KEY = 'utmParams';
const UTM_KEYS = ['utm_campaign', 'utm_content', 'utm_source', 'utm_id', 'utm_medium', 'utm_term'] as const;
/** the service's limit per value */
const MAX_LENGTH = 200;

/** Stores the landing URL's UTM parameters, if it has any. */
export function captureUtm(search: string, storage: Storage | undefined = globalThis.sessionStorage): void {
  const q = new URLSearchParams(search);
  const found: UtmParams = {};
  for (const k of UTM_KEYS) {
    const v = q.get(k)?.trim();
    if (v) found[k] = v.slice(0, MAX_LENGTH);
  }
  if (Object.keys(found).length === 0) return;
  try {
    storage?.setItem(UTM_STORAGE_KEY, JSON.stringify(found));
  } catch {
    // storage blocked: the order goes without them
  }
}

/** The visit's UTM parameters (only the known keys, only strings). */
export function readUtm(storage: Storage | undefined = globalThis.sessionStorage): UtmParams {
  try {
    const raw = JSON.parse(storage?.getItem(UTM_STORAGE_KEY) ?? 'null') as Record<string, unknown> | null;
    const out: UtmParams = {};
    for (const k of UTM_KEYS) if (typeof raw?.[k] === 'string' && raw[k]) out[k] = (raw[k] as string).slice(0, MAX_LENGTH);
    return out;
  } catch {
    return {};
  }
}
