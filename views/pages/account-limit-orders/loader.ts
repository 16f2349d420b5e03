import type { LoaderFunctionArgs } from 'react-router';
import type { LimitOrdersResponse } from '../../../src/contracts/limit-order.ts';
import { loaderContext } from '../../lib/context.tsx';
import type { PageMeta } from '../../lib/meta.ts';
import { areaOf, areaRead, pageOf, PER_PAGE } from '../../models/account-area.ts';

export interface AccountLimitOrdersData {
  limitOrders: LimitOrdersResponse;
  page: number;
  pages: number;
  meta: PageMeta;
}

/** Every limit order of the customer in every status, newest first, ten a page (?page=). */
export async function accountLimitOrdersLoader({ request, context }: LoaderFunctionArgs): Promise<AccountLimitOrdersData> {
  const ctx = context.get(loaderContext);
  const page = pageOf(request);
  const limitOrders = await areaRead(ctx, request, await areaOf(ctx).limitOrders({ limit: PER_PAGE, offset: (page - 1) * PER_PAGE }));
  return { limitOrders, page, pages: Math.max(1, Math.ceil(limitOrders.total / PER_PAGE)), meta: { noindex: true } };
}
