// spec 4: a script-chunk loading failure reloads the page, with a 10 s guard against reload loops.
// During a navigation in the browser the page loaded is the one the visitor is going to.
import type { ScreenId } from '../src/screens.ts';
import { pages } from './routes.ts';

const KEY = 'chunk-reload-at';
const GUARD_MS = 10_000; // spec 4: reload guard 10 s

export function reloadOnceForChunkError(err: unknown, to?: string): never {
  const last = Number(sessionStorage.getItem(KEY) ?? 0);
  if (Date.now() - last > GUARD_MS) {
    sessionStorage.setItem(KEY, String(Date.now()));
    if (to) window.location.assign(to);
    else window.location.reload();
  }
  throw err;
}

/** Loads a page's code; `to` tells, when the load failed, the URL of the navigation that needs it
 * (nothing for the first page). */
export function importPage(screen: ScreenId, to?: () => string | undefined) {
  return pages[screen]().catch((err: unknown) => reloadOnceForChunkError(err, to?.()));
}
