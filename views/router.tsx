// Turns the screen table (src/screens.ts) and the page table (views/routes.ts) into react-router route
// objects. The server passes real loaders (views/loaders.ts); the browser passes one that fetches the same
// loader's result as JSON from the storefront (/__data).
import { Suspense } from 'react';
import type { LoaderFunction, RouteObject } from 'react-router';
import { languages, type Language } from '../src/stores.ts';
import { routeId, screenList, type RouteHandle, type Screen, type ScreenId } from '../src/screens.ts';
import { App } from './App.tsx';
import { partComponent } from './components/Deferred.tsx';
import { errorBoundaryPart } from './error-part.ts';
import { pages, type PageModule } from './routes.ts';

export type { RouteHandle };

export type LoaderFactory = (screen: Screen, lang: Language) => LoaderFunction | undefined;

/** Loads a page module; the browser's importer reloads once when a code-split file is gone. */
export type PageImporter = (screen: ScreenId) => Promise<PageModule>;

/** The error page (views/RootErrorBoundary.tsx): its code loads when a page fails or is not found, not with
 * every page (issue 27); the server renders it in place (views/parts-in-place.ts). */
function RootError() {
  const Boundary = partComponent(errorBoundaryPart);
  return (
    <Suspense fallback={null}>
      <Boundary />
    </Suspense>
  );
}

/** The route objects of the screens, in the given languages (all by default; the server matches a request
 * against the routes of its path's language only, half the patterns, the same route ids). */
export function buildRoutes(loaderFor: LoaderFactory, importPage: PageImporter = (id) => pages[id](), langs: readonly Language[] = languages): RouteObject[] {
  const children: RouteObject[] = [];
  for (const screen of screenList) {
    for (const lang of langs) {
      const handle: RouteHandle = { screen: screen.id, lang, layout: screen.layout, titleKey: screen.titleKey, parent: screen.parent, guard: screen.guard };
      children.push({
        id: routeId(screen.id, lang),
        path: screen.paths[lang],
        handle,
        loader: loaderFor(screen, lang),
        lazy: async () => ({ Component: (await importPage(screen.id)).default }),
      });
    }
  }
  return [{ id: 'root', Component: App, ErrorBoundary: RootError, children }];
}
