// Values that many pages share for a while (a CMS page from the cache, a list of article teasers) are
// serialised into a page's hydration data once, not once per page view: their JSON is kept beside them.
// Only values marked shared are kept (they must not change after marking; the CMS cache hands out the
// same object to every request until it expires, and nothing writes to it).
import { scriptJson } from '../../../views/server.tsx';

const shared = new WeakSet<object>();
const json = new WeakMap<object, string>();

/** Marks a value as shared and unchanging; returns it. */
export function markShared<T>(value: T): T {
  if (value && typeof value === 'object') shared.add(value);
  return value;
}

/** JSON for an inline script (scriptJson), from the cache for shared values. */
export function sharedScriptJson(value: unknown): string {
  if (!value || typeof value !== 'object' || !shared.has(value)) return scriptJson(value);
  let s = json.get(value);
  if (s === undefined) json.set(value, (s = scriptJson(value)));
  return s;
}

/** react-router's hydration data as inline-script JSON: the loader data of each route (deferred promises
 * as null: their values stream separately), shared values from the cache. */
export function hydrationJson(loaderData: Record<string, unknown>, errors: Record<string, unknown> | null): string {
  const routes: string[] = [];
  for (const [id, data] of Object.entries(loaderData)) {
    if (data === undefined) continue; // as JSON.stringify does: a route without data has no entry
    let value: string;
    if (data && typeof data === 'object' && !Array.isArray(data) && !shared.has(data)) {
      const fields: string[] = [];
      for (const [k, v] of Object.entries(data)) {
        if (v === undefined || typeof v === 'function') continue;
        fields.push(`${scriptJson(k)}:${v instanceof Promise ? 'null' : sharedScriptJson(v)}`);
      }
      value = `{${fields.join(',')}}`;
    } else value = sharedScriptJson(data);
    routes.push(`${scriptJson(id)}:${value}`);
  }
  return `{"loaderData":{${routes.join(',')}},"actionData":null,"errors":${scriptJson(errors)}}`;
}
