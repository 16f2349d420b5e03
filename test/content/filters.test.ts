// filter_query operators and the story-level filters, through storyblok-js-client over HTTP. Expected
// results come from a plain reading of the news articles, so each filter must select exactly those.
import t from 'tap';
import type { ISbStoryData } from 'storyblok-js-client';
import type { Test } from 'tap';
import { startContent } from './helpers.ts';

const svc = await startContent(t);
const client = () => svc.client();

type Article = ISbStoryData & { content: Record<string, any> };
const articles = (await client().getAll('cdn/stories', { starts_with: 'ch/news/' })) as Article[];
const articlesEn = (await client().getAll('cdn/stories', { starts_with: 'ch/news/', language: 'en' })) as Article[];
t.equal(articles.length, 30, 'fixture: thirty published articles per domain');

async function slugsFor(params: Record<string, unknown>): Promise<string[]> {
  const res = await client().getStories({ starts_with: 'ch/news/', per_page: 100, ...params });
  return res.data.stories.map((s) => s.slug).sort();
}
const slugsOf = (list: Article[]) => list.map((s) => s.slug).sort();
const date = (s: string) => Date.parse(s.replace(' ', 'T') + ':00Z');

/** A filter must select a real subset: neither nothing nor everything. */
function expectSubset(t: Test, got: string[], want: string[], what: string) {
  t.ok(want.length > 0 && want.length < 30, `${what}: fixture selects a proper subset (${want.length})`);
  t.same(got, want, what);
}

t.test('is: value kinds and exact values', async (t) => {
  expectSubset(t, await slugsFor({ filter_query: { featured: { is: 'true' } } }), slugsOf(articles.filter((a) => a.content.featured === true)), 'is true');
  expectSubset(t, await slugsFor({ filter_query: { featured: { is: 'false' } } }), slugsOf(articles.filter((a) => a.content.featured === false)), 'is false');
  expectSubset(t, await slugsFor({ filter_query: { metals: { is: 'empty_array' } } }), slugsOf(articles.filter((a) => a.content.metals.length === 0)), 'is empty_array');
  expectSubset(t, await slugsFor({ filter_query: { metals: { is: 'not_empty_array' } } }), slugsOf(articles.filter((a) => a.content.metals.length > 0)), 'is not_empty_array');
  t.equal((await slugsFor({ filter_query: { no_such_field: { is: 'null' } } })).length, 30, 'is null on a missing field');
  t.equal((await slugsFor({ filter_query: { title: { is: 'not_empty' } } })).length, 30, 'is not_empty');
  t.equal((await slugsFor({ filter_query: { title: { is: 'empty' } } })).length, 0, 'is empty');
  t.same(await slugsFor({ filter_query: { category: { is: 'wissen' } } }), slugsOf(articles.filter((a) => a.content.category === 'wissen')), 'is with a plain value compares for equality');
});

t.test('in and not_in take comma lists of exact values', async (t) => {
  expectSubset(t, await slugsFor({ filter_query: { category: { in: 'markt,produkte' } } }),
    slugsOf(articles.filter((a) => ['markt', 'produkte'].includes(a.content.category))), 'in');
  expectSubset(t, await slugsFor({ filter_query: { category: { not_in: 'markt' } } }),
    slugsOf(articles.filter((a) => a.content.category !== 'markt')), 'not_in');
});

t.test('like and not_like match with * wildcards', async (t) => {
  expectSubset(t, await slugsFor({ filter_query: { title: { like: 'Gold*' } } }), slugsOf(articles.filter((a) => a.content.title.startsWith('Gold'))), 'like prefix');
  expectSubset(t, await slugsFor({ filter_query: { title: { like: '*Silber*' } } }), slugsOf(articles.filter((a) => a.content.title.includes('Silber'))), 'like contains');
  expectSubset(t, await slugsFor({ filter_query: { title: { not_like: '*Gold*' } } }), slugsOf(articles.filter((a) => !a.content.title.includes('Gold'))), 'not_like');
  const en = await slugsFor({ filter_query: { title: { like: 'Selling*' } }, language: 'en' });
  expectSubset(t, en, slugsOf(articlesEn.filter((a) => a.content.title.startsWith('Selling'))), 'filters read the requested language');
  t.same(await slugsFor({ filter_query: { title: { like: 'Selling*' } } }), [], 'German titles do not match the English words');
});

t.test('any_in_array and all_in_array test multi-value fields', async (t) => {
  expectSubset(t, await slugsFor({ filter_query: { metals: { any_in_array: 'platinum,palladium' } } }),
    slugsOf(articles.filter((a) => a.content.metals.includes('platinum') || a.content.metals.includes('palladium'))), 'any_in_array');
  expectSubset(t, await slugsFor({ filter_query: { metals: { all_in_array: 'gold,silver' } } }),
    slugsOf(articles.filter((a) => a.content.metals.includes('gold') && a.content.metals.includes('silver'))), 'all_in_array');
});

t.test('gt_int, lt_int, gt_float and lt_float compare numbers', async (t) => {
  expectSubset(t, await slugsFor({ filter_query: { reading_time: { gt_int: '4' } } }), slugsOf(articles.filter((a) => a.content.reading_time > 4)), 'gt_int');
  expectSubset(t, await slugsFor({ filter_query: { reading_time: { lt_int: '4' } } }), slugsOf(articles.filter((a) => a.content.reading_time < 4)), 'lt_int');
  expectSubset(t, await slugsFor({ filter_query: { gold_price_usd: { gt_float: '4300.5' } } }), slugsOf(articles.filter((a) => a.content.gold_price_usd > 4300.5)), 'gt_float');
  expectSubset(t, await slugsFor({ filter_query: { gold_price_usd: { lt_float: '4260.25' } } }), slugsOf(articles.filter((a) => a.content.gold_price_usd < 4260.25)), 'lt_float');
});

t.test('gt_date and lt_date compare "YYYY-MM-DD HH:MM" dates', async (t) => {
  const after = '2026-06-01 00:00';
  const before = '2026-02-10 12:30';
  expectSubset(t, await slugsFor({ filter_query: { date: { gt_date: after } } }), slugsOf(articles.filter((a) => date(a.content.date) > date(after))), 'gt_date');
  expectSubset(t, await slugsFor({ filter_query: { date: { lt_date: before } } }), slugsOf(articles.filter((a) => date(a.content.date) < date(before))), 'lt_date');
  expectSubset(t, await slugsFor({ filter_query: { date: { gt_date: '2026-03-01', lt_date: '2026-04-01' } } }),
    slugsOf(articles.filter((a) => date(a.content.date) > Date.parse('2026-03-01T00:00:00Z') && date(a.content.date) < Date.parse('2026-04-01T00:00:00Z'))), 'two operations on one field');
});

t.test('__or joins branches; everything else is joined with AND', async (t) => {
  expectSubset(t, await slugsFor({ filter_query: { __or: [{ category: { in: 'produkte' } }, { featured: { is: 'true' } }] } }),
    slugsOf(articles.filter((a) => a.content.category === 'produkte' || a.content.featured === true)), '__or');
  expectSubset(t, await slugsFor({ filter_query: { __or: [{ category: { in: 'produkte' } }, { category: { in: 'wissen' } }], reading_time: { gt_int: '3' } } }),
    slugsOf(articles.filter((a) => ['produkte', 'wissen'].includes(a.content.category) && a.content.reading_time > 3)), '__or AND another field');
});

t.test('nested fields are reached with dots, array items by index', async (t) => {
  const res = await client().getStories({ starts_with: 'ch/', filter_query: { 'body.1.component': { in: 'slider' } } });
  t.same(res.data.stories.map((s) => s.full_slug), ['ch/home'], 'only the home page has a slider second');
});

t.test('slug filters: starts_with, by_slugs with wildcards, excluding_slugs', async (t) => {
  const legal = await client().getStories({ by_slugs: 'de/legal/*,de/home' });
  t.same(legal.data.stories.map((s) => s.full_slug).sort(), ['de/home', 'de/legal/cancellation-policy', 'de/legal/privacy-policy', 'de/legal/right-of-revocation', 'de/legal/terms-and-conditions']);
  const exact = await client().getStories({ by_slugs: 'li/404,li/maintenance' });
  t.equal(exact.total, 2);
  const without = await client().getStories({ starts_with: 'de/legal/', excluding_slugs: 'de/legal/privacy-*' });
  t.equal(without.total, 3);
  const everywhere = await client().getStories({ by_slugs: '*/legal/privacy-policy' });
  t.equal(everywhere.total, 5, 'one per domain');
});

t.test('story filters: tags, publication dates, content type, search, excluded fields', async (t) => {
  expectSubset(t, await slugsFor({ with_tag: 'Silber' }), slugsOf(articles.filter((a) => a.tag_list.includes('Silber'))), 'with_tag');
  expectSubset(t, await slugsFor({ first_published_at_gt: '2026-09-01 00:00' }), slugsOf(articles.filter((a) => Date.parse(a.first_published_at!) > Date.parse('2026-09-01T00:00:00Z'))), 'first_published_at_gt');
  expectSubset(t, await slugsFor({ search_term: 'vreneli' }), slugsOf(articles.filter((a) => JSON.stringify(a.content).toLowerCase().includes('vreneli') || a.name.toLowerCase().includes('vreneli'))), 'search_term');
  const pages = await client().getStories({ starts_with: 'ch/', content_type: 'page', per_page: 100 });
  // counted from the fixture, so that new page stories (other folders add some) do not break this check
  const allOfCh = (await client().getAll('cdn/stories', { starts_with: 'ch/' })) as Article[];
  const pageCount = allOfCh.filter((s) => s.content.component === 'page').length;
  t.ok(pageCount >= 8 && pageCount < allOfCh.length, `fixture: some but not all stories are pages (${pageCount})`);
  t.ok(pages.data.stories.every((s) => s.content.component === 'page') && pages.total === pageCount, 'content_type');
  const slim = await client().getStories({ starts_with: 'ch/news/', excluding_fields: 'body,seo_title', per_page: 2 });
  t.ok(slim.data.stories.every((s) => !('body' in s.content) && !('seo_title' in s.content) && 'title' in s.content), 'excluding_fields');
  const noTags = await client().getStories({ starts_with: 'ch/news/', excluding_story_fields: ['tag_list', 'alternates'], per_page: 2 });
  t.ok(noTags.data.stories.every((s) => !('tag_list' in s) && !('alternates' in s)), 'excluding_story_fields');
});
