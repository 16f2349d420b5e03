// The shop's stories themselves: every page complete in both languages, the legal texts saying what the
// spec requires, the stores list usable by the store finder; plus the story loader and its Markdown.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { createRateLimiter } from '../../src/content/rate-limit.ts';
import { loadRepository, StoryFileError, type ApiStory, type ContentLang } from '../../src/content/repository.ts';
import { markdownToRichText, richTextToPlain } from '../../src/content/richtext.ts';
import { storeKeys } from '../../src/stores.ts';
import { pageBlockComponents } from '../../src/contracts/cms-blocks.ts';

const repo = loadRepository();
const view = (lang: ContentLang) => repo.view('published', lang);
const KNOWN_BLOCKS = new Set<string>(pageBlockComponents);
const plain = (v: unknown): string => JSON.stringify(v, (k, x) => (k === 'marks' ? undefined : x))
  .replace(/"(type|_uid|component|fieldtype|linktype|uuid|id)":"[^"]*",?/g, '');
const storyText = (s: ApiStory) => plain(s.content);

t.test('every page is complete in German and English, with unique paths per store', async (t) => {
  for (const domain of storeKeys) {
    const seen = { default: new Set<string>(), en: new Set<string>() };
    for (const lang of ['default', 'en'] as const) {
      const pages = view(lang).stories.filter((s) => s.full_slug.startsWith(`${domain}/`) && s.content.component === 'page');
      t.ok(pages.length >= 8, `${domain}: home, 404, maintenance, four legal pages and stores`);
      for (const p of pages) {
        const c = p.content as Record<string, unknown>;
        for (const f of ['title', 'seo_title', 'seo_description']) t.ok(typeof c[f] === 'string' && (c[f] as string).length > 3, `${p.full_slug} ${lang} ${f}`);
        const special = p.slug === '404' || p.slug === 'maintenance';
        if (special) t.equal(c.path, '', `${p.full_slug} is found by slug, never by path`);
        else {
          t.match(c.path, /^\/[a-z0-9/-]*$/, `${p.full_slug} ${lang} path`);
          t.notOk(seen[lang].has(c.path as string), `${p.full_slug} ${lang} path is unique`);
          seen[lang].add(c.path as string);
        }
        const body = c.body as { _uid: string; component: string }[];
        const after = (c.body_after ?? []) as { _uid: string; component: string }[];
        t.ok(Array.isArray(body) && body.length > 0 && [...body, ...after].every((b) => KNOWN_BLOCKS.has(b.component) && b._uid), `${p.full_slug} body blocks`);
      }
    }
  }
});

t.test('English content differs from German wherever the German is text', async (t) => {
  const de = view('default').bySlug.get('ch/legal/privacy-policy')!;
  const en = view('en').bySlug.get('ch/legal/privacy-policy')!;
  t.not(plain(de.content), plain(en.content));
  t.notMatch(plain(en.content), /\b(und|der|die|das|Sie)\b/, 'no German words in the English privacy policy');
});

t.test('the legal pages say what the spec requires', async (t) => {
  const text = (slug: string, lang: ContentLang) => storyText(view(lang).bySlug.get(`de/legal/${slug}`)!);
  t.match(text('privacy-policy', 'default'), /höchstens 12 Monate/);
  t.match(text('privacy-policy', 'en'), /at most 12 months/);
  for (const group of ['Notwendig', 'Leistung', 'Funktional', 'Targeting', 'Soziale Medien']) t.match(text('privacy-policy', 'default'), group);
  for (const group of ['Necessary', 'Performance', 'Functional', 'Targeting', 'Social']) t.match(text('privacy-policy', 'en'), group);
  t.match(text('right-of-revocation', 'default'), /deren Preis von Schwankungen auf dem Finanzmarkt abhängt/);
  t.match(text('right-of-revocation', 'en'), /whose price depends on fluctuations in the financial market/);
  t.match(text('right-of-revocation', 'en'), /Model withdrawal form/);
  t.match(text('terms-and-conditions', 'default'), /180 Sekunden/);
  t.match(text('terms-and-conditions', 'en'), /3–5 business days/);
  t.match(text('cancellation-policy', 'en'), /handling fee/);
  for (const slug of ['privacy-policy', 'terms-and-conditions', 'cancellation-policy', 'right-of-revocation']) {
    const doc = view('default').bySlug.get(`de/legal/${slug}`)!.content.body as { component: string; text: { content: { type: string }[] } }[];
    const headings = doc.filter((b) => b.component === 'rich_text').flatMap((b) => b.text.content).filter((n) => n.type === 'heading');
    t.ok(headings.length >= 5, `${slug} has several sections (${headings.length})`);
  }
});

t.test('the home page carries the shop promises in both languages', async (t) => {
  const de = storyText(view('default').bySlug.get('ch/home')!);
  const en = storyText(view('en').bySlug.get('ch/home')!);
  for (const s of ['180 Sekunden', '3–5 Werktagen', '30 Tagen', 'versichert', 'Anlagegold', 'Mehrwertsteuer']) t.match(de, s);
  for (const s of ['180 seconds', '3–5 business days', '30 days', 'insured', 'investment gold', 'VAT']) t.match(en, s);
  const body = view('default').bySlug.get('ch/home')!.content.body as { component: string; items?: { title: string }[] }[];
  t.same(body.map((b) => b.component), [
    // issue 28: no newsletter block; the footer's box is the home page's one (test/content/consistent-copy.test.ts)
    'hero', 'slider', 'product_carousel', 'metal_price_chart', 'rich_text', 'cards', 'how_to_sell', 'notice', 'news', 'articles', 'faq',
  ]);
  t.same(body.find((b) => b.component === 'cards')!.items!.map((i) => i.title), ['Gold kaufen', 'Silber kaufen', 'Edelmetalle verkaufen', 'Depot', 'Filialen']);
});

t.test('the stores story lists five stores with everything the store finder needs', async (t) => {
  for (const lang of ['default', 'en'] as const) {
    const c = view(lang).bySlug.get('at/stores/filialen')!.content as Record<string, any>;
    t.type(c.map_center_lat, 'number');
    t.type(c.map_center_long, 'number');
    t.equal(c.stores.length, 5);
    t.same(c.stores.map((s: { slug: string }) => s.slug), ['zuerich', 'wien', 'muenchen', 'vaduz', 'new-york']);
    for (const s of c.stores) {
      for (const f of ['slug', 'name', 'city', 'streetAddress', 'postalCode', 'country', 'phone', 'email']) t.ok(typeof s[f] === 'string' && s[f], `${s.slug} ${f}`);
      t.ok(Math.abs(s.coordinates_lat) <= 90 && Math.abs(s.coordinates_long) <= 180, `${s.slug} coordinates`);
      t.ok(s.openingHours.length > 0 && s.openingHours.every((h: Record<string, string>) =>
        /^(Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day$/.test(h.dayFrom) && /^(Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day$/.test(h.dayTo)
        && /^\d{2}:\d{2}$/.test(h.hourFrom) && /^\d{2}:\d{2}$/.test(h.hourTo) && h.hourFrom < h.hourTo), `${s.slug} opening hours`);
      t.ok(s.paymentMethods.length > 0, `${s.slug} payment methods`);
    }
    t.equal(c.stores[0].city, lang === 'en' ? 'Zurich' : 'Zürich');
  }
});

t.test('news articles are well-formed for filters and the later news screens', async (t) => {
  const news = view('default').stories.filter((s) => s.full_slug.startsWith('ch/news/'));
  t.equal(news.length, 30);
  for (const n of news) {
    const c = n.content as Record<string, any>;
    t.ok(c.component === 'article' && typeof c.title === 'string' && typeof c.teaser === 'string', `${n.slug} text`);
    t.match(c.date, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    t.ok(Number.isInteger(c.reading_time) && typeof c.gold_price_usd === 'number' && Array.isArray(c.metals), `${n.slug} fields`);
    t.ok(n.tag_list.length > 0 && n.first_published_at && n.sort_by_date, `${n.slug} story fields`);
  }
});

t.test('Markdown in story files becomes Storyblok richtext', async (t) => {
  const doc = markdownToRichText([
    '## Title', '', 'A **bold** and *italic* [link](https://example.org) with a\\', 'break.', '',
    '- one', '- two  ', '  continued', '', '1. first', '2. second', '', '(*) stays literal, as does 3 * 4.',
  ]);
  t.same(doc.content.map((n) => n.type), ['heading', 'paragraph', 'bullet_list', 'ordered_list', 'paragraph']);
  t.same(doc.content[0].attrs, { level: 2 });
  const para = doc.content[1].content!;
  t.same(para.find((n) => n.text === 'bold')?.marks, [{ type: 'bold' }]);
  t.same(para.find((n) => n.text === 'italic')?.marks, [{ type: 'italic' }]);
  t.match(para.find((n) => n.text === 'link')?.marks, [{ type: 'link', attrs: { href: 'https://example.org', linktype: 'url', target: '_blank' } }]);
  t.ok(para.some((n) => n.type === 'hard_break'));
  t.equal(richTextToPlain(doc.content[2]), 'one\ntwo continued');
  t.same(doc.content[3].attrs, { order: 1 });
  t.equal(richTextToPlain(doc.content[4]), '(*) stays literal, as does 3 * 4.');
});

t.test('a defective story file stops the service from starting, naming the file', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'stories-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const write = (rel: string, body: unknown) => {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), typeof body === 'string' ? body : JSON.stringify(body));
  };
  const good = { name: 'Ok', created_at: '2026-01-01T00:00:00.000Z', published_at: '2026-01-01T00:00:00.000Z', content: { component: 'page' } };
  write('shared/ok.json', good);
  t.equal(loadRepository(dir).records.length, storeKeys.length, 'a valid file is materialised per domain');

  write('shared/broken.json', '{ "name": ');
  t.throws(() => loadRepository(dir), { name: 'StoryFileError', message: /broken\.json: not valid JSON/ });
  rmSync(join(dir, 'shared/broken.json'));

  write('shared/typo.json', { ...good, publshed_at: null });
  t.throws(() => loadRepository(dir), StoryFileError);
  rmSync(join(dir, 'shared/typo.json'));

  write('shared/dangling.json', { ...good, content: { component: 'article', author: { $story: 'authors/nobody' } } });
  t.throws(() => loadRepository(dir), { message: /dangling\.json: \$story "authors\/nobody" names no story of domain at/ });
  rmSync(join(dir, 'shared/dangling.json'));

  write('shared/Bad Name.json', good);
  t.throws(() => loadRepository(dir), { message: /lower-case slugs/ });
  rmSync(join(dir, 'shared/Bad Name.json'));

  write('domains/li/only-here.json', good);
  const r = loadRepository(dir);
  t.ok(r.view('published', 'default').bySlug.has('li/only-here'));
  t.notOk(r.view('published', 'default').bySlug.has('ch/only-here'), 'a domain story stays in its domain');
});

t.test('the token bucket refills at its rate and says when to retry', async (t) => {
  let now = 0;
  const limiter = createRateLimiter(2, { now: () => now, maxKeys: 3 });
  t.ok(limiter.take('a').allowed);
  t.ok(limiter.take('a').allowed);
  const refused = limiter.take('a');
  t.notOk(refused.allowed);
  t.equal(refused.retryAfterS, 1);
  t.ok(limiter.take('b').allowed, 'callers have separate buckets');
  now += 500;
  t.ok(limiter.take('a').allowed, 'half a second brings one token back at 2/s');
  t.notOk(limiter.take('a').allowed);
  for (const k of ['c', 'd', 'e', 'f']) t.ok(limiter.take(k).allowed, 'new callers are served while old idle buckets are dropped');
});
