// Component tests render the shop's real components in jsdom, inside the same contexts a page has (boot
// facts, shop for the language, in-app navigation through a memory router, the browser's services as the
// browser entry provides them). What is another process in the
// shop (the storefront's /api, the price hub) is answered by `fakeApi` at the fetch boundary.
import 'global-jsdom/register';
// Node has its own Event classes; the page's code must create the DOM's (jsdom) as a browser would.
Object.assign(globalThis, { Event: window.Event, CustomEvent: window.CustomEvent });
import type { ReactElement } from 'react';
import { configure, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, Outlet } from 'react-router';
import { BootContext } from '../../views/lib/boot.ts';
import type { BootInfo } from '../../views/lib/context.tsx';
import type { SessionInfo } from '../../src/contracts/shop-api.ts';
import type { StoreKey } from '../../src/stores.ts';
import { ShopFrame, useLocationShop } from '../../views/App.tsx';
import { setNavigator } from '../../client/state/session.ts';
import { BrowserPortContext } from '../../views/lib/browser-port.ts';
import { browserPort } from '../../client/browser.ts';
import { renderPartsInPlace } from '../../views/parts-in-place.ts';

// the footer and the heavy blocks render in place, as on the server (a component test has no viewport to scroll)
renderPartsInPlace();

export interface RenderOptions {
  /** the URL the component is shown at (its language follows the path, as in the shop) */
  path?: string;
  store?: StoreKey;
  session?: SessionInfo;
  /** more routes (targets of navigation) */
  routes?: { path: string; element: ReactElement }[];
  /** what the page's loader answered (a page reads it with useLoaderData) */
  loaderData?: unknown;
}

// findBy/waitFor give up after this long: generous, because a busy two-core machine runs several test
// files at once (a passing test never waits for it).
configure({ asyncUtilTimeout: 5000 });

/** The visit facts of a store for component tests (what the server's boot payload carries). */
export function boot(store: StoreKey = 'ch', session: SessionInfo = { level: 'guest' }): BootInfo {
  return {
    store, buildId: 'test', canonicalOrigin: `http://${store}.localhost`, session, analyticsId: null,
    storeOrigins: { at: 'http://at.localhost', ch: 'http://ch.localhost', de: 'http://de.localhost', li: 'http://li.localhost', us: 'http://us.localhost' },
  };
}

function Frame() {
  const shop = useLocationShop();
  return (
    <ShopFrame shop={shop} layout="reduced">
      <Outlet />
    </ShopFrame>
  );
}

/** Renders ui at path in the shop's contexts; returns testing-library's queries and the router. */
export function renderInShop(ui: ReactElement, opts: RenderOptions = {}) {
  const path = opts.path ?? '/';
  const pathname = path.split('?')[0];
  const router = createMemoryRouter(
    [{ element: <Frame />, children: [
      { id: 'page', path: pathname, element: ui, ...(opts.loaderData === undefined ? {} : { loader: () => opts.loaderData }) },
      ...(opts.routes ?? []).map((r) => ({ path: r.path, element: r.element })), { path: '*', element: <p>elsewhere</p> },
    ] }],
    // as after the server's render: the page's data is there at once
    { initialEntries: [path], ...(opts.loaderData === undefined ? {} : { hydrationData: { loaderData: { page: opts.loaderData } } }) },
  );
  // as the browser entry does: session changes (sign-out, expiry) navigate with the router
  setNavigator((to) => void router.navigate(to));
  const result = render(
    <BrowserPortContext.Provider value={browserPort}>
      <BootContext.Provider value={boot(opts.store, opts.session)}>
        <RouterProvider router={router} />
      </BootContext.Provider>
    </BrowserPortContext.Provider>,
  );
  return { ...result, router };
}

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

type Answer = { status?: number; body?: unknown };

/**
 * Answers the browser's fetch calls by "METHOD /path" (the query string is ignored for matching); records
 * every call. An unexpected call answers 500 and is recorded too, so a test sees it.
 */
export function fakeApi(routes: Record<string, Answer | ((call: ApiCall) => Answer)>) {
  const calls: ApiCall[] = [];
  const original = globalThis.fetch;
  document.cookie = 'ctCsrf=test-csrf-token-0000000000000000000000000000; path=/';
  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://ch.localhost');
    const call: ApiCall = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>)),
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    const answer = typeof route === 'function' ? route(call) : route ?? { status: 500, body: { statusCode: 500, code: 'unexpected_call', message: `${call.method} ${call.path}` } };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { calls, restore: () => (globalThis.fetch = original) };
}
