import type { LoaderFunctionArgs } from 'react-router';
import type { ArticleTeaser, Page } from '../../../src/contracts/content.ts';
import { loaderContext } from '../../lib/context.tsx';
import { contentPath, otherLanguagePath, pageMetaOf, teaserLists, withProducts } from '../../lib/content.ts';
import type { TeaserLists } from '../../lib/teaser-lists.ts';
import type { PageMeta } from '../../lib/meta.ts';
import { notFound, unavailable } from '../../lib/not-found.ts';

export interface EncyclopediaData {
  page: Page;
  /** deferred: the teasers of its news and articles blocks */
  lists: Promise<TeaserLists> | TeaserLists;
  /** the knowledge hub's articles, newest first (deferred: they stream in below the A-Z) */
  articles: Promise<ArticleTeaser[]> | ArticleTeaser[];
  meta: PageMeta;
}

/** The knowledge hub: the encyclopedia story (A-Z) and every knowledge article. */
export async function encyclopediaLoader({ request, context }: LoaderFunctionArgs): Promise<EncyclopediaData> {
  const ctx = context.get(loaderContext);
  const story = await ctx.cms.pageByPath(contentPath(request)).catch(unavailable);
  if (!story) return notFound(ctx, new URL(request.url).pathname);
  const page = await withProducts(ctx, story);
  // a failure of the list leaves it out; the encyclopedia stands on its own
  const articles = ctx.cms.articles('wissen', { perPage: 100 }).then((l) => l.items, () => []);
  return { page, lists: teaserLists(ctx, page), articles, meta: pageMetaOf(ctx, page, otherLanguagePath(ctx, 'encyclopedia')) };
}
