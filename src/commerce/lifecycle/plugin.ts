// The lifecycle's plugin (registered by app.ts alone; the steps and reads other features and ops use are its
// index.ts): the orders hook of placement (audit `placed`, the due date, the
// steps taken at once), the payment-deadline job and the counter-offer-deadline job (issue 23) (every 15 minutes
// and at start; stopped with the service).
import type { FastifyPluginAsync } from 'fastify';
import { commerceFeature } from '../http/plugin.ts';
import { createJob } from '../lib/jobs.ts';
import { counterOfferDeadlines, DEADLINE_INTERVAL_MS, DEADLINE_JOB, OFFER_INTERVAL_MS, OFFER_JOB, paymentDeadlines } from './jobs.ts';
import { onOrderPlaced } from './placed.ts';
import { customerOrderRoutes } from './customer-routes.ts';
import { withLifecycle } from './queue.ts';
import { ordersInProgress } from './repository.ts';
import { fail } from '../http/index.ts';

const lifecycleSetup: FastifyPluginAsync = async (app) => {
  const ctx = app.commerce;
  // first: the deposit's and the sale's hooks read the states it sets
  ctx.orderPlacedHooks.unshift(onOrderPlaced);
  // issue 15: an order's answer to its customer carries its timeline, parcels, due date, assay and counter-offer
  ctx.orderAnswerHooks.push(withLifecycle);
  const job = createJob({ name: DEADLINE_JOB, work: () => paymentDeadlines(ctx), log: app.log, intervalMs: DEADLINE_INTERVAL_MS });
  ctx.jobs.set(job.name, job);
  // issue 23: an unanswered counter-offer counts as accepted after its deadline
  const offers = createJob({ name: OFFER_JOB, work: () => counterOfferDeadlines(ctx), log: app.log, intervalMs: OFFER_INTERVAL_MS });
  ctx.jobs.set(offers.name, offers);
  // Account deletion (its hooks run in the deletion's transaction, after the limit orders' and the deposit's
  // checks): an order in progress keeps its records; the customer waits until it is done or cancelled (an
  // unpaid transfer is cancelled after 5 working days).
  ctx.accountDeletionHooks.push(async (tx, account) => {
    if (await ordersInProgress(tx, account.customerId) > 0) fail('orders_in_progress');
  });
  app.addHook('onReady', async () => {
    job.trigger();
    offers.trigger();
  });
};

// orders: its placement hook runs first in the order's transaction; deposits: the payment books the lots;
// documents: the payment in full issues the invoice (issue 25)
export const lifecyclePlugin = commerceFeature('lifecycle', [lifecycleSetup, customerOrderRoutes], ['orders', 'deposits', 'documents']);
export default lifecyclePlugin;
