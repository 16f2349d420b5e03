import type { LoaderFunctionArgs } from 'react-router';
import type { Page } from '../../../src/contracts/content.ts';
import { unprefixedPath } from '../../../src/screens.ts';
import { loaderContext } from '../../lib/context.tsx';
import type { PageMeta } from '../../lib/meta.ts';

export interface SellData {
  /** the CMS story of the screen's path (src/content/README.md: screens find their story by path), or null */
  page: Page | null;
  meta: PageMeta;
}

/** Sell to us and scrap metals: the screen's own form, with the CMS story of its path above it when there
 * is one. Without a story (or with the CMS away) the screen renders alone: the form is what matters. */
export async function sellLoader({ request, context }: LoaderFunctionArgs): Promise<SellData> {
  const ctx = context.get(loaderContext);
  const page = await ctx.cms.pageByPath(unprefixedPath(decodeURIComponent(new URL(request.url).pathname))).catch(() => null);
  return { page, meta: page ? { title: page.meta.title, description: page.meta.description } : {} };
}
