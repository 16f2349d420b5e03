// spec 4: a script-chunk loading failure reloads the page, with a 10 s guard against reload loops.
import type { ScreenId } from '../src/screens.ts';
import { pages } from './routes.ts';

const KEY = 'chunk-reload-at';
const GUARD_MS = 10_000; // spec 4: reload guard 10 s

export function reloadOnceForChunkError(err: unknown): never {
  const last = Number(sessionStorage.getItem(KEY) ?? 0);
  if (Date.now() - last > GUARD_MS) {
    sessionStorage.setItem(KEY, String(Date.now()));
    window.location.reload();
  }
  throw err;
}

export function importPage(screen: ScreenId) {
  return pages[screen]().catch(reloadOnceForChunkError);
}
