import type { LoaderFunctionArgs } from 'react-router';
import { loaderContext } from '../../lib/context.tsx';
import type { Page } from '../../../src/contracts/content.ts';
import type { PageMeta } from '../../lib/meta.ts';

export async function maintenanceLoader({ context }: LoaderFunctionArgs): Promise<{ page: Page | null; meta: PageMeta }> {
  const ctx = context.get(loaderContext);
  // The maintenance page must render even when the CMS is what is being maintained.
  const page = await ctx.cms.page('maintenance').catch(() => null);
  return { page, meta: { title: page?.title, noindex: true } };
}
