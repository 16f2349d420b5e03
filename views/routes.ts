// The route table (spec 2): one source for the server's static handler and the browser's router.
// Every screen exists in German (no prefix) and English (/en). Paths use react-router patterns.
import type { Language } from '../src/stores.ts';

export type LayoutName = 'checkout' | 'default' | 'minimal' | 'preview' | 'reduced';
/** spec 6: account pages need account middleware, the cart page cart middleware, pricelist pages
 * pricelist middleware. The bodies are "not shown"; ours are in src/storefront/route-rules.ts. */
export type GuardName = 'account' | 'cart' | 'pricelist';

export interface ShopRoute {
  id: string;
  paths: Record<Language, string>;
  layout: LayoutName;
  guard?: GuardName;
  /** i18n key of the screen's heading and document title */
  titleKey: string;
  /** id of the parent screen in the breadcrumb trail (home is implied) */
  parent?: string;
  /** lazy page module (code-split in the browser) */
  page: () => Promise<{ default: React.ComponentType }>;
  /** server loader name in views/loaders.ts; pages without one need no data */
  loader?: string;
}

const r = (route: ShopRoute) => route;

export const shopRoutes: ShopRoute[] = [
  r({ id: 'home', paths: { en: '/en', de: '/' }, layout: 'default', titleKey: 'route.home', loader: 'home', page: () => import('./pages/home/Page.tsx') }),
  r({ id: 'cart', paths: { en: '/en/cart', de: '/warenkorb' }, layout: 'default', guard: 'cart', titleKey: 'route.cart', page: () => import('./pages/screen/Page.tsx') }),
  r({ id: 'login', paths: { en: '/en/login', de: '/login' }, layout: 'reduced', titleKey: 'route.login', page: () => import('./pages/login/Page.tsx') }),
  r({ id: 'search', paths: { en: '/en/search', de: '/suche' }, layout: 'default', titleKey: 'route.search', page: () => import('./pages/screen/Page.tsx') }),
  r({ id: 'register', paths: { en: '/en/register', de: '/registrierung' }, layout: 'reduced', titleKey: 'route.register', page: () => import('./pages/register/Page.tsx') }),
  r({ id: 'wishlist', paths: { en: '/en/wishlist', de: '/wunschliste' }, layout: 'default', titleKey: 'route.wishlist', page: () => import('./pages/screen/Page.tsx') }),
  r({ id: 'blog', paths: { en: '/en/blog', de: '/blog' }, layout: 'default', titleKey: 'route.blog', page: () => import('./pages/screen/Page.tsx') }),
  r({ id: 'blogArticle', paths: { en: '/en/blog/:slug', de: '/blog/:slug' }, layout: 'default', titleKey: 'route.blogArticle', parent: 'blog', page: () => import('./pages/screen/Page.tsx') }),
  r({ id: 'contact', paths: { en: '/en/contact-us', de: '/kontakt' }, layout: 'default', titleKey: 'route.contact', page: () => import('./pages/screen/Page.tsx') }),
  r({ id: 'account', paths: { en: '/en/my-account', de: '/kundenkonto' }, layout: 'default', guard: 'account', titleKey: 'route.account', loader: 'account', page: () => import('./pages/account/Page.tsx') }),
  r({ id: 'accountOrders', paths: { en: '/en/my-account/orders', de: '/kundenkonto/bestelluebersicht' }, layout: 'default', guard: 'account', titleKey: 'route.accountOrders', parent: 'account', page: () => import('./pages/screen/Page.tsx') }),
  r({ id: 'accountOrder', paths: { en: '/en/my-account/orders/:slug', de: '/kundenkonto/bestelluebersicht/:slug' }, layout: 'default', guard: 'account', titleKey: 'route.accountOrder', parent: 'accountOrders', page: () => import('./pages/screen/Page.tsx') }),
  r({ id: 'accountDeposit', paths: { en: '/en/my-account/deposit', de: '/kundenkonto/depotverwaltung' }, layout: 'default', guard: 'account', titleKey: 'route.accountDeposit', parent: 'account', page: () => import('./pages/screen/Page.tsx') }),
  r({ id: 'accountProfile', paths: { en: '/en/my-account/profile', de: '/kundenkonto/meine-daten' }, layout: 'default', guard: 'account', titleKey: 'route.accountProfile', parent: 'account', loader: 'account', page: () => import('./pages/account-profile/Page.tsx') }),
  r({ id: 'accountAddresses', paths: { en: '/en/my-account/addresses', de: '/kundenkonto/adressen' }, layout: 'default', guard: 'account', titleKey: 'route.accountAddresses', parent: 'account', loader: 'account', page: () => import('./pages/account-addresses/Page.tsx') }),
  r({ id: 'accountLimitOrders', paths: { en: '/en/my-account/limit-orders', de: '/kundenkonto/limit-order' }, layout: 'default', guard: 'account', titleKey: 'route.accountLimitOrders', parent: 'account', page: () => import('./pages/screen/Page.tsx') }),
  r({ id: 'accountLimitOrder', paths: { en: '/en/my-account/limit-orders/:slug', de: '/kundenkonto/limit-order/:slug' }, layout: 'default', guard: 'account', titleKey: 'route.accountLimitOrder', parent: 'accountLimitOrders', page: () => import('./pages/screen/Page.tsx') }),
  r({ id: 'news', paths: { en: '/en/news', de: '/news' }, layout: 'default', titleKey: 'route.news', page: () => import('./pages/screen/Page.tsx') }),
  r({ id: 'newsArticle', paths: { en: '/en/news/*', de: '/news/*' }, layout: 'default', titleKey: 'route.newsArticle', parent: 'news', page: () => import('./pages/screen/Page.tsx') }),
  r({ id: 'sellToUs', paths: { en: '/en/sell-to-us', de: '/ankauf' }, layout: 'default', titleKey: 'route.sellToUs', page: () => import('./pages/screen/Page.tsx') }),
  r({ id: 'shop', paths: { en: '/en/shop', de: '/shop' }, layout: 'default', titleKey: 'route.shop', page: () => import('./pages/screen/Page.tsx') }),
  r({ id: 'scrapMetals', paths: { en: '/en/shop/scrap-metals', de: '/shop/altgold-ankauf' }, layout: 'default', titleKey: 'route.scrapMetals', parent: 'shop', page: () => import('./pages/screen/Page.tsx') }),
  r({ id: 'shopItem', paths: { en: '/en/shop/:slug', de: '/shop/:slug' }, layout: 'default', titleKey: 'route.shopItem', parent: 'shop', page: () => import('./pages/screen/Page.tsx') }),
  r({ id: 'maintenance', paths: { en: '/en/maintenance', de: '/maintenance' }, layout: 'minimal', titleKey: 'route.maintenance', loader: 'maintenance', page: () => import('./pages/maintenance/Page.tsx') }),
  r({ id: 'activateUser', paths: { en: '/en/activate-user', de: '/activate-user' }, layout: 'reduced', titleKey: 'route.activateUser', page: () => import('./pages/activate-user/Page.tsx') }),
  r({ id: 'resetPassword', paths: { en: '/en/reset-password', de: '/passwort-zuruecksetzen' }, layout: 'reduced', titleKey: 'route.resetPassword', page: () => import('./pages/reset-password/Page.tsx') }),
  r({ id: 'forgotPassword', paths: { en: '/en/forgot-password', de: '/passwort-vergessen' }, layout: 'reduced', titleKey: 'route.forgotPassword', page: () => import('./pages/forgot-password/Page.tsx') }),
  r({ id: 'storeDetail', paths: { en: '/en/stores/:slug', de: '/filialen/:slug' }, layout: 'default', titleKey: 'route.storeDetail', page: () => import('./pages/screen/Page.tsx') }),
  // spec 2 gives the consulate and whistleblower pages the same German path in both languages.
  r({ id: 'consulate', paths: { en: '/en/oe-konsulat-sg', de: '/oe-konsulat-sg' }, layout: 'minimal', titleKey: 'route.consulate', page: () => import('./pages/screen/Page.tsx') }),
  r({ id: 'product', paths: { en: '/en/product/:slug', de: '/produkt/:slug' }, layout: 'default', titleKey: 'route.product', parent: 'shop', page: () => import('./pages/screen/Page.tsx') }),
  r({ id: 'productLimitOrder', paths: { en: '/en/product/:slug/limit-order', de: '/produkt/:slug/limit-order' }, layout: 'default', titleKey: 'route.productLimitOrder', parent: 'shop', page: () => import('./pages/screen/Page.tsx') }),
  r({ id: 'whistleblower', paths: { en: '/en/hinweisgebersystem', de: '/hinweisgebersystem' }, layout: 'minimal', titleKey: 'route.whistleblower', page: () => import('./pages/screen/Page.tsx') }),
  r({ id: 'pricelist', paths: { en: '/en/pricelist/*', de: '/preisliste/*' }, layout: 'default', guard: 'pricelist', titleKey: 'route.pricelist', loader: 'pricelist', page: () => import('./pages/pricelist/Page.tsx') }),
  r({ id: 'encyclopedia', paths: { en: '/en/knowledge-hub/encyclopedia', de: '/wissen/enzyklopaedie' }, layout: 'default', titleKey: 'route.encyclopedia', page: () => import('./pages/screen/Page.tsx') }),
  r({ id: 'knowledgeArticle', paths: { en: '/en/knowledge-hub/:slug', de: '/wissen/:slug' }, layout: 'default', titleKey: 'route.knowledgeArticle', parent: 'encyclopedia', page: () => import('./pages/screen/Page.tsx') }),
  r({ id: 'checkout', paths: { en: '/en/checkout/:transactionType', de: '/checkout/:transactionType' }, layout: 'checkout', titleKey: 'route.checkout', page: () => import('./pages/screen/Page.tsx') }),
  r({ id: 'confirmation', paths: { en: '/en/checkout/:transactionType/confirmation', de: '/checkout/:transactionType/bestaetigung' }, layout: 'checkout', titleKey: 'route.confirmation', page: () => import('./pages/screen/Page.tsx') }),
  // spec 2 names only the German path; the English one follows the site's English naming.
  r({ id: 'pressReleases', paths: { en: '/en/about-us/press/press-releases', de: '/ueber-uns/presse/presseaussendungen' }, layout: 'default', titleKey: 'route.pressReleases', page: () => import('./pages/screen/Page.tsx') }),
  r({ id: 'previewDataPrivacy', paths: { en: '/en/preview/components/data-privacy', de: '/preview/components/data-privacy' }, layout: 'preview', titleKey: 'route.previewDataPrivacy', page: () => import('./pages/screen/Page.tsx') }),
  r({ id: 'previewTrustedShops', paths: { en: '/en/preview/components/trusted-shops-toggle', de: '/preview/components/trusted-shops-toggle' }, layout: 'preview', titleKey: 'route.previewTrustedShops', page: () => import('./pages/screen/Page.tsx') }),
  // Catch-all CMS page (spec 2): resolved by the story's URL path field; unknown paths answer 404.
  r({ id: 'cmsPage', paths: { en: '/en/*', de: '/*' }, layout: 'default', titleKey: 'route.cmsPage', loader: 'cmsPage', page: () => import('./pages/cms/Page.tsx') }),
];

export const routeById: Record<string, ShopRoute> = Object.fromEntries(shopRoutes.map((x) => [x.id, x]));

/** react-router route id for a screen in a language */
export function routeId(id: string, lang: Language): string {
  return `${id}.${lang}`;
}

export function parseRouteId(rrId: string): { id: string; lang: Language } | null {
  const m = /^(.+)\.(de|en)$/.exec(rrId);
  return m ? { id: m[1], lang: m[2] as Language } : null;
}

/** Builds the URL of a screen in a language, filling :params and a trailing splat. */
export function pathFor(id: string, lang: Language, params: Record<string, string> = {}): string {
  const route = routeById[id];
  if (!route) throw new Error(`Unknown route ${id}`);
  let path = route.paths[lang].replace(/:(\w+)/g, (_, k: string) => encodeURIComponent(params[k] ?? ''));
  if (path.endsWith('/*')) path = params['*'] ? path.slice(0, -1) + params['*'] : path.slice(0, -2) || '/';
  return path;
}
