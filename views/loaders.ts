// Server-side loaders by name (views/routes.ts `loader`). Only the server imports this module; the
// browser gets the same results as JSON through the storefront's /__data endpoint.
import type { LoaderFunction } from 'react-router';
import { homeLoader } from './pages/home/loader.ts';
import { cmsPageLoader } from './pages/cms/loader.ts';
import { maintenanceLoader } from './pages/maintenance/loader.ts';
import { pricelistLoader } from './pages/pricelist/loader.ts';
import { accountLoader } from './pages/account/loader.ts';

export const serverLoaders: Record<string, LoaderFunction> = {
  home: homeLoader,
  cmsPage: cmsPageLoader,
  maintenance: maintenanceLoader,
  pricelist: pricelistLoader,
  account: accountLoader,
};
