import t from 'tap';
import fc from 'fast-check';
import { catalogueApp, seededDb } from './helpers.ts';

const db = await seededDb(t);
const app = await catalogueApp(t, db);

const keys = [
  'language', 'q', 'metal', 'productType', 'category', 'manufacturer', 'weight', 'fineWeightMin', 'fineWeightMax',
  'availability', 'badge', 'deal', 'depositable', 'dutyFree', 'sort', 'direction', 'limit', 'offset', 'facets', 'skus',
];
const plausible = [
  'de', 'en', 'gold', 'silver,platinum', 'coin', 'bar,numismatic', 'gold-coins', 'valcambi,pamp', '1oz', '1/10oz,100g', '0', '1', '-1',
  '1e309', '1e999', 'Infinity', '-Infinity', 'NaN', '999999999999', 'true', 'false', 'name', 'price', 'preciousMetal', 'relevance', 'default', 'asc', 'desc',
  'available', 'soldOut', 'new,sale', 'AU-KRUG-1OZ', 'AU-KRUG-1OZ,AG-PHIL-1OZ', 'Krügerrand', 'silver bar', "'; drop table products; --",
  ':*', '!(gold | silver)', '\\', '%', '&', 'ü'.repeat(60), '1.5', '',
];

const value = fc.oneof(fc.constantFrom(...plausible), fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 20 }), fc.integer().map(String), fc.double().map(String));
const query = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 10 })), value), { maxLength: 6 })
  .map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&'));
const slug = fc.oneof(fc.string({ maxLength: 60 }), fc.string({ unit: 'binary', maxLength: 30 }), fc.constantFrom('krugerrand-1-oz-gold', 'search', 'by-skus', '..', '%00', 'a'.repeat(300)))
  .map((s) => encodeURIComponent(s));
const path = fc.oneof(
  fc.constant('/products'),
  fc.constant('/products/search'),
  fc.constant('/products/by-skus'),
  fc.constant('/admin/products/pricing-attributes'),
  slug.map((s) => `/products/${s}`),
);

t.test('malformed catalogue queries never answer 5xx', async (t) => {
  let count = 0;
  await fc.assert(
    fc.asyncProperty(path, query, async (p, q) => {
      const res = await app.inject({ method: 'GET', url: q ? `${p}?${q}` : p, headers: { 'x-store-key': 'at' } });
      count++;
      if (res.statusCode >= 500) throw new Error(`${p}?${q} answered ${res.statusCode}: ${res.body}`);
      const body = res.json() as { code?: string };
      if (res.statusCode >= 400 && typeof body.code !== 'string') throw new Error(`${p}?${q}: error without code`);
      return true;
    }),
    { numRuns: 600 },
  );
  t.equal(count >= 600, true, `${count} requests, none 5xx`);
});

t.test('search words of any kind never break the full-text query', async (t) => {
  await fc.assert(
    fc.asyncProperty(fc.oneof(fc.string({ unit: 'binary', minLength: 1, maxLength: 100 }), fc.constantFrom('&', '|', '!', ':*', "'", '(', ')', '<->', 'und', 'the', 'a & b', 'gold:*')), async (q) => {
      const res = await app.inject({ method: 'GET', url: `/products/search?q=${encodeURIComponent(q)}&facets=true`, headers: { 'x-store-key': 'de' } });
      if (res.statusCode >= 500) throw new Error(`q=${JSON.stringify(q)} answered ${res.statusCode}: ${res.body}`);
      return true;
    }),
    { numRuns: 300 },
  );
  t.pass('no 5xx');
});

// Issue 14: a number from the query is checked for a finite range before use ('1e999' and 'Infinity'
// coerce to Infinity, which a schema's minimum/maximum alone let through).
t.test('catalogue numbers that are not finite are a 400 validation_failed', async (t) => {
  for (const q of ['fineWeightMin=1e999', 'fineWeightMax=1e999', 'fineWeightMin=Infinity', 'fineWeightMax=-Infinity', 'fineWeightMin=-1e999']) {
    for (const p of ['/products', '/products/search?q=gold&']) {
      const url = p.includes('?') ? `${p}${q}` : `${p}?${q}`;
      const res = await app.inject({ method: 'GET', url, headers: { 'x-store-key': 'at' } });
      t.equal(res.statusCode, 400, `${url}: 400`);
      t.equal((res.json() as { code: string }).code, 'validation_failed');
    }
  }
  t.equal((await app.inject({ method: 'GET', url: '/products?fineWeightMin=1&fineWeightMax=1000000', headers: { 'x-store-key': 'at' } })).statusCode, 200, 'finite bounds answer');
});
