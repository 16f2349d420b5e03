import type { LoaderFunctionArgs } from 'react-router';
import type { Page } from '../../../src/contracts/content.ts';
import { loaderContext } from '../../lib/context.tsx';
import { contentPath, teaserLists, withProducts } from '../../lib/content.ts';
import type { TeaserLists } from '../../lib/teaser-lists.ts';
import type { PageMeta } from '../../lib/meta.ts';
import { notFound, unavailable } from '../../lib/not-found.ts';

export interface PreviewData {
  page: Page;
  /** deferred: the teasers of its news and articles blocks */
  lists: Promise<TeaserLists> | TeaserLists;
  meta: PageMeta;
}

/** The preview pages (spec 2, preview layout): draft content read with the preview token on the server,
 * never cached by the storefront's CMS cache nor the guest page cache, and never indexed. */
export async function previewLoader({ request, context }: LoaderFunctionArgs): Promise<PreviewData> {
  const ctx = context.get(loaderContext);
  const draft = await ctx.cms.draftPageByPath(contentPath(request)).catch(unavailable);
  if (!draft) return notFound(ctx, new URL(request.url).pathname);
  const page = await withProducts(ctx, draft);
  return { page, lists: teaserLists(ctx, page), meta: { title: page.meta.title, description: page.meta.description, noindex: true } };
}
