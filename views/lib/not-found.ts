import { data } from 'react-router';
import type { LoaderContext } from './context.tsx';
import type { NotFoundData } from '../pages/error/RootErrorBoundary.tsx';

/** Throws the 404 response: the CMS story with slug 404 and the path that was asked for (spec 2). */
export async function notFound(ctx: LoaderContext, path: string): Promise<never> {
  const story = await ctx.cms.story('404').catch(() => null);
  throw data<NotFoundData>({ path, story }, { status: 404 });
}
