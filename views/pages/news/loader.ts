import type { LoaderFunctionArgs } from 'react-router';
import type { ArticleList, Page } from '../../../src/contracts/content.ts';
import { loaderContext } from '../../lib/context.tsx';
import { pageMetaOf, pageParam, screenStory, teaserLists } from '../../lib/content.ts';
import type { TeaserLists } from '../../lib/teaser-lists.ts';
import type { PageMeta } from '../../lib/meta.ts';
import { notFound, unavailable } from '../../lib/not-found.ts';

/** Decision: 12 news per page (four rows of three on wide screens). */
export const NEWS_PAGE_SIZE = 12;

export interface NewsData {
  page: Page | null;
  /** deferred: the teasers of its news and articles blocks */
  lists: Promise<TeaserLists> | TeaserLists;
  list: ArticleList;
  meta: PageMeta;
}

/** spec 2 news list with paging (?page=); a page past the end is 404. */
export async function newsLoader({ request, context }: LoaderFunctionArgs): Promise<NewsData> {
  const ctx = context.get(loaderContext);
  const url = new URL(request.url);
  const page = pageParam(url);
  if (page === null) return notFound(ctx, url.pathname + url.search);
  const [story, list] = await Promise.all([screenStory(ctx, request), ctx.cms.articles('news', { page, perPage: NEWS_PAGE_SIZE }).catch(unavailable)]);
  if (page > 1 && list.items.length === 0) return notFound(ctx, url.pathname + url.search);
  return { page: story, lists: teaserLists(ctx, story), list, meta: pageMetaOf(ctx, story) };
}
