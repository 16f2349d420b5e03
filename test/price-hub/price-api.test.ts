// The browsers' price API on a store host: answered from the hub's cache with ETags, 304s and the
// precompressed bodies; clear 400s for bad queries; the chart series proxied, cached and down-sampled.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import t from 'tap';
import type { ProductPricesResponse } from '../../src/contracts/prices.ts';
import type { StoreMetalPricesResponse, StoreProductPricesResponse, StoreSnapshotsResponse } from '../../src/contracts/price-stream.ts';
import { etagMatches, parseSkus, pickEncoding } from '../../src/storefront/routes/prices.ts';
import { fixtureSkus } from '../pricing/fixtures.ts';
import { browserSocket, json, startPricing, startStorefront } from './helpers.ts';

t.test('price API on a store host', async (t) => {
  const pricing = await startPricing();
  t.teardown(() => pricing.close());
  const sf = await startStorefront(pricing.url);
  t.teardown(() => sf.close());
  // the first Finished means the cache is filled
  const s = await browserSocket(sf.port);
  await s.next('RecalculationProcessFinished');
  s.close();

  t.test('metal prices come in the store\'s currency with an ETag, and a repeat with If-None-Match gets 304', async (t) => {
    const res = await sf.get('li.localhost', '/api/prices/metals');
    t.equal(res.status, 200);
    t.match(res.headers['content-type'], /application\/json/);
    const body = JSON.parse(res.text) as StoreMetalPricesResponse;
    t.equal(body.currency, 'CHF', 'Liechtenstein pays in francs');
    t.ok(body.metals.every((m) => m.prices.every((p) => p.currency === 'CHF')));
    const etag = res.headers.etag as string;
    t.match(etag, /^"[\w-]+"$/);
    t.equal(res.headers['cache-control'], 'no-cache', 'browsers revalidate every time');
    t.ok(Number(res.headers['x-server-time']) > 0, 'the shop clock for the countdown');
    const again = await sf.get('li.localhost', '/api/prices/metals', { 'if-none-match': etag });
    t.equal(again.status, 304);
    t.equal(again.body.length, 0);
    const weak = await sf.get('li.localhost', '/api/prices/metals', { 'if-none-match': `"other", W/${etag}` });
    t.equal(weak.status, 304, 'weak comparison and lists');
    const usd = JSON.parse((await sf.get('li.localhost', '/api/prices/metals?currency=USD')).text) as StoreMetalPricesResponse;
    t.equal(usd.currency, 'USD', 'USD on request (spec 1)');
    t.not((await sf.get('li.localhost', '/api/prices/metals?currency=USD')).headers.etag, etag);
  });

  t.test('the whole product list goes out precompressed (brotli, gzip) and equals the price service\'s list', async (t) => {
    const upstream = await json<ProductPricesResponse>(`${pricing.url}/api/prices/products?country=DE&currency=EUR`);
    const br = await sf.get('de.localhost', '/api/prices/products', { 'accept-encoding': 'gzip, deflate, br' });
    t.equal(br.headers['content-encoding'], 'br');
    t.match(br.headers.vary, /accept-encoding/);
    t.same(JSON.parse(brotliDecompressSync(br.body).toString()), upstream);
    const gz = await sf.get('de.localhost', '/api/prices/products', { 'accept-encoding': 'gzip' });
    t.equal(gz.headers['content-encoding'], 'gzip');
    t.same(JSON.parse(gunzipSync(gz.body).toString()), upstream);
    const plain = await sf.get('de.localhost', '/api/prices/products', { 'accept-encoding': 'identity' });
    t.equal(plain.headers['content-encoding'], undefined);
    t.same(JSON.parse(plain.text), upstream);
    t.equal(br.headers.etag, plain.headers.etag, 'one ETag per content, whatever the encoding');
    t.equal((await sf.get('de.localhost', '/api/prices/products', { 'if-none-match': br.headers.etag as string })).status, 304);
  });

  t.test('a few skus: in the order asked, unknown skus absent, prices of the store\'s country', async (t) => {
    const res = await sf.get('at.localhost', '/api/prices/products?skus=SILVER-MAPLE-1OZ,NO-SUCH-SKU,GOLD-BAR-100G,SILVER-MAPLE-1OZ');
    t.equal(res.status, 200);
    const body = JSON.parse(res.text) as StoreProductPricesResponse;
    t.same(body.products.map((p) => p.sku), ['SILVER-MAPLE-1OZ', 'GOLD-BAR-100G']);
    const upstream = await json<ProductPricesResponse>(`${pricing.url}/api/prices/products?country=AT&currency=EUR&skus=SILVER-MAPLE-1OZ,GOLD-BAR-100G`);
    t.same(body.products, upstream.products, 'exactly the price service\'s prices for Austria');
    t.equal(body.lastRecalculatedAt, upstream.lastRecalculatedAt);
    const ch = JSON.parse((await sf.get('ch.localhost', '/api/prices/products?skus=SILVER-MAPLE-1OZ')).text) as StoreProductPricesResponse;
    t.not(ch.products[0].prices[0].centAmount, body.products[0].prices[0].centAmount, 'another country, another price');
    const etag = res.headers.etag as string;
    t.equal((await sf.get('at.localhost', '/api/prices/products?skus=SILVER-MAPLE-1OZ,NO-SUCH-SKU,GOLD-BAR-100G,SILVER-MAPLE-1OZ', { 'if-none-match': etag })).status, 304);
    const other = await sf.get('at.localhost', '/api/prices/products?skus=GOLD-BAR-100G', { 'if-none-match': etag });
    t.equal(other.status, 200, 'another sku list does not match the ETag');
    const many = await sf.get('at.localhost', `/api/prices/products?skus=${fixtureSkus.join(',')}`, { 'accept-encoding': 'br' });
    t.equal(many.headers['content-encoding'], 'br', 'larger answers are compressed');
    t.equal((JSON.parse(brotliDecompressSync(many.body).toString()) as StoreProductPricesResponse).products.length, fixtureSkus.length);
  });

  t.test('bad queries answer 400 with a clear message and a stable code', async (t) => {
    const cases: [string, RegExp][] = [
      ['/api/prices/products?skus=', /skus is empty/],
      ['/api/prices/products?skus=,,', /skus is empty/],
      ['/api/prices/products?skus=GOLD%20BAR', /"GOLD BAR" is not a sku/],
      ['/api/prices/products?skus=%3Cscript%3E', /is not a sku/],
      [`/api/prices/products?skus=${Array.from({ length: 201 }, (_, i) => `S${i}`).join(',')}`, /At most 200 skus per request \(got 201\)/],
      ['/api/prices/products?skus=a&skus=b', /one comma-separated list/],
      ['/api/prices/products?currency=EUR', /currency must be the store's currency or USD/],
      ['/api/prices/metals?currency=XAU', /currency must be/],
      ['/api/prices/snapshots?metal=copper&range=1y', /metal must be one of gold, silver, platinum, palladium/],
      ['/api/prices/snapshots?metal=gold&range=5y', /range must be one of 1w, 6m, 1y/],
      ['/api/prices/snapshots?metal=gold&range=1y&width=abc', /width must be/],
    ];
    for (const [path, message] of cases) {
      const res = await sf.get('ch.localhost', path);
      t.equal(res.status, 400, path);
      const body = JSON.parse(res.text);
      t.equal(body.code, 'invalid_price_query', path);
      t.match(body.message, message, path);
    }
  });

  t.test('chart series: proxied per ounce in the store\'s currency, down-sampled to the chart width, cached', async (t) => {
    const wide = await sf.get('us.localhost', '/api/prices/snapshots?metal=silver&range=1y&width=1200');
    t.equal(wide.status, 200);
    const body = JSON.parse(wide.text) as StoreSnapshotsResponse;
    t.equal(body.currency, 'USD');
    t.equal(body.metal, 'silver');
    t.ok(body.points.length > 300, `a year of daily points (${body.points.length})`);
    t.equal(body.downsampled, false);
    t.ok(body.points.every((p, i) => i === 0 || p.t > body.points[i - 1].t), 'ascending');
    const narrow = JSON.parse((await sf.get('us.localhost', '/api/prices/snapshots?metal=silver&range=1y&width=200')).text) as StoreSnapshotsResponse;
    t.equal(narrow.points.length, 200, 'one point per pixel step');
    t.equal(narrow.downsampled, true);
    t.same(narrow.points[0], body.points[0], 'the first point stays');
    t.same(narrow.points.at(-1), body.points.at(-1), 'the latest point stays');
    const max = Math.max(...body.points.map((p) => p.centAmount));
    t.ok(narrow.points.some((p) => p.centAmount === max), 'the year\'s high survives down-sampling');
    const etag = wide.headers.etag as string;
    t.equal((await sf.get('us.localhost', '/api/prices/snapshots?metal=silver&range=1y&width=1200', { 'if-none-match': etag })).status, 304);
  });
});

t.test('with the price service unreachable, the chart answers 503 with a stable code', async (t) => {
  const sf = await startStorefront('http://127.0.0.1:9', { reconnectDelayMs: 60_000 });
  t.teardown(() => sf.close());
  const res = await sf.get('ch.localhost', '/api/prices/snapshots?metal=gold&range=6m');
  t.equal(res.status, 503);
  t.equal(JSON.parse(res.text).code, 'prices_unavailable');
  t.notMatch(res.text, /ECONNREFUSED/, 'no internals');
});

t.test('Accept-Encoding picks brotli, then gzip, honouring q=0', async (t) => {
  t.equal(pickEncoding('gzip, deflate, br, zstd'), 'br');
  t.equal(pickEncoding('gzip;q=1.0, br;q=0'), 'gzip');
  t.equal(pickEncoding('identity'), null);
  t.equal(pickEncoding(undefined), null);
  t.equal(pickEncoding('*'), 'gzip');
  t.equal(pickEncoding(['gzip', 'br']), 'br');
});

t.test('If-None-Match matches strong, weak, listed and * validators', async (t) => {
  t.ok(etagMatches('"abc"', '"abc"'));
  t.ok(etagMatches('W/"abc"', '"abc"'));
  t.ok(etagMatches('"x", "abc"', '"abc"'));
  t.ok(etagMatches('*', '"abc"'));
  t.notOk(etagMatches('"abcd"', '"abc"'));
  t.notOk(etagMatches(undefined, '"abc"'));
});

t.test('sku lists are trimmed and de-duplicated in the order asked', async (t) => {
  t.same(parseSkus(' A-1 ,B.2,,A-1,c_3 '), ['A-1', 'B.2', 'c_3']);
  t.throws(() => parseSkus('-A'), /is not a sku/, 'a sku starts with a letter or digit');
  t.throws(() => parseSkus(['a', 'b']), /one comma-separated list/);
  t.throws(() => parseSkus('x'.repeat(65)), /is not a sku/, 'overlong');
});
