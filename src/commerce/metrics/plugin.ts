// The metrics feature's plugin (issue 27), registered by app.ts alone before the API scope: its onResponse
// hook sits on the root, so every route's answer is counted, and GET /metrics (routes.ts).
import fp from 'fastify-plugin';
import { countRequests } from '../../lib/metrics.ts';
import { KERNEL_PLUGIN } from '../http/plugin.ts';
import { metricsRoutes } from './routes.ts';
import { createCommerceMetrics } from './service.ts';

export const metricsPlugin = fp(async (app) => {
  const { db, clock, jobs } = app.commerce;
  const metrics = createCommerceMetrics({ db, clock, jobs });
  countRequests(app, metrics);
  await app.register(metricsRoutes(metrics));
}, { name: 'commerce-metrics', fastify: '5.x', dependencies: [KERNEL_PLUGIN], decorators: { fastify: ['commerce'] } });
export default metricsPlugin;
