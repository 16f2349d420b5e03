import t from 'tap';
import { guard, matchScreen, pageRules, prefersEnglish, type RuleInput } from '../../src/storefront/route-rules.ts';
import { safeRedirectPath } from '../../src/screens.ts';
import { buildRoutes } from '../../views/router.tsx';

const routes = buildRoutes(() => undefined);
const input = (path: string, over: Partial<RuleInput> = {}): RuleInput => ({
  url: new URL(path, 'http://ch.localhost'),
  store: 'ch',
  maintenance: false,
  cookies: {},
  acceptLanguage: undefined,
  signedIn: false,
  ...over,
});

t.test('a trailing slash is removed by a permanent redirect that keeps the query', async (t) => {
  t.same(pageRules(input('/shop/?sort=name')), { kind: 'redirect', location: '/shop?sort=name', status: 301 });
  t.same(pageRules(input('/en/news//')), { kind: 'redirect', location: '/en/news', status: 301 });
  t.same(pageRules(input('/')), { kind: 'continue', vary: ['Cookie'] }, 'the root keeps its slash (and varies by the locale cookie)');
});

t.test('bare /news/articles redirects to the news page of its language', async (t) => {
  t.match(pageRules(input('/news/articles')), { kind: 'redirect', location: '/news' });
  t.match(pageRules(input('/en/news/articles')), { kind: 'redirect', location: '/en/news' });
});

t.test('maintenance on sends every page to the maintenance page; off sends that page home', async (t) => {
  t.same(pageRules(input('/shop', { maintenance: true })), { kind: 'redirect', location: '/maintenance', status: 302 });
  t.same(pageRules(input('/en/cart', { maintenance: true })), { kind: 'redirect', location: '/en/maintenance', status: 302 });
  t.same(pageRules(input('/maintenance', { maintenance: true })), { kind: 'continue' });
  t.same(pageRules(input('/maintenance')), { kind: 'redirect', location: '/', status: 302 });
  t.same(pageRules(input('/en/maintenance')), { kind: 'redirect', location: '/en', status: 302 });
});

t.test('the Austrian root goes to /en by query, then stored lang, then browser ranking', async (t) => {
  const at = (path: string, over: Partial<RuleInput> = {}) => pageRules(input(path, { store: 'at', ...over }));
  t.match(at('/?lang=en'), { kind: 'redirect', location: '/en', setLangCookie: 'en' });
  t.match(at('/?lang=de', { cookies: { lang: 'en' } }), { kind: 'continue' }, 'an explicit query wins over the cookie');
  t.match(at('/', { cookies: { lang: 'en' } }), { kind: 'redirect', location: '/en' });
  t.match(at('/', { cookies: { lang: 'de' }, acceptLanguage: 'en-US,en;q=0.9' }), { kind: 'continue' }, 'a stored German choice wins over the browser');
  t.match(at('/', { acceptLanguage: 'en-GB,en;q=0.9,de;q=0.8' }), { kind: 'redirect', location: '/en' });
  t.match(at('/', { acceptLanguage: 'de-AT,de;q=0.9,en;q=0.8' }), { kind: 'continue', vary: ['Cookie', 'Accept-Language'] });
  t.match(at('/shop', { acceptLanguage: 'en' }), { kind: 'continue' }, 'only the root path');
  t.match(pageRules(input('/', { acceptLanguage: 'en' })), { kind: 'continue' }, 'only the Austrian store');
});

t.test('spec 3: the locale cookie i18n_redirected (a picked language) is honoured at every store\'s root', async (t) => {
  const en = { i18n_redirected: 'en' };
  for (const store of ['ch', 'de', 'li', 'us'] as const) {
    t.match(pageRules(input('/', { store, cookies: en })), { kind: 'redirect', location: '/en', status: 302 }, `${store}: English picked, / goes to /en`);
    t.match(pageRules(input('/', { store, cookies: { i18n_redirected: 'de' }, acceptLanguage: 'en' })), { kind: 'continue', vary: ['Cookie'] }, `${store}: German picked stays`);
  }
  t.match(pageRules(input('/shop', { cookies: en })), { kind: 'continue' }, 'only the root path: a German page asked for by its address is shown');
  t.match(pageRules(input('/en', { cookies: { i18n_redirected: 'de' } })), { kind: 'continue' }, 'nor is /en sent back to German');
  t.match(pageRules(input('/', { cookies: { i18n_redirected: 'fr' } })), { kind: 'continue' }, 'a value not ours is no choice');
  const at = (over: Partial<RuleInput>) => pageRules(input('/', { store: 'at', ...over }));
  t.match(at({ cookies: en }), { kind: 'redirect', location: '/en' }, 'Austria: a pick counts as a stored choice');
  t.match(at({ cookies: { i18n_redirected: 'de' }, acceptLanguage: 'en-GB,en' }), { kind: 'continue' }, 'Austria: a German pick wins over the browser');
  t.match(at({ cookies: { lang: 'de', i18n_redirected: 'en' } }), { kind: 'continue' }, 'Austria: the spec\'s lang value comes first');
});

t.test('browser language ranking honours q-values and order', async (t) => {
  t.equal(prefersEnglish('en'), true);
  t.equal(prefersEnglish('de'), false);
  t.equal(prefersEnglish('fr-FR,en;q=0.5,de;q=0.4'), true);
  t.equal(prefersEnglish('de;q=0.9,en;q=0.8'), false);
  t.equal(prefersEnglish('en;q=0.7,de;q=0.9'), false);
  t.equal(prefersEnglish('fr'), false);
  t.equal(prefersEnglish(undefined), false);
  t.equal(prefersEnglish('en;q=abc,de'), false, 'a broken q-value counts as 0');
});

t.test('account pages send a guest to login and back afterwards', async (t) => {
  const screen = matchScreen(routes, '/kundenkonto/adressen');
  t.ok(screen);
  t.same(guard(screen!.handle, input('/kundenkonto/adressen?x=1')), {
    kind: 'redirect',
    location: '/login?redirect=%2Fkundenkonto%2Fadressen%3Fx%3D1',
    status: 302,
  });
  t.same(guard(screen!.handle, input('/kundenkonto/adressen', { signedIn: true })), { kind: 'continue' });
  const en = matchScreen(routes, '/en/my-account');
  t.match(guard(en!.handle, input('/en/my-account')), { location: '/en/login?redirect=%2Fen%2Fmy-account' });
});

t.test('the cart page needs type buy or sell and shows the buy cart otherwise', async (t) => {
  const screen = matchScreen(routes, '/warenkorb');
  t.match(guard(screen!.handle, input('/warenkorb')), { kind: 'redirect', location: '/warenkorb?type=buy' });
  t.match(guard(screen!.handle, input('/warenkorb?type=gift')), { kind: 'redirect', location: '/warenkorb?type=buy' });
  t.same(guard(screen!.handle, input('/warenkorb?type=sell')), { kind: 'continue' });
});

t.test('every screen of the route table matches its own paths in both languages', async (t) => {
  const { screenList } = await import('../../src/screens.ts');
  for (const r of screenList) {
    for (const lang of ['de', 'en'] as const) {
      const path = r.paths[lang].replace(/:\w+/g, 'x-1').replace(/\*$/, r.id === 'cmsPage' ? 'some/page' : 'gold');
      const m = matchScreen(routes, path);
      t.equal(m?.handle.screen, r.id, `${path} is ${r.id}`);
      t.equal(m?.handle.lang, lang);
    }
  }
});

t.test('after login only same-site paths are followed', async (t) => {
  t.equal(safeRedirectPath('/kundenkonto', '/'), '/kundenkonto');
  t.equal(safeRedirectPath('//evil.example', '/'), '/');
  t.equal(safeRedirectPath('https://evil.example', '/'), '/');
  t.equal(safeRedirectPath('/\\evil.example', '/'), '/');
  t.equal(safeRedirectPath(null, '/en'), '/en');
});
