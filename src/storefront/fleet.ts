// The storefront's workers as one (issue 16): each storefront process keeps exactly one upstream price
// connection (its price hub), and readiness means every one of them holds a price set. Under the
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
  /** every expected worker holds a price set */
  ready(): boolean;
  close(): void;
}

/** Messages between a storefront worker and the supervisor. */
export type FleetMessage =
  | { type: 'storefront-state'; state: WorkerState }
  | { type: 'storefront-fleet'; expected: number; workers: WorkerState[] };

export function isFleetMessage(m: unknown): m is FleetMessage {
  return !!m && typeof m === 'object' && ((m as FleetMessage).type === 'storefront-state' || (m as FleetMessage).type === 'storefront-fleet');
}

export function workerState(hub: PriceHub, worker: number): WorkerState {
  const h = hub.health();
  return { worker, pid: process.pid, upstreamConnected: h.upstream.state === 'open', hasPrices: h.lastRecalculatedAt !== null, lastRecalculatedAt: h.lastRecalculatedAt };
}

export function summarise(expected: number, workers: WorkerState[]): FleetSummary {
  return {
    expected,
    ready: workers.filter((w) => w.hasPrices).length,
    upstreamConnections: workers.filter((w) => w.upstreamConnected).length,
    workers,
  };
}

const isReady = (s: FleetSummary) => s.workers.length >= s.expected && s.ready >= s.expected;

/** This process alone. */
export function localFleet(hub: PriceHub): Fleet {
  const summary = () => summarise(1, [workerState(hub, 0)]);
  return { summary, ready: () => isReady(summary()), close() {} };
}

export interface IpcFleetOptions {
  hub: PriceHub;
  worker: number;
  send(message: FleetMessage): void;
  /** subscribes to messages from the supervisor; returns the unsubscribe */
  subscribe(listener: (message: unknown) => void): () => void;
  /** how often the hub's state is looked at (a change is reported at once); default 200 ms */
  pollMs?: number;
}

/** A worker under the supervisor: reports its own state when it changes (and every 5 s), keeps the table
 * the supervisor sends. Its own entry is always its current state, whatever the table says. */
export function ipcFleet(opts: IpcFleetOptions): Fleet {
  let expected = 1;
  let others: WorkerState[] = [];
  let last = '';
  let lastSentAt = 0;
  const report = () => {
    const state = workerState(opts.hub, opts.worker);
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
  const summary = () => summarise(expected, [...others, workerState(opts.hub, opts.worker)].sort((a, b) => a.worker - b.worker));
  return {
    summary,
    ready: () => isReady(summary()),
    close() {
      clearInterval(timer);
      unsubscribe();
    },
  };
}
