// The page table: which React page renders each screen of src/screens.ts (lazy, so the browser loads a
// screen's code when it is first shown). Typed by screen id: a screen without a page, or a page for a
// screen that does not exist, fails the typecheck.
import type { ComponentType } from 'react';
import type { ScreenId } from '../src/screens.ts';

export type PageModule = { default: ComponentType };
export type PageImport = () => Promise<PageModule>;

export const pages: Record<ScreenId, PageImport> = {
  home: () => import('./pages/home/Page.tsx'),
  cart: () => import('./pages/cart/Page.tsx'),
  login: () => import('./pages/login/Page.tsx'),
  search: () => import('./pages/search/Page.tsx'),
  register: () => import('./pages/register/Page.tsx'),
  wishlist: () => import('./pages/wishlist/Page.tsx'),
  blog: () => import('./pages/blog/Page.tsx'),
  blogArticle: () => import('./pages/article/Page.tsx'),
  contact: () => import('./pages/contact/Page.tsx'),
  account: () => import('./pages/account/Page.tsx'),
  accountOrders: () => import('./pages/account-orders/Page.tsx'),
  accountOrder: () => import('./pages/account-order/Page.tsx'),
  accountDeposit: () => import('./pages/account-deposit/Page.tsx'),
  accountProfile: () => import('./pages/account-profile/Page.tsx'),
  accountPasskeys: () => import('./pages/account-passkeys/Page.tsx'),
  accountAuthenticator: () => import('./pages/account-authenticator/Page.tsx'),
  accountSessions: () => import('./pages/account-sessions/Page.tsx'),
  accountAddresses: () => import('./pages/account-addresses/Page.tsx'),
  accountLimitOrders: () => import('./pages/account-limit-orders/Page.tsx'),
  accountLimitOrder: () => import('./pages/account-limit-order/Page.tsx'),
  news: () => import('./pages/news/Page.tsx'),
  newsArticle: () => import('./pages/article/Page.tsx'),
  sellToUs: () => import('./pages/sell/Page.tsx'),
  shop: () => import('./pages/shop/Page.tsx'),
  scrapMetals: () => import('./pages/sell/Page.tsx'),
  shopItem: () => import('./pages/shop/Page.tsx'),
  maintenance: () => import('./pages/maintenance/Page.tsx'),
  activateUser: () => import('./pages/activate-user/Page.tsx'),
  resetPassword: () => import('./pages/reset-password/Page.tsx'),
  forgotPassword: () => import('./pages/forgot-password/Page.tsx'),
  storeDetail: () => import('./pages/store-detail/Page.tsx'),
  consulate: () => import('./pages/content/Page.tsx'),
  product: () => import('./pages/product/Page.tsx'),
  productLimitOrder: () => import('./pages/product-limit-order/Page.tsx'),
  whistleblower: () => import('./pages/content/Page.tsx'),
  pricelist: () => import('./pages/pricelist/Page.tsx'),
  encyclopedia: () => import('./pages/encyclopedia/Page.tsx'),
  knowledgeArticle: () => import('./pages/article/Page.tsx'),
  checkout: () => import('./pages/checkout/Page.tsx'),
  confirmation: () => import('./pages/confirmation/Page.tsx'),
  pressReleases: () => import('./pages/press-releases/Page.tsx'),
  previewDataPrivacy: () => import('./pages/preview/Page.tsx'),
  previewTrustedShops: () => import('./pages/preview/Page.tsx'),
  cmsPage: () => import('./pages/cms/Page.tsx'),
};
