// spec 4: build check every hour. When builds/latest.json names another build, the next navigation is a
// full page load (the new HTML brings the new bundle).
import { isBuildStale, markBuildStale } from '../lib/build-check.ts';

const HOUR = 60 * 60 * 1000; // spec 4 / 9: build check every 1 hour

export function startBuildCheck(buildId: string, intervalMs = HOUR) {
  const check = async () => {
    try {
      const res = await fetch('/builds/latest.json', { cache: 'no-store' });
      if (!res.ok) return;
      const latest = (await res.json()) as { buildId?: string };
      if (latest.buildId && latest.buildId !== buildId) markBuildStale();
    } catch {
      // offline or deploying: try again at the next interval
    }
  };
  setInterval(check, intervalMs);
}

export function reloadIfStale(location: { pathname: string; search: string; hash: string }) {
  if (isBuildStale()) window.location.assign(location.pathname + location.search + location.hash);
}
