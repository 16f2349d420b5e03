import type { LoaderFunctionArgs } from 'react-router';
import type { LimitOrder } from '../../../src/contracts/limit-order.ts';
import type { Order } from '../../../src/contracts/order.ts';
import { loaderContext } from '../../lib/context.tsx';
import { accountLoader, type AccountData } from './loader.ts';

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
  const area = args.context.get(loaderContext).accountArea;
  // The three reads at once, not the customer first and then the lists: the page waits for the slowest
  // call instead of the sum (a session that turns out to be over ends in accountLoader's redirect; the
  // lists' answers are then dropped, and one token refresh serves all three: session/refresh.ts).
  const lists = Promise.all([
    area?.orders({ limit: LATEST, offset: 0 }).catch(() => null),
    area?.limitOrders({ status: 'active,inactive,pending', limit: OPEN, offset: 0 }).catch(() => null),
  ]);
  const base = await accountLoader(args);
  const [orders, limits] = await lists;
  return {
    ...base,
    latestOrders: orders && !orders.error ? orders.data.results : null,
    openLimitOrders: limits && !limits.error ? limits.data.results : null,
  };
}
