import type { LoaderFunctionArgs } from 'react-router';
import { loaderContext } from '../../lib/context.tsx';
import { notFound } from '../../lib/not-found.ts';
import { localizedPath, unprefixedPath } from '../../../src/screens.ts';
import { teaserLists, withProducts } from '../../lib/content.ts';
import type { TeaserLists } from '../../lib/teaser-lists.ts';
import type { Page } from '../../../src/contracts/content.ts';
import type { PageMeta } from '../../lib/meta.ts';

export interface CmsPageData {
  page: Page;
  /** deferred: the teasers of its news and articles blocks */
  lists: Promise<TeaserLists> | TeaserLists;
  meta: PageMeta;
}

/** spec 2: CMS pages resolve by a URL path field per language, matched against the current path
 * without the language prefix. */
export async function cmsPageLoader({ request, context }: LoaderFunctionArgs): Promise<CmsPageData> {
  const ctx = context.get(loaderContext);
  const pathname = decodeURIComponent(new URL(request.url).pathname);
  const story = await ctx.cms.pageByPath(unprefixedPath(pathname));
  if (!story) return notFound(ctx, pathname);
  const page = await withProducts(ctx, story);
  const other = ctx.lang === 'de' ? 'en' : 'de';
  return {
    page,
    lists: teaserLists(ctx, page),
    meta: {
      title: page.meta.title,
      description: page.meta.description,
      alternates: page.alternatePath ? { [other]: localizedPath(other, page.alternatePath) } : undefined,
    },
  };
}
