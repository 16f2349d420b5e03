// The root of every page: picks the layout the matched screen asks for (spec 2: checkout, default,
// minimal, preview, reduced), provides the shop context for the current language and keeps the
// document title and language in step with client-side navigation.
import { useContext, useEffect, useMemo, type ReactNode } from 'react';
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { NavigateContext } from './components/ShopLink.tsx';
import { languageOfPath, type LayoutName } from '../src/screens.ts';
import { BootContext } from './lib/boot.ts';
import { makeShop, ShopContext, StringsRecorder, type Shop } from './lib/context.tsx';
import { Layout } from './layouts/Layout.tsx';
import type { RouteHandle } from '../src/screens.ts';
import { documentTitle } from './lib/meta.ts';
import { ScrollMemory } from './components/ScrollMemory.tsx';
import { StepUpHost } from './components/StepUpHost.tsx';

/** The shop of the current location: store, language, translator, formatters. */
export function useLocationShop(): Shop {
  const boot = useContext(BootContext);
  const lang = languageOfPath(useLocation().pathname);
  const record = useContext(StringsRecorder);
  return useMemo(() => makeShop(boot, lang, record), [boot, lang, record]);
}

/** The contexts every page renders in (shop, in-app navigation) around its layout. Pages and the error page. */
export function ShopFrame({ shop, layout, children }: { shop: Shop; layout: LayoutName; children: ReactNode }) {
  const routerNavigate = useNavigate();
  const navigate = useMemo(() => (to: string) => void routerNavigate(to), [routerNavigate]);
  return (
    <ShopContext.Provider value={shop}>
      <NavigateContext.Provider value={navigate}>
        <Layout name={layout}>{children}</Layout>
      </NavigateContext.Provider>
    </ShopContext.Provider>
  );
}

export function App() {
  const shop = useLocationShop();
  const matches = useMatches();
  const leaf = matches[matches.length - 1];
  const handle = leaf?.handle as RouteHandle | undefined;
  const title = documentTitle(shop, handle, leaf?.loaderData);

  useEffect(() => {
    // Marks a hydrated page (browser tests and support staff can tell a live page from a static one).
    document.documentElement.dataset.hydrated = 'true';
  }, []);

  useEffect(() => {
    document.title = title;
    document.documentElement.lang = shop.lang;
  }, [title, shop.lang]);

  return (
    <>
      <ShopFrame shop={shop} layout={handle?.layout ?? 'default'}>
        <Outlet />
        <StepUpHost />
      </ShopFrame>
      <ScrollMemory />
    </>
  );
}
