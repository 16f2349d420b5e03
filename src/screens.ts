// The screens of the shop (spec 2): ids, paths per language, layout, guard, title and loader name. One
// source for the storefront (route rules, guards, sitemaps) and the views (the page table in
// views/routes.ts, links), so it lives on neutral ground: it holds data and pure functions only.
// Every screen exists in German (no prefix) and English (/en). Paths use react-router patterns.
import type { Language } from './stores.ts';

export type LayoutName = 'checkout' | 'default' | 'minimal' | 'preview' | 'reduced';
/** spec 6: account pages need account middleware, the cart page cart middleware, pricelist pages
 * pricelist middleware. The bodies are "not shown"; ours are in src/storefront/route-rules.ts. */
export type GuardName = 'account' | 'cart' | 'pricelist';
/** Server loaders by name (views/loaders.ts holds one per name: a misspelt name fails the typecheck). */
export type LoaderName = 'home' | 'cmsPage' | 'maintenance' | 'pricelist' | 'account'
  | 'shop' | 'search' | 'product'
  // CMS-driven screens, stores and previews
  | 'contentScreen' | 'blog' | 'blogArticle' | 'news' | 'newsArticle' | 'encyclopedia' | 'knowledgeArticle' | 'pressReleases' | 'storeDetail' | 'preview'
  // carts, sell to us, checkout
  | 'sell' | 'checkout' | 'cart'
  // the account area: overview, orders, limit orders, the deposit, the product's limit-order form
  | 'accountOverview' | 'accountOrders' | 'accountOrder' | 'accountLimitOrders' | 'accountLimitOrder' | 'accountDeposit' | 'productLimitOrder';

export interface ScreenDef {
  id: string;
  paths: Readonly<Record<Language, string>>;
  layout: LayoutName;
  guard?: GuardName;
  /** i18n key of the screen's heading and document title */
  titleKey: string;
  /** id of the parent screen in the breadcrumb trail (home is implied) */
  parent?: string;
  /** server loader; screens without one need no data */
  loader?: LoaderName;
}

export const screens = [
  { id: 'home', paths: { en: '/en', de: '/' }, layout: 'default', titleKey: 'route.home', loader: 'home' },
  { id: 'cart', paths: { en: '/en/cart', de: '/warenkorb' }, layout: 'default', guard: 'cart', titleKey: 'route.cart', loader: 'cart' },
  { id: 'login', paths: { en: '/en/login', de: '/login' }, layout: 'reduced', titleKey: 'route.login' },
  { id: 'search', paths: { en: '/en/search', de: '/suche' }, layout: 'default', titleKey: 'route.search', loader: 'search' },
  { id: 'register', paths: { en: '/en/register', de: '/registrierung' }, layout: 'reduced', titleKey: 'route.register' },
  { id: 'wishlist', paths: { en: '/en/wishlist', de: '/wunschliste' }, layout: 'default', titleKey: 'route.wishlist' },
  { id: 'blog', paths: { en: '/en/blog', de: '/blog' }, layout: 'default', titleKey: 'route.blog', loader: 'blog' },
  { id: 'blogArticle', paths: { en: '/en/blog/:slug', de: '/blog/:slug' }, layout: 'default', titleKey: 'route.blogArticle', parent: 'blog', loader: 'blogArticle' },
  { id: 'contact', paths: { en: '/en/contact-us', de: '/kontakt' }, layout: 'default', titleKey: 'route.contact', loader: 'contentScreen' },
  { id: 'account', paths: { en: '/en/my-account', de: '/kundenkonto' }, layout: 'default', guard: 'account', titleKey: 'route.account', loader: 'accountOverview' },
  { id: 'accountOrders', paths: { en: '/en/my-account/orders', de: '/kundenkonto/bestelluebersicht' }, layout: 'default', guard: 'account', titleKey: 'route.accountOrders', parent: 'account', loader: 'accountOrders' },
  { id: 'accountOrder', paths: { en: '/en/my-account/orders/:slug', de: '/kundenkonto/bestelluebersicht/:slug' }, layout: 'default', guard: 'account', titleKey: 'route.accountOrder', parent: 'accountOrders', loader: 'accountOrder' },
  { id: 'accountDeposit', paths: { en: '/en/my-account/deposit', de: '/kundenkonto/depotverwaltung' }, layout: 'default', guard: 'account', titleKey: 'route.accountDeposit', parent: 'account', loader: 'accountDeposit' },
  { id: 'accountProfile', paths: { en: '/en/my-account/profile', de: '/kundenkonto/meine-daten' }, layout: 'default', guard: 'account', titleKey: 'route.accountProfile', parent: 'account', loader: 'account' },
  { id: 'accountAddresses', paths: { en: '/en/my-account/addresses', de: '/kundenkonto/adressen' }, layout: 'default', guard: 'account', titleKey: 'route.accountAddresses', parent: 'account', loader: 'account' },
  { id: 'accountAuthenticator', paths: { en: '/en/my-account/authenticator-app', de: '/kundenkonto/authenticator-app' }, layout: 'default', guard: 'account', titleKey: 'route.accountAuthenticator', parent: 'account', loader: 'account' },
  { id: 'accountPasskeys', paths: { en: '/en/my-account/passkeys', de: '/kundenkonto/passkeys' }, layout: 'default', guard: 'account', titleKey: 'route.accountPasskeys', parent: 'account', loader: 'account' },
  { id: 'accountSessions', paths: { en: '/en/my-account/sessions', de: '/kundenkonto/sitzungen' }, layout: 'default', guard: 'account', titleKey: 'route.accountSessions', parent: 'account', loader: 'account' },
  { id: 'accountLimitOrders', paths: { en: '/en/my-account/limit-orders', de: '/kundenkonto/limit-order' }, layout: 'default', guard: 'account', titleKey: 'route.accountLimitOrders', parent: 'account', loader: 'accountLimitOrders' },
  { id: 'accountLimitOrder', paths: { en: '/en/my-account/limit-orders/:slug', de: '/kundenkonto/limit-order/:slug' }, layout: 'default', guard: 'account', titleKey: 'route.accountLimitOrder', parent: 'accountLimitOrders', loader: 'accountLimitOrder' },
  { id: 'news', paths: { en: '/en/news', de: '/news' }, layout: 'default', titleKey: 'route.news', loader: 'news' },
  { id: 'newsArticle', paths: { en: '/en/news/*', de: '/news/*' }, layout: 'default', titleKey: 'route.newsArticle', parent: 'news', loader: 'newsArticle' },
  { id: 'sellToUs', paths: { en: '/en/sell-to-us', de: '/ankauf' }, layout: 'default', titleKey: 'route.sellToUs', loader: 'sell' },
  { id: 'shop', paths: { en: '/en/shop', de: '/shop' }, layout: 'default', titleKey: 'route.shop', loader: 'shop' },
  { id: 'scrapMetals', paths: { en: '/en/shop/scrap-metals', de: '/shop/altgold-ankauf' }, layout: 'default', titleKey: 'route.scrapMetals', parent: 'shop', loader: 'sell' },
  { id: 'shopItem', paths: { en: '/en/shop/:slug', de: '/shop/:slug' }, layout: 'default', titleKey: 'route.shopItem', parent: 'shop', loader: 'shop' },
  { id: 'maintenance', paths: { en: '/en/maintenance', de: '/maintenance' }, layout: 'minimal', titleKey: 'route.maintenance', loader: 'maintenance' },
  { id: 'activateUser', paths: { en: '/en/activate-user', de: '/activate-user' }, layout: 'reduced', titleKey: 'route.activateUser' },
  { id: 'resetPassword', paths: { en: '/en/reset-password', de: '/passwort-zuruecksetzen' }, layout: 'reduced', titleKey: 'route.resetPassword' },
  { id: 'forgotPassword', paths: { en: '/en/forgot-password', de: '/passwort-vergessen' }, layout: 'reduced', titleKey: 'route.forgotPassword' },
  { id: 'storeDetail', paths: { en: '/en/stores/:slug', de: '/filialen/:slug' }, layout: 'default', titleKey: 'route.storeDetail', loader: 'storeDetail' },
  // spec 2 gives the consulate and whistleblower pages the same German path in both languages.
  { id: 'consulate', paths: { en: '/en/oe-konsulat-sg', de: '/oe-konsulat-sg' }, layout: 'minimal', titleKey: 'route.consulate', loader: 'contentScreen' },
  { id: 'product', paths: { en: '/en/product/:slug', de: '/produkt/:slug' }, layout: 'default', titleKey: 'route.product', parent: 'shop', loader: 'product' },
  { id: 'productLimitOrder', paths: { en: '/en/product/:slug/limit-order', de: '/produkt/:slug/limit-order' }, layout: 'default', guard: 'account', titleKey: 'route.productLimitOrder', parent: 'shop', loader: 'productLimitOrder' },
  { id: 'whistleblower', paths: { en: '/en/hinweisgebersystem', de: '/hinweisgebersystem' }, layout: 'minimal', titleKey: 'route.whistleblower', loader: 'contentScreen' },
  { id: 'pricelist', paths: { en: '/en/pricelist/*', de: '/preisliste/*' }, layout: 'default', guard: 'pricelist', titleKey: 'route.pricelist', loader: 'pricelist' },
  { id: 'encyclopedia', paths: { en: '/en/knowledge-hub/encyclopedia', de: '/wissen/enzyklopaedie' }, layout: 'default', titleKey: 'route.encyclopedia', loader: 'encyclopedia' },
  { id: 'knowledgeArticle', paths: { en: '/en/knowledge-hub/:slug', de: '/wissen/:slug' }, layout: 'default', titleKey: 'route.knowledgeArticle', parent: 'encyclopedia', loader: 'knowledgeArticle' },
  { id: 'checkout', paths: { en: '/en/checkout/:transactionType', de: '/checkout/:transactionType' }, layout: 'checkout', titleKey: 'route.checkout', loader: 'checkout' },
  { id: 'confirmation', paths: { en: '/en/checkout/:transactionType/confirmation', de: '/checkout/:transactionType/bestaetigung' }, layout: 'checkout', titleKey: 'route.confirmation', loader: 'checkout' },
  // spec 2 names only the German path; the English one follows the site's English naming.
  { id: 'pressReleases', paths: { en: '/en/about-us/press/press-releases', de: '/ueber-uns/presse/presseaussendungen' }, layout: 'default', titleKey: 'route.pressReleases', loader: 'pressReleases' },
  { id: 'previewDataPrivacy', paths: { en: '/en/preview/components/data-privacy', de: '/preview/components/data-privacy' }, layout: 'preview', titleKey: 'route.previewDataPrivacy', loader: 'preview' },
  { id: 'previewTrustedShops', paths: { en: '/en/preview/components/trusted-shops-toggle', de: '/preview/components/trusted-shops-toggle' }, layout: 'preview', titleKey: 'route.previewTrustedShops', loader: 'preview' },
  // Catch-all CMS page (spec 2): resolved by the story's URL path field; unknown paths answer 404.
  { id: 'cmsPage', paths: { en: '/en/*', de: '/*' }, layout: 'default', titleKey: 'route.cmsPage', loader: 'cmsPage' },
] as const satisfies readonly ScreenDef[];

export type ScreenId = (typeof screens)[number]['id'];
export type Screen = ScreenDef & { id: ScreenId; parent?: ScreenId };

export const screenById = Object.fromEntries(screens.map((x) => [x.id, x])) as unknown as Record<ScreenId, Screen>;

export function isScreenId(v: string): v is ScreenId {
  return Object.hasOwn(screenById, v);
}

/** react-router route id for a screen in a language */
export function routeId(id: ScreenId, lang: Language): string {
  return `${id}.${lang}`;
}

export function parseRouteId(rrId: string): { id: ScreenId; lang: Language } | null {
  const m = /^(.+)\.(de|en)$/.exec(rrId);
  return m && isScreenId(m[1]) ? { id: m[1], lang: m[2] as Language } : null;
}

/** Builds the URL of a screen in a language, filling :params and a trailing splat. */
export function pathFor(id: ScreenId, lang: Language, params: Record<string, string> = {}): string {
  const route = screenById[id];
  let path: string = route.paths[lang].replace(/:(\w+)/g, (_, k: string) => encodeURIComponent(params[k] ?? ''));
  if (path.endsWith('/*')) path = params['*'] ? path.slice(0, -1) + params['*'] : path.slice(0, -2) || '/';
  return path;
}

// The language prefix (spec 2: every route exists in English under /en and in German without prefix).
// These three functions are its only definition.

/** spec 2: every path under /en is English, every other path German. */
export function languageOfPath(pathname: string): Language {
  return pathname === '/en' || pathname.startsWith('/en/') ? 'en' : 'de';
}

/** A site path (German form, '/' for home) in a language: '/shop' -> '/en/shop', '/' -> '/en'. */
export function localizedPath(lang: Language, path: string): string {
  if (lang === 'de') return path;
  return path === '/' ? '/en' : `/en${path}`;
}

/** The path without its language prefix: '/en/shop' -> '/shop', '/en' -> '/'. */
export function unprefixedPath(pathname: string): string {
  if (pathname === '/en') return '/';
  return pathname.startsWith('/en/') ? pathname.slice(3) : pathname;
}

/** What each react-router route of a screen carries in its handle (server rules, layout, breadcrumb). */
export interface RouteHandle {
  screen: ScreenId;
  lang: Language;
  layout: LayoutName;
  titleKey: string;
  parent?: ScreenId;
  guard?: GuardName;
}

/** The table as plain records, for code that walks every screen. */
export const screenList: readonly Screen[] = screens as readonly Screen[];

/** Only same-site absolute paths are followed after login (spec 8: external navigation refused). */
export function safeRedirectPath(value: string | null | undefined, fallback: string): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}
