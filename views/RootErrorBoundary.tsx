// Errors of any screen: 404 shows the CMS story with slug 404 and 'Page Not Found: {path}' (spec 2, 8);
// anything else a calm message in the customer's language. Never a stack trace.
import { lazy, Suspense, useEffect } from 'react';
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { Link } from './components/ShopLink.tsx';
import { ShopFrame, useLocationShop } from './App.tsx';
import { pathFor } from '../src/screens.ts';
import type { NotFoundData } from './lib/not-found.ts';

// Only an error page with a CMS story needs the blocks: they stay out of the code every page loads.
const Blocks = lazy(() => import('./blocks/Blocks.tsx').then((m) => ({ default: m.Blocks })));

export function RootErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  const shop = useLocationShop();
  const lang = shop.lang;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const data = notFound ? (error.data as NotFoundData | undefined) : undefined;
  const path = data?.path ?? location.pathname;
  const title = notFound ? shop.t('error.notFoundTitle') : shop.t('error.serverTitle');
  useEffect(() => {
    document.title = `${title} | ${shop.t('shop.name')}`;
    document.documentElement.dataset.hydrated = 'true';
  }, [title, shop]);
  return (
    <ShopFrame shop={shop} layout="default">
        <section className="container page-section error-page">
          <h1>{data?.content?.title ?? data?.page?.title ?? title}</h1>
          <p className="error-message">{data?.content?.message ?? (notFound ? shop.t('error.notFound', { path }) : shop.t('error.server'))}</p>
          {data?.page && !data.content ? <Suspense fallback={null}><Blocks blocks={data.page.blocks} /></Suspense> : null}
          <p className="error-actions">
            {data?.content?.link ? <Link className="button button-primary" to={data.content.link.to}>{data.content.link.label}</Link> : null}
            <Link className="button button-primary" to={pathFor('home', lang)}>{shop.t('error.backHome')}</Link>
            {notFound ? <Link className="button button-quiet" to={pathFor('shop', lang)}>{shop.t('listing.toShop')}</Link> : null}
          </p>
        </section>
    </ShopFrame>
  );
}
