// The lifecycle in the commerce service: the orders hook of placement (audit `placed`, the due date, the
// steps taken at once) and the payment-deadline job (every 15 minutes and at start; stopped with the service).
import type { FastifyPluginAsync } from 'fastify';
import { commerceFeature } from '../http/plugin.ts';
import { createJob } from '../lib/jobs.ts';
import { DEADLINE_INTERVAL_MS, DEADLINE_JOB, paymentDeadlines } from './jobs.ts';
import { onOrderPlaced } from './placed.ts';

const lifecycleSetup: FastifyPluginAsync = async (app) => {
  const ctx = app.commerce;
  // first: the deposit's and the sale's hooks read the states it sets
  ctx.orderPlacedHooks.unshift(onOrderPlaced);
  const job = createJob({ name: DEADLINE_JOB, work: () => paymentDeadlines(ctx), log: app.log, intervalMs: DEADLINE_INTERVAL_MS });
  ctx.jobs.set(job.name, job);
  app.addHook('onReady', async () => job.trigger());
};

// orders: its placement hook runs first in the order's transaction; deposits: the payment books the lots
export const lifecyclePlugin = commerceFeature('lifecycle', [lifecycleSetup], ['orders', 'deposits']);
