// The shop's listings through the storefront, as a browser gets them (the page's HTML and its loader data
// from /__data): every filter and every sort order of the URL contract returns the right products in the
// right order, paging shows pages 1..n, bad values fall back to defaults, categories and the deals list
// resolve by their slugs, and search finds products by German and English names and umlaut spellings.
import t from 'tap';
import type { StorefrontProduct } from '../../src/contracts/catalogue.ts';
import { fold } from '../../src/commerce/catalogue/model.ts';
import { startShopStack } from './helpers.ts';

const shop = await startShopStack(t);
const everything = await shop.catalogue('de');
const english = await shop.catalogue('en');

interface Listing {
  kind: string;
  title: string;
  total: number;
  products: { sku: string; name: string; slug: string }[];
  state: { sort: string; view: string; page: number; metal: string[]; q: string };
  beyondEnd: boolean;
  lastPage: number;
  filters: { name: string; options: { value: string; label: string; count: number; selected: boolean }[] }[];
}

/** Every product a listing URL shows (as many pages as it takes). */
async function skus(path: string, host = 'ch.localhost'): Promise<string[]> {
  const sep = path.includes('?') ? '&' : '?';
  const first = await shop.data<Listing>(host, path);
  if (first.status !== 200) throw new Error(`${path}: ${first.status}`);
  const { data } = first.data.lastPage > 1 ? await shop.data<Listing>(host, `${path}${sep}page=${first.data.lastPage}`) : first;
  if (data.products.length !== data.total) throw new Error(`${path}: ${data.products.length} of ${data.total} shown`);
  return data.products.map((p) => p.sku);
}

const sorted = (a: string[]) => [...a].sort();
const where = (pred: (p: StorefrontProduct) => boolean) => sorted(everything.filter(pred).map((p) => p.sku));

t.test('the shop lists every published product, 24 to a page, with a load-more link that works without JavaScript', async (t) => {
  const { status, data } = await shop.data<Listing>('ch.localhost', '/shop');
  t.equal(status, 200);
  t.equal(data.total, everything.length);
  t.equal(data.products.length, 24);
  const html = (await shop.get('ch.localhost', '/shop')).text;
  t.match(html, /<a href="\/shop\?page=2" class="button button-quiet load-more-button" rel="next">/, 'load more is a plain link to page 2');
  t.match(html, /<form class="filter-form"[^>]* action="\/shop" method="get"/, 'the filters are a GET form');
  t.match(html, /<input type="checkbox" id="filter-metal-gold" name="metal" value="gold"/, 'with a checkbox per metal');
  t.match(html, /<a href="\/shop\?view=list" class="segmented-button">Liste<\/a>/, 'the list view is a link');
  t.notMatch(html, /CHF\s?\d/, 'no price in the HTML: prices render in the browser');
});

t.test('page n shows pages 1 to n; past the end an empty page links back to the last one', async (t) => {
  const first = (await shop.data<Listing>('ch.localhost', '/shop')).data.products.map((p) => p.sku);
  const two = (await shop.data<Listing>('ch.localhost', '/shop?page=2')).data;
  t.equal(two.products.length, 48);
  t.same(two.products.slice(0, 24).map((p) => p.sku), first, 'page 2 starts with page 1');
  const all = (await shop.data<Listing>('ch.localhost', '/shop?page=5')).data;
  t.equal(all.products.length, everything.length, 'five pages hold all 99');
  t.equal(new Set(all.products.map((p) => p.sku)).size, everything.length, 'each product once');
  const html = (await shop.get('ch.localhost', '/shop?page=5')).text;
  t.notMatch(html, /load-more-button/, 'nothing more to load');
  const past = await shop.get('ch.localhost', '/shop?page=9');
  t.equal(past.status, 200);
  const data = (await shop.data<Listing>('ch.localhost', '/shop?page=9')).data;
  t.equal(data.beyondEnd, true);
  t.same(data.products, []);
  t.equal(data.lastPage, 5);
  t.match(past.text, /href="\/shop\?page=5">Zur letzten Seite der Liste/);
});

t.test('each filter of the URL contract returns exactly the matching products', async (t) => {
  const cases: [string, (p: StorefrontProduct) => boolean][] = [
    ['metal=gold', (p) => p.metal === 'gold'],
    ['metal=silver&metal=platinum', (p) => p.metal === 'silver' || p.metal === 'platinum'],
    ['metal=platinum,palladium', (p) => p.metal === 'platinum' || p.metal === 'palladium'],
    ['type=coin', (p) => p.productType === 'coin'],
    ['type=bar', (p) => p.productType === 'bar'],
    ['type=numismatic', (p) => p.productType === 'numismatic'],
    ['type=accessory', (p) => p.productType === 'accessory'],
    ['manufacturer=valcambi&manufacturer=pamp', (p) => p.manufacturerId === 'valcambi' || p.manufacturerId === 'pamp'],
    ['weight=1oz', (p) => p.weightClass === '1oz'],
    ['weight=1kg&weight=100g', (p) => p.weightClass === '1kg' || p.weightClass === '100g'],
    ['country=CH', (p) => p.attributes.countryOfOriginCode === 'CH'],
    ['country=za&country=AU', (p) => p.attributes.countryOfOriginCode === 'ZA' || p.attributes.countryOfOriginCode === 'AU'],
    ['availability=soldOut', (p) => p.availability === 'soldOut'],
    ['availability=available&availability=preorder', (p) => p.availability !== 'soldOut'],
    ['deals=1', (p) => p.badges.includes('sale')],
    ['metal=gold&type=bar&manufacturer=heraeus', (p) => p.metal === 'gold' && p.productType === 'bar' && p.manufacturerId === 'heraeus'],
  ];
  for (const [query, pred] of cases) {
    const got = sorted(await skus(`/shop?${query}`));
    t.ok(got.length > 0, `${query}: some products`);
    t.same(got, where(pred), query);
  }
  const none = (await shop.data<Listing>('ch.localhost', '/shop?metal=gold&type=accessory')).data;
  t.equal(none.total, 0, 'gold accessories: none');
  t.match((await shop.get('ch.localhost', '/shop?metal=gold&type=accessory')).text, /Keine Produkte passen zu diesen Filtern/);
});

t.test('the filter panel counts each choice over the other filters and keeps the chosen ones', async (t) => {
  const { data } = await shop.data<Listing>('ch.localhost', '/shop?metal=gold&type=coin');
  const metal = data.filters.find((g) => g.name === 'metal')!;
  t.same(metal.options.find((o) => o.value === 'gold'), { value: 'gold', label: 'Gold', count: where((p) => p.metal === 'gold' && p.productType === 'coin').length, selected: true });
  t.equal(metal.options.find((o) => o.value === 'silver')?.count, where((p) => p.metal === 'silver' && p.productType === 'coin').length, 'silver coins, were silver chosen');
  const country = data.filters.find((g) => g.name === 'country')!;
  t.equal(country.options.find((o) => o.value === 'ZA')?.label, 'Südafrika', 'countries by name in the page language');
  const en = (await shop.data<Listing>('ch.localhost', '/en/shop?country=ZA')).data;
  t.equal(en.filters.find((g) => g.name === 'country')!.options.find((o) => o.value === 'ZA')?.label, 'South Africa');
});

t.test('each of the ten sort orders puts the products in the right order', async (t) => {
  const byName = (lang: 'de' | 'en') => new Map((lang === 'de' ? everything : english).map((p) => [p.sku, fold(p.localizedName)]));
  const names = { de: byName('de'), en: byName('en') };
  const rank = (p: StorefrontProduct) => ({ gold: 1, silver: 2, platinum: 3, palladium: 4 } as Record<string, number>)[p.metal ?? ''] ?? 9;
  const metalOf = new Map(everything.map((p) => [p.sku, rank(p)]));
  const ascending = <T>(list: T[], cmp: (a: T, b: T) => number) => list.every((x, i) => i === 0 || cmp(list[i - 1], x) <= 0);

  for (const lang of ['de', 'en'] as const) {
    const base = lang === 'de' ? '/shop' : '/en/shop';
    const asc = await skus(`${base}?sort=name-asc`);
    const desc = await skus(`${base}?sort=name-desc`);
    t.ok(ascending(asc, (a, b) => names[lang].get(a)!.localeCompare(names[lang].get(b)!, 'en', { sensitivity: 'base' }) || 0), `name-asc in ${lang}`);
    t.ok(ascending(desc, (a, b) => names[lang].get(b)!.localeCompare(names[lang].get(a)!, 'en', { sensitivity: 'base' }) || 0), `name-desc in ${lang}`);
  }
  const metalAsc = await skus('/shop?sort=metal-asc');
  const metalDesc = await skus('/shop?sort=metal-desc');
  t.ok(ascending(metalAsc, (a, b) => metalOf.get(a)! - metalOf.get(b)!), 'metal-asc: gold, silver, platinum, palladium, then accessories');
  t.ok(ascending(metalDesc, (a, b) => metalOf.get(b)! - metalOf.get(a)!), 'metal-desc: the other way');

  // price: by buy price (a 1 kg gold bar above a 1 oz gold coin, above a 1 kg silver bar, above a 1 g gold bar, above capsules)
  const ladder = ['AU-BAR-HERAEUS-1KG-CAST', 'AU-KRUG-1OZ', 'AG-BAR-HERAEUS-1KG-CAST', 'AU-BAR-VALCAMBI-1G', 'ACC-CAPSULES-37MM-10'];
  const priceDesc = await skus('/shop?sort=price-desc');
  const priceAsc = await skus('/shop?sort=price-asc');
  t.same(ladder.map((s) => priceDesc.indexOf(s)), [...ladder.map((s) => priceDesc.indexOf(s))].sort((a, b) => a - b), 'price-desc: the dearest first');
  t.same(ladder.map((s) => priceAsc.indexOf(s)), [...ladder.map((s) => priceAsc.indexOf(s))].sort((a, b) => b - a), 'price-asc: the cheapest first');
  t.same(sorted(priceAsc), sorted(priceDesc), 'the same products either way');

  // default: the curated order, top sellers first
  const defaults = await skus('/shop');
  const firstOther = defaults.findIndex((s) => !everything.find((p) => p.sku === s)!.badges.includes('topseller'));
  t.ok(defaults.slice(firstOther).every((s) => !everything.find((p) => p.sku === s)!.badges.includes('topseller')), 'default: top sellers first');
  t.same(await skus('/shop?sort=default'), defaults, 'sort=default is the default');

  // relevance and best match: the search rank (best first for relevance and match-desc)
  const q = 'Silber Philharmoniker';
  const relevance = await skus(`/suche?q=${encodeURIComponent(q)}`);
  t.equal(relevance[0], 'AG-PHIL-1OZ', 'relevance: the best match first');
  t.same(await skus(`/suche?q=${encodeURIComponent(q)}&sort=relevance`), relevance, 'relevance is the search default');
  t.same(await skus(`/suche?q=${encodeURIComponent(q)}&sort=match-desc`), relevance, 'match-desc: best match first');
  const matchAsc = await skus(`/suche?q=${encodeURIComponent(q)}&sort=match-asc`);
  t.equal(matchAsc.at(-1), 'AG-PHIL-1OZ', 'match-asc: the best match last');
  t.same(sorted(matchAsc), sorted(relevance), 'the same products either way');
  t.same(await skus('/shop?sort=relevance'), defaults, 'without search words relevance is the curated order');
});

t.test('every URL sort value maps onto the catalogue\'s sort field and direction (spec 5)', async (t) => {
  const mapping: Record<string, string> = {
    default: 'sort=default&direction=asc', 'name-asc': 'sort=name&direction=asc', 'name-desc': 'sort=name&direction=desc',
    relevance: 'sort=relevance&direction=desc', 'price-asc': 'sort=price&direction=asc', 'price-desc': 'sort=price&direction=desc',
    'match-asc': 'sort=relevance&direction=asc', 'match-desc': 'sort=relevance&direction=desc',
    'metal-asc': 'sort=preciousMetal&direction=asc', 'metal-desc': 'sort=preciousMetal&direction=desc',
  };
  const direct = async (query: string) => {
    const res = await fetch(`${shop.commerceUrl}/products/search?${query}&limit=100`, { headers: { 'x-store-key': 'ch' } });
    return ((await res.json()) as { products: { sku: string }[] }).products.map((p) => p.sku);
  };
  for (const [value, query] of Object.entries(mapping)) {
    t.same(await skus(`/suche?q=gold&sort=${value}`), await direct(`q=gold&${query}`), `sort=${value}`);
  }
});

t.test('unknown or malformed values fall back to the defaults, never an error', async (t) => {
  for (const query of ['page=abc', 'page=0', 'page=-3', 'page=1e3', 'sort=cheapest', 'view=table', 'metal=copper', 'type=ring', 'manufacturer=%3Cscript%3E', 'weight=heavy', 'country=Switzerland', 'deals=maybe', 'metal=gold&metal=gold', 'q=ignored', 'page=99999999999']) {
    const res = await shop.get('ch.localhost', `/shop?${query}`);
    t.equal(res.status, 200, query);
  }
  const odd = (await shop.data<Listing>('ch.localhost', '/shop?sort=cheapest&view=table&metal=copper&page=abc')).data;
  t.same([odd.state.sort, odd.state.view, odd.state.page, odd.state.metal, odd.total], ['default', 'grid', 1, [], everything.length]);
  const doubled = (await shop.data<Listing>('ch.localhost', '/shop?metal=gold&metal=gold,gold')).data;
  t.same(doubled.state.metal, ['gold'], 'a value counts once');
  t.equal((await shop.get('ch.localhost', `/suche?q=${'x'.repeat(500)}`)).status, 200, 'an overlong search is cut, not refused');
});

t.test('a category opens by its slug; the other language\'s slug redirects; an unknown one is 404', async (t) => {
  const de = await shop.data<Listing>('ch.localhost', '/shop/goldmuenzen');
  t.equal(de.status, 200);
  t.equal(de.data.title, 'Goldmünzen');
  t.same(sorted(await skus('/shop/goldmuenzen')), where((p) => p.categories.some((c) => c.id === 'gold-coins')));
  const en = await shop.get('ch.localhost', '/en/shop/gold-coins');
  t.equal(en.status, 200);
  t.match(en.text, /<h1 class="page-title">Gold coins<\/h1>/);
  const moved = await shop.get('ch.localhost', '/shop/gold-coins?metal=gold&sort=name-asc');
  t.equal(moved.status, 301);
  t.equal(moved.headers.location, '/shop/goldmuenzen?metal=gold&sort=name-asc', 'to this language\'s slug, query kept');
  const movedEn = await shop.get('ch.localhost', '/en/shop/goldmuenzen');
  t.equal(movedEn.headers.location, '/en/shop/gold-coins');
  const missing = await shop.get('ch.localhost', '/shop/kupfermuenzen');
  t.equal(missing.status, 404);
  t.match(missing.text, /href="\/shop"/, 'the 404 page links to the shop');
  // filters inside a category narrow it further
  t.same(sorted(await skus('/shop/goldmuenzen?manufacturer=perth-mint')), where((p) => p.categories.some((c) => c.id === 'gold-coins') && p.manufacturerId === 'perth-mint'));
});

t.test('the deals list shows the products on sale, in both languages', async (t) => {
  const deals = where((p) => p.badges.includes('sale'));
  t.ok(deals.length > 0);
  t.same(sorted(await skus('/shop/angebote')), deals);
  t.same(sorted(await skus('/en/shop/deals')), deals);
  t.equal((await shop.get('ch.localhost', '/shop/deals')).headers.location, '/shop/angebote');
});

t.test('search finds products by German and English names, metals, makers and series, with or without umlauts', async (t) => {
  const krugerrands = where((p) => /kr(ü|u)gerrand/i.test(p.localizedName));
  t.ok(krugerrands.length >= 5);
  for (const q of ['Krügerrand', 'Kruegerrand', 'krugerrand', 'KRÜGERRAND']) {
    for (const path of [`/suche?q=${encodeURIComponent(q)}`, `/en/search?q=${encodeURIComponent(q)}`]) {
      t.same(sorted(await skus(path)), krugerrands, `${path} finds the Krugerrands`);
    }
  }
  const silverBars = where((p) => p.metal === 'silver' && p.productType === 'bar');
  t.same(sorted(await skus('/suche?q=Silberbarren')), silverBars, 'German: Silberbarren');
  t.same(sorted(await skus('/en/search?q=silver%20bar')), silverBars, 'English: silver bar');
  t.same(sorted(await skus('/suche?q=silver%20bars')), silverBars, 'English words on the German page too');
  const maple = await skus('/en/search?q=maple%20leaf%20platinum');
  t.ok(maple.includes('PT-MAPLE-1OZ'), 'a series and a metal');
  t.ok((await skus('/suche?q=Münze%20Österreich')).every((s) => everything.find((p) => p.sku === s)!.manufacturerId === 'austrian-mint' || /philharmoniker|österreich/i.test(everything.find((p) => p.sku === s)!.localizedName)), 'a manufacturer');
  const filtered = sorted(await skus('/suche?q=Krügerrand&metal=silver'));
  t.same(filtered, where((p) => /krügerrand/i.test(p.localizedName) && p.metal === 'silver'), 'search results take the filters');
});

t.test('an empty search says so and offers the categories and the top sellers', async (t) => {
  const res = await shop.get('ch.localhost', '/suche?q=xyzzy');
  t.equal(res.status, 200);
  t.match(res.text, /Keine Treffer für „xyzzy“/);
  t.match(res.text, /href="\/shop\/gold"/, 'a link to a category');
  t.match(res.text, /Beliebt bei unseren Kunden/, 'top sellers');
  t.match(res.text, /<meta name="robots" content="noindex">/, 'search pages are not indexed');
  const blank = await shop.get('ch.localhost', '/suche');
  t.equal(blank.status, 200, 'the search page without words');
});

t.test('suggestions while typing come from the catalogue search, in the page language', async (t) => {
  const de = await shop.get('ch.localhost', '/api/search/suggestions?q=kr%C3%BCg', { 'x-shop-language': 'de' });
  t.equal(de.status, 200);
  const body = JSON.parse(de.text);
  t.equal(body.suggestions.length, 6, 'at most six');
  t.equal(body.total, where((p) => /krügerrand/i.test(p.localizedName)).length);
  t.match(body.suggestions[0], { sku: 'AU-KRUG-1OZ', name: 'Krügerrand 1 Unze Gold', path: '/produkt/kruegerrand-1-unze-gold' });
  const en = JSON.parse((await shop.get('us.localhost', '/api/search/suggestions?q=kruegerrand', { 'x-shop-language': 'en' })).text);
  t.match(en.suggestions[0], { name: 'Krugerrand 1 oz Gold', path: '/en/product/krugerrand-1-oz-gold' });
  const bad = await shop.get('ch.localhost', '/api/search/suggestions');
  t.equal(bad.status, 400, 'no words: refused');
  t.equal(JSON.parse(bad.text).code, 'validation_failed');
  t.equal((await shop.get('ch.localhost', `/api/search/suggestions?q=${'a'.repeat(101)}`)).status, 400, 'overlong: refused');
});
