// The CMS-driven screens over real HTTP against the real content service: every page story of every shop
// reshapes without losing a block, the blog filters by tag and pages, articles, stores and press releases
// render in both languages, unknown slugs answer 404, previews show drafts and are never cached or indexed,
// and the CSP frames exactly the embeds the shop uses.
import t from 'tap';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { readdirSync, readFileSync } from 'node:fs';
import { buildContentApp } from '../../src/content/app.ts';
import { Cms } from '../../src/storefront/cms/reader.ts';
import type { Block } from '../../src/contracts/content.ts';
import { markupOf, startHarness, TEST_CMS_RATE_LIMIT, type Harness } from './harness.ts';

let h: Harness;
t.before(async () => {
  h = await startHarness();
});
t.teardown(() => h.close());

const storiesDir = new URL('../../src/content/stories/', import.meta.url).pathname;

/** component names of a block list as the story file writes it (sections opened) */
function wireComponents(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((b: { component: string; body?: unknown }) => (b.component === 'section' ? ['section', ...wireComponents(b.body)] : [b.component]));
}
function shopComponents(blocks: Block[]): string[] {
  return blocks.flatMap((b) => (b.type === 'section' ? ['section', ...shopComponents(b.blocks)] : [b.type]));
}

t.test('every page story of every shop, in both languages, arrives with all its blocks', async (t) => {
  const warnings: unknown[] = [];
  const log = { warn: (o: unknown) => warnings.push(o) } as never;
  const cms = new Cms({ endpoint: h.cmsUrl, token: h.config.CMS_TOKEN, cacheTtlMs: 0, rateLimit: TEST_CMS_RATE_LIMIT, log });
  const files = [...readdirSync(join(storiesDir, 'shared'), { recursive: true })].map(String).filter((f) => f.endsWith('.json'));
  let pages = 0;
  for (const f of files) {
    const story = JSON.parse(readFileSync(join(storiesDir, 'shared', f), 'utf8'));
    if (story.content.component !== 'page' || !story.published_at || !story.content.path) continue;
    for (const store of ['ch', 'us'] as const) {
      for (const lang of ['de', 'en'] as const) {
        const path = (lang === 'en' && story.content.path__i18n__en) || story.content.path;
        const page = await cms.reader(store, lang).pageByPath(path);
        if (!page) {
          t.fail(`${f} (${store}, ${lang}) not found by ${path}`);
          continue;
        }
        const body = (lang === 'en' && story.content.body__i18n__en) || story.content.body;
        // the US home and contact stories are overrides of their own
        if (!(store === 'us' && ['home.json', 'kontakt.json'].includes(f))) {
          t.same(shopComponents(page.blocks), wireComponents(body), `${f} ${store}/${lang}: body`);
          t.same(shopComponents(page.after), wireComponents(story.content.body_after), `${f} ${store}/${lang}: body_after`);
        }
        pages++;
      }
    }
  }
  t.ok(pages >= 60, `${pages} pages checked`);
  t.same(warnings, [], 'no block type the shop does not render');
});

t.test('an unknown block type is skipped and reported once, the page still renders', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'cms-unknown-'));
  mkdirSync(join(dir, 'shared'));
  const page = (path: string) => ({
    name: path, created_at: '2026-01-01T00:00:00.000Z', published_at: '2026-01-01T00:00:00.000Z',
    content: { component: 'page', path, title: 'Probe', seo_title: '', seo_description: '', body: [{ component: 'countdown_timer', until: '2027-01-01' }, { component: 'rich_text', text: { $markdown: 'Hallo' } }] },
  });
  writeFileSync(join(dir, 'shared', 'eins.json'), JSON.stringify(page('/eins')));
  writeFileSync(join(dir, 'shared', 'zwei.json'), JSON.stringify(page('/zwei')));
  const content = buildContentApp({ publicToken: 'pub', previewToken: 'prev', logger: false, storiesDir: dir });
  await content.listen({ host: '127.0.0.1', port: 0 });
  t.teardown(() => content.close());
  const warnings: { component: string }[] = [];
  const cms = new Cms({ endpoint: `http://127.0.0.1:${(content.server.address() as AddressInfo).port}/v2`, token: 'pub', cacheTtlMs: 0, rateLimit: TEST_CMS_RATE_LIMIT, log: { warn: (o: { component: string }) => warnings.push(o) } as never });
  const one = await cms.reader('ch', 'de').pageByPath('/eins');
  const two = await cms.reader('ch', 'en').pageByPath('/zwei');
  t.same(one?.blocks.map((b) => b.type), ['rich_text']);
  t.same(two?.blocks.map((b) => b.type), ['rich_text']);
  t.same(warnings, [{ component: 'countdown_timer' }], 'logged once per process');
});

t.test('the blog filters by tag (the German tag name in both languages) and pages by nine', async (t) => {
  const all = await h.get('ch.localhost', '/blog');
  t.equal(all.status, 200);
  t.match(all.text, /<h1[^>]*>Blog<\/h1>/);
  t.equal([...all.text.matchAll(/class="teaser"/g)].length, 9, 'nine on the first page');
  t.match(all.text, /href="\/blog\?page=2"/, 'a link to page 2');
  const second = await h.get('ch.localhost', '/blog?page=2');
  t.equal([...second.text.matchAll(/class="teaser"/g)].length, 6, 'the other six of fifteen');
  t.match(second.text, /aria-current="page" class="pagination-current"><span class="visually-hidden">Seite(<!-- -->)? <\/span>2/);
  t.match(second.text, /<title>Blog – Anlage, Sammeln und Lagerung von Edelmetallen \| Aurum Edelmetalle<\/title>/, 'the brand once');

  const tagged = await h.get('us.localhost', '/en/blog?tag=Steuern');
  t.equal(tagged.status, 200);
  t.match(tagged.text, /<h1[^>]*>Blog: Taxes<\/h1>/, 'the English label of the tag');
  t.match(tagged.text, /aria-current="page" class="tag-chip" href="\/en\/blog\?tag=Steuern">Taxes/);
  t.equal([...tagged.text.matchAll(/class="teaser"/g)].length, 6, 'the six articles tagged Steuern');
  t.notMatch(tagged.text, /href="\/en\/blog\?tag=Steuern&amp;page=2"/, 'one page only');

  for (const path of ['/blog?tag=Unbekannt', '/blog?page=3', '/blog?page=0', '/blog?page=zwei', '/en/blog?tag=Taxes']) {
    t.equal((await h.get('ch.localhost', path)).status, 404, `${path} names nothing`);
  }
});

t.test('articles of the blog, the knowledge hub and the news, with the other language\'s path', async (t) => {
  const blog = await h.get('ch.localhost', '/blog/erste-unze-gold');
  t.match(blog.text, /<h1[^>]*>Die erste Unze Gold/);
  t.match(blog.text, /Von Markus Brunner/, 'the author');
  t.match(blog.text, /hreflang="en-CH" href="http:\/\/ch\.localhost:\d+\/en\/blog\/your-first-ounce-of-gold"/, 'the English alternate has the English slug');
  t.match(blog.text, /class="tag-chip tag-chip-small" href="\/blog\?tag=M%C3%BCnzen">Münzen/, 'its tags link to the filtered blog');
  const old = await h.get('ch.localhost', '/en/knowledge-hub/feinunze');
  t.equal(old.status, 301, 'the old English URL with the German slug redirects');
  t.equal(old.headers.location, '/en/knowledge-hub/troy-ounce');
  const knowledge = await h.get('ch.localhost', '/en/knowledge-hub/troy-ounce');
  t.equal(knowledge.status, 200);
  t.match(knowledge.text, /hreflang="de-CH" href="http:\/\/ch\.localhost:\d+\/wissen\/feinunze"/);
  t.match(knowledge.text, /href="\/en\/knowledge-hub\/encyclopedia">Encyclopedia/, 'the breadcrumb leads to the encyclopedia');
  const news = await h.get('ch.localhost', '/news/goldpreis-november');
  t.match(news.text, /Gold im November/);
  for (const path of ['/blog/tags', '/wissen/nicht-da', '/news/neue-filiale-basel', '/en/blog/ausblick-2027']) {
    t.equal((await h.get('ch.localhost', path)).status, 404, `${path}: not an article, or not published`);
  }
});

t.test('English article URLs carry English slugs; the old URLs redirect (301) to them, and back for German', async (t) => {
  const cases: [string, string][] = [
    ['/en/blog/platin-palladium-kaufen', '/en/blog/buying-platinum-and-palladium'],
    ['/en/news/goldpreis-november', '/en/news/gold-in-november'],
    ['/blog/buying-platinum-and-palladium', '/blog/platin-palladium-kaufen'],
    ['/en/blog/platin-palladium-kaufen?utm_source=x', '/en/blog/buying-platinum-and-palladium?utm_source=x'],
  ];
  for (const [from, to] of cases) {
    const res = await h.get('ch.localhost', from);
    t.equal(res.status, 301, `${from} moved`);
    t.equal(res.headers.location, to);
  }
  const en = await h.get('ch.localhost', '/en/blog/buying-platinum-and-palladium');
  t.equal(en.status, 200);
  t.match(en.text, /hreflang="de-CH" href="http:\/\/ch\.localhost:\d+\/blog\/platin-palladium-kaufen"/);
  t.match(en.text, /rel="canonical" href="http:\/\/ch\.localhost:\d+\/en\/blog\/buying-platinum-and-palladium"/);
  const list = await h.get('ch.localhost', '/en/blog');
  t.notMatch(list.text, /href="\/en\/blog\/platin-palladium-kaufen"/, 'the English blog list links the English slug');
  t.match(list.text, /href="\/en\/blog\/buying-platinum-and-palladium"/);
});

t.test('the news list pages by twelve, newest first', async (t) => {
  const first = await h.get('ch.localhost', '/news');
  t.equal([...first.text.matchAll(/class="teaser"/g)].length, 12);
  t.match(first.text, /Gold im November/, 'the newest');
  t.equal([...(await h.get('ch.localhost', '/news?page=3')).text.matchAll(/class="teaser"/g)].length, 6, '30 news: 12 + 12 + 6');
  t.equal((await h.get('ch.localhost', '/news?page=4')).status, 404);
});

t.test('the knowledge hub: the encyclopedia A-Z and every knowledge article', async (t) => {
  const de = await h.get('ch.localhost', '/wissen/enzyklopaedie');
  t.match(de.text, /href="#letter-z">Z</);
  t.match(de.text, /href="\/wissen\/feinunze"/);
  const en = await h.get('ch.localhost', '/en/knowledge-hub/encyclopedia');
  t.match(en.text, /href="#letter-x">X</, 'English has its own letters');
});

t.test('press releases in full, newest first, each anchored by its slug', async (t) => {
  const res = await h.get('ch.localhost', '/en/about-us/press/press-releases');
  t.equal(res.status, 200);
  const ids = [...res.text.matchAll(/<article id="([a-z0-9-]+)" class="press-release"/g)].map((m) => m[1]);
  t.equal(ids.length, 7);
  t.equal(ids[ids.length - 1], 'onlineshop-start', 'the oldest last');
  t.match(res.text, /href="#limit-orders"/);
  t.match(res.text, /Media contact/);
});

t.test('a store page in both languages; "open now" is left to the browser; an unknown store is 404', async (t) => {
  const de = await h.get('ch.localhost', '/filialen/zuerich');
  t.equal(de.status, 200);
  t.match(de.text, /<h1[^>]*>Aurum Zürich<\/h1>/);
  t.match(de.text, /Siehe Öffnungszeiten/, 'a neutral text in the HTML');
  t.notMatch(markupOf(de.text), /Jetzt geöffnet|Geschlossen ·/);
  t.match(de.text, /href="https:\/\/www\.google\.com\/maps\/dir\/\?api=1&amp;destination=47\.3717,8\.5402"/, 'a route link from the coordinates');
  t.match(de.text, /href="\/filialen">Unsere Filialen<\/a>/, 'the breadcrumb leads to the finder');
  t.notMatch(de.text, /<iframe/, 'no map without consent');
  const en = await h.get('us.localhost', '/en/stores/new-york');
  t.match(en.text, /Times are local time in New York/);
  t.match(en.text, /hreflang="de-US" href="http:\/\/us\.localhost:\d+\/filialen\/new-york"/);
  t.equal((await h.get('ch.localhost', '/filialen/basel')).status, 404);
});

t.test('the store finder lists the current shop\'s stores first', async (t) => {
  const at = await h.get('at.localhost', '/filialen');
  const names = [...at.text.matchAll(/class="store-card-name"><a href="\/filialen\/([a-z-]+)"/g)].map((m) => m[1]);
  t.same(names, ['wien', 'zuerich', 'muenchen', 'vaduz', 'new-york']);
});

t.test('consulate and whistleblower in the minimal layout, contact with its stores', async (t) => {
  for (const path of ['/oe-konsulat-sg', '/en/hinweisgebersystem']) {
    const res = await h.get('ch.localhost', path);
    t.equal(res.status, 200);
    t.match(res.text, /layout-minimal/, `${path}: minimal layout`);
  }
  t.match((await h.get('ch.localhost', '/oe-konsulat-sg')).text, /href="tel:\+41712271640"/);
  const contact = await h.get('us.localhost', '/en/contact-us');
  t.match(contact.text, /href="\/en\/stores\/new-york"/, 'the US contact page leads to the New York store');
});

t.test('preview pages: draft content with the preview token, noindex, never kept for the next visitor', async (t) => {
  const cached = await startHarness({ env: { CMS_CACHE_TTL_S: '30' } });
  t.teardown(() => cached.close());
  for (const path of ['/preview/components/data-privacy', '/en/preview/components/trusted-shops-toggle']) {
    const first = await cached.get('ch.localhost', path);
    t.equal(first.status, 200, path);
    t.match(first.text, /<meta name="robots" content="noindex">/);
    t.match(first.text, /layout-preview/);
    const second = await cached.get('ch.localhost', path);
    t.equal(second.headers['x-page-cache'], undefined, 'not a candidate for the guest page cache');
  }
  t.match((await cached.get('ch.localhost', '/en/preview/components/data-privacy')).text, /Preview: this page shows unpublished draft content/);
  const cms = new Cms({ endpoint: h.cmsUrl, token: h.config.CMS_TOKEN, cacheTtlMs: 0, rateLimit: TEST_CMS_RATE_LIMIT });
  t.equal(await cms.reader('ch', 'de').pageByPath('/preview/components/data-privacy'), null, 'the published reader never sees drafts');
  const home = await h.get('ch.localhost', '/');
  const draftHome = await new Cms({ endpoint: h.cmsUrl, token: h.config.CMS_TOKEN, previewToken: h.config.CMS_PREVIEW_TOKEN, cacheTtlMs: 0, rateLimit: TEST_CMS_RATE_LIMIT }).reader('ch', 'de').draftPageByPath('/');
  const draftHeadline = draftHome?.blocks.find((b) => b.type === 'hero')?.headline ?? '';
  t.ok(draftHeadline);
  t.notMatch(home.text, draftHeadline, 'the home page shows the published hero, not the draft');
});

t.test('the CSP frames exactly the video and map origins; analytics origins only with a container', async (t) => {
  const csp = String((await h.get('ch.localhost', '/')).headers['content-security-policy']);
  t.match(csp, /frame-src https:\/\/www\.youtube-nocookie\.com https:\/\/player\.vimeo\.com https:\/\/www\.openstreetmap\.org;/);
  t.notMatch(csp, /googletagmanager/);
  t.match((await h.get('ch.localhost', '/')).text, /"analyticsId":null/, 'development and test load no analytics');
});

t.test('in production with a container configured, the browser is told to load it and the CSP allows it', async (t) => {
  const prod = await startHarness({ env: { NODE_ENV: 'production', ANALYTICS_CONTAINER_ID: 'GTM-TEST123' } });
  t.teardown(() => prod.close());
  const res = await prod.get('ch.localhost', '/datenschutz');
  t.match(res.text, /"analyticsId":"GTM-TEST123"/);
  t.match(String(res.headers['content-security-policy']), /connect-src 'self' wss:\/\/ch\.localhost:\d+ https:\/\/\*\.google-analytics\.com/, 'the shop\'s own socket origin (wss in production) and the analytics origins');
  const again = await prod.get('ch.localhost', '/datenschutz');
  if (again.headers['x-page-cache'] === 'hit') t.match(String(again.headers['content-security-policy']), /script-src 'self' 'sha256-[^;]* https:\/\/www\.googletagmanager\.com/, 'a cached page names the GTM origin');
});

t.test('without the CMS the content screens answer 503, never 500; the home page stays up', async (t) => {
  const down = await startHarness({ cmsUrl: () => 'http://127.0.0.1:9/v2' });
  t.teardown(() => down.close());
  for (const path of ['/blog', '/news', '/blog/erste-unze-gold', '/filialen/zuerich', '/wissen/enzyklopaedie', '/ueber-uns/presse/presseaussendungen', '/preview/components/data-privacy']) {
    t.equal((await down.get('ch.localhost', path)).status, 503, path);
  }
  t.equal((await down.get('ch.localhost', '/')).status, 200);
});
