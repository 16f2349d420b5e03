import type { LoaderFunctionArgs } from 'react-router';
import type { Order } from '../../../src/contracts/order.ts';
import { loaderContext } from '../../lib/context.tsx';
import type { PageMeta } from '../../lib/meta.ts';
import { notFound } from '../../lib/not-found.ts';
import { areaOf, areaRead, UUID } from '../../models/account-area.ts';

export interface AccountOrderData {
  order: Order;
  meta: PageMeta;
}

/** One order (spec 3 Order): the slug is its id; unknown or another customer's: the 404 page. */
export async function accountOrderLoader({ request, params, context }: LoaderFunctionArgs): Promise<AccountOrderData> {
  const ctx = context.get(loaderContext);
  const id = params.slug ?? '';
  if (!UUID.test(id)) return notFound(ctx, new URL(request.url).pathname);
  const order = await areaRead(ctx, request, await areaOf(ctx).order(id));
  return { order, meta: { noindex: true, title: order.orderNumber } };
}
