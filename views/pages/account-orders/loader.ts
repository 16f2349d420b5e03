import type { LoaderFunctionArgs } from 'react-router';
import type { OrdersResponse } from '../../../src/contracts/order.ts';
import { loaderContext } from '../../lib/context.tsx';
import type { PageMeta } from '../../lib/meta.ts';
import { areaOf, areaRead, pageOf, PER_PAGE } from '../../models/account-area.ts';

export type OrderFilter = 'all' | 'buy' | 'sell';

export interface AccountOrdersData {
  orders: OrdersResponse;
  page: number;
  pages: number;
  type: OrderFilter;
  meta: PageMeta;
}

/** The orders list (spec 2, 3): purchase and sell orders, newest first, ten a page (?page=), one kind with
 * ?type=buy or ?type=sell. */
export async function accountOrdersLoader({ request, context }: LoaderFunctionArgs): Promise<AccountOrdersData> {
  const ctx = context.get(loaderContext);
  const page = pageOf(request);
  const t = new URL(request.url).searchParams.get('type');
  const type: OrderFilter = t === 'buy' || t === 'sell' ? t : 'all';
  const orders = await areaRead(ctx, request, await areaOf(ctx).orders({
    ...(type !== 'all' ? { type } : {}), limit: PER_PAGE, offset: (page - 1) * PER_PAGE,
  }));
  return { orders, page, pages: Math.max(1, Math.ceil(orders.total / PER_PAGE)), type, meta: { noindex: true } };
}
