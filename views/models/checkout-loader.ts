import type { LoaderFunctionArgs } from 'react-router';
import type { TransactionType } from '../../src/contracts/cart.ts';
import { loaderContext } from '../lib/context.tsx';
import type { PageMeta } from '../lib/meta.ts';
import { notFound } from '../lib/not-found.ts';

export interface CheckoutData {
  type: TransactionType;
  meta: PageMeta;
}

/** Checkout and confirmation (spec 2: /checkout/{transactionType}): buy or sell, anything else is 404.
 * The cart itself is the customer's and is read in the browser; the pages are never indexed. */
export async function checkoutLoader({ params, request, context }: LoaderFunctionArgs): Promise<CheckoutData> {
  const ctx = context.get(loaderContext);
  const type = params.transactionType;
  if (type !== 'buy' && type !== 'sell') return notFound(ctx, new URL(request.url).pathname);
  return { type, meta: { noindex: true } };
}
