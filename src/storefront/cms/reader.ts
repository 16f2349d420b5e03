// Content access for the storefront through storyblok-js-client, configured per spec 9 (25 items per
// page, 5 requests per second, 10 retries at 300 ms on 429). The client's own rate limit applies per
// storefront process, so published stories are kept in a short, shared TTL cache with one request in
// flight per key; nothing in it is per customer.
import StoryblokClient from 'storyblok-js-client';
import type { StoreKey, Language } from '../../stores.ts';
import type { CmsReader, CmsStory } from '../../../views/lib/cms-types.ts';

export interface CmsOptions {
  /** content API base up to and including /v2 */
  endpoint: string;
  token: string;
  cacheTtlMs: number;
  timeoutMs?: number;
}

interface Entry {
  at: number;
  value: Promise<unknown>;
}

export class Cms {
  readonly client: StoryblokClient;
  private readonly cache = new Map<string, Entry>();
  private readonly ttl: number;

  constructor(opts: CmsOptions) {
    this.client = new StoryblokClient({
      accessToken: opts.token,
      endpoint: opts.endpoint,
      rateLimit: 5, // spec 9
      maxRetries: 10, // spec 9
      retriesDelay: 300, // spec 9
      // storyblok-js-client takes seconds here (it multiplies by 1000), and leaves the timer running
      // when a request fails before an answer: keep it short.
      timeout: Math.ceil((opts.timeoutMs ?? 5000) / 1000),
      cache: { type: 'none' },
    });
    this.ttl = opts.cacheTtlMs;
  }

  private cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.cache.get(key);
    if (hit && now - hit.at < this.ttl) return hit.value as Promise<T>;
    const value = load();
    if (this.ttl > 0) {
      this.cache.set(key, { at: now, value });
      // failures are not cached
      value.catch(() => this.cache.get(key)?.value === value && this.cache.delete(key));
      if (this.cache.size > 5000) this.cache.delete(this.cache.keys().next().value as string);
    }
    return value;
  }

  clearCache() {
    this.cache.clear();
  }

  /** A reader bound to a store's folder and a language (spec 7: cdn/stories/{domain}/{path}). */
  reader(store: StoreKey, lang: Language): CmsReader {
    const language = lang === 'en' ? 'en' : undefined; // spec 7: language (en only); German is the default
    const base = { version: 'published' as const, ...(language ? { language } : {}) };
    return {
      story: (slug) =>
        this.cached(`s|${store}|${lang}|${slug}`, async () => {
          try {
            const res = await this.client.getStory(`${store}/${slug}`, base);
            return res.data.story as CmsStory;
          } catch (err) {
            if (isStatus(err, 404)) return null;
            throw err;
          }
        }),
      pageByPath: (path) =>
        this.cached(`p|${store}|${lang}|${path}`, async () => {
          const res = await this.client.getStories({
            ...base,
            starts_with: `${store}/`,
            filter_query: { path: { is: path }, component: { is: 'page' } },
            per_page: 1,
          });
          return ((res.data.stories as CmsStory[])[0] ?? null);
        }),
      latest: (folder, count) =>
        this.cached(`l|${store}|${lang}|${folder}|${count}`, async () => {
          const res = await this.client.getStories({
            ...base,
            starts_with: `${store}/${folder}`,
            sort_by: 'first_published_at:desc',
            per_page: count,
            is_startpage: false,
          } as Record<string, unknown>);
          return res.data.stories as CmsStory[];
        }),
      alternatePath: (story, other) =>
        this.cached(`a|${store}|${other}|${story.full_slug}`, async () => {
          const res = await this.client.getStory(story.full_slug, { version: 'published', ...(other === 'en' ? { language: 'en' } : {}) });
          const p = (res.data.story as CmsStory).content.path;
          return typeof p === 'string' && p.startsWith('/') ? p : null;
        }),
    };
  }
}

function isStatus(err: unknown, status: number): boolean {
  return !!err && typeof err === 'object' && 'status' in err && (err as { status: number }).status === status;
}
