// Browser entry: removes any service worker (spec 2), hydrates the streamed page with the same route
// table, and from then on navigates in the browser, fetching loader data from /__data. The views get the
// browser's services through the port (views/lib/browser-port.ts): client/browser.ts provides them.
import { useMemo, useSyncExternalStore } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, data, matchRoutes, redirect, type LoaderFunction } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { buildRoutes } from '../views/router.tsx';
import { BootContext } from '../views/lib/boot.ts';
import { BrowserPortContext } from '../views/lib/browser-port.ts';
import { browserPort } from './browser.ts';
import type { BootInfo, SessionInfo } from '../views/lib/context.tsx';
import { getSession, initSession, setNavigator, setSession, subscribeSession } from './state/session.ts';
import { importPage } from './chunk-reload.ts';
import { startBuildCheck, reloadOnNavigationWhenStale } from './state/build-poll.ts';
import '../views/styles.css';
import { startPriceSocket } from './state/price-socket.ts';
import { captureUtm } from './state/utm.ts';
import { stores } from '../src/stores.ts';
import { startAnalytics } from './state/analytics.ts';
import { adoptPageStrings, loadLanguage, stringsVersion, subscribeStrings } from './state/strings.ts';
import { languageOfPath } from '../src/screens.ts';
import { removeServiceWorkers } from './state/service-workers.ts';
import { detectConsentTool } from './state/consent-tool.ts';
import { preloadParts } from '../views/components/Deferred.tsx';
import { blockParts } from '../views/blocks/block-parts.ts';
import { layoutParts } from '../views/layouts/layout-parts.ts';
import { productParts } from '../views/pages/product/parts.ts';

declare global {
  interface Window {
    __boot: BootInfo;
  }
}

// spec 2: any registered service worker is removed on start.
void removeServiceWorkers();
// spec 9: a consent tool that loads late (through the tag manager) is looked for every 100 ms for 5 s
detectConsentTool();

/** A page shown in the browser may use any string of its language: the full table comes with its data. */
const withStrings = (url: URL) => loadLanguage(languageOfPath(url.pathname)).catch(() => {});

const fetchLoader: LoaderFunction = async ({ request }) => {
  const url = new URL(request.url);
  // Decision (issue 27): a page's HTML ships only the strings it shows, so the page the browser goes to
  // next waits for its language's full table (one chunk, cached after the first navigation) along with its
  // data: no title or label flashes as a raw key.
  const [res] = await Promise.all([
    fetch(`/__data${url.pathname}${url.search}`, { signal: request.signal, headers: { accept: 'application/json' }, credentials: 'same-origin' }),
    withStrings(url),
  ]);
  if (!res.ok) throw data(null, { status: res.status });
  const body = (await res.json()) as { data?: unknown; redirect?: string; error?: { status: number; data: unknown }; session?: SessionInfo };
  // the header follows the cookies (signed in elsewhere, session expired on the server)
  if (body.session) setSession(body.session);
  if (body.redirect) throw redirect(body.redirect);
  if (body.error) throw data(body.error.data, { status: body.error.status });
  return body.data;
};

// Routes with a server loader or a guard ask the server; the others need no data.
const routes = buildRoutes((route) => (route.loader || route.guard ? fetchLoader : undefined), (screen) => {
  // a page's code loads on its first visit in the browser: its language's strings with it (not for the
  // first page, which brought its strings)
  // spec 4: a page's code gone after a deploy reloads, at the URL the visitor is going to
  const page = importPage(screen, goingTo);
  if (!hydrated) return page;
  const to = goingTo();
  return Promise.all([page, withStrings(new URL(to ?? window.location.href, window.location.href))]).then(([m]) => m);
});
let hydrated = false;
let appRouter: ReturnType<typeof createBrowserRouter> | undefined;
/** The URL of the navigation under way in the browser, if any. */
function goingTo(): string | undefined {
  const to = appRouter?.state.navigation.location;
  return to ? to.pathname + to.search + to.hash : undefined;
}

/** The page's strings are written after the page (ssr.tsx): before hydrating, wait until the document is
 * complete when they have not arrived yet; a page without them (an error page) loads its language. */
async function pageStrings(): Promise<void> {
  if (adoptPageStrings()) return;
  if (document.readyState === 'loading') await new Promise((r) => document.addEventListener('DOMContentLoaded', r, { once: true }));
  if (!adoptPageStrings()) await loadLanguage(languageOfPath(window.location.pathname)).catch(() => {});
}

/** Loads the code of the parts named in the document (data-part, views/components/Deferred.tsx): heavy CMS
 * blocks, the checkout's steps and a sold-out product's alert form. A part whose chunk fails to load (a deploy meanwhile) stays as the server
 * rendered it until React loads it again. */
function preloadPageParts(): Promise<void> {
  const names = new Set([...document.querySelectorAll<HTMLElement>('[data-part]')].map((el) => el.dataset.part ?? ''));
  return preloadParts([...Object.values(blockParts), ...layoutParts, ...productParts] as never[], names).catch(() => {});
}

/** Messages for what the visitor does next (form errors, dialogs) come with their first interaction.
 * Decision: its own listener, not views/lib/first-use.ts's onFirstUse: importing that module puts its chunk
 * loaders into the entry, 0.35 kB more on every page (measured by the manifest count, session 8). Measured
 * again once the entry was one file (session 9): still 0.1-0.16 kB more on home, shop and product. */
function loadStringsOnInteraction() {
  const events = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;
  const load = () => {
    for (const e of events) window.removeEventListener(e, load, true);
    void withStrings(new URL(window.location.href));
  };
  for (const e of events) window.addEventListener(e, load, { capture: true, passive: true });
}

async function start() {
  // spec 3: the landing URL's UTM parameters go into the order
  captureUtm(window.location.search);
  // One live-price socket per tab (spec 4 and 7), open before the first render needs prices.
  startPriceSocket({ currency: stores[window.__boot.store].currency, shown: window.__boot.priceCurrency });
  // Lazy pages of the first URL load before hydration, so the first render matches the server's.
  const initial = matchRoutes(routes, window.location) ?? [];
  await Promise.all([
    // the code-split parts the page shows (heavy CMS blocks, the checkout's steps) load before hydration
    // too, once the document is complete: hydration finds their markup live, no input is lost
    pageStrings().then(preloadPageParts),
    ...initial.map(async (m) => {
      const lazy = m.route.lazy;
      if (typeof lazy === 'function') {
        const mod = await lazy();
        Object.assign(m.route, { ...mod, lazy: undefined });
      }
    }),
  ]);
  loadStringsOnInteraction();
  const router = createBrowserRouter(routes);
  appRouter = router;
  reloadOnNavigationWhenStale(router);
  let lastPath = window.location.pathname;
  router.subscribe((state) => {
    // Move focus to the main landmark after a client-side page change, as a page load would.
    if (state.navigation.state === 'idle' && state.location.pathname !== lastPath) {
      lastPath = state.location.pathname;
      requestAnimationFrame(() => {
        const main = document.getElementById('main');
        if (main && !state.location.hash) main.focus({ preventScroll: true });
      });
    }
  });
  initSession(window.__boot.session);
  setNavigator((to) => void router.navigate(to));
  hydrateRoot(document.getElementById('root') as HTMLElement, <Root router={router} />);
  hydrated = true;
  startBuildCheck(window.__boot.buildId);
  // spec 1: analytics only outside development (the server names a container in production only)
  startAnalytics(window.__boot.analyticsId);
}

/** The boot payload with the live session level (sign-in and sign-out change it without a reload). */
function Root({ router }: { router: ReturnType<typeof createBrowserRouter> }) {
  const session = useSyncExternalStore(subscribeSession, getSession, getSession);
  // a grown string table renders the page again (the shop's translator is made anew with the boot info)
  const strings = useSyncExternalStore(subscribeStrings, stringsVersion, stringsVersion);
  const boot = useMemo(() => ({ ...window.__boot, session }), [session, strings]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <BrowserPortContext.Provider value={browserPort}>
      <BootContext.Provider value={boot}>
        <RouterProvider router={router} />
      </BootContext.Provider>
    </BrowserPortContext.Provider>
  );
}

void start();
