// Issue 24: the order list's query as the back office's URL carries it, checked once: the filters, the
// date range, the pickup store and the sort. Unknown values are dropped, not sent (a hand-edited URL shows
// the list without them); a range that runs backwards is sent, so that commerce answers it (400
// invalid_date_range) and the operator reads why.
import { opsOrderSorts, opsQueues, type OpsOrdersQuery } from '../../../contracts/ops.ts';

const orderStates = ['Open', 'Created', 'Confirmed', 'Complete', 'Cancelled', 'Requested', 'Accepted'];
const paymentStates = ['Pending', 'Paid', 'Failed'];
const storeKeys = ['at', 'ch', 'de', 'li', 'us'];
const DAY = /^(\d{4}-\d{2}-\d{2}|today(-\d{1,4})?)$/;

/** The list's query without its page: what a saved view keeps and what the CSV exports. */
export type ListQuery = Omit<OpsOrdersQuery, 'limit' | 'offset'>;

/** Every key of the list's query, in the order the URL writes them. */
export const listKeys = ['queue', 'state', 'paymentState', 'store', 'transactionType', 'q', 'from', 'to', 'pickupStore', 'sort', 'dir'] as const;

export function listQueryOf(q: Record<string, unknown>): ListQuery {
  const s = (k: string) => (typeof q[k] === 'string' ? (q[k] as string).trim() : '');
  return {
    ...(orderStates.includes(s('state')) ? { state: s('state') as OpsOrdersQuery['state'] } : {}),
    ...(paymentStates.includes(s('paymentState')) ? { paymentState: s('paymentState') as OpsOrdersQuery['paymentState'] } : {}),
    ...(storeKeys.includes(s('store')) ? { store: s('store') as OpsOrdersQuery['store'] } : {}),
    ...(s('transactionType') === 'buy' || s('transactionType') === 'sell' ? { transactionType: s('transactionType') as 'buy' | 'sell' } : {}),
    ...((opsQueues as string[]).includes(s('queue')) ? { queue: s('queue') as OpsOrdersQuery['queue'] } : {}),
    ...(s('q') ? { q: s('q').slice(0, 100) } : {}),
    ...(DAY.test(s('from')) ? { from: s('from') } : {}),
    ...(DAY.test(s('to')) ? { to: s('to') } : {}),
    ...(/^[a-z0-9-]{1,40}$/.test(s('pickupStore')) ? { pickupStore: s('pickupStore') } : {}),
    ...((opsOrderSorts as string[]).includes(s('sort')) ? { sort: s('sort') as OpsOrdersQuery['sort'] } : {}),
    ...(s('dir') === 'asc' || s('dir') === 'desc' ? { dir: s('dir') as 'asc' | 'desc' } : {}),
  };
}

/** The URL's query string of a list query (with `over` applied; undefined removes a key), leading "?" when not empty. */
export function listSearch(query: ListQuery, over: Record<string, string | number | undefined> = {}): string {
  const p = new URLSearchParams();
  for (const k of listKeys) {
    const v = k in over ? over[k] : query[k];
    if (v !== undefined && v !== '') p.set(k, String(v));
  }
  if (over.offset) p.set('offset', String(over.offset));
  const s = p.toString();
  return s ? `?${s}` : '';
}
