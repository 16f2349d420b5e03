// The shop's page stories and the CMS block vocabulary, read through the real content service as the
// storefront reads them: every block type is used, every block matches its contract, every screen finds
// its story by path in both languages, the preview pages stay drafts, products and stores exist.
import { existsSync } from 'node:fs';
import t from 'tap';
import Value from 'typebox/value';
import { categories } from '../../src/commerce/catalogue/reference.ts';
import { buildCatalogue } from '../../src/commerce/catalogue/model.ts';
import { seedProducts } from '../../src/commerce/catalogue/seed-data.ts';
import { PageContent, pageBlockComponents, pageBlockSchemas, StoresPageContent, type Store } from '../../src/contracts/cms-blocks.ts';
import { storeKeys, type StoreKey } from '../../src/stores.ts';
import { pathFor, unprefixedPath, type ScreenId } from '../../src/screens.ts';
import { PREVIEW_TOKEN, PUBLIC_TOKEN, startContent } from './helpers.ts';

const svc = await startContent(t);

type Lang = 'de' | 'en';
type Json = Record<string, any>;
interface Story { full_slug: string; slug: string; published_at: string | null; content: Json }

const langs: Lang[] = ['de', 'en'];
const languageParam = (lang: Lang): Record<string, string> => (lang === 'en' ? { language: 'en' } : {});

async function api(path: string, params: Record<string, string>, token = PUBLIC_TOKEN) {
  const res = await svc.get(`${path}?${new URLSearchParams({ token, ...params })}`);
  return res;
}

/** Every story of a domain in one language and version, as the storefront's list calls get them. */
async function allStories(domain: StoreKey, lang: Lang, version: 'published' | 'draft' = 'published'): Promise<Story[]> {
  const out: Story[] = [];
  for (let page = 1; ; page++) {
    const res = await api('/cdn/stories', { starts_with: `${domain}/`, per_page: '100', page: String(page), version, ...languageParam(lang) },
      version === 'draft' ? PREVIEW_TOKEN : PUBLIC_TOKEN);
    if (res.status !== 200) throw new Error(`list ${domain} ${lang}: ${res.status}`);
    out.push(...res.body.stories);
    if (res.body.stories.length < 100) return out;
  }
}

const stories = new Map<string, Story[]>();
for (const domain of storeKeys) for (const lang of langs) stories.set(`${domain}:${lang}`, await allStories(domain, lang));
const published = (domain: StoreKey, lang: Lang) => stories.get(`${domain}:${lang}`)!;

/** every block (object with a component) below a story's content, sections and sliders included */
function blocksOf(v: unknown, out: Json[] = []): Json[] {
  if (Array.isArray(v)) for (const x of v) blocksOf(x, out);
  else if (v && typeof v === 'object') {
    for (const x of Object.values(v)) blocksOf(x, out);
    if (typeof (v as Json).component === 'string') out.push(v as Json);
  }
  return out;
}

/** every href in content: link fields and richtext link marks */
function hrefsOf(v: unknown, out: string[] = []): string[] {
  if (Array.isArray(v)) for (const x of v) hrefsOf(x, out);
  else if (v && typeof v === 'object') {
    const o = v as Json;
    if (o.fieldtype === 'multilink' && typeof o.url === 'string') out.push(o.url);
    if (o.type === 'link' && o.attrs && typeof o.attrs.href === 'string') out.push(o.attrs.href);
    for (const x of Object.values(o)) hrefsOf(x, out);
  }
  return out;
}

const routePath = (id: ScreenId, lang: Lang) => unprefixedPath(pathFor(id, lang));

/** The page stories of this shop and the screen (src/screens.ts) whose path each one carries. */
const screenPages: { slug: string; route: ScreenId }[] = [
  { slug: 'home', route: 'home' },
  { slug: 'kontakt', route: 'contact' },
  { slug: 'ankauf', route: 'sellToUs' },
  { slug: 'altgold-ankauf', route: 'scrapMetals' },
  { slug: 'oe-konsulat-sg', route: 'consulate' },
  { slug: 'hinweisgebersystem', route: 'whistleblower' },
  { slug: 'blog-uebersicht', route: 'blog' },
  { slug: 'news-uebersicht', route: 'news' },
];
/** Pages of the catch-all route, with their paths per language. */
const cmsPages: { slug: string; de: string; en: string }[] = [
  { slug: 'ueber-uns', de: '/ueber-uns', en: '/about-us' },
  { slug: 'stores/filialen', de: '/filialen', en: '/stores' },
];
const previewPages: { slug: string; route: ScreenId }[] = [
  { slug: 'preview/components/data-privacy', route: 'previewDataPrivacy' },
  { slug: 'preview/components/trusted-shops-toggle', route: 'previewTrustedShops' },
];
const pagesByPath = [
  ...screenPages.map((p) => ({ slug: p.slug, de: routePath(p.route, 'de'), en: routePath(p.route, 'en') })),
  ...cmsPages,
];

/** the storefront's page lookup (src/storefront/cms/reader.ts): path field, language, version */
async function pageByPath(domain: StoreKey, path: string, lang: Lang, version: 'published' | 'draft' = 'published', token = PUBLIC_TOKEN) {
  const res = await api('/cdn/stories', {
    starts_with: `${domain}/`, 'filter_query[path][is]': path, 'filter_query[component][is]': 'page', per_page: '1', version, ...languageParam(lang),
  }, token);
  return res.body.stories as Story[];
}

/** Why content fails its schema: the first block that fails its own component's schema, else the page itself. */
function contractError(schema: typeof PageContent | typeof StoresPageContent, content: Json): string | null {
  if (Value.Check(schema, content)) return null;
  const blocks = [...content.body ?? [], ...content.body_after ?? []].flatMap((b: Json) => (b.component === 'section' ? [b, ...b.body ?? []] : [b]));
  for (const b of blocks) {
    const own = pageBlockSchemas[b.component as keyof typeof pageBlockSchemas];
    if (!own) return `unknown block ${b.component}`;
    const e = Value.Errors(own, b)[0];
    if (e && !(b.component === 'section' && /^\/body/.test(e.instancePath))) return `${b.component} ${e.instancePath} ${e.message}`;
  }
  const e = Value.Errors(schema, content)[0];
  return `${e.instancePath} ${e.message}`;
}

t.test('every block type of the vocabulary is used in a published story of every shop', async (t) => {
  for (const domain of storeKeys) {
    const used = new Set(published(domain, 'de').flatMap((s) => blocksOf(s.content.body ?? []).concat(blocksOf(s.content.body_after ?? [])).map((b) => b.component)));
    const missing = pageBlockComponents.filter((c) => !used.has(c));
    t.same(missing, [], `${domain} uses every block type`);
  }
});

t.test('every page story matches the page contract in both languages, drafts included', async (t) => {
  for (const domain of storeKeys) {
    for (const lang of langs) {
      const drafts = await allStories(domain, lang, 'draft');
      for (const s of [...published(domain, lang), ...drafts].filter((x) => x.content.component === 'page')) {
        const error = contractError(s.slug === 'filialen' ? StoresPageContent : PageContent, s.content);
        t.equal(error, null, `${s.full_slug} ${lang} matches the contract`);
      }
    }
  }
});

t.test('each page is found by its path in German and English in every shop', async (t) => {
  for (const domain of storeKeys) {
    for (const { slug, de, en } of pagesByPath) {
      for (const [lang, path] of [['de', de], ['en', en]] as const) {
        const found = await pageByPath(domain, path, lang);
        t.equal(found[0]?.full_slug, `${domain}/${slug}`, `${domain} ${lang} ${path}`);
        t.equal(found[0]?.content.path, path);
      }
    }
  }
  t.equal(routePath('contact', 'en'), '/contact-us', 'English paths are the route table\'s, without /en');
});

t.test('each page is really translated: title, SEO texts and body differ, and the English has no German', async (t) => {
  const german = /\b(und|der|die|das|Sie|mit|nicht|wir|Ihre?)\b/;
  for (const { slug } of [...pagesByPath, ...previewPages]) {
    const [de, en] = await Promise.all(langs.map(async (lang) => (await api(`/cdn/stories/ch/${slug}`, { version: 'draft', ...languageParam(lang) }, PREVIEW_TOKEN)).body.story as Story));
    for (const f of ['seo_title', 'seo_description', 'body']) t.not(JSON.stringify(de.content[f]), JSON.stringify(en.content[f]), `${slug} ${f}`);
    const text = JSON.stringify(en.content, (k, v) => (['component', '_uid', 'cached_url', 'url', 'href', 'streetAddress', 'name', 'store'].includes(k) ? undefined : v));
    t.notMatch(text, german, `${slug}: no German words in the English page`);
  }
});

t.test('the preview pages are drafts: invisible with the public token, visible with the preview token', async (t) => {
  for (const { slug, route } of previewPages) {
    for (const domain of storeKeys) {
      const path = routePath(route, 'de');
      t.equal((await api(`/cdn/stories/${domain}/${slug}`, {})).status, 404, `${domain}/${slug} is not published`);
      t.same(await pageByPath(domain, path, 'de'), [], 'the public path lookup finds nothing');
      t.notOk(published(domain, 'de').some((s) => s.full_slug === `${domain}/${slug}`), 'not listed');
      t.equal((await api(`/cdn/stories/${domain}/${slug}`, { version: 'draft' })).status, 401, 'the public token cannot ask for drafts');

      for (const lang of langs) {
        const draft = await pageByPath(domain, routePath(route, lang), lang, 'draft', PREVIEW_TOKEN);
        t.equal(draft[0]?.full_slug, `${domain}/${slug}`, `${domain} ${lang} preview finds it by path`);
        t.equal(draft[0]?.published_at, null);
      }
    }
  }
});

t.test('every product block names skus of the seed catalogue and a known category', async (t) => {
  const skus = new Set(seedProducts.map((p) => p.sku));
  let seen = 0;
  for (const domain of storeKeys) {
    for (const b of published(domain, 'de').flatMap((s) => blocksOf(s.content))) {
      if (b.component !== 'product_carousel' && b.component !== 'product_cards') continue;
      for (const sku of b.skus as string[]) t.ok(skus.has(sku), `${domain} ${b.component} ${sku} is in the seed`), seen++;
      if (b.component === 'product_carousel') {
        t.ok(b.skus.length > 0 || b.category || b.metal || b.badge, 'a carousel names products or a query');
        if (b.category) t.ok(b.category in categories, `category ${b.category} exists`);
      }
    }
  }
  t.ok(seen > 0, 'product blocks name skus');
});

t.test('links lead where visitors can go: English hrefs carry /en, product links name catalogue products', async (t) => {
  const slugs = { de: new Set<string>(), en: new Set<string>() };
  for (const row of buildCatalogue(seedProducts)) {
    slugs.de.add(row.product.slug['de-AT']);
    slugs.en.add(row.product.slug.en);
  }
  for (const domain of storeKeys) {
    for (const lang of langs) {
      for (const s of published(domain, lang)) {
        for (const href of hrefsOf(s.content)) {
          if (!href.startsWith('/')) {
            t.match(href, /^(https:\/\/|mailto:|tel:)/, `${s.full_slug} ${lang} ${href}`);
            continue;
          }
          if (lang === 'en') t.match(href, /^\/en(\/|$)/, `${s.full_slug} en ${href}`);
          else t.notMatch(href, /^\/en(\/|$)/, `${s.full_slug} de ${href}`);
          const product = /^(?:\/en\/product|\/produkt)\/([^/?#]+)$/.exec(href);
          if (product) t.ok(slugs[lang].has(product[1]), `${href} is a product of the catalogue`);
        }
      }
    }
  }
});

t.test('images in content are files the shop serves', async (t) => {
  const publicDir = new URL('../../public', import.meta.url).pathname;
  for (const s of published('ch', 'de')) {
    for (const b of blocksOf(s.content)) {
      for (const v of Object.values(b)) {
        if (v && typeof v === 'object' && (v as Json).fieldtype === 'asset' && (v as Json).filename) {
          const file = (v as Json).filename as string;
          t.ok(file.startsWith('/') && existsSync(publicDir + file), `${s.full_slug} ${file}`);
          t.ok((v as Json).alt, `${file} has an alternative text`);
        }
      }
    }
  }
});

t.test('tracking names identify one banner or product list in each shop', async (t) => {
  for (const domain of storeKeys) {
    const names = published(domain, 'de').flatMap((s) => blocksOf(s.content)).filter((b) => 'tracking_name' in b).map((b) => b.tracking_name as string);
    t.equal(new Set(names).size, names.length, `${domain}: ${names.length} tracking names, all different`);
  }
});

t.test('contact data names a store of the stores story or gives a full address', async (t) => {
  for (const domain of storeKeys) {
    const storeSlugs = new Set((published(domain, 'de').find((s) => s.slug === 'filialen')!.content.stores as Store[]).map((x) => x.slug));
    for (const s of published(domain, 'de')) {
      for (const b of blocksOf(s.content).filter((x) => x.component === 'contact_data')) {
        if (b.store) t.ok(storeSlugs.has(b.store), `${domain} ${s.slug}: store ${b.store} exists`);
        else for (const f of ['name', 'streetAddress', 'postalCode', 'city', 'country', 'phone', 'email']) t.ok(b[f], `${domain} ${s.slug}: ${f}`);
        if (b.phone) t.match(b.phone, /^\+\d[\d ]+$/);
        if (b.email) t.match(b.email, /^[^@\s]+@[^@\s]+\.[a-z]+$/);
      }
    }
  }
});

t.test('every store has its time zone, opening hours, closures and reviews in both languages', async (t) => {
  const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
  for (const domain of storeKeys) {
    const [de, en] = langs.map((lang) => published(domain, lang).find((s) => s.slug === 'filialen')!.content.stores as Store[]);
    t.same(new Set(de.map((s) => s.country)), new Set(['AT', 'CH', 'DE', 'LI', 'US']), 'a store in every shop country');
    for (const [i, s] of de.entries()) {
      const e = en[i];
      t.doesNotThrow(() => new Intl.DateTimeFormat('en', { timeZone: s.timezone }), `${s.slug}: ${s.timezone} is a time zone`);
      for (const h of s.openingHours) {
        t.ok(weekdays.indexOf(h.dayFrom) <= weekdays.indexOf(h.dayTo) && h.hourFrom < h.hourTo, `${s.slug} ${h.dayFrom}-${h.dayTo} ${h.hourFrom}-${h.hourTo}`);
      }
      for (const c of s.closures) t.ok(c.dateFrom <= c.dateTo, `${s.slug} closure ${c.dateFrom}`);
      t.ok(s.reviews.length >= 3 && s.reviews.length <= 5, `${s.slug} shows 3 to 5 reviews`);
      t.ok(s.rating_count >= s.reviews.length, `${s.slug} rating count covers the reviews shown`);
      t.same(s.reviews.map((r) => r.date), s.reviews.map((r) => r.date).sort().reverse(), `${s.slug} reviews come newest first`);
      for (const [j, r] of s.reviews.entries()) {
        t.ok(r.text && e.reviews[j].text && r.text !== e.reviews[j].text, `${s.slug} review by ${r.author} in German and English`);
        t.equal(e.reviews[j].author, r.author, 'the author is not translated');
        t.ok(r.date <= '2026-11-23', `${s.slug} review ${r.date} is not in the future`);
      }
      t.not(JSON.stringify(s.directions), JSON.stringify(e.directions), `${s.slug} directions are translated`);
      t.equal(e.timezone, s.timezone);
    }
  }
});

t.test('the US shop has its own home and contact page, the others share theirs', async (t) => {
  const text = async (domain: StoreKey, slug: string) => JSON.stringify((await api(`/cdn/stories/${domain}/${slug}`, { language: 'en' })).body.story.content);
  t.match(await text('us', 'kontakt'), /New York branch/);
  t.notMatch(await text('ch', 'kontakt'), /New York branch/);
  t.match(await text('us', 'home'), /bank transfer or check/);
  for (const domain of ['at', 'ch', 'de', 'li'] as const) t.match(await text(domain, 'kontakt'), /"headline":"Customer service"/, `${domain} shows the company's customer service`);
});
