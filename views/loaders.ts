// Server-side loaders by name (views/routes.ts `loader`). Only the server imports this module; the
// browser gets the same results as JSON through the storefront's /__data endpoint.
import type { LoaderFunction } from 'react-router';
import type { LoaderName } from '../src/screens.ts';
import { homeLoader } from './pages/home/loader.ts';
import { cmsPageLoader } from './pages/cms/loader.ts';
import { maintenanceLoader } from './pages/maintenance/loader.ts';
import { pricelistLoader } from './pages/pricelist/loader.ts';
import { accountLoader } from './models/account-loader.ts';
import { shopLoader } from './pages/shop/loader.ts';
import { searchLoader } from './pages/search/loader.ts';
import { productLoader } from './models/product-loader.ts';
import { contentScreenLoader } from './models/content-screen-loader.ts';
import { blogLoader } from './pages/blog/loader.ts';
import { newsLoader } from './pages/news/loader.ts';
import { blogArticleLoader, knowledgeArticleLoader, newsArticleLoader } from './pages/article/loader.ts';
import { encyclopediaLoader } from './pages/encyclopedia/loader.ts';
import { pressReleasesLoader } from './pages/press-releases/loader.ts';
import { storeDetailLoader } from './pages/store-detail/loader.ts';
import { previewLoader } from './pages/preview/loader.ts';
import { sellLoader } from './pages/sell/loader.ts';
import { checkoutLoader } from './models/checkout-loader.ts';
import { cartLoader } from './pages/cart/loader.ts';
import { accountOverviewLoader } from './pages/account/overview-loader.ts';
import { accountOrdersLoader } from './pages/account-orders/loader.ts';
import { accountOrderLoader } from './pages/account-order/loader.ts';
import { accountLimitOrdersLoader } from './pages/account-limit-orders/loader.ts';
import { accountLimitOrderLoader } from './pages/account-limit-order/loader.ts';
import { accountDepositLoader } from './pages/account-deposit/loader.ts';
import { productLimitOrderLoader } from './pages/product-limit-order/loader.ts';

export const serverLoaders: Record<LoaderName, LoaderFunction> = {
  home: homeLoader,
  cmsPage: cmsPageLoader,
  maintenance: maintenanceLoader,
  pricelist: pricelistLoader,
  account: accountLoader,
  shop: shopLoader,
  search: searchLoader,
  product: productLoader,
  contentScreen: contentScreenLoader,
  blog: blogLoader,
  blogArticle: blogArticleLoader,
  news: newsLoader,
  newsArticle: newsArticleLoader,
  encyclopedia: encyclopediaLoader,
  knowledgeArticle: knowledgeArticleLoader,
  pressReleases: pressReleasesLoader,
  storeDetail: storeDetailLoader,
  preview: previewLoader,
  sell: sellLoader,
  checkout: checkoutLoader,
  cart: cartLoader,
  accountOverview: accountOverviewLoader,
  accountOrders: accountOrdersLoader,
  accountOrder: accountOrderLoader,
  accountLimitOrders: accountLimitOrdersLoader,
  accountLimitOrder: accountLimitOrderLoader,
  accountDeposit: accountDepositLoader,
  productLimitOrder: productLimitOrderLoader,
};
