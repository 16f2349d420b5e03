// Errors of any screen: 404 shows the CMS story with slug 404 and 'Page Not Found: {path}' (spec 2, 8);
// anything else a calm message in the customer's language. Never a stack trace.
import { useContext, useEffect, useMemo } from 'react';
import { isRouteErrorResponse, Link, useLocation, useRouteError } from 'react-router';
import { languageOfPath } from '../../../src/stores.ts';
import { BootContext } from '../../lib/boot.ts';
import { makeShop, ShopContext } from '../../lib/context.tsx';
import { Layout } from '../../layouts/Layout.tsx';
import { Blocks } from '../../blocks/Blocks.tsx';
import { pathFor } from '../../routes.ts';
import type { CmsStory } from '../../lib/cms-types.ts';

export interface NotFoundData {
  path: string;
  story: CmsStory | null;
}

export function RootErrorBoundary() {
  const error = useRouteError();
  const boot = useContext(BootContext);
  const location = useLocation();
  const lang = languageOfPath(location.pathname);
  const shop = useMemo(() => makeShop(boot, lang), [boot, lang]);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const data = notFound ? (error.data as NotFoundData | undefined) : undefined;
  const path = data?.path ?? location.pathname;
  const title = notFound ? shop.t('error.notFoundTitle') : shop.t('error.serverTitle');
  useEffect(() => {
    document.title = `${title} | ${shop.t('shop.name')}`;
    document.documentElement.dataset.hydrated = 'true';
  }, [title, shop]);
  return (
    <ShopContext.Provider value={shop}>
      <Layout name="default">
        <section className="container page-section error-page">
          <h1>{data?.story?.content.title ?? title}</h1>
          <p className="error-message">{notFound ? shop.t('error.notFound', { path }) : shop.t('error.server')}</p>
          {data?.story ? <Blocks blocks={data.story.content.body} /> : null}
          <p>
            <Link className="button button-primary" to={pathFor('home', lang)}>{shop.t('error.backHome')}</Link>
          </p>
        </section>
      </Layout>
    </ShopContext.Provider>
  );
}
