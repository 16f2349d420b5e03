// Turns the route table into react-router route objects. The server passes real loaders (views/loaders.ts);
// the browser passes one that fetches the same loader's result as JSON from the storefront (/__data).
import type { LoaderFunction, RouteObject } from 'react-router';
import { languages } from '../src/stores.ts';
import { App } from './App.tsx';
import { RootErrorBoundary } from './pages/error/RootErrorBoundary.tsx';
import { routeId, shopRoutes, type ShopRoute } from './routes.ts';

export interface RouteHandle {
  screen: string;
  lang: 'de' | 'en';
  layout: ShopRoute['layout'];
  titleKey: string;
  parent?: string;
  guard?: ShopRoute['guard'];
}

export type LoaderFactory = (route: ShopRoute, lang: 'de' | 'en') => LoaderFunction | undefined;

/** Loads a page module; `onChunkError` lets the browser reload once when a code-split file is gone. */
export type PageImporter = (route: ShopRoute) => Promise<{ default: React.ComponentType }>;

export function buildRoutes(loaderFor: LoaderFactory, importPage: PageImporter = (r) => r.page()): RouteObject[] {
  const children: RouteObject[] = [];
  for (const route of shopRoutes) {
    for (const lang of languages) {
      const handle: RouteHandle = { screen: route.id, lang, layout: route.layout, titleKey: route.titleKey, parent: route.parent, guard: route.guard };
      children.push({
        id: routeId(route.id, lang),
        path: route.paths[lang],
        handle,
        loader: loaderFor(route, lang),
        lazy: async () => ({ Component: (await importPage(route)).default }),
      });
    }
  }
  return [{ id: 'root', Component: App, ErrorBoundary: RootErrorBoundary, children }];
}
