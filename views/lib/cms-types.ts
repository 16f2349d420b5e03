// The shapes of content the views render (Storyblok story and block JSON), and the reader interface that
// loaders use. The storefront implements the reader with storyblok-js-client (src/storefront/cms).

export interface CmsBlock {
  _uid: string;
  component: string;
  [field: string]: unknown;
}

export interface CmsStoryContent {
  component: string;
  title?: string;
  path?: string;
  seo_title?: string;
  seo_description?: string;
  body?: CmsBlock[];
  [field: string]: unknown;
}

export interface CmsStory {
  id: number;
  uuid: string;
  name: string;
  slug: string;
  full_slug: string;
  lang?: string;
  published_at?: string | null;
  first_published_at?: string | null;
  tag_list?: string[];
  content: CmsStoryContent;
  translated_slugs?: { path: string; name: string | null; lang: string }[];
}

/** Content access for loaders, bound to the request's store (domain folder) and language. */
export interface CmsReader {
  /** a story by slug relative to the store's folder ('home', '404', 'maintenance'); null when absent */
  story(slug: string): Promise<CmsStory | null>;
  /** the page story whose URL path field equals path (path without the /en prefix); null when none */
  pageByPath(path: string): Promise<CmsStory | null>;
  /** newest published stories under a folder of the store ('news/'), newest first */
  latest(folder: string, count: number): Promise<CmsStory[]>;
  /** the URL path of the same story in the other language, for the language switch */
  alternatePath(story: CmsStory, lang: 'de' | 'en'): Promise<string | null>;
}
