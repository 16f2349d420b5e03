// The product page, its structured data and the shop's findability through the storefront: the page
// answers in both languages and redirects the other language's slug, an unknown or unpublished product is
// the shop's 404 with links to the shop, crawlers get schema.org Product with an Offer carrying the current
// price (people's HTML carries no price), every screen names its other-language page (hreflang), and the
// sitemap lists what exists (a sample of its URLs answers 200), robots.txt names it.
import t from 'tap';
import { GOOGLEBOT, hreflangs, jsonLd, startShopStack } from './helpers.ts';
import { PageCache } from '../../src/storefront/render/page-cache.ts';

const shop = await startShopStack(t);

async function livePrices(sku: string, host = 'ch.localhost') {
  const res = await shop.get(host, `/api/prices/products?skus=${sku}`);
  return JSON.parse(res.text).products[0].prices as { type: string; centAmount: number; minQuantity: number }[];
}

t.test('the product page shows the product in the page language, with every technical field', async (t) => {
  const de = await shop.get('ch.localhost', '/produkt/kruegerrand-1-unze-gold');
  t.equal(de.status, 200);
  t.match(de.text, /<h1 class="product-title">Krügerrand 1 Unze Gold<\/h1>/);
  for (const field of ['Artikelnummer', 'Feinheit', 'Feingewicht', 'Raugewicht', 'Hersteller', 'Herkunftsland', 'Serie', 'Durchmesser', 'Dicke', 'Erhaltung', 'Ausgabejahre', 'Auflage', 'Verpackung', 'Zertifikat']) {
    t.match(de.text, new RegExp(`<dt>${field}</dt>`), field);
  }
  t.match(de.text, /<dd>Südafrika<\/dd>/);
  t.match(de.text, /<dd>32.77 mm<\/dd>/, 'a length, formatted for de-CH');
  t.match(de.text, /href="\/produkt\/kruegerrand-1-10-unze-gold"/, 'the other weights');
  t.match(de.text, /href="\/produkt\/kruegerrand-1-unze-gold\/limit-order"/, 'the limit order page');
  t.match(de.text, /Versandkosten/, 'the shipping cost table');
  t.match(de.text, /Ähnliche Produkte/, 'similar products');
  t.match(de.text, /class="button button-primary add-to-cart"[^>]*>In den Warenkorb/, 'add to the buy cart');
  t.match(de.text, /class="button button-quiet add-to-cart"[^>]*>Verkaufen/, 'add to the sell cart');
  t.match(de.text, /Ins Depot kaufen/, 'a depot-eligible product can be bought into the deposit');
  const en = await shop.get('de.localhost', '/en/product/krugerrand-1-oz-gold');
  t.equal(en.status, 200);
  t.match(en.text, /<h1 class="product-title">Krugerrand 1 oz Gold<\/h1>/);
  t.match(en.text, /<dd>South Africa<\/dd>/);
  t.match(en.text, /<dd>32.77 mm<\/dd>/);
  const de2 = await shop.get('de.localhost', '/produkt/kruegerrand-1-unze-gold');
  t.match(de2.text, /<dd>32,77 mm<\/dd>/, 'de-DE writes a decimal comma');
});

t.test('people\'s HTML carries no price: prices render in the browser (the guest page cache would keep them)', async (t) => {
  const res = await shop.get('ch.localhost', '/produkt/kruegerrand-1-unze-gold');
  const buy = (await livePrices('AU-KRUG-1OZ')).find((p) => p.type === 'buy')!.centAmount;
  t.notOk(res.text.includes((buy / 100).toFixed(2)), 'the buy price is not in the HTML');
  t.match(res.text, /data-testid="product-buy-price"><span class="price-placeholder"/, 'a placeholder stands in');
  const [ld] = jsonLd(res.text);
  t.equal(ld['@type'], 'Product');
  t.equal(ld.offers, undefined, 'no Offer without a price');
});

t.test('crawlers get schema.org Product with an Offer at the current price, valid until the prices expire', async (t) => {
  const res = await shop.get('ch.localhost', '/produkt/kruegerrand-1-unze-gold', { 'user-agent': GOOGLEBOT });
  t.equal(res.status, 200);
  const [ld] = jsonLd(res.text);
  const buy = (await livePrices('AU-KRUG-1OZ')).find((p) => p.type === 'buy' && p.minQuantity === 1)!.centAmount;
  const metals = JSON.parse((await shop.get('ch.localhost', '/api/prices/metals')).text);
  t.match(ld, {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: 'Krügerrand 1 Unze Gold',
    sku: 'AU-KRUG-1OZ',
    brand: { '@type': 'Brand', name: 'South African Mint' },
    url: `http://ch.localhost:${shop.port}/produkt/kruegerrand-1-unze-gold`,
    image: [new RegExp(`^http://ch\\.localhost:${shop.port}/images/products/au-krug-1oz-obverse\\.[0-9a-f]{10}\\.png$`), new RegExp(`^http://ch\\.localhost:${shop.port}/images/products/au-krug-1oz-reverse\\.[0-9a-f]{10}\\.png$`)],
    offers: {
      '@type': 'Offer',
      price: (buy / 100).toFixed(2),
      priceCurrency: 'CHF',
      availability: 'https://schema.org/InStock',
      priceValidUntil: metals.validUntil.slice(0, 10),
      priceSpecification: { '@type': 'UnitPriceSpecification', price: (buy / 100).toFixed(2), priceCurrency: 'CHF', validFrom: metals.lastRecalculatedAt, validThrough: metals.validUntil, valueAddedTaxIncluded: false },
    },
  });
  const us = jsonLd((await shop.get('us.localhost', '/en/product/silver-bar-1-kg-heraeus-cast', { 'user-agent': GOOGLEBOT })).text)[0];
  t.equal(us.offers.priceCurrency, 'USD', 'the store\'s currency');
  const soldOut = (await shop.catalogue()).find((p) => p.availability === 'soldOut')!;
  const out = jsonLd((await shop.get('ch.localhost', `/produkt/${soldOut.localizedSlug}`, { 'user-agent': GOOGLEBOT })).text)[0];
  t.equal(out.offers.availability, 'https://schema.org/OutOfStock');
  const at = jsonLd((await shop.get('at.localhost', '/produkt/silberbarren-1-kg-heraeus-gegossen', { 'user-agent': GOOGLEBOT })).text)[0];
  t.equal(at.offers.priceSpecification.valueAddedTaxIncluded, true, 'silver bars carry VAT');
});

t.test('a crawler\'s page leaves the page cache when the price in it expires', async (t) => {
  let now = 1_000_000;
  const cache = new PageCache({ ttlMs: 30_000, now: () => now });
  await cache.set('bot|http|ch.localhost|/produkt/x', '<html>price</html>', now + 10_000);
  t.ok(cache.get('bot|http|ch.localhost|/produkt/x', null), 'served while the price holds');
  now += 10_000;
  t.equal(cache.get('bot|http|ch.localhost|/produkt/x', null), null, 'gone when it expires, before the cache\'s own 30 s');
  await cache.set('web|ask|guest|http|ch.localhost|/produkt/x', '<html>no price</html>');
  now += 29_000;
  t.ok(cache.get('web|ask|guest|http|ch.localhost|/produkt/x', null), 'people\'s pages keep the usual time');
  await cache.set('bot|http|ch.localhost|/produkt/y', '<html>stale</html>', now - 1);
  t.equal(cache.get('bot|http|ch.localhost|/produkt/y', null), null, 'an already expired page is not kept at all');
});

t.test('a slug of the other language redirects to this language\'s slug', async (t) => {
  const de = await shop.get('ch.localhost', '/produkt/krugerrand-1-oz-gold');
  t.equal(de.status, 301);
  t.equal(de.headers.location, '/produkt/kruegerrand-1-unze-gold');
  const en = await shop.get('ch.localhost', '/en/product/kruegerrand-1-unze-gold?ref=mail');
  t.equal(en.status, 301);
  t.equal(en.headers.location, '/en/product/krugerrand-1-oz-gold?ref=mail', 'the query is kept');
  const data = await shop.get('ch.localhost', '/__data/en/product/kruegerrand-1-unze-gold');
  t.same(JSON.parse(data.text).redirect, '/en/product/krugerrand-1-oz-gold', 'browser navigation is redirected too');
});

t.test('an unknown or unpublished product answers 404 with the shop\'s 404 page and links to the shop', async (t) => {
  for (const path of ['/produkt/goldene-gans', '/produkt/NOT_A_SLUG', `/produkt/${'x'.repeat(300)}`, '/en/product/golden-goose']) {
    const res = await shop.get('ch.localhost', path);
    t.equal(res.status, 404, path);
    t.match(res.text, path.startsWith('/en') ? /href="\/en\/shop"/ : /href="\/shop"/, `${path}: a link to the shop`);
  }
  await shop.db.query(`update products set published = false, data = jsonb_set(data, '{published}', 'false') where sku = 'AU-BUFF-1OZ'`);
  t.teardown(() => shop.db.query(`update products set published = true, data = jsonb_set(data, '{published}', 'true') where sku = 'AU-BUFF-1OZ'`));
  const gone = await shop.get('ch.localhost', '/produkt/american-buffalo-1-unze-gold');
  t.equal(gone.status, 404, 'unpublished');
  t.match(gone.text, /Page Not Found|Seite nicht gefunden|nicht gefunden/i);
});

t.test('every screen names the same screen in the other language on every store (hreflang with region), products and categories by their own slugs', async (t) => {
  const origin = (store: string) => `http://${store}.localhost:${shop.port}`;
  // the cluster of a page in German (de) and English (en): each store's host, x-default the German store's English page
  const cluster = (de: string, en: string) => {
    const out: Record<string, string> = {};
    for (const [store, country] of [['at', 'AT'], ['ch', 'CH'], ['de', 'DE'], ['li', 'LI'], ['us', 'US']]) {
      out[`de-${country}`] = origin(store) + de;
      out[`en-${country}`] = origin(store) + en;
    }
    out['x-default'] = origin('de') + en;
    return out;
  };
  const cases: [string, Record<string, string>][] = [
    ['/produkt/kruegerrand-1-unze-gold', cluster('/produkt/kruegerrand-1-unze-gold', '/en/product/krugerrand-1-oz-gold')],
    ['/en/product/krugerrand-1-oz-gold', cluster('/produkt/kruegerrand-1-unze-gold', '/en/product/krugerrand-1-oz-gold')],
    ['/shop/goldmuenzen', cluster('/shop/goldmuenzen', '/en/shop/gold-coins')],
    ['/shop', cluster('/shop', '/en/shop')],
    ['/suche?q=gold', cluster('/suche', '/en/search')],
    ['/kontakt', cluster('/kontakt', '/en/contact-us')],
    ['/en/sell-to-us', cluster('/ankauf', '/en/sell-to-us')],
    ['/datenschutz', cluster('/datenschutz', '/en/privacy-policy')],
    ['/', cluster('/', '/en')],
  ];
  for (const [path, expected] of cases) {
    for (const store of ['ch', 'us']) {
      const res = await shop.get(`${store}.localhost`, path);
      t.equal(res.status, 200, `${store} ${path}`);
      t.same(hreflangs(res.text), expected, `${store} ${path}: the same cluster on every host`);
    }
  }
  t.not(hreflangs((await shop.get('us.localhost', '/en')).text)['x-default'], `${origin('us')}/`, 'the US store\'s x-default is not its German page');
  t.same(hreflangs((await shop.get('ch.localhost', '/produkt/goldene-gans')).text), {}, 'a 404 page names no alternates');
});

t.test('robots.txt names the sitemap and keeps crawlers out of private areas', async (t) => {
  const res = await shop.get('de.localhost', '/robots.txt');
  t.equal(res.status, 200);
  t.match(res.headers['content-type'], /text\/plain/);
  t.match(res.text, new RegExp(`Sitemap: http://de.localhost:${shop.port}/sitemap.xml`));
  for (const p of ['/kundenkonto', '/en/my-account', '/checkout', '/en/checkout', '/warenkorb', '/api/', '/__data/']) t.match(res.text, new RegExp(`^Disallow: ${p.replace(/\//g, '\\/')}$`, 'm'), p);
  t.notMatch(res.text, /^Disallow: \/(en\/)?(shop|produkt|product|preisliste|pricelist)\/?$/m, 'the shop stays crawlable');
  // the limit-order form under a product page is private, the product page itself is not
  t.match(res.text, /^Disallow: \/produkt\/\*\/limit-order$/m);
  t.match(res.text, /^Disallow: \/en\/product\/\*\/limit-order$/m);
});

t.test('the sitemap lists products, categories and content pages in both languages, and only URLs that exist', async (t) => {
  const res = await shop.get('ch.localhost', '/sitemap.xml');
  t.equal(res.status, 200);
  t.match(res.headers['content-type'], /application\/xml/);
  const o = `http://ch.localhost:${shop.port}`;
  const locs = [...res.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1].replace(/&amp;/g, '&'));
  t.equal(new Set(locs).size, locs.length, 'each URL once');
  const products = await shop.catalogue('de');
  for (const p of products) {
    t.ok(locs.includes(`${o}/produkt/${p.slug['de-AT']}`) && locs.includes(`${o}/en/product/${p.slug.en}`), `${p.sku} in both languages`);
  }
  for (const path of ['/', '/en', '/shop', '/en/shop', '/shop/goldmuenzen', '/en/shop/gold-coins', '/shop/angebote', '/en/shop/deals', '/datenschutz', '/en/privacy-policy', '/kontakt', '/en/contact-us', '/ueber-uns', '/wissen/enzyklopaedie']) {
    t.ok(locs.includes(o + path), path);
  }
  t.ok(locs.some((l) => l.startsWith(`${o}/blog/`)) && locs.some((l) => l.startsWith(`${o}/en/blog/`)), 'blog articles');
  t.ok(locs.some((l) => l.startsWith(`${o}/wissen/`)) && locs.some((l) => l.startsWith(`${o}/en/knowledge-hub/`)), 'knowledge articles');
  t.ok(locs.some((l) => l.startsWith(`${o}/news/`)) && locs.some((l) => l.startsWith(`${o}/en/news/`)), 'news articles');
  t.ok(locs.some((l) => l.startsWith(`${o}/filialen/`)), 'store pages');
  t.notOk(locs.some((l) => /^\/(en\/)?(kundenkonto|my-account|checkout|warenkorb|cart|preview|suche|search)(\/|$)/.test(new URL(l).pathname)), 'nothing private, no previews, no searches');
  t.notOk(locs.some((l) => /ausblick-2027|neue-filiale-basel/.test(l)), 'no drafts');
  t.match(res.text, /<url><loc>[^<]+\/produkt\/kruegerrand-1-unze-gold<\/loc><xhtml:link rel="alternate" hreflang="de-AT" href="http:\/\/at\.localhost:\d+\/produkt\/kruegerrand-1-unze-gold"\/>(<xhtml:link [^>]+>){9}<xhtml:link rel="alternate" hreflang="x-default" href="http:\/\/de\.localhost:\d+\/en\/product\/krugerrand-1-oz-gold"\/><\/url>/, 'each URL with the same alternates as the page heads');

  // a sample across the whole list (every seventh URL, and the first and last) answers 200
  const sample = locs.filter((_, i) => i % 7 === 0 || i === locs.length - 1);
  t.ok(sample.length > 40);
  for (const l of sample) {
    const r = await shop.get('ch.localhost', l.slice(o.length));
    t.equal(r.status, 200, l.slice(o.length));
  }
  const us = await shop.get('us.localhost', '/sitemap.xml');
  t.match(us.text, new RegExp(`<loc>http://us.localhost:${shop.port}/en/product/krugerrand-1-oz-gold</loc>`), 'each store lists its own host');
});
