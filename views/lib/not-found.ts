import { data } from 'react-router';
import type { LoaderContext } from './context.tsx';
import type { Page } from '../../src/contracts/content.ts';

/** spec 2: what overrides the CMS 404 page, carried in the error (already in the page's language) */
export interface NotFoundContent {
  title: string;
  message: string;
  /** where the visitor may go instead (a link in the shop) */
  link?: { to: string; label: string };
}

/** The 404 answer's data, read by the error boundary (views/RootErrorBoundary.tsx). */
export interface NotFoundData {
  path: string;
  page: Page | null;
  content?: NotFoundContent;
}

/**
 * Throws the 404 response: the CMS story with slug 404 and the path that was asked for (spec 2). spec 2:
 * "it may be overridden by content carried in the error": a loader that knows more than "not here" (a
 * product without a metal price has no limit order) passes its own title and text, shown instead of the
 * story's (the 404 story is then not read).
 */
export async function notFound(ctx: LoaderContext, path: string, content?: NotFoundContent): Promise<never> {
  if (content) throw data<NotFoundData>({ path, page: null, content }, { status: 404 });
  const page = await ctx.cms.page('404').catch(() => null);
  throw data<NotFoundData>({ path, page }, { status: 404 });
}

/** A critical upstream (the CMS) did not answer: the page answers 503 with the calm error screen (never a
 * 500, never cached). Use as `.catch(unavailable)` on the data a page cannot do without. */
export function unavailable(): never {
  throw data(null, { status: 503 });
}
