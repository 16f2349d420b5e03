// The order list: the queue or filters from the query, a page of orders from /ops/orders.
import { createElement } from 'react';
import type { OpsOrdersQuery } from '../../../contracts/ops.ts';
import { opsQueues } from '../../../contracts/ops.ts';
import type { Screen } from '../../screen.ts';
import { refused } from '../../session.ts';
import { send } from '../../ui/page.ts';
import { offsetOf, PAGE_SIZE } from '../../ui/request.ts';
import { QueueView } from './view.tsx';

const orderStates = ['Open', 'Created', 'Confirmed', 'Complete', 'Cancelled', 'Requested', 'Accepted'];
const paymentStates = ['Pending', 'Paid', 'Failed'];
const storeKeys = ['at', 'ch', 'de', 'li', 'us'];

export const ordersScreen: Screen = async (app, { ops, signedIn }) => {
  app.get('/orders', signedIn(async (req, reply, viewer) => {
    const { f } = req.bo;
    const q = req.query as Record<string, string>;
    // unknown filter values are dropped, not sent: a hand-edited URL shows all orders instead of an error
    const query: OpsOrdersQuery = {
      ...(orderStates.includes(q.state) ? { state: q.state as OpsOrdersQuery['state'] } : {}),
      ...(paymentStates.includes(q.paymentState) ? { paymentState: q.paymentState as OpsOrdersQuery['paymentState'] } : {}),
      ...(storeKeys.includes(q.store) ? { store: q.store as OpsOrdersQuery['store'] } : {}),
      ...(q.transactionType === 'buy' || q.transactionType === 'sell' ? { transactionType: q.transactionType } : {}),
      ...((opsQueues as string[]).includes(q.queue) ? { queue: q.queue as OpsOrdersQuery['queue'] } : {}),
      ...(typeof q.q === 'string' && q.q.trim() ? { q: q.q.trim().slice(0, 100) } : {}),
    };
    const offset = offsetOf(q);
    const res = await ops.orders(req.bo.token, { ...query, limit: PAGE_SIZE, offset });
    if (res.error) return refused(req, reply, viewer, res.error, f.t('queue.title'));
    return send(reply, 200, f.t('queue.title'), createElement(QueueView, { f, data: res.data, query, limit: PAGE_SIZE, offset }), req, viewer);
  }));
};
