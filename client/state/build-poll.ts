// spec 4: build check every hour. When builds/latest.json names another build, the next navigation is a
// full page load (the new HTML brings the new bundle).
import { isBuildStale, markBuildStale } from './build-check.ts';

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

type Place = { pathname: string; search: string; hash: string };
interface NavigatingRouter {
  state: { location: Place; navigation: { state: string; location?: Place } };
  subscribe(listener: (state: NavigatingRouter['state']) => void): () => void;
}

/** After a build change the next navigation is a full page load at its URL: before the page's data or
 * code loads, or, for a page that needs neither (its code already here), as soon as its URL is shown.
 * A jump within the page (#hash) stays in the page. */
export function reloadOnNavigationWhenStale(router: NavigatingRouter): () => void {
  let at = router.state.location;
  let leaving = false;
  return router.subscribe((state) => {
    const from = at;
    at = state.location;
    if (leaving || !isBuildStale()) return;
    const nav = state.navigation;
    const moved = state.location.pathname !== from.pathname || state.location.search !== from.search;
    const to = nav.state === 'loading' && nav.location ? nav.location : moved ? state.location : null;
    if (!to) return;
    leaving = true;
    window.location.assign(to.pathname + to.search + to.hash);
  });
}
