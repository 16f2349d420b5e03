// Contract tests: storyblok-js-client 7, unmodified, against the real content service over HTTP.
import t from 'tap';
import { storeKeys } from '../../src/stores.ts';
import { clientError, PREVIEW_TOKEN, startContent } from './helpers.ts';

const svc = await startContent(t);

t.test('getStory returns a store domain story in Storyblok shape with the cache version', async (t) => {
  const res = await svc.client().getStory('ch/home');
  const story = res.data.story;
  t.equal(story.full_slug, 'ch/home');
  t.equal(story.slug, 'home');
  t.equal(story.lang, 'default');
  t.equal(story.content.component, 'page');
  t.equal(story.content.path, '/');
  t.match(story.uuid, /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  t.type(story.id, 'number');
  t.ok(Array.isArray(story.content.body) && story.content.body.every((b: { _uid?: string }) => typeof b._uid === 'string'), 'every block has a _uid');
  t.type(res.data.cv, 'number');
  t.same(res.data.rels, []);
  t.same(res.data.links, []);
});

t.test('a story written once is served under every store domain with its own id and a shared group', async (t) => {
  const client = svc.client();
  const stories = await Promise.all(storeKeys.map((k) => client.getStory(`${k}/legal/privacy-policy`).then((r) => r.data.story)));
  t.equal(new Set(stories.map((s) => s.id)).size, storeKeys.length, 'distinct ids');
  t.equal(new Set(stories.map((s) => s.uuid)).size, storeKeys.length, 'distinct uuids');
  t.equal(new Set(stories.map((s) => s.group_id)).size, 1, 'one group');
  t.same(stories.map((s) => s.content.path), storeKeys.map(() => '/datenschutz'));
});

t.test('a domain override replaces the shared story for that domain only', async (t) => {
  const client = svc.client();
  const us = (await client.getStory('us/home', { language: 'en' })).data.story;
  const ch = (await client.getStory('ch/home', { language: 'en' })).data.story;
  const text = (s: { content: Record<string, any> }) => (s.content.body as { title?: string }[]).map((b) => b.title ?? '').join('|');
  t.match(text(us), /We ship within the United States only/);
  t.notMatch(text(ch), /United States/);
});

t.test('language=en returns the English translation; German is the default language', async (t) => {
  const client = svc.client();
  const de = (await client.getStory('de/legal/privacy-policy')).data.story;
  const en = (await client.getStory('de/legal/privacy-policy', { language: 'en' })).data.story;
  t.equal(de.content.title, 'Datenschutzerklärung');
  t.equal(en.content.title, 'Privacy policy');
  t.equal(en.lang, 'en');
  t.equal(en.content.path, '/privacy-policy');
  t.equal(en.uuid, de.uuid);
  t.notOk(JSON.stringify(en.content).includes('__i18n__'), 'translation keys never leak');
});

t.test('the storefront finds a CMS page by its path field in each language', async (t) => {
  const client = svc.client();
  const find = (path: string, language?: string) => client.getStories({
    starts_with: 'at/', filter_query: { path: { is: path }, component: { is: 'page' } }, per_page: 1, ...(language ? { language } : {}),
  });
  const de = await find('/agb');
  const en = await find('/terms-and-conditions', 'en');
  t.equal(de.data.stories.length, 1);
  t.equal(de.data.stories[0].full_slug, 'at/legal/terms-and-conditions');
  t.equal(en.data.stories[0].uuid, de.data.stories[0].uuid);
  t.equal((await find('/agb', 'en')).data.stories.length, 0, 'the German path does not match in English');
  for (const [dePath, enPath] of [['/datenschutz', '/privacy-policy'], ['/stornobedingungen', '/cancellation-policy'], ['/widerrufsrecht', '/right-of-revocation']]) {
    t.equal((await find(dePath)).data.stories.length, 1, dePath);
    t.equal((await find(enPath, 'en')).data.stories.length, 1, enPath);
  }
});

t.test('a story can be fetched by numeric id and by uuid', async (t) => {
  const client = svc.client();
  const bySlug = (await client.getStory('li/404')).data.story;
  const byId = (await client.getStory(String(bySlug.id))).data.story;
  const byUuid = (await client.getStory(bySlug.uuid, { find_by: 'uuid' })).data.story;
  t.equal(byId.full_slug, 'li/404');
  t.equal(byUuid.full_slug, 'li/404');
});

t.test('an unknown story answers 404 through the client', async (t) => {
  const err = await clientError(svc.client().getStory('ch/does-not-exist'));
  t.equal(err.status, 404);
  t.match(err.message, /could not be found/);
});

t.test('draft content needs the preview token; published stays the default', async (t) => {
  const denied = await clientError(svc.client().getStory('ch/home', { version: 'draft' }));
  t.equal(denied.status, 401);
  const preview = svc.client({ token: PREVIEW_TOKEN });
  const draft = (await preview.getStory('ch/home', { version: 'draft' })).data.story;
  const published = (await preview.getStory('ch/home')).data.story;
  t.equal(draft.content.body[0].headline, 'Edelmetalle kaufen, verkaufen und sicher lagern', 'unpublished changes show in draft');
  t.equal(published.content.body[0].headline, 'Edelmetalle kaufen und verkaufen – zu Live-Preisen', 'published is unchanged');
  const draftEn = (await preview.getStory('ch/home', { version: 'draft', language: 'en' })).data.story;
  t.equal(draftEn.content.body[0].headline, 'Buy, sell and safely store precious metals');
});

t.test('a draft-only story exists for the preview token and nowhere else', async (t) => {
  const pub = await clientError(svc.client().getStory('ch/news/neue-filiale-basel'));
  t.equal(pub.status, 404);
  const preview = svc.client({ token: PREVIEW_TOKEN, version: 'draft' });
  const draft = (await preview.getStory('ch/news/neue-filiale-basel')).data.story;
  t.equal(draft.published_at, null);
  t.equal((await svc.client().getStories({ starts_with: 'ch/news/' })).total, 30);
  t.equal((await preview.getStories({ starts_with: 'ch/news/' })).total, 31);
});

t.test('listing pages with per_page 25 and the total header; past the end is an empty page', async (t) => {
  const client = svc.client();
  const p1 = await client.getStories({ starts_with: 'ch/news/', per_page: 25, page: 1 });
  const p2 = await client.getStories({ starts_with: 'ch/news/', per_page: 25, page: 2 });
  const p3 = await client.getStories({ starts_with: 'ch/news/', per_page: 25, page: 3 });
  t.equal(p1.total, 30);
  t.equal(p1.perPage, 25);
  t.equal(p1.data.stories.length, 25);
  t.equal(p2.data.stories.length, 5);
  t.same(p3.data.stories, []);
  const slugs = [...p1.data.stories, ...p2.data.stories].map((s) => s.full_slug);
  t.equal(new Set(slugs).size, 30, 'pages do not overlap');
  const dflt = await client.getStories({ starts_with: 'ch/news/' });
  t.equal(dflt.perPage, 25, 'per_page defaults to 25');
});

t.test('getAll follows the total header across pages', async (t) => {
  const all = await svc.client().getAll('cdn/stories', { starts_with: 'de/news/', per_page: 7 });
  t.equal(all.length, 30);
  t.equal(new Set(all.map((s: { uuid: string }) => s.uuid)).size, 30);
});

t.test('sort_by orders by story fields and by content fields, numbers as numbers', async (t) => {
  const client = svc.client();
  const newest = await client.getStories({ starts_with: 'ch/news/', sort_by: 'first_published_at:desc', per_page: 3 });
  t.same(newest.data.stories.map((s) => s.slug), ['goldpreis-november', 'kundenkonto-neu', 'numismatik-auktion']);

  const byTitle = (await client.getStories({ starts_with: 'ch/news/', sort_by: 'content.title:asc', per_page: 100 })).data.stories.map((s) => s.content.title as string);
  t.same(byTitle, [...byTitle].sort(new Intl.Collator('de').compare), 'German collation');

  const byReading = (await client.getStories({ starts_with: 'ch/news/', sort_by: 'content.reading_time:desc,content.title:asc', per_page: 100 })).data.stories;
  for (let i = 1; i < byReading.length; i++) t.ok(byReading[i - 1].content.reading_time >= byReading[i].content.reading_time);

  const byId = (await client.getStories({ starts_with: 'ch/', sort_by: 'id:asc', per_page: 100 })).data.stories.map((s) => s.id);
  t.same(byId, [...byId].sort((a, b) => a - b), 'ids compare numerically, not as text');

  const byPrice = (await client.getStories({ starts_with: 'ch/news/', sort_by: 'content.gold_price_usd:asc:float', per_page: 100 })).data.stories.map((s) => s.content.gold_price_usd as number);
  t.same(byPrice, [...byPrice].sort((a, b) => a - b));

  const legal = (await client.getStories({ by_slugs: 'ch/legal/*', sort_by: 'position:desc' })).data.stories.map((s) => s.slug);
  t.same(legal, ['right-of-revocation', 'cancellation-policy', 'terms-and-conditions', 'privacy-policy']);
});

t.test('cdn/links lists stories and folders keyed by uuid, with paths in both languages', async (t) => {
  const client = svc.client();
  const res = await client.get('cdn/links', { starts_with: 'ch/legal', per_page: 100 });
  const links = Object.values(res.data.links ?? {}) as { uuid: string; slug: string; is_folder: boolean; path: string | null; real_path: string; parent_id: number | null; published: boolean; alternates: { lang: string; path: string }[] }[];
  t.equal(links.length, 5, 'four legal pages and their folder');
  const folder = links.find((l) => l.is_folder)!;
  t.equal(folder.slug, 'ch/legal');
  const privacy = links.find((l) => l.slug === 'ch/legal/privacy-policy')!;
  t.equal(res.data.links![privacy.uuid].slug, 'ch/legal/privacy-policy', 'keyed by uuid');
  t.equal(privacy.path, '/datenschutz');
  t.equal(privacy.real_path, '/datenschutz');
  t.equal(privacy.parent_id, (folder as unknown as { id: number }).id);
  t.equal(privacy.published, true);
  t.same(privacy.alternates.map((a) => [a.lang, a.path]), [['en', '/privacy-policy']]);

  const all = await client.getAll('cdn/links', { starts_with: 'ch/' });
  t.ok(all.length > 40, 'getAll pages through links');

  const draftLinks = await svc.client({ token: PREVIEW_TOKEN }).get('cdn/links', { starts_with: 'ch/news', version: 'draft', per_page: 100 });
  const basel = Object.values(draftLinks.data.links ?? {}).find((l) => l.slug === 'ch/news/neue-filiale-basel');
  t.equal(basel?.published, false, 'draft links show unpublished stories as such');
});

t.test('cdn/spaces/me tells the cache version and the languages', async (t) => {
  const client = svc.client();
  const space = await client.get('cdn/spaces/me');
  const story = await client.getStory('ch/home');
  t.equal(space.data.space.version, story.data.cv);
  t.same(space.data.space.language_codes, ['en']);
  t.equal(space.data.space.name, 'Aurum Edelmetalle');
});

t.test('cdn/tags counts the tags of a domain', async (t) => {
  const res = await svc.client().get('cdn/tags', { starts_with: 'ch/news/' });
  const tags = res.data.tags as { name: string; taggings_count: number }[];
  t.ok(tags.find((x) => x.name === 'Gold' && x.taggings_count > 5));
});

t.test('health reports the number of stories', async (t) => {
  const res = await fetch(svc.endpoint.replace(/\/v2$/, '/health'));
  const body = await res.json() as { status: string; service: string; stories: number };
  t.equal(body.status, 'ok');
  t.equal(body.service, 'content');
  t.ok(body.stories > 200);
});
