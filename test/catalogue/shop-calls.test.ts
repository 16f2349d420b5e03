// The catalogue calls the shop screens added (on PGlite, and on PostgreSQL with npm run test:pg): the
// country-of-origin filter and facet, the category table with slugs in both languages, similar products
// for a product page, and the VAT class the price breakdown needs.
import t from 'tap';
import Value from 'typebox/value';
import { catalogueApp, get, seededDb } from './helpers.ts';
import { CategoriesResponse, SimilarResponse, type StorefrontProduct } from '../../src/contracts/catalogue.ts';

const db = await seededDb(t);
const app = await catalogueApp(t, db);

async function all(query: string): Promise<StorefrontProduct[]> {
  const out: StorefrontProduct[] = [];
  for (let offset = 0; ; offset += 100) {
    const { body } = await get<{ total: number; products: StorefrontProduct[] }>(app, `/products?${query}&limit=100&offset=${offset}`);
    out.push(...body.products);
    if (out.length >= body.total || body.products.length === 0) return out;
  }
}

const everything = await all('language=de');

t.test('the country-of-origin filter narrows the listing, one country or several', async (t) => {
  for (const codes of [['CH'], ['AT', 'AU'], ['ZA']]) {
    const got = (await all(`country=${codes.join(',')}`)).map((p) => p.sku).sort();
    const expected = everything.filter((p) => codes.includes(p.attributes.countryOfOriginCode ?? '')).map((p) => p.sku).sort();
    t.ok(got.length > 0);
    t.same(got, expected, codes.join(','));
  }
  const bad = await get(app, '/products?country=switzerland');
  t.equal(bad.status, 400, 'a code is two capital letters');
  t.equal(bad.body.code, 'validation_failed');
});

t.test('facets count countries over the other filters, named in the requested language', async (t) => {
  const { body } = await get<any>(app, '/products?metal=gold&country=ZA&facets=true&language=en&limit=1');
  const za = body.facets.country.find((c: any) => c.value === 'ZA');
  t.same(za, { value: 'ZA', label: 'South Africa', count: everything.filter((p) => p.metal === 'gold' && p.attributes.countryOfOriginCode === 'ZA').length });
  const ch = body.facets.country.find((c: any) => c.value === 'CH');
  t.equal(ch.count, everything.filter((p) => p.metal === 'gold' && p.attributes.countryOfOriginCode === 'CH').length, 'Switzerland counted as if chosen instead');
  t.equal(body.total, za.count);
  const metal = body.facets.metal.find((m: any) => m.value === 'gold');
  t.equal(metal.count, everything.filter((p) => p.metal === 'gold' && p.attributes.countryOfOriginCode === 'ZA').length, 'the other facets take the country filter');
});

t.test('the categories come with slugs in both languages and their counts of published products', async (t) => {
  const { status, body } = await get<any>(app, '/categories?language=de');
  t.equal(status, 200);
  t.ok(Value.Check(CategoriesResponse, body));
  const coins = body.categories.find((c: any) => c.id === 'gold-coins');
  t.match(coins, { name: { 'de-AT': 'Goldmünzen', en: 'Gold coins' }, slug: { 'de-AT': 'goldmuenzen', en: 'gold-coins' }, localizedName: 'Goldmünzen', localizedSlug: 'goldmuenzen', parent: 'gold' });
  t.equal(coins.productCount, everything.filter((p) => p.categories.some((c) => c.id === 'gold-coins')).length);
  t.equal(body.categories.find((c: any) => c.id === 'gold').parent, null);
  const en = await get<any>(app, '/categories?language=en');
  t.equal(en.body.categories.find((c: any) => c.id === 'accessories').localizedSlug, 'accessories');
  const slugs = body.categories.flatMap((c: any) => [c.slug['de-AT'], c.slug.en]);
  const owners = new Map<string, string>();
  for (const c of body.categories) for (const s of [c.slug['de-AT'], c.slug.en]) {
    t.ok(!owners.has(s) || owners.get(s) === c.id, `${s} names one category`);
    owners.set(s, c.id);
  }
  t.notOk(slugs.includes('altgold-ankauf') || slugs.includes('scrap-metals') || slugs.includes('angebote') || slugs.includes('deals'), 'no clash with the shop\'s own /shop/... pages');
  await db.query(`update products set published = false, data = jsonb_set(data, '{published}', 'false') where sku = 'AU-BUFF-1OZ'`);
  t.teardown(() => db.query(`update products set published = true, data = jsonb_set(data, '{published}', 'true') where sku = 'AU-BUFF-1OZ'`));
  const after = await get<any>(app, '/categories');
  t.equal(after.body.categories.find((c: any) => c.id === 'gold-coins').productCount, coins.productCount - 1, 'unpublished products do not count');
});

t.test('similar products share metal and type, come from other product lines, nearest weight first', async (t) => {
  const { status, body } = await get<any>(app, '/products/kruegerrand-1-unze-gold/similar?language=en');
  t.equal(status, 200);
  t.ok(Value.Check(SimilarResponse, body));
  t.equal(body.products.length, 4);
  const krug = everything.find((p) => p.sku === 'AU-KRUG-1OZ')!;
  for (const p of body.products as StorefrontProduct[]) {
    t.equal(p.metal, 'gold');
    t.equal(p.productType, 'coin');
    t.not(p.productId, krug.productId, `${p.sku}: not another Krugerrand weight`);
    t.equal(p.language, 'en');
  }
  t.ok(body.products.every((p: StorefrontProduct) => p.attributes.fineWeightGrams === krug.attributes.fineWeightGrams), 'one-ounce coins first');
  const more = await get<any>(app, '/products/kruegerrand-1-unze-gold/similar?limit=12');
  t.ok(more.body.products.length > 4);
  const capsules = await get<any>(app, `/products/${everything.find((p) => p.productType === 'accessory')!.localizedSlug}/similar`);
  t.ok(capsules.body.products.every((p: StorefrontProduct) => p.productType === 'accessory' && p.metal === null), 'accessories next to accessories');
  t.equal((await get(app, '/products/no-such-coin/similar')).status, 404);
  t.equal((await get(app, '/products/kruegerrand-1-unze-gold/similar?limit=50')).status, 400);
});

t.test('each product names its VAT class for the price breakdown', async (t) => {
  const by = (sku: string) => everything.find((p) => p.sku === sku)!.vatClass;
  t.equal(by('AU-KRUG-1OZ'), 'investment-gold');
  t.equal(by('AG-PHIL-1OZ'), 'silver-coin');
  t.equal(by('AG-BAR-HERAEUS-1KG-CAST'), 'silver-bar');
  t.ok(everything.filter((p) => p.productType === 'accessory').every((p) => p.vatClass === 'standard'));
});
