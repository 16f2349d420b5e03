// Component tests: views rendered in jsdom (test files import 'global-jsdom/register' first) inside the
// contexts every page has (the shop of a store and language, in-app navigation, the browser's services),
// with an own SWR cache per render. The browser's price API is answered from fixtures in the shape the storefront serves.
import type { ReactElement } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { makeShop, ShopContext, type BootInfo } from '../../views/lib/context.tsx';
import { NavigateContext } from '../../views/components/ShopLink.tsx';
import { BrowserPortContext } from '../../views/lib/browser-port.ts';
import { browserPort } from '../../client/browser.ts';
import type { Language, StoreKey } from '../../src/stores.ts';
import type { MetalPrices, ProductPrices } from '../../src/contracts/prices.ts';
import { boot } from '../components/render.tsx';

export function bootFor(store: StoreKey = 'ch'): BootInfo {
  return boot(store);
}

export interface ViewOptions {
  store?: StoreKey;
  lang?: Language;
  /** in-app navigation: the paths the views asked for */
  navigated?: string[];
}

export function renderView(ui: ReactElement, opts: ViewOptions = {}): RenderResult {
  const shop = makeShop(bootFor(opts.store), opts.lang ?? 'de');
  const navigate = (to: string) => void opts.navigated?.push(to);
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <BrowserPortContext.Provider value={browserPort}>
        <ShopContext.Provider value={shop}>
          <NavigateContext.Provider value={navigate}>{ui}</NavigateContext.Provider>
        </ShopContext.Provider>
      </BrowserPortContext.Provider>
    </SWRConfig>,
  );
}

/** Answers the storefront's price routes from fixtures (what GET /api/prices/... would return). */
export function servePrices(fixtures: { metals?: MetalPrices[]; products?: ProductPrices[] }): () => void {
  const original = globalThis.fetch;
  const now = '2026-11-23T10:00:00.000Z';
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://ch.localhost');
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (url.pathname === '/api/prices/metals') {
      return json({ serverTimestamp: now, lastRecalculatedAt: now, validUntil: '2026-11-23T10:03:00.000Z', currency: 'CHF', metals: fixtures.metals ?? [] });
    }
    if (url.pathname === '/api/prices/products') {
      const skus = new Set((url.searchParams.get('skus') ?? '').split(','));
      return json({ lastRecalculatedAt: now, products: (fixtures.products ?? []).filter((p) => skus.has(p.sku)) });
    }
    return new Response('not found', { status: 404 });
  }) as typeof fetch;
  return () => {
    globalThis.fetch = original;
  };
}

export function metal(name: MetalPrices['name'], askCents: number, bidCents: number): MetalPrices {
  return {
    name,
    prices: [
      { currency: 'CHF', type: 'ask', centAmount: askCents },
      { currency: 'CHF', type: 'bid', centAmount: bidCents },
    ],
    lastRecalculatedAt: '2026-11-23T10:00:00.000Z',
  };
}

/** The data layer as the page pushed it (client/state/data-layer.ts), emptied for the next test. */
export function takeDataLayer(): Record<string, unknown>[] {
  const w = window as unknown as { dataLayer?: Record<string, unknown>[] };
  const events = (w.dataLayer ?? []).filter((e) => e && typeof e === 'object' && 'event' in e);
  w.dataLayer = [];
  return events;
}
