// The lifecycle in the commerce service: the orders hook of placement (audit `placed`, the due date, the
// steps taken at once) and the payment-deadline job (every 15 minutes and at start; stopped with the service).
import type { FastifyPluginAsync } from 'fastify';
import { createJob } from '../lib/jobs.ts';
import { DEADLINE_INTERVAL_MS, DEADLINE_JOB, paymentDeadlines } from './jobs.ts';
import { onOrderPlaced } from './placed.ts';

export const lifecyclePlugin: FastifyPluginAsync = async (app) => {
  const ctx = app.commerce;
  // first: the deposit's and the sale's hooks read the states it sets
  ctx.orderPlacedHooks.unshift(onOrderPlaced);
  const job = createJob({ name: DEADLINE_JOB, work: () => paymentDeadlines(ctx), log: app.log, intervalMs: DEADLINE_INTERVAL_MS });
  ctx.jobs.set(job.name, job);
  app.addHook('onReady', async () => job.trigger());
};
