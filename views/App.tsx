// The root of every page: picks the layout the matched screen asks for (spec 2: checkout, default,
// minimal, preview, reduced), provides the shop context for the current language and keeps the
// document title and language in step with client-side navigation.
import { useContext, useEffect, useMemo } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { languageOfPath } from '../src/stores.ts';
import { BootContext } from './lib/boot.ts';
import { makeShop, ShopContext } from './lib/context.tsx';
import { Layout } from './layouts/Layout.tsx';
import type { RouteHandle } from './router.tsx';
import { documentTitle } from './lib/meta.ts';

export function App() {
  const boot = useContext(BootContext);
  const location = useLocation();
  const matches = useMatches();
  const lang = languageOfPath(location.pathname);
  const shop = useMemo(() => makeShop(boot, lang), [boot, lang]);
  const leaf = matches[matches.length - 1];
  const handle = leaf?.handle as RouteHandle | undefined;
  const title = documentTitle(shop, handle, leaf?.loaderData);

  useEffect(() => {
    // Marks a hydrated page (browser tests and support staff can tell a live page from a static one).
    document.documentElement.dataset.hydrated = 'true';
  }, []);

  useEffect(() => {
    document.title = title;
    document.documentElement.lang = lang;
  }, [title, lang]);

  return (
    <ShopContext.Provider value={shop}>
      <Layout name={handle?.layout ?? 'default'}>
        <Outlet />
      </Layout>
    </ShopContext.Provider>
  );
}
