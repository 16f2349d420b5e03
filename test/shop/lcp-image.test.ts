// Phone paint (issue 27): a page's largest image is requested with the document's stylesheet, not after the
// script preloads. The head names the same picture the page's <img> shows (same URL, fetched with high
// priority), before the first script preload; the image keeps its width and height, so nothing moves when
// it arrives; the picture is served as SVG, cached for a year. Below-the-fold images are not preloaded first.
import t from 'tap';
import { GOOGLEBOT, startShopStack } from './helpers.ts';

const shop = await startShopStack(t);

const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
const bodyOf = (html: string) => html.slice(html.indexOf('<body'));
const preloads = (html: string) => [...html.matchAll(/<link rel="preload" as="image" href="([^"]+)"( fetchpriority="high")?\/?>/g)].map((m) => ({ href: m[1], high: !!m[2], at: m.index }));
const firstScriptPreload = (head: string) => head.indexOf('<link rel="preload" as="script"');

t.test('the home page: the hero picture is preloaded from the head, before the scripts, and is the picture the page shows', async (t) => {
  for (const path of ['/', '/en']) {
    const res = await shop.get('ch.localhost', path);
    t.equal(res.status, 200);
    const head = headOf(res.text);
    const hero = /<img class="hero-image" src="([^"]+)" alt="[^"]*" width="400" height="400" fetchPriority="high"\/>/.exec(res.text);
    t.ok(hero, `${path}: the hero image keeps its width and height`);
    const [first] = preloads(head);
    t.same({ href: first?.href, high: first?.high }, { href: hero?.[1], high: true }, `${path}: the head preloads the hero's picture with high priority`);
    t.ok(first.at! > head.indexOf('<link rel="stylesheet"'), `${path}: after the stylesheet`);
    t.ok(first.at! < firstScriptPreload(head), `${path}: before the first script preload`);
    t.notMatch(bodyOf(res.text), /<link rel="preload" as="image"/, `${path}: the body does not preload it a second time`);
    const img = await shop.get('ch.localhost', hero![1]);
    t.equal(img.status, 200);
    t.equal(img.headers['content-type'], 'image/svg+xml', 'the picture is an SVG');
    t.match(String(img.headers['cache-control']), /max-age=31536000, immutable/, 'cached for a year (its name carries its hash)');
  }
});

t.test('the product page: its large picture is preloaded first, the similar products only after the scripts', async (t) => {
  const res = await shop.get('ch.localhost', '/produkt/kruegerrand-1-unze-gold');
  t.equal(res.status, 200);
  const head = headOf(res.text);
  const main = /<div class="product-gallery-main"><img src="([^"]+)" alt="[^"]+" width="400" height="400" fetchPriority="high"/.exec(res.text);
  t.ok(main, 'the large picture keeps its width and height');
  const list = preloads(res.text);
  t.same(list.filter((p) => p.high).map((p) => p.href), [main?.[1]], 'the one high-priority preload is the large picture');
  t.ok(list[0].at! < firstScriptPreload(head), 'in the head, before the first script preload');
  const similar = list.filter((x) => !x.high);
  t.ok(similar.length > 0, 'the similar products\' pictures are preloaded too');
  for (const p of similar) t.ok(p.at! > firstScriptPreload(head), `${p.href}: a similar product's picture comes after the scripts`);
});

t.test('a crawler\'s complete document carries the same head preload', async (t) => {
  const res = await shop.get('ch.localhost', '/', { 'user-agent': GOOGLEBOT });
  t.equal(res.status, 200);
  const [first] = preloads(headOf(res.text));
  t.match(first?.href ?? '', /^\/images\/products\/au-bar-heraeus-1kg-cast-front-de\.[0-9a-f]{10}\.svg$/);
});

t.test('a page from the page cache keeps the head preload', async (t) => {
  const a = await shop.get('ch.localhost', '/en');
  const b = await shop.get('ch.localhost', '/en');
  t.equal(preloads(headOf(b.text))[0]?.href, preloads(headOf(a.text))[0]?.href);
  t.ok(preloads(headOf(b.text))[0]?.high);
});
