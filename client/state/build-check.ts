// spec 4: the client checks builds/latest.json every hour; when the build changed, the next navigation
// is a full page load. This module holds that state for the UI (BuildNotice) and the browser entry.
import { useSyncExternalStore } from 'react';

let stale = false;
const listeners = new Set<() => void>();

export function markBuildStale() {
  if (stale) return;
  stale = true;
  for (const l of listeners) l();
}

export function isBuildStale() {
  return stale;
}

export function useBuildStale(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => stale,
    () => false,
  );
}
