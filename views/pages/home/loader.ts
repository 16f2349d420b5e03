import type { LoaderFunctionArgs } from 'react-router';
import { loaderContext } from '../../lib/context.tsx';
import type { CmsStory } from '../../lib/cms-types.ts';
import type { PageMeta } from '../../lib/meta.ts';

export interface HomeData {
  story: CmsStory | null;
  /** deferred: the newest news stories stream in after the shell */
  news: Promise<CmsStory[]> | CmsStory[] | null;
  meta: PageMeta;
}

export async function homeLoader({ context }: LoaderFunctionArgs): Promise<HomeData> {
  const ctx = context.get(loaderContext);
  // The home page stays up when the CMS is not: it shows the shop's own headline instead.
  const story = await ctx.cms.story('home').catch(() => null);
  // A failure of deferred data renders an empty list, never a broken page.
  const news = ctx.cms.latest('news/', 3).catch(() => []);
  return {
    story,
    news,
    meta: { title: story?.content.seo_title, description: story?.content.seo_description },
  };
}
