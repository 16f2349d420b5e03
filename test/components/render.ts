// Renders a component the way a page does: inside the shop's context (store, language, translations,
// formatters), the browser's services (the port, as the browser entry provides it) and a react-router data
// router (the components navigate through it), in jsdom. Import 'global-jsdom/register' before this module.
import { createElement, type ReactElement } from 'react';
import { configure, render } from '@testing-library/react';
import FakeTimers from '@sinonjs/fake-timers';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { makeShop, ShopContext } from '../../views/lib/context.tsx';
import { BrowserPortContext } from '../../views/lib/browser-port.ts';
import { browserPort } from '../../client/browser.ts';
import type { StoreKey } from '../../src/stores.ts';

// global-jsdom keeps the globals Node already has: Node's FormData cannot read a jsdom form and jsdom's
// window takes only its own events, so these come from jsdom.
const jsdomWindow = (globalThis as unknown as { window?: Record<string, unknown> }).window;
if (jsdomWindow) for (const name of ['FormData', 'Event', 'CustomEvent']) (globalThis as Record<string, unknown>)[name] = jsdomWindow[name];

export interface RenderOptions {
  lang?: 'de' | 'en';
  store?: StoreKey;
  /** the URL the router starts at */
  path?: string;
}

export function renderInShop(element: ReactElement, opts: RenderOptions = {}) {
  const shop = makeShop(
    { store: opts.store ?? 'ch', buildId: 'test', canonicalOrigin: 'http://ch.localhost', session: { level: 'guest' }, storeOrigins: {} as never },
    opts.lang ?? 'de',
  );
  const router = createMemoryRouter([{ path: '*', element: createElement(ShopContext.Provider, { value: shop }, element) }], { initialEntries: [opts.path ?? '/shop'] });
  const view = render(createElement(BrowserPortContext.Provider, { value: browserPort }, createElement(RouterProvider, { router })));
  return { ...view, router, shop };
}

/** Where the router is now (path and query). */
export function location(router: ReturnType<typeof createMemoryRouter>): string {
  return router.state.location.pathname + router.state.location.search;
}

/**
 * A fake clock for timers and Date. Testing Library drains the task queue with a setTimeout(0) after each
 * user event, which a fake clock would never run: that drain goes through the real timer (it marks "the
 * event's work is done", no time passes for the component under test).
 */
export function installFakeClock(toFake: FakeTimers.FakeMethod[] = ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'], now = 0) {
  const realSetTimeout = globalThis.setTimeout;
  const g = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  configure({
    asyncWrapper: async (cb) => {
      const previous = g.IS_REACT_ACT_ENVIRONMENT;
      g.IS_REACT_ACT_ENVIRONMENT = false;
      try {
        const result = await cb();
        await new Promise((resolve) => realSetTimeout(resolve, 0));
        return result;
      } finally {
        g.IS_REACT_ACT_ENVIRONMENT = previous;
      }
    },
  });
  return FakeTimers.install({ toFake, now });
}
