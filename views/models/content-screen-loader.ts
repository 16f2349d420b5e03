import type { LoaderFunctionArgs } from 'react-router';
import type { Page } from '../../src/contracts/content.ts';
import { loaderContext } from '../lib/context.tsx';
import { pageMetaOf, screenStory, teaserLists } from '../lib/content.ts';
import type { TeaserLists } from '../lib/teaser-lists.ts';
import type { PageMeta } from '../lib/meta.ts';

export interface ContentScreenData {
  /** the screen's page story (found by path); null: the screen renders alone */
  page: Page | null;
  /** deferred: the teasers of its news and articles blocks */
  lists: Promise<TeaserLists> | TeaserLists;
  meta: PageMeta;
}

/** Screens with a route of their own whose content is a page story found by path: contact, consulate,
 * whistleblower (src/content/README.md "screens find their story by path too"). */
export async function contentScreenLoader({ request, context }: LoaderFunctionArgs): Promise<ContentScreenData> {
  const ctx = context.get(loaderContext);
  const page = await screenStory(ctx, request);
  return { page, lists: teaserLists(ctx, page), meta: pageMetaOf(ctx, page) };
}
