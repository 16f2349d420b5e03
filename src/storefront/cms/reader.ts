// Content access for the storefront through storyblok-js-client, configured per spec 9 (25 items per
// page, 5 requests per second, 10 retries at 300 ms on 429). The client's own rate limit applies per
// storefront process, so published stories are kept in a short, shared TTL cache with one request in
// flight per key; nothing in it is per customer.
import StoryblokClient from 'storyblok-js-client';
import { localeFor, type StoreKey, type Language } from '../../stores.ts';
import { regroupNumbersDeep } from '../../i18n.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { ContentReader } from '../../contracts/loader-ports.ts';
import {
  needsStores, reshapeArticle, reshapePage, reshapePressRelease, reshapeStores, reshapeTags, reshapeTeaser,
  type BlockData, type WireBlock, type WireStory,
} from './reshape.ts';
import { markShared } from '../render/shared-json.ts';
import { addKey, collectKeys, currentKeys, folderKey, storyKey } from '../render/surrogate-keys.ts';
import { COMPANY_STORY_SLUG, companyFactsFor, companyFactsView, type CompanyFactsView } from '../../contracts/company-facts.ts';

export interface CmsOptions {
  /** content API base up to and including /v2 */
  endpoint: string;
  token: string;
  /** CMS_PREVIEW_TOKEN: reads drafts for the preview routes; drafts are never cached */
  previewToken?: string;
  cacheTtlMs: number;
  timeoutMs?: number;
  /** requests per second to the content API (default 5, spec 9); tests of other things raise it */
  rateLimit?: number;
  /** where unknown block types are reported (once each) */
  log?: FastifyBaseLogger;
}

interface Entry {
  at: number;
  value: Promise<unknown>;
  /** the surrogate keys of the stories and lists the load read (complete once value resolved) */
  keys: Set<string>;
}

/** Names a story the page shows, and the stories its resolved relations (author, related articles) bring. */
function tagStory(story: WireStory | null | undefined): void {
  if (!story) return;
  addKey(storyKey(story.id));
  for (const v of Object.values(story.content ?? {})) {
    for (const r of Array.isArray(v) ? v : [v]) if (r && typeof r === 'object' && 'uuid' in r && typeof (r as WireStory).id === 'number') addKey(storyKey((r as WireStory).id));
  }
}

export class Cms {
  readonly client: StoryblokClient;
  /** draft reads (preview routes only); null without a preview token */
  private readonly previewClient: StoryblokClient | null;
  private readonly cache = new Map<string, Entry>();
  private readonly ttl: number;
  private readonly log?: FastifyBaseLogger;
  private readonly unknownSeen = new Set<string>();

  constructor(opts: CmsOptions) {
    const client = (accessToken: string) =>
      new StoryblokClient({
        accessToken,
        endpoint: opts.endpoint,
        rateLimit: opts.rateLimit ?? 5, // spec 9
        maxRetries: 10, // spec 9
        retriesDelay: 300, // spec 9
        // storyblok-js-client takes seconds here (it multiplies by 1000), and leaves the timer running
        // when a request fails before an answer: keep it short.
        timeout: Math.ceil((opts.timeoutMs ?? 5000) / 1000),
        cache: { type: 'none' },
      });
    this.client = client(opts.token);
    this.previewClient = opts.previewToken ? client(opts.previewToken) : null;
    this.ttl = opts.cacheTtlMs;
    this.log = opts.log;
  }

  /** A load kept for the TTL. The surrogate keys of what it read are kept with it and handed to every page
   * (or enclosing load) that uses it, from the cache or not (render/surrogate-keys.ts). */
  private cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const user = currentKeys();
    const hit = this.cache.get(key);
    if (hit && now - hit.at < this.ttl) return handKeys(hit, user) as Promise<T>;
    const keys = new Set<string>();
    const value = collectKeys(keys, load).then(markShared);
    const entry = { at: now, value, keys };
    handKeys(entry, user);
    if (this.ttl > 0) {
      this.cache.set(key, entry);
      // failures are not cached
      value.catch(() => this.cache.get(key)?.value === value && this.cache.delete(key));
      if (this.cache.size > 5000) this.cache.delete(this.cache.keys().next().value as string);
    }
    return value;
  }

  clearCache() {
    this.cache.clear();
  }

  /** Drops the kept loads that read one of keys (a publish, issue 27): the next page reads them anew. */
  purge(keys: readonly string[]): number {
    const wanted = new Set(keys);
    let dropped = 0;
    for (const [k, e] of [...this.cache]) {
      if ([...e.keys].some((x) => wanted.has(x))) {
        this.cache.delete(k);
        dropped++;
      }
    }
    return dropped;
  }

  /** Reports a block type the shop does not render, once per type and process. */
  private unknownBlock(component: string) {
    if (this.unknownSeen.has(component)) return;
    this.unknownSeen.add(component);
    this.log?.warn({ component }, 'CMS block type not rendered by the shop; skipped');
  }

  /** A reader bound to a store's folder and a language (spec 7: cdn/stories/{domain}/{path}). It answers
   * the shop's own types (reshape.ts); the cache holds them reshaped, so a page view does no reshaping.
   * Blocks that show the stores get them here, before reshaping; news and article lists are asked for
   * separately (teasers), so that loaders can stream them in after the page's shell. */
  reader(store: StoreKey, lang: Language, requestId?: string): ContentReader {
    // The request id travels to the content service (its log line names it). A load shared by several
    // requests (cached below) carries the id of the request that started it.
    const sent = requestId ? { headers: { 'content-type': 'application/json', accept: 'application/json', 'x-request-id': requestId } } : undefined;
    const language = lang === 'en' ? 'en' : undefined; // spec 7: language (en only); German is the default
    const base = { version: 'published' as const, ...(language ? { language } : {}) };
    const other: Language = lang === 'de' ? 'en' : 'de';
    const reshape = { onUnknown: (c: string) => this.unknownBlock(c) };
    const key = (kind: string, ...parts: (string | number | undefined)[]) => [kind, store, lang, ...parts].join('|');
    // the stories are written once for every German store, with Swiss grouping: the page's (issue 17)
    const locale = localeFor(store, lang);
    const local = <T>(v: T): T => regroupNumbersDeep(v, locale);
    const alternatePath = async (client: StoryblokClient, story: WireStory, version: 'published' | 'draft'): Promise<string | null> => {
      try {
        const res = await client.getStory(story.full_slug, { version, ...(other === 'en' ? { language: 'en' } : {}) }, sent);
        const p = (res.data.story as WireStory).content.path;
        return typeof p === 'string' && p.startsWith('/') ? p : null;
      } catch {
        return null;
      }
    };
    const getStory = async (client: StoryblokClient, slug: string, params: Record<string, unknown>): Promise<WireStory | null> => {
      try {
        const story = (await client.getStory(`${store}/${slug}`, params, sent)).data.story as WireStory;
        tagStory(story);
        return story;
      } catch (err) {
        if (isStatus(err, 404)) return null;
        throw err;
      }
    };
    const storesStory = () => this.cached(key('stores-story'), () => getStory(this.client, 'stores/filialen', base));
    /** The stores for a story's blocks (its own on stores/filialen); a failure leaves those blocks empty. */
    const blockData = async (story: WireStory): Promise<BlockData> => {
      const own = Array.isArray(story.content.stores) ? story.content : null;
      const storesContent = own ?? (needsStores(story.content) ? await storesStory().then((s) => s?.content ?? null, () => null) : null);
      return { stores: storesContent ? ((storesContent.stores as WireBlock[]) ?? []) : [], map: storesContent ? reshapeStores(storesContent).map : null };
    };
    /** Published articles of a folder, newest first (src/content/README.md "Lists"): content_type and
     * is_startpage leave out the folder's data stories (blog/tags, wissen/enzyklopaedie). */
    const listArticles = async (folder: string, q: { perPage: number; page?: number; tag?: string; category?: string }) => {
      const res = await this.client.getStories({
        ...base,
        starts_with: `${store}/${folder}/`,
        content_type: 'article',
        is_startpage: false,
        sort_by: 'first_published_at:desc',
        per_page: q.perPage,
        ...(q.page && q.page > 1 ? { page: q.page } : {}),
        ...(q.tag ? { with_tag: q.tag } : {}),
        ...(q.category ? { filter_query: { category: { is: q.category } } } : {}),
      } as Record<string, unknown>, sent);
      // a story published in the folder may join the list: the list is named by its folder too
      addKey(folderKey(`${store}/${folder}`));
      for (const st of res.data.stories as WireStory[]) tagStory(st);
      return { stories: res.data.stories as WireStory[], total: Number(res.total) || 0 };
    };
    const byPath = async (client: StoryblokClient, version: 'published' | 'draft', path: string) => {
      const res = await client.getStories({
        version,
        ...(language ? { language } : {}),
        starts_with: `${store}/`,
        filter_query: { path: { is: path }, component: { is: 'page' } },
        per_page: 1,
      }, sent);
      const story = (res.data.stories as WireStory[])[0];
      if (!story) return null;
      tagStory(story);
      const [alt, data] = await Promise.all([alternatePath(client, story, version), blockData(story)]);
      return local(reshapePage(story, alt, data, reshape));
    };
    return {
      page: (slug) =>
        this.cached(key('s', slug), async () => {
          const story = await getStory(this.client, slug, base);
          return story ? local(reshapePage(story, null, await blockData(story), reshape)) : null;
        }),
      pageByPath: (path) => this.cached(key('p', path), () => byPath(this.client, 'published', path)),
      // Drafts: read with the preview token, never kept (neither here nor in the guest page cache).
      draftPageByPath: async (path) => (this.previewClient ? byPath(this.previewClient, 'draft', path) : null),
      // An article by the URL segment of either language: English URLs carry the story's slug_en, German
      // ones its slug. The other language's segment finds it too; the loader then redirects (301) to the
      // right URL, so old links (/en/blog/<german slug>) keep working.
      article: (folder, slug) =>
        this.cached(key('a', folder, slug), async () => {
          if (!/^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*$/.test(slug)) return null;
          const params = { ...base, resolve_relations: 'article.author,article.related' };
          const bySlug = () => getStory(this.client, `${folder}/${slug}`, params);
          const byEnglishSlug = async () => {
            const res = await this.client.getStories({
              ...params, starts_with: `${store}/${folder}/`, content_type: 'article', is_startpage: false, per_page: 1,
              filter_query: { slug_en: { is: slug } },
            } as Record<string, unknown>);
            tagStory((res.data.stories as WireStory[])[0]);
            return ((res.data.stories as WireStory[])[0] ?? null);
          };
          const story = lang === 'en' ? ((await byEnglishSlug()) ?? (await bySlug())) : ((await bySlug()) ?? (await byEnglishSlug()));
          return story && story.content.component === 'article' && !story.is_startpage ? local(reshapeArticle(story)) : null;
        }),
      teasers: (q) =>
        this.cached(key('t', q.key), async () => (await listArticles(q.folder, { perPage: q.count, tag: q.tag, category: q.category })).stories.map((s) => local(reshapeTeaser(s)))),
      articles: (folder, q) =>
        this.cached(key('al', folder, q.tag, q.page, q.perPage), async () => {
          const { stories, total } = await listArticles(folder, q);
          return { items: stories.map((s) => local(reshapeTeaser(s))), total, page: q.page ?? 1, perPage: q.perPage };
        }),
      tags: () =>
        this.cached(key('tags'), async () => {
          addKey(folderKey(`${store}/blog`));
          const [labels, counts] = await Promise.all([
            getStory(this.client, 'blog/tags', base),
            this.client.get('cdn/tags', { starts_with: `${store}/blog/` } as Record<string, unknown>, sent).then((r) => (r.data as { tags: { name: string; taggings_count: number }[] }).tags),
          ]);
          return reshapeTags(labels, counts);
        }),
      pressReleases: () =>
        this.cached(key('press'), async () => {
          const stories = await this.client.getAll('cdn/stories', {
            ...base,
            starts_with: `${store}/presse/`,
            content_type: 'press_release',
            sort_by: 'content.date:desc',
          } as Record<string, unknown>, undefined, sent) as WireStory[];
          addKey(folderKey(`${store}/presse`));
          stories.forEach(tagStory);
          return stories.map((s) => local(reshapePressRelease(s)));
        }),
      // one entry per store (both languages inside): the footer of every page reads it
      company: () =>
        this.cached([ 'company', store ].join('|'), async (): Promise<CompanyFactsView | null> => {
          const [de, en] = await Promise.all([
            getStory(this.client, COMPANY_STORY_SLUG, { version: 'published' }),
            getStory(this.client, COMPANY_STORY_SLUG, { version: 'published', language: 'en' }),
          ]);
          if (!de || !en) return null;
          try {
            return companyFactsView(companyFactsFor(de.content, store), companyFactsFor(en.content, store));
          } catch (err) {
            this.log?.error({ err }, 'company story rejected; pages show no company facts');
            return null;
          }
        }),
      stores: () =>
        this.cached(key('stores'), async () => {
          const story = await storesStory();
          return story ? reshapeStores(story.content) : null;
        }),
    };
  }
}

/** Hands a load's keys to the page (or load) that uses it, once the load is complete (a failed one names
 * nothing: its page is not kept). Returns the load's value. */
function handKeys(entry: Entry, user: Set<string> | undefined): Promise<unknown> {
  if (user) entry.value.then(() => entry.keys.forEach((k) => user.add(k)), () => {});
  return entry.value;
}

function isStatus(err: unknown, status: number): boolean {
  return !!err && typeof err === 'object' && 'status' in err && (err as { status: number }).status === status;
}
