import type { LoaderFunctionArgs } from 'react-router';
import { loaderContext } from '../../lib/context.tsx';
import type { CmsStory } from '../../lib/cms-types.ts';

/** What the home page shows of a news story: the browser gets no more than this. */
export interface NewsTeaser {
  uuid: string;
  slug: string;
  title: string;
  teaser: string | null;
  publishedAt: string | null;
}

export function newsTeaser(s: CmsStory): NewsTeaser {
  return {
    uuid: s.uuid,
    slug: s.slug,
    title: typeof s.content.title === 'string' ? s.content.title : s.name,
    teaser: typeof s.content.teaser === 'string' ? s.content.teaser : null,
    publishedAt: s.first_published_at ?? s.published_at ?? null,
  };
}
import type { PageMeta } from '../../lib/meta.ts';

export interface HomeData {
  story: CmsStory | null;
  /** deferred: the newest news stories stream in after the shell */
  news: Promise<NewsTeaser[]> | NewsTeaser[] | null;
  meta: PageMeta;
}

export async function homeLoader({ context }: LoaderFunctionArgs): Promise<HomeData> {
  const ctx = context.get(loaderContext);
  // The home page stays up when the CMS is not: it shows the shop's own headline instead.
  const story = await ctx.cms.story('home').catch(() => null);
  // A failure of deferred data renders an empty list, never a broken page.
  const news = ctx.cms.latest('news/', 3).then((list) => list.map(newsTeaser), () => []);
  return {
    story,
    news,
    meta: { title: story?.content.seo_title, description: story?.content.seo_description },
  };
}
