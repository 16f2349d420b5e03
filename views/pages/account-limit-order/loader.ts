import type { LoaderFunctionArgs } from 'react-router';
import type { LimitOrder } from '../../../src/contracts/limit-order.ts';
import { loaderContext } from '../../lib/context.tsx';
import type { PageMeta } from '../../lib/meta.ts';
import { notFound } from '../../lib/not-found.ts';
import { areaOf, areaRead, UUID } from '../../models/account-area.ts';

export interface AccountLimitOrderData {
  limitOrder: LimitOrder;
  meta: PageMeta;
}

/** One limit order: the slug is its id; unknown or another customer's: the 404 page. */
export async function accountLimitOrderLoader({ request, params, context }: LoaderFunctionArgs): Promise<AccountLimitOrderData> {
  const ctx = context.get(loaderContext);
  const id = params.slug ?? '';
  if (!UUID.test(id)) return notFound(ctx, new URL(request.url).pathname);
  const limitOrder = await areaRead(ctx, request, await areaOf(ctx).limitOrder(id));
  return { limitOrder, meta: { noindex: true, title: limitOrder.number } };
}
