// Scheduled work of the commerce service (limit-order execution and expiry, the contact-data purge): one
// run at a time per instance, a trigger while a run is under way asks for exactly one more run after it
// (a price set that arrives during a run is not missed), and a timer for the work that is due by time.
// Several instances on one PostgreSQL server run their jobs independently: every job guards its own rows
// (status guards, row locks), so running twice is harmless and never does a thing twice.
import type { FastifyBaseLogger } from 'fastify';

export interface Job {
  readonly name: string;
  /** asks for a run soon (after the current one when one is under way); never throws */
  trigger(): void;
  /** runs now (after the current run) and answers its result; throws what the run throws */
  run(): Promise<unknown>;
  /** resolves when no run is under way or asked for (tests wait for a triggered run with it) */
  idle(): Promise<void>;
  /** stops the timer and waits for the run under way (service shutdown) */
  stop(): Promise<void>;
  /** runs and failures since start, and when the last run succeeded or failed (the metrics, issue 27) */
  stats?(): JobStats;
}

export interface JobStats {
  runs: number;
  failures: number;
  running: boolean;
  /** ms since the epoch (the machine's clock: Prometheus computes the lag with time()) */
  lastSuccessAt: number | null;
  lastFailureAt: number | null;
}

export function createJob<T>(opts: {
  name: string;
  work: () => Promise<T>;
  log: FastifyBaseLogger;
  /** run by the timer every intervalMs (unref'd: it never keeps the process alive); none: on trigger only */
  intervalMs?: number;
}): Job {
  let current: Promise<T> | null = null;
  let again = false;
  let stopped = false;
  const stats: JobStats = { runs: 0, failures: 0, running: false, lastSuccessAt: null, lastFailureAt: null };

  const start = (): Promise<T> => {
    const p = (async () => {
      stats.runs++;
      try {
        const out = await opts.work();
        stats.lastSuccessAt = Date.now();
        return out;
      } catch (err) {
        stats.failures++;
        stats.lastFailureAt = Date.now();
        throw err;
      } finally {
        current = null;
        if (again && !stopped) {
          again = false;
          void start().catch((err: unknown) => opts.log.error({ err, job: opts.name }, 'job failed'));
        }
      }
    })();
    current = p;
    return p;
  };

  const run = async (): Promise<T> => {
    while (current) await current.catch(() => undefined);
    return start();
  };

  const timer = opts.intervalMs ? setInterval(() => job.trigger(), opts.intervalMs) : null;
  timer?.unref();

  const job: Job = {
    name: opts.name,
    trigger() {
      if (stopped) return;
      if (current) {
        again = true;
        return;
      }
      start().catch((err: unknown) => opts.log.error({ err, job: opts.name }, 'job failed'));
    },
    run,
    async idle() {
      while (current) await current.catch(() => undefined);
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await job.idle();
    },
    stats: () => ({ ...stats, running: current !== null }),
  };
  return job;
}
