// spec 4: a script-chunk loading failure reloads the page, with a 10 s guard against reload loops.
// During a navigation in the browser the page loaded is the one the visitor is going to.
import type { ScreenId } from '../src/screens.ts';
import { pages } from '../views/routes.ts';

const KEY = 'chunk-reload-at';
const GUARD_MS = 10_000; // spec 4: reload guard 10 s

/** Reloads once for a chunk that failed to load, and not again within 10 s (a broken deploy would loop);
 * rethrows, so the error page shows when no reload happens. `to`: the URL of the navigation that needed the
 * chunk (a full load of it), else the page reloads itself. `load` for tests (jsdom cannot navigate). */
export function reloadOnceForChunkError(
  err: unknown,
  to?: string,
  load: (to?: string) => void = (url) => (url ? window.location.assign(url) : window.location.reload()),
): never {
  const last = Number(sessionStorage.getItem(KEY) ?? 0);
  if (Date.now() - last > GUARD_MS) {
    sessionStorage.setItem(KEY, String(Date.now()));
    load(to);
  }
  throw err;
}

/** Loads a page's code; `to` tells, when the load failed, the URL of the navigation that needs it
 * (nothing for the first page). */
export function importPage(screen: ScreenId, to?: () => string | undefined) {
  return pages[screen]().catch((err: unknown) => reloadOnceForChunkError(err, to?.()));
}
