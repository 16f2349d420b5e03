import type { LoaderFunctionArgs } from 'react-router';
import { loaderContext } from '../../lib/context.tsx';
import type { CmsStory } from '../../lib/cms-types.ts';
import type { PageMeta } from '../../lib/meta.ts';

export async function maintenanceLoader({ context }: LoaderFunctionArgs): Promise<{ story: CmsStory | null; meta: PageMeta }> {
  const ctx = context.get(loaderContext);
  // The maintenance page must render even when the CMS is what is being maintained.
  const story = await ctx.cms.story('maintenance').catch(() => null);
  return { story, meta: { title: story?.content.title, noindex: true } };
}
