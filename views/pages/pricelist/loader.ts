import type { LoaderFunctionArgs } from 'react-router';
import { loaderContext } from '../../lib/context.tsx';
import { notFound } from '../../lib/not-found.ts';
import type { Language } from '../../../src/stores.ts';

/** Known price lists (spec 2 pricelist/{slug...}); the bare path lists every metal. */
export const pricelistSlugs: Record<Language, string[]> = {
  de: ['gold', 'silber', 'platin', 'palladium', 'zollfrei'],
  en: ['gold', 'silver', 'platinum', 'palladium', 'duty-free'],
};

export async function pricelistLoader({ params, request, context }: LoaderFunctionArgs) {
  const ctx = context.get(loaderContext);
  const slug = params['*'] ?? '';
  if (slug !== '' && !pricelistSlugs[ctx.lang].includes(slug)) return notFound(ctx, new URL(request.url).pathname);
  return { list: slug || null };
}
