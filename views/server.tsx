// The views' render entry: the one module of views/ the storefront imports (ARCHITECTURE: the storefront
// imports views only to render them; a dependency-cruiser rule keeps it so). It offers the route objects
// with the server's loaders, the React tree to stream, the loader context and what the document head
// needs (title, meta, safe inline JSON).
import { RouterContextProvider, StaticRouterProvider, type RouteObject } from 'react-router';
import type { ComponentProps } from 'react';
import type { Language } from '../src/stores.ts';
import { buildRoutes, type RouteHandle } from './router.tsx';
import { serverLoaders } from './loaders.ts';
import { BootContext } from './lib/boot.ts';
import { NonceContext } from './lib/nonce.ts';
import { BrowserPortContext } from './lib/browser-port.ts';
import { inertBrowser } from './lib/inert-browser.ts';
import { loaderContext, makeShop, StringsRecorder, type BootInfo, type LoaderContext, type Shop } from './lib/context.tsx';
import { alternatePath, documentTitle, pageMeta, type PageMeta } from './lib/meta.ts';
import { scriptJson } from './components/Streamed.tsx';
import { renderPartsInPlace } from './parts-in-place.ts';
import { listingSearch, parseListing } from './models/listing-url.ts';

export type { BootInfo, LoaderContext, RouteHandle, Shop, PageMeta };
export { makeShop, documentTitle, pageMeta, alternatePath, scriptJson };
// the server renders the deferred parts in place (views/components/Deferred.tsx)
renderPartsInPlace();

/** the deals list's slugs (the sitemap lists it) */
export { dealsSlugs } from './models/listing-data.ts';

/** A listing's query in its one canonical spelling (the page cache's key for filtered listings). */
export function canonicalListingQuery(params: URLSearchParams): string {
  return listingSearch(parseListing(params));
}

/** The route objects with the server's loaders (views/loaders.ts), of every language or of one. */
export function createServerRoutes(lang?: Language): RouteObject[] {
  return buildRoutes((screen) => (screen.loader ? serverLoaders[screen.loader] : undefined), undefined, lang ? [lang] : undefined);
}

/** react-router's request context carrying a request's loader context. */
export function routerContext(ctx: LoaderContext): RouterContextProvider {
  return new RouterContextProvider(new Map([[loaderContext, ctx]]));
}

/** The React tree the server streams for a page: the browser's services are the inert ones (views/lib/inert-browser.ts). */
export function ServerApp(props: { boot: BootInfo; nonce: string; /** collects the keys the page translates */ strings?: Set<string> } & Pick<ComponentProps<typeof StaticRouterProvider>, 'router' | 'context'>) {
  return (
    <BrowserPortContext.Provider value={inertBrowser}>
      <BootContext.Provider value={props.boot}>
        <NonceContext.Provider value={props.nonce}>
          <StringsRecorder.Provider value={props.strings ?? null}>
            <StaticRouterProvider router={props.router} context={props.context} hydrate={false} nonce={props.nonce} />
          </StringsRecorder.Provider>
        </NonceContext.Provider>
      </BootContext.Provider>
    </BrowserPortContext.Provider>
  );
}
