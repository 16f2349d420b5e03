import type { LoaderFunctionArgs } from 'react-router';
import type { ArticleList, Page, TagInfo } from '../../../src/contracts/content.ts';
import { loaderContext } from '../../lib/context.tsx';
import { pageMetaOf, pageParam, screenStory, teaserLists } from '../../lib/content.ts';
import type { TeaserLists } from '../../lib/teaser-lists.ts';
import type { PageMeta } from '../../lib/meta.ts';
import { notFound, unavailable } from '../../lib/not-found.ts';

/** src/content/README.md: the blog list shows 9 articles per page */
export const BLOG_PAGE_SIZE = 9;

export interface BlogData {
  page: Page | null;
  /** deferred: the teasers of its news and articles blocks */
  lists: Promise<TeaserLists> | TeaserLists;
  list: ArticleList;
  tags: TagInfo[];
  /** the tag the list is filtered by (?tag=, the German tag name in both languages) */
  tag: TagInfo | null;
  meta: PageMeta;
}

/** spec 2 blog list with tags: ?tag= filters, ?page= pages. An unknown tag or a page past the end is 404. */
export async function blogLoader({ request, context }: LoaderFunctionArgs): Promise<BlogData> {
  const ctx = context.get(loaderContext);
  const url = new URL(request.url);
  const page = pageParam(url);
  const tagName = url.searchParams.get('tag');
  if (page === null) return notFound(ctx, url.pathname + url.search);
  const [story, tags] = await Promise.all([screenStory(ctx, request), ctx.cms.tags().catch(unavailable)]);
  const tag = tagName === null ? null : (tags.find((t) => t.name === tagName) ?? null);
  if (tagName !== null && !tag) return notFound(ctx, url.pathname + url.search);
  const list = await ctx.cms.articles('blog', { ...(tag ? { tag: tag.name } : {}), page, perPage: BLOG_PAGE_SIZE }).catch(unavailable);
  if (page > 1 && list.items.length === 0) return notFound(ctx, url.pathname + url.search);
  const meta = pageMetaOf(ctx, story);
  return { page: story, lists: teaserLists(ctx, story), list, tags, tag, meta: tag ? { ...meta, title: `${tag.label} – ${story?.title ?? 'Blog'}`, description: tag.description || meta.description } : meta };
}
