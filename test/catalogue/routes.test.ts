import t from 'tap';
import Value from 'typebox/value';
import { catalogueApp, get, seededDb } from './helpers.ts';
import { BySkusResponse, ProductDetail, ProductListResponse, type StorefrontProduct } from '../../src/contracts/catalogue.ts';
import { PricingAttributesResponse } from '../../src/contracts/pricing-attributes.ts';

const db = await seededDb(t);
const app = await catalogueApp(t, db, { adminToken: 'a-very-long-admin-token-for-tests-0123' });

type List = { total: number; limit: number; offset: number; sort: string; direction: string; language: string; products: StorefrontProduct[]; facets?: any };

/** Every product matching the query, over as many pages as needed. */
async function all(query: string): Promise<StorefrontProduct[]> {
  const out: StorefrontProduct[] = [];
  for (let offset = 0; ; offset += 100) {
    const { status, body } = await get<List>(app, `/products?${query}${query ? '&' : ''}limit=100&offset=${offset}`);
    if (status !== 200) throw new Error(`${query}: ${status} ${JSON.stringify(body)}`);
    out.push(...body.products);
    if (out.length >= body.total || body.products.length === 0) return out;
  }
}

const everything = await all('');

t.test('the listing answers the first page of 24 products with the total, in the contract shape', async (t) => {
  const { status, body } = await get<List>(app, '/products');
  t.equal(status, 200);
  t.ok(Value.Check(ProductListResponse, body), 'matches ProductListResponse');
  t.equal(body.products.length, 24);
  t.equal(body.total, everything.length);
  t.ok(body.total >= 80);
  t.same([body.limit, body.offset, body.sort, body.direction, body.language], [24, 0, 'default', 'asc', 'de']);
});

t.test('paging walks every product exactly once', async (t) => {
  const seen = new Set<string>();
  let pages = 0;
  for (let offset = 0; offset < everything.length; offset += 17) {
    const { body } = await get<List>(app, `/products?limit=17&offset=${offset}&sort=name`);
    for (const p of body.products) {
      t.notOk(seen.has(p.sku), `${p.sku} appears once`);
      seen.add(p.sku);
    }
    pages++;
  }
  t.equal(seen.size, everything.length);
  t.ok(pages > 4);
  const { body } = await get<List>(app, `/products?offset=${everything.length + 10}`);
  t.same(body.products, [], 'past the end: no products');
  t.equal(body.total, everything.length, 'and still the total');
});

t.test('the default order puts topsellers first', async (t) => {
  const { body } = await get<List>(app, '/products?limit=5');
  for (const p of body.products) t.ok(p.badges.includes('topseller'), `${p.sku} is a topseller`);
});

t.test('names come in the requested language, with both translation maps', async (t) => {
  const de = (await get<List>(app, '/products?q=krugerrand&metal=gold&productType=coin&weight=1oz')).body.products[0];
  const en = (await get<List>(app, '/products?q=krugerrand&metal=gold&productType=coin&weight=1oz&language=en')).body.products[0];
  t.equal(de.localizedName, 'Krügerrand 1 Unze Gold');
  t.equal(en.localizedName, 'Krugerrand 1 oz Gold');
  t.same(de.name, { 'de-AT': 'Krügerrand 1 Unze Gold', en: 'Krugerrand 1 oz Gold' });
  t.same(de.slug, en.slug);
  t.equal(de.attributes.countryOfOrigin, 'Südafrika');
  t.equal(en.attributes.countryOfOrigin, 'South Africa');
  t.equal(de.attributes.grade, 'Stempelglanz');
  t.equal(en.attributes.grade, 'Brilliant Uncirculated');
  t.equal(de.categories.find((c) => c.id === 'gold-coins')?.name, 'Goldmünzen');
  t.equal(en.categories.find((c) => c.id === 'gold-coins')?.name, 'Gold coins');
  t.equal(de.attributes.weightLabel, '1 Unze');
  t.equal(en.attributes.weightLabel, '1 oz');
});

t.test('filters narrow the listing', async (t) => {
  const check = async (query: string, pred: (p: StorefrontProduct) => boolean, what: string) => {
    const got = await all(query);
    const expected = everything.filter(pred);
    t.ok(got.length > 0, `${what}: some products`);
    t.same(got.map((p) => p.sku).sort(), expected.map((p) => p.sku).sort(), what);
  };
  await check('metal=silver', (p) => p.metal === 'silver', 'silver');
  await check('metal=platinum,palladium', (p) => p.metal === 'platinum' || p.metal === 'palladium', 'platinum or palladium');
  await check('productType=bar', (p) => p.productType === 'bar', 'bars');
  await check('productType=numismatic,accessory', (p) => p.productType === 'numismatic' || p.productType === 'accessory', 'numismatics and accessories');
  await check('metal=gold&productType=coin', (p) => p.metal === 'gold' && p.productType === 'coin', 'gold coins');
  await check('manufacturer=valcambi,pamp', (p) => p.manufacturerId === 'valcambi' || p.manufacturerId === 'pamp', 'Valcambi and PAMP');
  await check('weight=1oz', (p) => p.weightClass === '1oz', 'one ounce');
  await check('weight=1/10oz,2.5g', (p) => p.weightClass === '1/10oz' || p.weightClass === '2.5g', 'weight classes');
  await check('fineWeightMin=100&fineWeightMax=1000', (p) => p.attributes.fineWeightGrams >= 100 && p.attributes.fineWeightGrams <= 1000, 'fine weight range');
  await check('availability=soldOut', (p) => p.availability === 'soldOut', 'sold out');
  await check('availability=preorder', (p) => p.availability === 'preorder', 'pre-order');
  await check('deal=true', (p) => p.badges.includes('sale'), 'deals');
  await check('badge=new', (p) => p.badges.includes('new'), 'new');
  await check('category=silver-bars', (p) => p.categories.some((c) => c.id === 'silver-bars'), 'category');
  await check('dutyFree=true', (p) => p.dutyFree, 'duty-free');
  await check('depositable=true&metal=silver', (p) => p.depositable && p.metal === 'silver', 'depositable silver');
  const none = await get<List>(app, '/products?metal=gold&productType=accessory');
  t.equal(none.body.total, 0, 'no gold accessories');
});

t.test('each sort field of spec 5 orders the listing both ways', async (t) => {
  const keyed: Record<string, (p: StorefrontProduct) => number | string> = {
    name: (p) => p.localizedName.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, ''),
    preciousMetal: (p) => ({ gold: 1, silver: 2, platinum: 3, palladium: 4 } as Record<string, number>)[p.metal ?? ''] ?? 9,
  };
  for (const direction of ['asc', 'desc'] as const) {
    for (const [sort, key] of Object.entries(keyed)) {
      for (const language of ['de', 'en']) {
        const list = await all(`sort=${sort}&direction=${direction}&language=${language}`);
        t.equal(list.length, everything.length);
        const keys = list.map(key);
        const sorted = [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        if (direction === 'desc') sorted.reverse();
        t.same(keys, sorted, `${sort} ${direction} ${language}`);
      }
    }
    const priced = await all(`sort=price&direction=${direction}`);
    const at = (sku: string) => priced.findIndex((p) => p.sku === sku);
    // a 1 kg gold bar costs more than a 1 oz gold coin, which costs more than a 1 kg silver bar, then a 1 g gold bar, then capsules
    const ladder = ['AU-BAR-HERAEUS-1KG-CAST', 'AU-KRUG-1OZ', 'AG-BAR-HERAEUS-1KG-CAST', 'AU-BAR-VALCAMBI-1G', 'ACC-CAPSULES-37MM-10'];
    const positions = ladder.map(at);
    const expected = [...positions].sort((a, b) => (direction === 'desc' ? a - b : b - a));
    t.same(positions, expected, `price ${direction}: ${ladder.join(' > ')}`);
    const defaults = await all(`sort=default&direction=${direction}`);
    t.equal(defaults.length, everything.length);
    t.equal(direction === 'asc' ? defaults[0].sku : defaults.at(-1)!.sku, everything[0].sku, `default ${direction}`);
  }
  const rel = await get<List>(app, '/products?q=silber&sort=relevance');
  t.equal(rel.body.direction, 'desc', 'relevance defaults to best match first');
  const down = await all('q=silber&sort=relevance&direction=desc');
  const up = await all('q=silber&sort=relevance&direction=asc');
  t.equal(down.length, up.length);
  t.not(down[0].sku, up[0].sku, 'best match up and down differ');
});

t.test('a product opens by its slug in either language', async (t) => {
  for (const [slug, language, name] of [
    ['kruegerrand-1-unze-gold', 'de', 'Krügerrand 1 Unze Gold'],
    ['krugerrand-1-oz-gold', 'en', 'Krugerrand 1 oz Gold'],
    ['krugerrand-1-oz-gold', 'de', 'Krügerrand 1 Unze Gold'],
    ['kruegerrand-1-unze-gold', 'en', 'Krugerrand 1 oz Gold'],
  ]) {
    const { status, body } = await get<any>(app, `/products/${slug}?language=${language}`);
    t.equal(status, 200, slug);
    t.ok(Value.Check(ProductDetail, body), 'matches ProductDetail');
    t.equal(body.product.sku, 'AU-KRUG-1OZ');
    t.equal(body.product.localizedName, name, `${slug} in ${language}`);
  }
  const { body } = await get<any>(app, '/products/krugerrand-1-oz-gold?language=en');
  t.equal(body.product.localizedSlug, 'krugerrand-1-oz-gold');
  t.same(body.variants.map((v: any) => v.sku), ['AU-KRUG-1-10OZ', 'AU-KRUG-1-4OZ', 'AU-KRUG-1-2OZ'], 'the other weights, lightest first');
  const missing = await get(app, '/products/no-such-coin');
  t.equal(missing.status, 404);
  t.same(missing.body, { statusCode: 404, code: 'product_not_found', message: 'Product not found.' });
});

t.test('English falls back to the de-AT entry where a translation is missing (spec 3)', async (t) => {
  await db.query(`update products set data = jsonb_set(jsonb_set(data, '{name,en}', '""'), '{attributes,packaging,en}', '""') where sku = 'AU-PHIL-1OZ'`);
  t.teardown(() => db.query(`update products set data = jsonb_set(jsonb_set(data, '{name,en}', '"Vienna Philharmonic 1 oz Gold"'), '{attributes,packaging,en}', '"Single coin from the original tube"') where sku = 'AU-PHIL-1OZ'`));
  const { body } = await get<any>(app, '/products/vienna-philharmonic-1-oz-gold?language=en');
  t.equal(body.product.localizedName, 'Wiener Philharmoniker 1 Unze Gold');
  t.equal(body.product.name.en, 'Wiener Philharmoniker 1 Unze Gold', 'the map is filled too');
  t.equal(body.product.attributes.packaging, 'Einzeln aus der Originaltube');
  t.equal(body.product.attributes.grade, 'Brilliant Uncirculated', 'other fields stay English');
});

t.test('products by sku come in the order asked, unknown skus listed apart', async (t) => {
  const { status, body } = await get<any>(app, '/products/by-skus?skus=AG-PHIL-1OZ,NOPE-1,AU-KRUG-1OZ,AG-PHIL-1OZ&language=en');
  t.equal(status, 200);
  t.ok(Value.Check(BySkusResponse, body));
  t.same(body.products.map((p: StorefrontProduct) => p.sku), ['AG-PHIL-1OZ', 'AU-KRUG-1OZ']);
  t.same(body.notFound, ['NOPE-1']);
  t.equal(body.products[0].language, 'en');
  const many = Array.from({ length: 101 }, (_, i) => `SKU-${i}`).join(',');
  const tooMany = await get(app, `/products/by-skus?skus=${many}`);
  t.equal(tooMany.status, 400);
  t.equal(tooMany.body.code, 'too_many_skus');
});

t.test('an unpublished product leaves the listing and its page but still answers by sku', async (t) => {
  await db.query(`update products set published = false, data = jsonb_set(data, '{published}', 'false') where sku = 'AU-BUFF-1OZ'`);
  t.teardown(() => db.query(`update products set published = true, data = jsonb_set(data, '{published}', 'true') where sku = 'AU-BUFF-1OZ'`));
  t.notOk((await all('metal=gold')).some((p) => p.sku === 'AU-BUFF-1OZ'));
  t.equal((await get(app, '/products/american-buffalo-1-oz-gold')).status, 404);
  const { body } = await get<any>(app, '/products/by-skus?skus=AU-BUFF-1OZ');
  t.equal(body.products[0].published, false, 'a limit order can say the product is gone');
});

t.test('search finds products in German and English, with or without umlauts', async (t) => {
  const skus = async (q: string, extra = '') => (await get<List>(app, `/products/search?q=${encodeURIComponent(q)}&limit=100${extra}`)).body.products.map((p) => p.sku);
  const silverBars = everything.filter((p) => p.metal === 'silver' && p.productType === 'bar').map((p) => p.sku).sort();
  t.same((await skus('Silberbarren')).sort(), silverBars, 'Silberbarren finds the silver bars');
  t.same((await skus('silver bar')).sort(), silverBars, 'silver bar finds the silver bars');
  t.same((await skus('silver bars')).sort(), silverBars, 'plural too');
  const krug = ['AU-KRUG-1OZ', 'AU-KRUG-1-2OZ', 'AU-KRUG-1-4OZ', 'AU-KRUG-1-10OZ', 'AG-KRUG-1OZ', 'NU-KRUG-PROOF-SET-2025'].sort();
  for (const q of ['Krügerrand', 'krugerrand', 'KRUEGERRAND', 'Krugerrand gold']) {
    const found = (await skus(q)).sort();
    t.ok(found.includes('AU-KRUG-1OZ'), `${q} finds the Krugerrand`);
    t.ok(found.every((s) => krug.includes(s)), `${q} finds only Krugerrands`);
  }
  t.same((await skus('Philharmoniker Platin')), ['PT-PHIL-1OZ'], 'series and metal in German');
  t.same((await skus('vienna philharmonic platinum')), ['PT-PHIL-1OZ'], 'series and metal in English');
  t.ok((await skus('Valcambi')).every((s) => everything.find((p) => p.sku === s)?.manufacturerId === 'valcambi'), 'manufacturer');
  t.ok((await skus('Münze Österreich')).includes('AU-PHIL-1OZ'), 'manufacturer in German');
  t.ok((await skus('Goldmünze')).includes('AU-MAPLE-1OZ'), 'German compound Goldmünze');
  t.ok((await skus('silberb')).includes('AG-BAR-HERAEUS-1KG-CAST'), 'a word being typed');
  t.same(await skus('zzzqqq'), [], 'nothing for nonsense');
  t.same(await skus('!!!'), [], 'nothing for punctuation only');
  const best = await get<List>(app, `/products/search?q=${encodeURIComponent('Maple Leaf Gold 1 oz')}&language=en`);
  t.equal(best.body.sort, 'relevance');
  t.equal(best.body.products[0].sku, 'AU-MAPLE-1OZ', 'the best match comes first');
  const filtered = await skus('gold', '&productType=bar&weight=1oz');
  t.ok(filtered.length > 0 && filtered.every((s) => s.startsWith('AU-BAR-') && s.endsWith('1OZ')), 'search combines with filters');
});

t.test('issue 28: a search word one letter off finds the product (German and English names)', async (t) => {
  const skus = async (q: string, extra = '') => (await get<List>(app, `/products/search?q=${encodeURIComponent(q)}&limit=100${extra}`)).body.products.map((p) => p.sku);
  const phil = await skus('Philharmoniker');
  t.ok(phil.includes('AU-PHIL-1OZ'));
  t.same((await skus('Philarmoniker')).sort(), phil.sort(), 'a letter missing: the same products as the right spelling');
  t.ok((await skus('Philharmonikker')).includes('AU-PHIL-1OZ'), 'a letter too many');
  t.ok((await skus('Krugerarnd')).includes('AU-KRUG-1OZ'), 'two neighbours swapped');
  t.ok((await skus('philharmonik', '&language=en')).length > 0, 'a word being typed is not corrected away');
  t.same(await skus('Philarmoniker Platin'), ['PT-PHIL-1OZ'], 'the corrected word still combines with the others');
  t.same(await skus('Phxlxrmoniker'), [], 'two letters off is another word');
});

t.test('facets count every choice over the other filters', async (t) => {
  const { body } = await get<List>(app, '/products?metal=gold&facets=true&language=en&limit=1');
  const f = body.facets;
  t.ok(f, 'facets answered');
  const metals = Object.fromEntries(f.metal.map((m: any) => [m.value, m.count]));
  t.equal(metals.silver, everything.filter((p) => p.metal === 'silver').length, 'the metal facet ignores the metal filter');
  t.equal(f.productType.reduce((n: number, x: any) => n + x.count, 0), body.total, 'product types add up to the gold total');
  t.ok(f.weight.some((w: any) => w.value === '1oz' && w.label === '1 oz'));
  t.ok(f.manufacturer.some((m: any) => m.value === 'austrian-mint' && m.label === 'Austrian Mint'));
  t.equal(f.deal, everything.filter((p) => p.metal === 'gold' && p.badges.includes('sale')).length);
  const plain = await get<List>(app, '/products?limit=1');
  t.notOk('facets' in plain.body, 'no facets unless asked');
});

t.test('bad queries answer 400 with a stable code', async (t) => {
  for (const url of [
    '/products?limit=0', '/products?limit=101', '/products?limit=abc', '/products?offset=-1', '/products?sort=cheapest',
    '/products?direction=up', '/products?metal=copper', '/products?metal=gold,', '/products?productType=coins', '/products?language=fr',
    '/products?deal=maybe', '/products?weight=heavy', '/products?fineWeightMin=-1', '/products?unknown=1', '/products?category=Gold%20Coins',
    '/products?manufacturer=PAMP', '/products/search', '/products/search?q=', '/products/search?q=%20%20', '/products/by-skus',
    '/products/by-skus?skus=', '/products/by-skus?skus=A,,B', '/products/by-skus?skus=%3Cscript%3E', '/products/Kr%C3%BCgerrand',
    '/products/krugerrand-1-oz-gold?language=es', `/products?q=${'x'.repeat(101)}`,
  ]) {
    const { status, body } = await get(app, url);
    t.equal(status, 400, url);
    t.equal(body.code, 'validation_failed', url);
  }
  const range = await get(app, '/products?fineWeightMin=100&fineWeightMax=10');
  t.equal(range.status, 400);
  t.equal(range.body.code, 'invalid_weight_range');
});

t.test('the price service gets every product\'s pricing attributes; strangers do not', async (t) => {
  const { status, body } = await get<any>(app, '/admin/products/pricing-attributes');
  t.equal(status, 200);
  t.ok(Value.Check(PricingAttributesResponse, body));
  t.equal(body.products.length, everything.length);
  const krug = body.products.find((p: any) => p.sku === 'AU-KRUG-1OZ');
  t.equal(krug.metal, 'gold');
  t.ok(Math.abs(krug.fineWeightGrams - 31.1034768) < 1e-5);
  const remote = await app.inject({ method: 'GET', url: '/admin/products/pricing-attributes', headers: { 'x-store-key': 'ch' }, remoteAddress: '203.0.113.7' });
  t.equal(remote.statusCode, 403, 'not from another machine');
  t.equal(remote.json().code, 'forbidden');
  const wrong = await app.inject({ method: 'GET', url: '/admin/products/pricing-attributes', headers: { 'x-store-key': 'ch', authorization: 'Bearer nope' }, remoteAddress: '203.0.113.7' });
  t.equal(wrong.statusCode, 403, 'not with a wrong token');
  const withToken = await app.inject({ method: 'GET', url: '/admin/products/pricing-attributes', headers: { 'x-store-key': 'ch', authorization: 'Bearer a-very-long-admin-token-for-tests-0123' }, remoteAddress: '203.0.113.7' });
  t.equal(withToken.statusCode, 200, 'with the admin token');
});

t.test('catalogue calls need the store key like every commerce call', async (t) => {
  const res = await app.inject({ method: 'GET', url: '/products' });
  t.equal(res.statusCode, 400);
  t.equal(res.json().code, 'invalid_store_key');
  const wrong = await app.inject({ method: 'GET', url: '/products/search?q=gold', headers: { 'x-store-key': 'fr' } });
  t.equal(wrong.statusCode, 400);
  t.equal(wrong.json().code, 'invalid_store_key');
});

t.test('the OpenAPI document describes the catalogue calls with their queries', async (t) => {
  const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
  for (const path of ['/products', '/products/search', '/products/by-skus', '/products/{slug}', '/admin/products/pricing-attributes']) {
    t.ok(doc.paths[path]?.get, `${path} documented`);
  }
  const params = doc.paths['/products'].get.parameters.map((p: { name: string }) => p.name);
  for (const name of ['metal', 'productType', 'manufacturer', 'weight', 'availability', 'deal', 'sort', 'direction', 'limit', 'offset', 'language', 'q']) {
    t.ok(params.includes(name), `query ${name} documented`);
  }
});
