import { data } from 'react-router';
import type { LoaderContext } from './context.tsx';
import type { Page } from '../../src/contracts/content.ts';

/** The 404 answer's data, read by the error boundary (views/RootErrorBoundary.tsx). */
export interface NotFoundData {
  path: string;
  page: Page | null;
}

/** Throws the 404 response: the CMS story with slug 404 and the path that was asked for (spec 2). */
export async function notFound(ctx: LoaderContext, path: string): Promise<never> {
  const page = await ctx.cms.page('404').catch(() => null);
  throw data<NotFoundData>({ path, page }, { status: 404 });
}

/** A critical upstream (the CMS) did not answer: the page answers 503 with the calm error screen (never a
 * 500, never cached). Use as `.catch(unavailable)` on the data a page cannot do without. */
export function unavailable(): never {
  throw data(null, { status: 503 });
}
