// The back office's Prometheus series (issue 27), served at GET /metrics (src/lib/metrics.ts: who may scrape,
// the request series per route and status): and the failed sign-ins, the number an operator alerts on when
// someone guesses staff passwords or second-factor codes.
// Decision: a sign-in failed when POST /sign-in (the password) or POST /sign-in/second-step (the code) is
// answered with a 4xx or 5xx (success is the redirect, or the page of a spent recovery code); labelled by
// the step and the status (400 missing or invalid code, 401 wrong password, 403 form refused, 429 locked,
// 503 commerce unavailable), never by the address or the e-mail address: labels are no place for either.
import type { FastifyInstance } from 'fastify';
import { Counter } from 'prom-client';
import { countRequests, httpMetrics, metricsRoute, partRegistry } from '../lib/metrics.ts';

const signInSteps: Record<string, string> = { '/sign-in': 'password', '/sign-in/second-step': 'second_step' };

/** Counts every answer and the failed sign-ins, and answers GET /metrics. Call first thing on the root app:
 * a plugin registered before would not have the hook. */
export function backofficeMetrics(app: FastifyInstance, adminToken: string | undefined): void {
  const metrics = httpMetrics(partRegistry({ part: 'backoffice' }));
  countRequests(app, metrics);
  const failed = new Counter({ name: 'backoffice_sign_ins_failed_total', help: 'Sign-ins refused, by step (password, second_step) and status', labelNames: ['step', 'status'] as const, registers: [metrics.registry] });
  app.addHook('onResponse', async (req, reply) => {
    const step = req.method === 'POST' ? signInSteps[req.routeOptions.url ?? ''] : undefined;
    if (step && reply.statusCode >= 400) failed.inc({ step, status: String(reply.statusCode) });
  });
  metricsRoute(app, metrics.registry, adminToken);
}
