// What search engines and their testing tools see (issue 28, "Search engines and checkers"), on the whole
// shop: Google's testing tools are crawlers too, HEAD answers as GET, each page of a listing is its own
// canonical, the structured data Google's rich results need (Product with a complete Offer, Organization,
// WebSite with its search, BreadcrumbList), with raster images beside the SVGs.
import t from 'tap';
import { request } from 'undici';
import { GOOGLEBOT, hreflangs, jsonLd, startShopStack } from './helpers.ts';

const shop = await startShopStack(t);
const o = (store = 'ch') => `http://${store}.localhost:${shop.port}`;
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)">/.exec(html)?.[1].replace(/&amp;/g, '&');

/** user agents as Google and Bing document them (developers.google.com/search/docs/crawling-indexing/google-common-crawlers,
 * .../google-special-case-crawlers; bing.com/webmasters/help/which-crawlers-does-bing-use-8c184ec0) */
const CRAWLERS = {
  inspectionTool: 'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.6723.69 Mobile Safari/537.36 (compatible; Google-InspectionTool/1.0;)',
  mediapartners: 'Mediapartners-Google',
  storebot: 'Mozilla/5.0 (X11; Linux x86_64; Storebot-Google/1.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
  adsbot: 'AdsBot-Google (+http://www.google.com/adsbot.html)',
  bing: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36',
  applebot: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)',
};
const PEOPLE = {
  chrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
  headless: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36',
};

const product = (html: string) => jsonLd(html).find((x) => x['@type'] === 'Product')!;

t.test('Google\'s testing tools and the crawlers Google and Bing document get the product with its Offer; people do not', async (t) => {
  for (const [name, ua] of Object.entries(CRAWLERS)) {
    const res = await shop.get('ch.localhost', '/produkt/kruegerrand-1-unze-gold', { 'user-agent': ua });
    t.equal(res.status, 200, name);
    t.match(product(res.text).offers, { '@type': 'Offer', priceCurrency: 'CHF', price: /^\d+\.\d\d$/ }, `${name} sees the Offer`);
  }
  for (const [name, ua] of Object.entries(PEOPLE)) {
    const res = await shop.get('ch.localhost', '/produkt/kruegerrand-1-unze-gold', { 'user-agent': ua });
    t.equal(product(res.text).offers, undefined, `${name}: people's HTML carries no price`);
  }
});

t.test('a product\'s structured data holds what Google\'s merchant listings require, from the store\'s real terms', async (t) => {
  const res = await shop.get('ch.localhost', '/produkt/kruegerrand-1-unze-gold', { 'user-agent': GOOGLEBOT });
  const ld = product(res.text);
  // Google: Product needs name, image, offers; Offer price, priceCurrency (availability recommended);
  // shippingDetails: shippingRate, shippingDestination, deliveryTime; hasMerchantReturnPolicy: applicableCountry, returnPolicyCategory
  t.match(ld, { name: 'Krügerrand 1 Unze Gold', image: [/\.png$/, /\.png$/] });
  const price = Number(ld.offers.price);
  t.match(ld.offers.shippingDetails, {
    '@type': 'OfferShippingDetails',
    // the CHF table: an insured parcel up to 10,000 costs 19.90, free above
    shippingRate: { '@type': 'MonetaryAmount', value: price > 10_000 ? '0.00' : price > 2_500 ? '19.90' : price > 500 ? '14.90' : '9.90', currency: 'CHF' },
    shippingDestination: [{ '@type': 'DefinedRegion', addressCountry: 'CH' }, { '@type': 'DefinedRegion', addressCountry: 'LI' }],
    deliveryTime: { '@type': 'ShippingDeliveryTime', handlingTime: { minValue: 1, maxValue: 2, unitCode: 'DAY' }, transitTime: { minValue: 2, maxValue: 3, unitCode: 'DAY' } },
  });
  t.same(ld.offers.hasMerchantReturnPolicy, { '@type': 'MerchantReturnPolicy', applicableCountry: 'CH', returnPolicyCategory: 'https://schema.org/MerchantReturnNotPermitted' }, 'precious metals are excluded from returns (right-of-revocation page)');
  t.equal(ld.gtin, undefined, 'the catalogue has no GTIN: none is invented');

  const accessory = (await shop.catalogue('de')).find((p) => p.metal === null)!;
  const acc = product((await shop.get('de.localhost', `/produkt/${accessory.localizedSlug}`, { 'user-agent': GOOGLEBOT })).text);
  t.match(acc.offers.hasMerchantReturnPolicy, { applicableCountry: 'DE', returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow', merchantReturnDays: 30, returnFees: 'https://schema.org/FreeReturn' }, 'accessories: 30 days, free');
  t.match(acc.offers.shippingDetails.shippingDestination, [{ addressCountry: 'DE' }, { addressCountry: 'AT' }]);
  const us = product((await shop.get('us.localhost', '/en/product/krugerrand-1-oz-gold', { 'user-agent': GOOGLEBOT })).text);
  t.equal(us.offers.shippingDetails.shippingRate.currency, 'USD');

  for (const url of ld.image as string[]) {
    const img = await request(url.replace(o(), `http://127.0.0.1:${shop.port}`), { headers: { host: `ch.localhost:${shop.port}` } });
    const body = Buffer.from(await img.body.arrayBuffer());
    t.equal(img.statusCode, 200, url);
    t.equal(img.headers['content-type'], 'image/png');
    t.same([...body.subarray(1, 4)].map((c) => String.fromCharCode(c)).join(''), 'PNG', 'a real PNG');
    t.ok(body.readUInt32BE(16) >= 300, 'at least 300 px wide');
    t.match(img.headers['cache-control'], /immutable/, 'content-hashed like its SVG');
  }
  t.match(res.text, new RegExp(`<meta property="og:image" content="${o()}/images/products/au-krug-1oz-obverse\\.[0-9a-f]{10}\\.png">`), 'link previews get the PNG');
});

t.test('product and category pages carry their breadcrumb trail as BreadcrumbList', async (t) => {
  const crumbs = (html: string) => jsonLd(html).find((x) => x['@type'] === 'BreadcrumbList');
  t.match(crumbs((await shop.get('ch.localhost', '/produkt/kruegerrand-1-unze-gold')).text), {
    itemListElement: [
      { '@type': 'ListItem', position: 1, name: 'Startseite', item: `${o()}/` },
      { position: 2, name: 'Shop', item: `${o()}/shop` },
      { position: 3, name: 'Krügerrand 1 Unze Gold', item: `${o()}/produkt/kruegerrand-1-unze-gold` },
    ],
  });
  const cat = crumbs((await shop.get('ch.localhost', '/en/shop/gold-coins')).text)!;
  t.match(cat.itemListElement, [{ position: 1, name: 'Home', item: `${o()}/en` }, { position: 2, item: `${o()}/en/shop` }, { position: 3, item: `${o()}/en/shop/gold-coins` }]);
  t.equal(cat.itemListElement.length, 3);
});

t.test('the home page names the company (Organization) and the site with its search (WebSite, SearchAction)', async (t) => {
  for (const [store, path] of [['ch', '/'], ['us', '/en']] as const) {
    const ld = jsonLd((await shop.get(`${store}.localhost`, path)).text);
    const org = ld.find((x) => x['@type'] === 'Organization')!;
    t.match(org, { name: String, url: o(store) + path, logo: `${o(store)}/icons/icon-512.png`, address: { '@type': 'PostalAddress', addressCountry: String } }, `${store}: Organization`);
    const site = ld.find((x) => x['@type'] === 'WebSite')!;
    t.match(site, { url: o(store) + path, potentialAction: { '@type': 'SearchAction', 'query-input': 'required name=search_term_string' } }, `${store}: WebSite`);
    const target = site.potentialAction.target.urlTemplate as string;
    t.match(target, /\{search_term_string\}/);
    const search = await shop.get(`${store}.localhost`, target.replace(o(store), '').replace('{search_term_string}', 'gold'));
    t.equal(search.status, 200, 'the search action answers');
    t.equal((await shop.get(`${store}.localhost`, org.logo.replace(o(store), ''))).status, 200, 'the logo is there');
  }
  t.notOk(jsonLd((await shop.get('ch.localhost', '/kontakt')).text).some((x) => x['@type'] === 'WebSite'), 'only on the home page');
});

t.test('each page of a listing is its own canonical; sorting, filters and other parameters are not', async (t) => {
  t.equal(canonicalOf((await shop.get('ch.localhost', '/shop?page=2')).text), `${o()}/shop?page=2`);
  t.equal(canonicalOf((await shop.get('ch.localhost', '/shop?sort=price-asc&page=2&utm_source=x')).text), `${o()}/shop?page=2`);
  t.equal(canonicalOf((await shop.get('ch.localhost', '/shop?page=1')).text), `${o()}/shop`, 'page 1 is the listing itself');
  t.equal(canonicalOf((await shop.get('ch.localhost', '/en/shop/gold-coins?metal=gold')).text), `${o()}/en/shop/gold-coins`);
  const alt = hreflangs((await shop.get('ch.localhost', '/shop?page=2')).text);
  t.equal(alt['en-CH'], `${o()}/en/shop?page=2`, 'the alternates name the same page of the listing');
});

t.test('HEAD answers what GET answers: the status and the document\'s headers', async (t) => {
  const head = (host: string, path: string, headers: Record<string, string> = {}) =>
    request(`http://127.0.0.1:${shop.port}${path}`, { method: 'HEAD', headers: { host: `${host}:${shop.port}`, ...headers } });
  for (const path of ['/produkt/goldene-gans', '/en/product/golden-goose', '/gibt-es-nicht', '/shop/keine-kategorie', '/produkt/kruegerrand-1-unze-gold', '/shop', '/', '/produkt/krugerrand-1-oz-gold']) {
    for (const ua of [PEOPLE.chrome, GOOGLEBOT]) {
      const get = await shop.get('ch.localhost', path, { 'user-agent': ua });
      const res = await head('ch.localhost', path, { 'user-agent': ua });
      t.equal(res.statusCode, get.status, `HEAD ${path} ${ua === GOOGLEBOT ? '(crawler)' : ''}: ${get.status}`);
      t.equal(res.headers.location, get.headers.location, `${path}: the same redirect`);
      if (get.status !== 301) {
        t.equal(res.headers['content-type'], get.headers['content-type'], `${path}: content-type`);
        t.equal(res.headers['cache-control'], get.headers['cache-control'], `${path}: cache-control`);
      }
      t.equal(await res.body.text(), '', 'no body');
    }
  }
});
