import { data, type LoaderFunctionArgs } from 'react-router';
import type { LimitOrder } from '../../../src/contracts/limit-order.ts';
import type { Order } from '../../../src/contracts/order.ts';
import { loaderContext } from '../../lib/context.tsx';
import { accountLoader, accountRefusal, type AccountData } from '../../models/account-loader.ts';

export interface AccountOverviewData extends AccountData {
  /** the newest orders; null when they could not be read (the overview still shows) */
  latestOrders: Order[] | null;
  /** open limit orders (active, inactive, pending); null when they could not be read */
  openLimitOrders: LimitOrder[] | null;
}

/** Decision: the overview shows the three newest orders and up to five open limit orders. */
const LATEST = 3;
const OPEN = 5;

export async function accountOverviewLoader(args: LoaderFunctionArgs): Promise<AccountOverviewData> {
  const ctx = args.context.get(loaderContext);
  if (!ctx.account) throw data(null, { status: 503 });
  // Issue 16: one commerce call for the customer and both lists (GET /customers/me/overview), not three.
  const overview = ctx.accountArea ? await ctx.accountArea.overview({ orders: LATEST, limitOrders: OPEN }) : null;
  if (overview && !overview.error) {
    return { customer: overview.data.customer, meta: { noindex: true }, latestOrders: overview.data.latestOrders, openLimitOrders: overview.data.openLimitOrders };
  }
  // A session that is over or not a customer's ends as on every account page (home or login).
  if (overview?.error) accountRefusal(args, overview.error);
  // Any other failure: the customer alone, the lists marked unavailable (the overview still shows), or the
  // account pages' own answer when the customer cannot be read either.
  return { ...(await accountLoader(args)), latestOrders: null, openLimitOrders: null };
}
