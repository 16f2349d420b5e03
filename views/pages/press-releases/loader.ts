import type { LoaderFunctionArgs } from 'react-router';
import type { Page, PressRelease } from '../../../src/contracts/content.ts';
import { loaderContext } from '../../lib/context.tsx';
import { otherLanguagePath, pageMetaOf, screenStory, teaserLists } from '../../lib/content.ts';
import type { TeaserLists } from '../../lib/teaser-lists.ts';
import type { PageMeta } from '../../lib/meta.ts';
import { unavailable } from '../../lib/not-found.ts';

export interface PressReleasesData {
  page: Page | null;
  /** deferred: the teasers of its news and articles blocks */
  lists: Promise<TeaserLists> | TeaserLists;
  /** every release in full, newest first (they have no page of their own) */
  releases: PressRelease[];
  meta: PageMeta;
}

export async function pressReleasesLoader({ request, context }: LoaderFunctionArgs): Promise<PressReleasesData> {
  const ctx = context.get(loaderContext);
  const [page, releases] = await Promise.all([screenStory(ctx, request), ctx.cms.pressReleases().catch(unavailable)]);
  return { page, lists: teaserLists(ctx, page), releases, meta: pageMetaOf(ctx, page, otherLanguagePath(ctx, 'pressReleases')) };
}
