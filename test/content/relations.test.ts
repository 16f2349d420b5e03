// resolve_relations and resolve_links: the service returns rels/links as Storyblok does and the client
// inlines them into the content.
import t from 'tap';
import { startContent } from './helpers.ts';

const svc = await startContent(t);

t.test('resolve_relations returns the related stories in rels and the client inlines them', async (t) => {
  const res = await svc.client().getStory('ch/news/vreneli-geschichte', { resolve_relations: 'article.author,article.related' });
  const { content } = res.data.story;
  t.equal(content.author.content.component, 'author', 'single relation inlined');
  t.equal(content.author.content.name, 'Sophie Lang');
  t.equal(content.related.length, 2, 'multi relation inlined');
  t.ok(content.related.every((r: { full_slug: string }) => r.full_slug.startsWith('ch/news/')), 'relations stay in the same domain');
  t.equal(res.data.rels.length, 3);
});

t.test('resolved relations follow the requested language', async (t) => {
  const res = await svc.client().getStory('ch/news/vreneli-geschichte', { resolve_relations: 'article.author', language: 'en' });
  t.equal(res.data.story.content.author.content.role, 'Numismatist');
});

t.test('without resolve_relations a relation stays a uuid', async (t) => {
  const res = await svc.client().getStory('ch/news/vreneli-geschichte');
  t.match(res.data.story.content.author, /^[0-9a-f-]{36}$/);
});

t.test('more than 50 relations come as rel_uuids and the client fetches them by uuid', async (t) => {
  const res = await svc.client().getStories({ by_slugs: '*/news/*', per_page: 100, resolve_relations: 'article.related' });
  t.equal(res.data.stories.length, 100);
  t.ok(res.data.rels.length > 50, `client resolved ${res.data.rels.length} relations`);
  t.ok(res.data.stories.every((s) => s.content.related.every((r: unknown) => typeof r === 'object')), 'all inlined');
});

t.test('a malformed resolve_relations is a 422', async (t) => {
  const res = await svc.get(`/cdn/stories/ch/home?token=test-public-token&resolve_relations=author`);
  t.equal(res.status, 422);
});

t.test('resolve_links=url lists linked stories and the client attaches them to link fields', async (t) => {
  const res = await svc.client().getStory('ch/home', { resolve_links: 'url' });
  const link = res.data.links.find((l) => l.full_slug === 'ch/stores/filialen') as { url: string; real_path: string } | undefined;
  t.ok(link, 'the stores page is in links');
  t.equal(link?.real_path, '/filialen');
  const cards = res.data.story.content.body.find((b: { component: string }) => b.component === 'cards');
  const storesCard = cards.items.find((i: { icon: string }) => i.icon === 'stores');
  t.equal(storesCard.link.story.full_slug, 'ch/stores/filialen', 'client attached the link');
  t.equal(storesCard.link.url, '/filialen', 'the link carries the href of the response language');
});

t.test('resolve_links=story returns whole stories, in the requested language', async (t) => {
  const res = await svc.client().getStory('at/home', { resolve_links: 'story', language: 'en' });
  const stores = res.data.links.find((l) => l.full_slug === 'at/stores/filialen') as unknown as { content: { path: string; stores: unknown[] } };
  t.equal(stores.content.path, '/stores');
  t.equal(stores.content.stores.length, 5);
  const revocation = res.data.links.find((l) => l.full_slug === 'at/legal/right-of-revocation');
  t.ok(revocation, 'links inside richtext are resolved too');
});

t.test('resolve_links=link returns link objects', async (t) => {
  const res = await svc.client().getStory('de/legal/terms-and-conditions', { resolve_links: 'link' });
  const slugs = res.data.links.map((l) => (l as { slug: string }).slug).sort();
  t.same(slugs, ['de/legal/cancellation-policy', 'de/legal/privacy-policy', 'de/legal/right-of-revocation']);
});

t.test('story links inside richtext carry the visitor href in each language', async (t) => {
  const de = (await svc.client().getStory('ch/legal/terms-and-conditions')).data.story;
  const en = (await svc.client().getStory('ch/legal/terms-and-conditions', { language: 'en' })).data.story;
  const hrefs = (doc: unknown): string[] => JSON.stringify(doc).match(/"href":"[^"]*"/g) ?? [];
  t.ok(hrefs(de.content).includes('"href":"/stornobedingungen"'));
  t.ok(hrefs(en.content).includes('"href":"/en/cancellation-policy"'));
});
