// spec 4: a script-chunk loading failure reloads the page, with a 10 s guard against reload loops.
import type { ScreenId } from '../src/screens.ts';
import { pages } from './routes.ts';

const KEY = 'chunk-reload-at';
const GUARD_MS = 10_000; // spec 4: reload guard 10 s

/** Reloads once for a chunk that failed to load, and not again within 10 s (a broken deploy would loop);
 * rethrows, so the error page shows when no reload happens. `reload` for tests (jsdom cannot reload). */
export function reloadOnceForChunkError(err: unknown, reload: () => void = () => window.location.reload()): never {
  const last = Number(sessionStorage.getItem(KEY) ?? 0);
  if (Date.now() - last > GUARD_MS) {
    sessionStorage.setItem(KEY, String(Date.now()));
    reload();
  }
  throw err;
}

export function importPage(screen: ScreenId) {
  return pages[screen]().catch((err: unknown) => reloadOnceForChunkError(err));
}
