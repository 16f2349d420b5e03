import type { LoaderFunctionArgs } from 'react-router';
import { loaderContext } from '../../lib/context.tsx';
import { teaserLists, withProducts } from '../../lib/content.ts';
import type { TeaserLists } from '../../lib/teaser-lists.ts';
import type { Page } from '../../../src/contracts/content.ts';
import type { PageMeta } from '../../lib/meta.ts';

export interface HomeData {
  page: Page | null;
  /** deferred: the teasers of its news and articles blocks */
  lists: Promise<TeaserLists> | TeaserLists;
  meta: PageMeta;
}

export async function homeLoader({ context }: LoaderFunctionArgs): Promise<HomeData> {
  const ctx = context.get(loaderContext);
  // The home page stays up when the CMS is not: it shows the shop's own headline instead. Its news and
  // blog blocks arrive filled by the content reader, its product blocks through the catalogue.
  const story = await ctx.cms.page('home').catch(() => null);
  const page = story ? await withProducts(ctx, story) : null;
  return { page, lists: teaserLists(ctx, page), meta: { title: page?.meta.title, description: page?.meta.description } };
}
