// The production entry (`npm start` = build, then `node dist/supervisor.js`; the Docker image's CMD):
// a process per part of the shop (issue 16). It starts, in this order and each once the one before is
// listening: content, commerce, prices (it reads the products from commerce), the back office, then
// STOREFRONT_WORKERS storefront processes sharing PORT. A service whose URL is configured
// (CMS_API_URL, COMMERCE_API_URL, PRICE_SERVICE_URL, BACKOFFICE_URL) runs elsewhere and is not started.
// With PGlite commerce is one process (one owner of the database files); with a PostgreSQL server
// COMMERCE_WORKERS processes share its port.
//
// Decision: child_process.fork for every part (not node:cluster): each part is its own program with its
// own entry file, and the storefront workers bind PORT themselves with SO_REUSEPORT, so the kernel spreads
// connections over them and no primary process relays them. The IPC channel carries 'part-ready' (the
// process listens), the storefront workers' price state (src/storefront/fleet.ts), and tells a child
// whose supervisor died to stop ('disconnect', src/lib/standalone.ts).
//
// A part that exits while the shop runs is started again after a back-off: 0.5 s, doubling to 30 s, back
// to 0.5 s once a process has run for a minute. Every exit and restart is logged (part, worker, pid, exit
// code or signal, next delay).
//
// Liveness (issue 27): a process can hang without exiting (commerce spinning in a WAL flush on a full disk,
// a deadlock, SIGSTOP). Every `liveness.intervalMs` the supervisor asks each ready process over its IPC
// channel (runStandalone answers; the answer needs the process's event loop); one that leaves
// `liveness.failures` questions in a row unanswered is killed (SIGKILL: a stuck process cannot run its
// SIGTERM handler either) and, like any part that exits, started again with back-off. Decision: IPC, not
// HTTP /health/live: the storefront workers share one port, so an HTTP probe could not pick the worker.
//
// SIGTERM/SIGINT (issue 27): the supervisor signals every part itself, in three steps, each process with
// its own budget (stopBudgets): first the doors (storefront workers and back office: they stop taking
// requests and finish theirs), then the services behind them (prices, content), then the database owner,
// commerce, last and with the longest budget. A part is told its own budget (SHOP_STOP_BUDGET_MS, 500 ms
// shorter than the supervisor's) and exits by itself within it (src/lib/standalone.ts, src/lib/drain.ts);
// one that is still running when the supervisor's budget for it ends is killed (SIGKILL), the exception,
// logged at error. The budgets add up to under 10 s, the usual grace of a container runtime.
import { fork, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { isEntry, isLivePong, processLogger, type LivePing } from './lib/standalone.ts';
import { nodeVersionProblem } from './lib/node-version.ts';
import { withServiceSecret } from './lib/service-secret.ts';
import { isFleetMessage, isPurgeMessage, type WorkerState } from './storefront/fleet.ts';

export interface PartSpec {
  name: string;
  /** the module the part's processes run */
  file: string;
  /** node options of the part's processes (e.g. --import tsx for sources) */
  execArgv?: string[];
  /** processes of this part (storefront and commerce workers); default 1 */
  count?: number;
  env?: Record<string, string>;
}

export interface BackoffOptions {
  initialMs: number;
  maxMs: number;
  /** a process that ran this long resets its part's back-off */
  stableMs: number;
}

export interface SupervisorOptions {
  parts: PartSpec[];
  log: Logger;
  backoff?: Partial<BackoffOptions>;
  /** per part: from its SIGTERM to its SIGKILL (defaults: defaultStopBudgets) */
  stopBudgets?: Partial<Record<string, number>>;
  /** the children's environment; default process.env */
  env?: NodeJS.ProcessEnv;
  /** liveness polling; none when absent or intervalMs is 0 */
  liveness?: LivenessOptions;
}

export interface LivenessOptions {
  intervalMs: number;
  /** unanswered questions in a row that make a process dead */
  failures: number;
}

interface Slot {
  part: PartSpec;
  worker: number;
  child: ChildProcess | null;
  startedAt: number;
  delayMs: number;
  restartTimer: NodeJS.Timeout | null;
  ready: boolean;
  /** the liveness question still unanswered (0: none) and how many in a row went unanswered */
  pendingPing: number;
  missedPings: number;
}

export interface Supervisor {
  /** starts the parts in order; resolves once every process reported ready */
  start(): Promise<void>;
  /** stops everything (storefront first); resolves when no child runs */
  stop(signal?: string): Promise<void>;
  /** pids of the running children by part, for operators' tools and tests */
  pids(): Record<string, number[]>;
}

export const defaultBackoff: BackoffOptions = { initialMs: 500, maxMs: 30_000, stableMs: 60_000 };

/** Decision: the supervisor's budget per part (ms), from its SIGTERM to SIGKILL. The doors get the time a
 * page or an API call takes with margin, the services behind them little (they answer the doors, which
 * are gone), commerce the most (requests in flight, then the database's close). 3.5 + 1.5 + 4.5 = 9.5 s
 * at worst, within a container runtime's usual 10 s. */
export const defaultStopBudgets: Record<string, number> = { storefront: 3_500, backoffice: 3_500, prices: 1_500, content: 1_500, commerce: 4_500 };
const FALLBACK_STOP_BUDGET_MS = 2_000;
/** a part's own budget is this much shorter than the supervisor's for it, so it exits before a kill */
const OWN_BUDGET_MARGIN_MS = 500;

/** The stop steps: 0 the doors, 1 the services behind them, 2 the database owner. */
export function stopStep(part: string): number {
  if (part === 'storefront' || part === 'backoffice') return 0;
  return part === 'commerce' ? 2 : 1;
}

/** The budget a part is told (SHOP_STOP_BUDGET_MS): shorter than the supervisor's for it. */
export function ownStopBudget(supervisorBudgetMs: number): number {
  return Math.max(supervisorBudgetMs - OWN_BUDGET_MARGIN_MS, Math.floor(supervisorBudgetMs / 2));
}

/** The next delay after an exit: doubled from the last one, or back to the first after a stable run. */
export function nextDelay(previousMs: number, ranMs: number, b: BackoffOptions): number {
  if (ranMs >= b.stableMs || previousMs === 0) return b.initialMs;
  return Math.min(previousMs * 2, b.maxMs);
}

export function createSupervisor(opts: SupervisorOptions): Supervisor {
  const log = opts.log;
  const backoff = { ...defaultBackoff, ...opts.backoff };
  const budgetOf = (part: PartSpec) => opts.stopBudgets?.[part.name] ?? defaultStopBudgets[part.name] ?? FALLBACK_STOP_BUDGET_MS;
  const slots: Slot[] = opts.parts.flatMap((part) =>
    Array.from({ length: part.count ?? 1 }, (_, worker) => ({ part, worker, child: null, startedAt: 0, delayMs: 0, restartTimer: null, ready: false, pendingPing: 0, missedPings: 0 })),
  );
  const storefrontWorkers = opts.parts.find((p) => p.name === 'storefront')?.count ?? 0;
  const fleet = new Map<number, WorkerState>();
  let stopping: Promise<void> | null = null;

  const broadcastFleet = () => {
    const message = { type: 'storefront-fleet' as const, expected: storefrontWorkers, workers: [...fleet.values()] };
    for (const s of slots) if (s.part.name === 'storefront' && s.child?.connected) s.child.send(message, () => {});
  };

  /** Starts the slot's process; resolves when it reports ready, rejects when it exits first. */
  const spawnSlot = (slot: Slot, restart = false): Promise<void> =>
    new Promise((resolve, reject) => {
      const multi = (slot.part.count ?? 1) > 1 || slot.part.name === 'storefront';
      // A storefront worker restarted while another one serves waits for its first price set before it
      // takes connections (SHOP_WAIT_FOR_PRICES, src/storefront/main.ts): the kernel would otherwise hand it
      // visitors whose pages have no prices. At the first start nobody serves yet, and /health says 503.
      const othersServe = slot.part.name === 'storefront' && slots.some((s) => s !== slot && s.part === slot.part && s.ready && s.child);
      const child = fork(slot.part.file, [], {
        execArgv: slot.part.execArgv ?? [],
        env: {
          ...(opts.env ?? process.env),
          ...slot.part.env,
          ...(multi ? { SHOP_WORKER: String(slot.worker) } : {}),
          SHOP_STOP_BUDGET_MS: String(ownStopBudget(budgetOf(slot.part))),
          ...(restart && othersServe ? { SHOP_WAIT_FOR_PRICES: '1' } : {}),
        },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      slot.child = child;
      slot.ready = false;
      slot.pendingPing = 0;
      slot.missedPings = 0;
      slot.startedAt = Date.now();
      log.info({ child: slot.part.name, worker: slot.worker, childPid: child.pid }, 'part starting');
      // a process that cannot be started or signalled: logged; its 'exit' (if any) decides the restart
      child.on('error', (err) => log.error({ child: slot.part.name, worker: slot.worker, childPid: child.pid, reason: err.message }, 'part process error'));
      child.on('message', (m: unknown) => {
        if (m && typeof m === 'object' && (m as { type?: string }).type === 'part-ready') {
          slot.ready = true;
          log.info({ child: slot.part.name, worker: slot.worker, childPid: child.pid, startMs: Date.now() - slot.startedAt }, 'part ready');
          resolve();
        } else if (isLivePong(m)) {
          if (m.id === slot.pendingPing) slot.pendingPing = 0;
          slot.missedPings = 0;
        } else if (isFleetMessage(m) && m.type === 'storefront-state' && slot.part.name === 'storefront') {
          fleet.set(slot.worker, { ...m.state, worker: slot.worker });
          broadcastFleet();
        } else if (isPurgeMessage(m) && slot.part.name === 'storefront') {
          // issue 27: a purge one worker received reaches every other worker of this instance
          for (const s of slots) if (s !== slot && s.part.name === 'storefront' && s.child?.connected) s.child.send(m, () => {});
        }
      });
      child.once('exit', (code, signal) => {
        slot.child = null;
        if (slot.part.name === 'storefront' && fleet.delete(slot.worker)) broadcastFleet();
        if (!slot.ready) reject(new Error(`${slot.part.name} exited before it was ready (code ${code}, signal ${signal})`));
        if (stopping) {
          log.info({ child: slot.part.name, worker: slot.worker, childPid: child.pid, code, signal }, 'part stopped');
          return;
        }
        const ran = Date.now() - slot.startedAt;
        slot.delayMs = nextDelay(slot.delayMs, ran, backoff);
        log.error({ child: slot.part.name, worker: slot.worker, childPid: child.pid, code, signal, ranMs: ran, restartInMs: slot.delayMs }, 'part exited; restarting');
        slot.restartTimer = setTimeout(() => {
          slot.restartTimer = null;
          if (!stopping) spawnSlot(slot, true).catch(() => {});
        }, slot.delayMs);
      });
    });

  /** The first start of a slot: a process that exits before it is ready is restarted with back-off (by
   * the exit handler) until one is ready, or the shop is stopping. */
  const startSlot = (slot: Slot): Promise<void> =>
    spawnSlot(slot).catch(
      () =>
        new Promise<void>((resolve) => {
          const wait = setInterval(() => {
            if (slot.ready || stopping) {
              clearInterval(wait);
              resolve();
            }
          }, 50);
        }),
    );

  /** SIGTERM to each process of the group; one still running at the end of its part's budget is killed. */
  const stopSlots = (group: Slot[]) =>
    Promise.all(group.map((s) => {
      if (s.restartTimer) clearTimeout(s.restartTimer);
      s.restartTimer = null;
      const child = s.child;
      if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
      const budgetMs = budgetOf(s.part);
      return new Promise<void>((resolve) => {
        const kill = setTimeout(() => {
          log.error({ child: s.part.name, worker: s.worker, childPid: child.pid, budgetMs }, 'part did not stop within its budget; killed (SIGKILL)');
          child.kill('SIGKILL');
        }, budgetMs);
        child.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        child.kill('SIGTERM');
      });
    }));

  let pingId = 0;
  /** One liveness round: count the last question a process left unanswered, kill one that missed too many. */
  const pollLiveness = (l: LivenessOptions) => {
    for (const s of slots) {
      const child = s.child;
      if (stopping || !child || !s.ready || child.exitCode !== null || child.signalCode !== null || !child.connected) continue;
      if (s.pendingPing !== 0) s.missedPings++;
      if (s.missedPings >= l.failures) {
        log.error({ child: s.part.name, worker: s.worker, childPid: child.pid, missed: s.missedPings, intervalMs: l.intervalMs }, 'part not answering; killed to restart it');
        s.pendingPing = 0;
        s.missedPings = 0;
        child.kill('SIGKILL');
        continue;
      }
      s.pendingPing = ++pingId;
      child.send({ type: 'live-ping', id: s.pendingPing } satisfies LivePing, () => {});
    }
  };
  const livenessTimer = opts.liveness && opts.liveness.intervalMs > 0 ? setInterval(pollLiveness, opts.liveness.intervalMs, opts.liveness) : null;
  livenessTimer?.unref();

  return {
    async start() {
      for (const part of opts.parts) {
        if (stopping) return;
        await Promise.all(slots.filter((s) => s.part === part).map(startSlot));
      }
    },
    stop(signal = 'SIGTERM') {
      return (stopping ??= (async () => {
        const started = Date.now();
        if (livenessTimer) clearInterval(livenessTimer);
        log.info({ signal }, 'stopping the shop: the storefront and back office first, then the services, commerce last');
        for (const step of [0, 1, 2]) await stopSlots(slots.filter((s) => stopStep(s.part.name) === step));
        log.info({ durationMs: Date.now() - started }, 'shop stopped');
      })());
    },
    pids() {
      const out: Record<string, number[]> = {};
      for (const s of slots) if (s.child?.pid) (out[s.part.name] ??= []).push(s.child.pid);
      return out;
    },
  };
}

/** Node's listen({ reusePort }) works here (Linux 3.9+, FreeBSD 12+); other platforms refuse it. */
const reusePortPlatforms = new Set<string>(['linux', 'freebsd']);

/** The shop's parts from the configuration: embedded services only where no URL is configured. */
export function shopParts(config: Config): PartSpec[] {
  // built (dist/supervisor.js): the parts' bundles beside it; from sources (tsx src/supervisor.ts): the sources
  const fromSource = import.meta.url.endsWith('.ts');
  const file = (built: string, source: string) => fileURLToPath(new URL(fromSource ? source : built, import.meta.url));
  const execArgv = fromSource ? ['--import', 'tsx'] : [];
  // one per core where the kernel spreads a shared port's connections (SO_REUSEPORT); elsewhere one
  const storefrontWorkers = config.STOREFRONT_WORKERS || (reusePortPlatforms.has(process.platform) ? availableParallelism() : 1);
  // PGlite (files or memory) has one owner: commerce stays one process; a PostgreSQL server takes several
  const commerceWorkers = /^postgres(ql)?:\/\//.test(config.DATABASE_URL) ? config.COMMERCE_WORKERS : 1;
  const parts: (PartSpec | false)[] = [
    !config.CMS_API_URL && { name: 'content', file: file('./content.js', './content/main.ts'), execArgv },
    !config.COMMERCE_API_URL && { name: 'commerce', file: file('./commerce.js', './commerce/main.ts'), execArgv, count: commerceWorkers },
    // with an election (issue 27) every machine runs a candidate; its storefronts use PRICE_SERVICE_URL's list
    (!config.PRICE_SERVICE_URL || config.PRICE_SERVICE_ELECTION === 'on') && { name: 'prices', file: file('./prices.js', './pricing/main.ts'), execArgv },
    !config.BACKOFFICE_URL && { name: 'backoffice', file: file('./backoffice.js', './backoffice/main.ts'), execArgv },
    { name: 'storefront', file: file('./storefront.js', './storefront/main.ts'), execArgv, count: storefrontWorkers, env: { STOREFRONT_WORKERS: String(storefrontWorkers) } },
  ];
  return parts.filter((p): p is PartSpec => p !== false);
}

/**
 * The parts' environment: the given one, with the parts' shared secret (x-client-ip, src/lib/service-secret.ts)
 * generated for this start when none is configured and commerce is one of the parts. It lives in the
 * children's environment only and is never logged.
 */
export function partsEnv(config: Config, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const withSecret = withServiceSecret(config);
  return withSecret === config ? env : { ...env, SERVICE_SECRET: withSecret.SERVICE_SECRET };
}

/** Runs a supervisor in this process until SIGTERM/SIGINT. */
export async function runSupervisor(parts: (config: Config) => PartSpec[] = shopParts, options: Partial<SupervisorOptions> = {}): Promise<void> {
  // first of all: an older Node.js would start parts that fail without saying why (src/lib/node-version.ts)
  const tooOld = nodeVersionProblem();
  if (tooOld) {
    const log = processLogger('supervisor');
    log.fatal({ node: process.versions.node }, tooOld);
    log.flush();
    process.exit(1);
  }
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    const log = processLogger('supervisor');
    log.fatal({ variable: (err as ConfigError).variable }, `Configuration error: ${(err as Error).message}`);
    log.flush();
    process.exit(1);
  }
  const log = options.log ?? processLogger('supervisor', config.LOG_LEVEL);
  process.on('uncaughtException', (err) => {
    log.fatal({ err }, 'supervisor failed; stopping the shop');
    void supervisor.stop('uncaughtException').finally(() => process.exit(1));
  });
  const liveness = { intervalMs: config.SUPERVISOR_LIVENESS_INTERVAL_MS, failures: config.SUPERVISOR_LIVENESS_FAILURES };
  const supervisor = createSupervisor({ liveness, ...options, env: partsEnv(config, options.env ?? process.env), parts: parts(config), log });
  let stopped = false;
  const onSignal = (signal: NodeJS.Signals) => {
    stopped = true;
    void supervisor.stop(signal).then(() => {
      log.flush();
      process.exit(0);
    });
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  // `npm start` runs `exec node dist/supervisor.js`, so npm's SIGTERM reaches this process. Should the
  // parent that started it die without passing a signal on (a shell between them), the shop stops too
  // rather than running on orphaned. (As PID 1 in a container the parent never changes.)
  const parent = process.ppid;
  const orphaned = setInterval(() => {
    if (process.ppid !== parent) onSignal('SIGTERM');
  }, 1_000);
  orphaned.unref();
  const started = Date.now();
  await supervisor.start();
  if (stopped) return;
  log.info({ pids: supervisor.pids(), startMs: Date.now() - started, port: config.PORT }, 'shop ready');
}

if (isEntry(import.meta.url)) {
  void runSupervisor().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
