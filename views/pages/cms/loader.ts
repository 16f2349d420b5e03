import type { LoaderFunctionArgs } from 'react-router';
import { loaderContext } from '../../lib/context.tsx';
import { notFound } from '../../lib/not-found.ts';
import type { CmsStory } from '../../lib/cms-types.ts';
import type { PageMeta } from '../../lib/meta.ts';

export interface CmsPageData {
  story: CmsStory;
  meta: PageMeta;
}

/** spec 2: CMS pages resolve by a URL path field per language, matched against the current path
 * without the language prefix. */
export async function cmsPageLoader({ request, context }: LoaderFunctionArgs): Promise<CmsPageData> {
  const ctx = context.get(loaderContext);
  const pathname = decodeURIComponent(new URL(request.url).pathname);
  const path = ctx.lang === 'en' ? pathname.slice(3) || '/' : pathname;
  const story = await ctx.cms.pageByPath(path);
  if (!story) return notFound(ctx, pathname);
  const other = ctx.lang === 'de' ? 'en' : 'de';
  const otherPath = await ctx.cms.alternatePath(story, other).catch(() => null);
  return {
    story,
    meta: {
      title: story.content.seo_title || story.content.title || story.name,
      description: story.content.seo_description,
      alternates: otherPath ? { [other]: other === 'en' ? `/en${otherPath}` : otherPath } : undefined,
    },
  };
}
