// The storefront's workers as one (issue 16): each storefront process keeps exactly one upstream price
// connection (its price hub), and readiness means every worker that takes connections holds a price set
// (issue 27: a worker that restarts takes none until it has prices, SHOP_WAIT_FOR_PRICES, so while the others
// serve, the instance stays ready; at the first start every expected worker must have reported prices). Under the
// supervisor (src/supervisor.ts) each worker reports its state over IPC; the supervisor sends every worker
// the whole table, so any worker's /health answers for all of them. Run in-process (startShop, tests),
// the fleet is this process alone.
import type { PriceHub } from './price-hub/hub.ts';

export interface WorkerState {
  worker: number;
  pid: number;
  /** its one upstream price connection is open */
  upstreamConnected: boolean;
  /** it holds a price set (pages get their Offer, /api/prices answers) */
  hasPrices: boolean;
  lastRecalculatedAt: string | null;
  /** its server is listening: the kernel hands it connections (a restarted worker waits for prices first) */
  accepting: boolean;
}

export interface FleetSummary {
  /** storefront processes there should be (STOREFRONT_WORKERS) */
  expected: number;
  /** of those, reporting a price set */
  ready: number;
  /** open upstream price connections over all workers (one per worker at most) */
  upstreamConnections: number;
  workers: WorkerState[];
}

export interface Fleet {
  summary(): FleetSummary;
  /** every worker that takes connections holds a price set (at the first start: every expected one) */
  ready(): boolean;
  /** report this worker's state now (its server started listening) */
  refresh(): void;
  close(): void;
}

/** Messages between a storefront worker and the supervisor. */
export type FleetMessage =
  | { type: 'storefront-state'; state: WorkerState }
  | { type: 'storefront-fleet'; expected: number; workers: WorkerState[] };

/** A purge (routes/purge.ts) one worker received, for the instance's other workers (issue 27). */
export interface PurgeMessage {
  type: 'storefront-purge';
  keys: string[];
}

export function isPurgeMessage(m: unknown): m is PurgeMessage {
  return !!m && typeof m === 'object' && (m as PurgeMessage).type === 'storefront-purge' && Array.isArray((m as PurgeMessage).keys);
}

export function isFleetMessage(m: unknown): m is FleetMessage {
  return !!m && typeof m === 'object' && ((m as FleetMessage).type === 'storefront-state' || (m as FleetMessage).type === 'storefront-fleet');
}

export function workerState(hub: PriceHub, worker: number, accepting: boolean): WorkerState {
  const h = hub.health();
  return { worker, pid: process.pid, upstreamConnected: h.upstream.state === 'open', hasPrices: h.lastRecalculatedAt !== null, lastRecalculatedAt: h.lastRecalculatedAt, accepting };
}

export function summarise(expected: number, workers: WorkerState[]): FleetSummary {
  return {
    expected,
    ready: workers.filter((w) => w.hasPrices).length,
    upstreamConnections: workers.filter((w) => w.upstreamConnected).length,
    workers,
  };
}

/**
 * Ready: every worker that takes connections holds prices (a visitor may land on any of them), and at least
 * one does. Before the fleet was first ready, every expected worker must also have reported (at the first
 * start they all listen at once, before their prices); after that, a worker that is gone or restarting takes
 * no connections and does not make the instance unready (issue 27: one worker's restart made /health 503 for
 * 37 s while the other served 1,026 of 1,027 requests).
 */
export function fleetReady(s: FleetSummary, wasReady: boolean): boolean {
  const accepting = s.workers.filter((w) => w.accepting);
  if (accepting.length === 0 || !accepting.every((w) => w.hasPrices)) return false;
  return wasReady || (s.workers.length >= s.expected && s.ready >= s.expected);
}

/** Remembers whether the fleet was ever ready (fleetReady's first-start rule). */
function readiness(summary: () => FleetSummary): () => boolean {
  let wasReady = false;
  return () => {
    const ready = fleetReady(summary(), wasReady);
    if (ready) wasReady = true;
    return ready;
  };
}

/** This process alone (run in-process: startShop, tests); accepting: its server listens. */
export function localFleet(hub: PriceHub, accepting: () => boolean = () => true): Fleet {
  const summary = () => summarise(1, [workerState(hub, 0, accepting())]);
  return { summary, ready: readiness(summary), refresh() {}, close() {} };
}

export interface IpcFleetOptions {
  hub: PriceHub;
  worker: number;
  send(message: FleetMessage): void;
  /** subscribes to messages from the supervisor; returns the unsubscribe */
  subscribe(listener: (message: unknown) => void): () => void;
  /** how often the hub's state is looked at (a change is reported at once); default 200 ms */
  pollMs?: number;
  /** whether this worker's server listens (default: yes) */
  accepting?: () => boolean;
}

/** A worker under the supervisor: reports its own state when it changes (and every 5 s), keeps the table
 * the supervisor sends. Its own entry is always its current state, whatever the table says. */
export function ipcFleet(opts: IpcFleetOptions): Fleet {
  let expected = 1;
  let others: WorkerState[] = [];
  let last = '';
  let lastSentAt = 0;
  const report = () => {
    const state = workerState(opts.hub, opts.worker, opts.accepting?.() ?? true);
    const key = JSON.stringify(state);
    if (key === last && Date.now() - lastSentAt < 5_000) return;
    last = key;
    lastSentAt = Date.now();
    try {
      opts.send({ type: 'storefront-state', state });
    } catch {
      /* the supervisor is gone; this process is about to be stopped */
    }
  };
  const timer = setInterval(report, opts.pollMs ?? 200);
  timer.unref();
  const unsubscribe = opts.subscribe((m) => {
    if (!isFleetMessage(m) || m.type !== 'storefront-fleet') return;
    expected = m.expected;
    others = m.workers.filter((w) => w.worker !== opts.worker);
  });
  report();
  const summary = () => summarise(expected, [...others, workerState(opts.hub, opts.worker, opts.accepting?.() ?? true)].sort((a, b) => a.worker - b.worker));
  return {
    summary,
    ready: readiness(summary),
    refresh: report,
    close() {
      clearInterval(timer);
      unsubscribe();
    },
  };
}
