// The numbers an operator graphs and alerts on (issue 27), in Prometheus' text format: requests per route,
// method and status with their latency, the age of the current price set, the outbox backlog, the database
// pool and the jobs. Library: prom-client (the Prometheus client for Node everyone scrapes; installed).
// Decision: one registry per app (tests build several apps in one process; the global one would mix them),
// labelled part="commerce"; what lives in the database is read at scrape time, never on a timer. The
// registry and the request series are every part's (src/lib/metrics.ts).
import { Gauge, type Registry } from 'prom-client';
import { httpMetrics, partRegistry, type HttpMetrics } from '../../lib/metrics.ts';
import type { Db } from '../db/index.ts';
import type { Clock } from '../lib/clock.ts';
import type { Job, JobStats } from '../lib/jobs.ts';
import { statementResultsSince } from '../lifecycle/index.ts';
import { outboxBacklog } from '../outbox/index.ts';
import { currentPriceSet } from '../prices/index.ts';

export type CommerceMetrics = HttpMetrics;

const seconds = (ms: number) => Math.round(ms) / 1000;

export function createCommerceMetrics(opts: { db: Db; clock: Clock; jobs: Map<string, Job> }): CommerceMetrics {
  const { db, clock } = opts;
  const registry = partRegistry({ part: 'commerce' });

  // Read at scrape time. Decision: without a current set (none yet, or the database not answering) the age
  // is +Inf: "older than 2 periods" is then true, which is what an operator must hear.
  new Gauge({
    name: 'commerce_price_set_age_seconds', help: 'Seconds since the current price set was calculated (+Inf: none)', registers: [registry],
    async collect() {
      const set = await currentPriceSet(db).catch(() => null);
      this.set(set ? seconds(clock().getTime() - set.lastRecalculatedAt.getTime()) : Infinity);
    },
  });
  // prom-client collects every metric at once: both outbox gauges share one query per scrape
  let reading: Promise<{ pending: number; oldest: Date | null } | null> | null = null;
  const backlog = () => (reading ??= outboxBacklog(db).catch(() => null).finally(() => { reading = null; }));
  new Gauge({
    name: 'commerce_outbox_backlog', help: 'Mails and SMS written but neither delivered nor given up (NaN: database not answering)', registers: [registry],
    async collect() {
      const b = await backlog();
      this.set(b ? b.pending : NaN);
    },
  });
  new Gauge({
    name: 'commerce_outbox_oldest_pending_age_seconds', help: 'Age of the oldest message still to deliver (0: none)', registers: [registry],
    async collect() {
      const b = await backlog();
      this.set(!b ? NaN : b.oldest ? seconds(clock().getTime() - b.oldest.getTime()) : 0);
    },
  });
  statementGauges(registry, db, clock);
  poolGauges(registry, db);
  jobGauges(registry, opts.jobs);
  return httpMetrics(registry);
}

/** PostgreSQL's pool: connections in use and idle, requests waiting for one, the maximum (PGlite: none). */
function poolGauges(registry: Registry, db: Db): void {
  const stats = db.poolStats?.bind(db);
  if (!stats) return;
  new Gauge({
    name: 'db_pool_connections', help: 'Pool connections by state', labelNames: ['state'], registers: [registry],
    collect() {
      const s = stats();
      this.set({ state: 'in_use' }, s.size - s.idle);
      this.set({ state: 'idle' }, s.idle);
    },
  });
  new Gauge({ name: 'db_pool_waiting', help: 'Queries waiting for a pool connection', registers: [registry], collect() { this.set(stats().waiting); } });
  new Gauge({ name: 'db_pool_max', help: 'The pool size (DATABASE_POOL_SIZE)', registers: [registry], collect() { this.set(stats().max); } });
}

/** Each scheduled job (limit orders, payment deadlines, retention ...): runs, failures and the last success,
 * read from the jobs map at scrape time (the features register their jobs after this plugin). The lag is
 * PromQL's: time() - commerce_job_last_success_timestamp_seconds. */
function jobGauges(registry: Registry, jobs: Map<string, Job>): void {
  const each = (fn: (name: string, s: JobStats) => void) => {
    for (const [name, job] of jobs) {
      const s = job.stats?.();
      if (s) fn(name, s);
    }
  };
  const labelNames = ['job'] as const;
  new Gauge({ name: 'commerce_job_runs', help: 'Runs of the job since the process started', labelNames, registers: [registry], collect() { each((job, s) => this.set({ job }, s.runs)); } });
  new Gauge({ name: 'commerce_job_failures', help: 'Failed runs of the job since the process started', labelNames, registers: [registry], collect() { each((job, s) => this.set({ job }, s.failures)); } });
  new Gauge({ name: 'commerce_job_running', help: '1 while a run is under way', labelNames, registers: [registry], collect() { each((job, s) => this.set({ job }, s.running ? 1 : 0)); } });
  new Gauge({
    name: 'commerce_job_last_success_timestamp_seconds', help: 'When the job last succeeded (0: not yet)', labelNames, registers: [registry],
    collect() { each((job, s) => this.set({ job }, s.lastSuccessAt ? s.lastSuccessAt / 1000 : 0)); },
  });
}

/** The bank-statement import's results: entries of the last 24 h (service clock) by result (applied,
 * no_order, duplicate, ...), and the time since the last import (+Inf: none yet). */
function statementGauges(registry: Registry, db: Db, clock: Clock): void {
  let reading: ReturnType<typeof statementResultsSince> | null = null;
  const read = () => (reading ??= statementResultsSince(db, new Date(clock().getTime() - 86_400_000)).finally(() => { reading = null; }));
  new Gauge({
    name: 'commerce_bank_statement_entries_24h', help: 'Bank statement entries imported in the last 24 h by result', labelNames: ['result'], registers: [registry],
    async collect() {
      this.reset();
      const r = await read().catch(() => null);
      for (const [result, n] of Object.entries(r?.byResult ?? {})) this.set({ result }, n);
    },
  });
  new Gauge({
    name: 'commerce_bank_statement_last_import_age_seconds', help: 'Seconds since a bank statement entry was last imported (+Inf: none)', registers: [registry],
    async collect() {
      const r = await read().catch(() => null);
      this.set(r?.lastImportAt ? seconds(clock().getTime() - r.lastImportAt.getTime()) : Infinity);
    },
  });
}
