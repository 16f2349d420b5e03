// spec 2 route rules, as pure functions of the request: trailing slash, maintenance, the Austrian root
// language rule, /news/articles, and the route guards (account, cart, pricelist).
import { matchRoutes, type RouteObject } from 'react-router';
import type { Language, StoreKey } from '../stores.ts';
import { languageOfPath, pathFor, type RouteHandle } from '../screens.ts';
import { LOCALE_COOKIE, parseLocaleCookie } from '../contracts/locale-cookie.ts';

export interface RuleInput {
  url: URL;
  store: StoreKey;
  maintenance: boolean;
  cookies: Record<string, string | undefined>;
  acceptLanguage: string | undefined;
  signedIn: boolean;
}

export type RuleResult =
  | { kind: 'redirect'; location: string; status: 301 | 302; setLangCookie?: Language }
  | { kind: 'continue'; vary?: string[] };

/** Rules that hold for every page, in order. Guards come after (they need the matched route). */
export function pageRules(input: RuleInput): RuleResult {
  const { url } = input;
  const path = url.pathname;
  const lang = languageOfPath(path);

  // spec 2: a trailing slash is removed by redirect (except the root); the query is kept.
  if (path.length > 1 && path.endsWith('/')) {
    const stripped = path.replace(/\/+$/, '') || '/';
    return { kind: 'redirect', location: stripped + url.search, status: 301 };
  }

  // spec 2: bare /news/articles redirects to /news.
  if (path === '/news/articles' || path === '/en/news/articles') {
    return { kind: 'redirect', location: pathFor('news', lang) + url.search, status: 301 };
  }

  // spec 2: maintenance flag on: every page but the maintenance page redirects to it; off: the
  // maintenance page redirects home. 302: both are temporary states.
  const maintenancePath = pathFor('maintenance', lang);
  if (input.maintenance && path !== maintenancePath) return { kind: 'redirect', location: maintenancePath, status: 302 };
  if (!input.maintenance && path === maintenancePath) return { kind: 'redirect', location: pathFor('home', lang), status: 302 };

  // spec 2: on the Austrian domain at the root path only: /en if the query lang is en; without that
  // query, if the stored lang value is en; otherwise if the browser ranks English before German.
  // spec 3: the locale cookie i18n_redirected (a language the visitor picked) counts as a stored choice too,
  // after the lang value and before the browser's ranking.
  const picked = parseLocaleCookie(input.cookies[LOCALE_COOKIE]);
  if (input.store === 'at' && path === '/') {
    const q = url.searchParams.get('lang');
    if (q === 'en') return { kind: 'redirect', location: '/en', status: 302, setLangCookie: 'en' };
    if (q === null) {
      const stored = input.cookies.lang === 'en' || input.cookies.lang === 'de' ? input.cookies.lang : picked;
      if (stored === 'en') return { kind: 'redirect', location: '/en', status: 302 };
      if (stored !== 'de' && prefersEnglish(input.acceptLanguage)) return { kind: 'redirect', location: '/en', status: 302 };
    }
    return { kind: 'continue', vary: ['Cookie', 'Accept-Language'] };
  }
  // spec 3: on the other stores' root, a visitor who picked English goes to /en (a German pick stays)
  if (path === '/') {
    if (picked === 'en' && url.search === '') return { kind: 'redirect', location: '/en', status: 302 };
    return { kind: 'continue', vary: ['Cookie'] };
  }
  return { kind: 'continue' };
}

/** True when the Accept-Language list ranks English before German (q-values, then order). */
export function prefersEnglish(header: string | undefined): boolean {
  if (!header) return false;
  const ranked = header
    .split(',')
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { lang: tag.trim().toLowerCase().split('-')[0], q: Number.isFinite(weight) ? weight : 0, i };
    })
    .filter((x) => x.q > 0 && (x.lang === 'en' || x.lang === 'de'))
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return ranked[0]?.lang === 'en';
}

type ScreenMatch = { handle: RouteHandle; params: Record<string, string | undefined> } | null;
const screenCache = new WeakMap<RouteObject[], Map<string, ScreenMatch>>();
const SCREEN_CACHE_SIZE = 2000;

/** The matched screen for a path, from the same route objects the renderer uses. react-router's
 * matchRoutes flattens and ranks all ~80 routes on every call (a fifth of a page's CPU time in the
 * server profile), so results are kept per path in a small LRU; they depend on nothing else. */
export function matchScreen(routes: RouteObject[], pathname: string): ScreenMatch {
  let cache = screenCache.get(routes);
  if (!cache) screenCache.set(routes, (cache = new Map()));
  const hit = cache.get(pathname);
  if (hit !== undefined) {
    cache.delete(pathname);
    cache.set(pathname, hit);
    return hit;
  }
  const matches = matchRoutes(routes, pathname);
  const leaf = matches?.[matches.length - 1];
  const result: ScreenMatch = leaf?.route.handle ? { handle: leaf.route.handle as RouteHandle, params: leaf.params } : null;
  cache.set(pathname, result);
  if (cache.size > SCREEN_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return result;
}

/** spec 6 middleware (bodies "not shown"; these are our decisions):
 * - account: a guest goes to login, with the page to return to in ?redirect= (only same-site paths).
 * - cart: the type query must be buy or sell (spec 2); anything else shows the buy cart.
 * - pricelist: the price list is public; its loader answers 404 for an unknown list
 *   (views/pages/pricelist/loader.ts), so the guard has nothing to refuse. */
export function guard(handle: RouteHandle, input: RuleInput): RuleResult {
  const { url } = input;
  switch (handle.guard) {
    case 'account':
      if (!input.signedIn) {
        const back = url.pathname + url.search;
        return { kind: 'redirect', location: `${pathFor('login', handle.lang)}?redirect=${encodeURIComponent(back)}`, status: 302 };
      }
      return { kind: 'continue' };
    case 'cart': {
      const type = url.searchParams.get('type');
      if (type !== 'buy' && type !== 'sell') {
        const q = new URLSearchParams(url.search);
        q.set('type', 'buy');
        return { kind: 'redirect', location: `${url.pathname}?${q}`, status: 302 };
      }
      return { kind: 'continue' };
    }
    default:
      return { kind: 'continue' };
  }
}
