// The price hub (spec 4 and 7): one upstream WebSocket to the price service per storefront process, a
// cache of every store's prices, and the fan-out to the browsers' sockets.
// On RecalculationProcessStarted the browsers hear it once the recalculation has run for
// priceTiming.startedGraceMs (a quicker one reaches them as its Finished alone). The price service then
// pushes the new prices (RecalculationPricesPrepared, src/contracts/price-upstream.ts) while commerce
// stores them: workers build each store's payloads at once (payloads.ts) and the hub holds them back.
// On RecalculationProcessFinished (commerce confirmed) they become current and every browser socket of a
// store gets the same pre-serialised message (frames.ts, browser-sockets.ts). A Finished whose prices the
// hub did not get pushed (it connected meanwhile) makes it fetch them over HTTP as before.
// Nothing is serialised per socket. Browsers never reach the price service: /api/prices/* answers from
// this cache (routes/prices.ts). This file holds the hub's state (starting, recalculating, ready,
// stale) and wires the parts: upstream.ts (the socket), upstream-http.ts, workers.ts, payloads.ts,
// snapshots.ts, admission.ts, frames.ts, browser-sockets.ts.
import type { Server } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { priceSocketPath, priceTiming } from '../../contracts/price-stream-constants.ts';
import type { StoreKey } from '../../stores.ts';
import { createAdmission } from './admission.ts';
import { createBrowserSockets, type BroadcastResult } from './browser-sockets.ts';
import { finishedFrame, staleFrame, startedFrame } from './frames.ts';
import { fetchPayloads, keyFor, payloadKeys, preparePayloads, withNextRecalculationAt, type PayloadKey, type ReadyPayload } from './payloads.ts';
import { createSnapshotCache, type CachedBody, type SnapshotQuery } from './snapshots.ts';
import { createUpstream, type UpstreamMessage, type UpstreamStatus } from './upstream.ts';
import { createPricesHttp } from './upstream-http.ts';
import { createHubWorkers } from './workers.ts';

export { keyFor, payloadKeys, type BufferBody, type PayloadKey, type ReadyPayload } from './payloads.ts';
export type { CachedBody, SnapshotQuery } from './snapshots.ts';

export type HubPhase = 'starting' | 'recalculating' | 'ready' | 'stale';

export interface PriceHubOptions {
  /** base URL of the price service (HTTP); its socket is /ws on the same host. Several separated by commas:
   * active and standby instances (upstream.ts tries them in turn; HTTP goes to the socket's one) */
  pricesUrl: string;
  /** store of a Host header (src/storefront/plugins/store.ts) */
  storeOf(host: string | undefined): StoreKey;
  /** Origin check of browser sockets: host names (no port) pages of the shop are served from */
  originHosts: Set<string>;
  log: FastifyBaseLogger;
  /** spec 7: 10 s; tests shorten it */
  reconnectDelayMs?: number;
  /** upstream silence after which the connection counts as dead; default 70 s */
  upstreamSilenceMs?: number;
  /** PRICE_SOCKETS_MAX */
  maxSockets?: number;
  /** browser heartbeat; default 30 s */
  heartbeatMs?: number;
  maxBufferedBytes?: number;
  /** worker threads for payloads and chart series; default 2 */
  threads?: number;
  /** upstream HTTP timeout; default 5 s */
  fetchTimeoutMs?: number;
  /** chart series stay this long (and at most until the next recalculation); default 60 s */
  snapshotTtlMs?: number;
  /** browsers hear Started only when the recalculation runs longer than this; default priceTiming.startedGraceMs */
  startedGraceMs?: number;
}

export interface PriceHubHealth {
  phase: HubPhase;
  upstream: UpstreamStatus;
  lastRecalculatedAt: string | null;
  validUntil: string | null;
  /** the last prices made current: pushed (built from RecalculationPricesPrepared) or fetched over HTTP */
  lastRefresh: { at: string; durationMs: number; ok: boolean; error: string | null; source: 'pushed' | 'fetched' } | null;
  lastBroadcast: ({ at: string } & BroadcastResult) | null;
  /** issue 27: the last fan-out of new prices, from their Finished received to the last socket written */
  lastFanOut: { at: string; durationMs: number; sent: number } | null;
  /** pushed prices held back until commerce confirms them (their Finished); built: their frames are ready */
  prepared: { lastRecalculatedAt: string; built: boolean } | null;
  sockets: number;
  socketsByKey: Record<string, number>;
}

export interface PriceHub {
  /** starts the upstream connection and takes browser sockets on the server's upgrade event */
  start(server: Server): void;
  /** the payload key for a store and an optional currency (its own or USD; spec 1: a user can switch
   * to USD); null for any other currency */
  keyFor(store: StoreKey, currency?: string): PayloadKey | null;
  payload(key: PayloadKey): ReadyPayload | null;
  phase(): HubPhase;
  snapshots(q: SnapshotQuery): Promise<CachedBody>;
  health(): PriceHubHealth;
  close(): Promise<void>;
}

/** Decision: refetching after Finished is retried this often, this far apart, before browsers are
 * told the prices are stale (the cache keeps the last good prices meanwhile). */
const REFRESH_ATTEMPTS = 3;
const REFRESH_RETRY_MS = 1_000;
/** Browsers told "refreshing" this long ago get the newest prices the hub has, recalculation or not. */
const STARVATION_MS = 10_000;

export function createPriceHub(opts: PriceHubOptions): PriceHub {
  const log = opts.log;
  const keys = payloadKeys();
  const priceBases = opts.pricesUrl.split(',').map((u) => u.trim().replace(/\/$/, ''));
  // HTTP follows the socket: the instance that announced the prices is the one asked for them
  const http = createPricesHttp({ baseUrl: () => priceBases[wsUrls.indexOf(upstream.currentUrl())] ?? priceBases[0], timeoutMs: opts.fetchTimeoutMs ?? 5_000 });
  const wsUrls = priceBases.map((b) => `${b.replace(/^http/, 'ws')}/ws`);
  const workers = createHubWorkers(opts.threads ?? 2);

  let payloads = new Map<PayloadKey, ReadyPayload>();
  let recalculating = false;
  let stale = false;
  let nextRecalculationAt: string | null = null;
  let refreshing: Promise<void> | null = null;
  let refreshAgain = false;
  let lastRefresh: PriceHubHealth['lastRefresh'] = null;
  let lastBroadcast: PriceHubHealth['lastBroadcast'] = null;
  let lastFanOut: PriceHubHealth['lastFanOut'] = null;
  /** when the last RecalculationProcessFinished came (performance.now()); null once its fan-out is recorded */
  let finishedReceivedAt: number | null = null;
  let closed = false;
  let generation = 0;
  let startedAt = 0;
  /** the Started held back for startedGraceMs (null: none waiting); startedSent: browsers were told of the
   * recalculation under way */
  let startedTimer: ReturnType<typeof setTimeout> | null = null;
  let startedSent = false;
  const startedGraceMs = opts.startedGraceMs ?? priceTiming.startedGraceMs;
  /** payloads built from pushed prices, held back until the Finished with the same lastRecalculatedAt */
  let staged: { lastRecalculatedAt: string; since: number; built: boolean; build: Promise<Map<PayloadKey, ReadyPayload> | null> } | null = null;

  const snapshots = createSnapshotCache({ http, workers, ttlMs: opts.snapshotTtlMs ?? 60_000, generation: () => generation, log });

  function lastRecalculatedAt(): string | null {
    const first = payloads.values().next();
    return first.done ? null : first.value.lastRecalculatedAt;
  }

  function record(r: BroadcastResult) {
    lastBroadcast = { at: new Date().toISOString(), ...r };
    // Decision: a fan-out runs from the Finished (the set confirmed, it may be shown) to the last socket
    // written, whether its frames were built from pushed prices or fetched; the chain before it is the price
    // service's and commerce's.
    if (r.label === 'RecalculationProcessFinished' && finishedReceivedAt !== null) {
      lastFanOut = { at: lastBroadcast.at, durationMs: Math.round(performance.now() - finishedReceivedAt), sent: r.sent };
      finishedReceivedAt = null;
    }
  }

  function announceStale(reason: string) {
    if (stale || closed) return;
    stale = true;
    log.warn({ reason }, 'prices marked stale for browsers');
    sockets.broadcast([{ key: null, data: staleFrame(lastRecalculatedAt(), Date.now()) }], { label: 'PricesStale', supersedable: true, onDone: record });
  }

  function broadcastFinished() {
    stale = false;
    const now = Date.now();
    const messages = [...payloads].map(([key, p]) => ({ key, data: finishedFrame(p, now) }));
    sockets.broadcast(messages, { label: 'RecalculationProcessFinished', supersedable: false, onDone: record });
  }

  async function refresh(): Promise<void> {
    const started = performance.now();
    let error: string | null = null;
    for (let attempt = 1; attempt <= REFRESH_ATTEMPTS && !closed; attempt++) {
      try {
        const next = await fetchPayloads({ http, workers, keys, nextRecalculationAt });
        if (closed) return;
        // pushed prices made current meanwhile may be newer than these
        if (!newer(next)) return;
        payloads = next;
        generation++;
        error = null;
        break;
      } catch (err) {
        error = (err as Error).message;
        log.warn({ reason: error, attempt }, 'price refresh failed');
        if (attempt < REFRESH_ATTEMPTS) await new Promise((r) => setTimeout(r, REFRESH_RETRY_MS * attempt));
      }
    }
    if (closed) return;
    const durationMs = Math.round(performance.now() - started);
    lastRefresh = { at: new Date().toISOString(), durationMs, ok: error === null, error, source: 'fetched' };
    if (error !== null) {
      announceStale('refresh_failed');
      return;
    }
    log.info({ lastRecalculatedAt: lastRecalculatedAt(), durationMs }, 'prices cached for browsers');
    // A recalculation that started while these prices were fetched announces its own Finished. Unless
    // browsers have waited long already: refreshes slower than the recalculation interval (an overloaded
    // machine) must not keep them "refreshing" for ever; these prices are the latest good ones.
    if (!recalculating || Date.now() - startedAt > STARVATION_MS) broadcastFinished();
  }

  /** true when next holds later prices than the current ones */
  function newer(next: Map<PayloadKey, ReadyPayload>): boolean {
    const held = lastRecalculatedAt();
    const first = next.values().next();
    return !first.done && (held === null || Date.parse(first.value.lastRecalculatedAt) > Date.parse(held));
  }

  /** Pushed prices: the workers build the browsers' frames now, while commerce stores the set. Nothing is
   * shown before the Finished with the same lastRecalculatedAt. */
  function stage(message: Extract<UpstreamMessage, { type: 'RecalculationPricesPrepared' }>) {
    if (message.lastRecalculatedAt === lastRecalculatedAt() || message.lastRecalculatedAt === staged?.lastRecalculatedAt) return;
    const since = performance.now();
    const entry: NonNullable<typeof staged> = { lastRecalculatedAt: message.lastRecalculatedAt, since, built: false, build: Promise.resolve(null) };
    entry.build = preparePayloads(workers, keys, message).then((built) => {
      entry.built = true;
      return built;
    }, (err: unknown) => {
      log.warn({ reason: (err as Error).message, lastRecalculatedAt: message.lastRecalculatedAt }, 'pushed prices unusable; fetching them on Finished');
      return null;
    });
    staged = entry;
  }

  /** Finished for prices that were pushed: make them current as soon as they are built, then tell the
   * browsers. Falls back to fetching when the build failed. */
  async function finishStaged(s: NonNullable<typeof staged>, next: string | null) {
    const built = await s.build;
    if (closed) return;
    if (staged === s) staged = null;
    if (!built) {
      scheduleRefresh();
      return;
    }
    if (newer(built)) {
      payloads = next ? withNextRecalculationAt(built, next) : built;
      generation++;
      lastRefresh = { at: new Date().toISOString(), durationMs: Math.round(performance.now() - s.since), ok: true, error: null, source: 'pushed' };
      log.info({ lastRecalculatedAt: lastRecalculatedAt() }, 'pushed prices current for browsers');
    }
    if (!recalculating || Date.now() - startedAt > STARVATION_MS) broadcastFinished();
  }

  function scheduleRefresh() {
    if (refreshing) {
      refreshAgain = true;
      return;
    }
    refreshing = refresh().finally(() => {
      refreshing = null;
      if (refreshAgain && !closed) {
        refreshAgain = false;
        scheduleRefresh();
      }
    });
  }

  function onUpstreamMessage(message: UpstreamMessage) {
    if (message.type === 'RecalculationProcessStarted') {
      if (recalculating) return;
      recalculating = true;
      startedAt = Date.now();
      startedSent = false;
      startedTimer = setTimeout(() => {
        startedTimer = null;
        if (!recalculating || closed) return;
        startedSent = true;
        sockets.broadcast([{ key: null, data: startedFrame }], { label: 'RecalculationProcessStarted', supersedable: true, onDone: record });
      }, startedGraceMs);
      return;
    }
    if (message.type === 'RecalculationPricesPrepared') {
      stage(message);
      return;
    }
    recalculating = false;
    dropHeldStarted();
    finishedReceivedAt = performance.now();
    nextRecalculationAt = message.nextRecalculationAt;
    // The new prices follow within milliseconds: browsers still waiting for the Started get them instead,
    // and the writes they would have cost go to the new prices.
    sockets.supersede();
    // A reconnect (or a hand-over commerce refused) announces the recalculation the hub already holds: no
    // refetch, but the browsers told "stale" or "refreshing" meanwhile hear that the prices they have are good.
    if (message.lastRecalculatedAt === lastRecalculatedAt() && !refreshing) {
      if (payloads.size > 0) payloads = withNextRecalculationAt(payloads, message.nextRecalculationAt);
      broadcastFinished();
      return;
    }
    // commerce confirmed the pushed prices: they go out as soon as the workers have built them
    if (staged && staged.lastRecalculatedAt === message.lastRecalculatedAt) {
      void finishStaged(staged, message.nextRecalculationAt);
      return;
    }
    scheduleRefresh();
  }

  const upstream = createUpstream({
    url: wsUrls,
    reconnectDelayMs: opts.reconnectDelayMs ?? priceTiming.reconnectMs,
    silenceTimeoutMs: opts.upstreamSilenceMs,
    log,
    onMessage: onUpstreamMessage,
    onConnection(open) {
      if (!open) {
        // A recalculation the hub heard start may never be announced as finished by this connection; its
        // pushed prices were never confirmed: dropped (the greeting of the next connection has the confirmed ones).
        recalculating = false;
        dropHeldStarted();
        staged = null;
        announceStale('upstream_lost');
      }
    },
  });

  /** A Started held back is not sent: the recalculation ended (or its connection did) within the grace. */
  function dropHeldStarted() {
    if (startedTimer) clearTimeout(startedTimer);
    startedTimer = null;
  }

  /** What a new browser socket hears first: the current state (during a Started's grace, the prices the other
   * browsers still show). */
  function greeting(key: PayloadKey): Buffer | null {
    if (recalculating && startedSent) return startedFrame;
    if (stale) return staleFrame(lastRecalculatedAt(), Date.now());
    const p = payloads.get(key);
    return p ? finishedFrame(p, Date.now()) : null;
  }

  const sockets = createBrowserSockets<PayloadKey>({
    path: priceSocketPath,
    admit: createAdmission({ originHosts: opts.originHosts, storeOf: opts.storeOf }),
    greeting,
    maxSockets: opts.maxSockets ?? 15_000,
    heartbeatMs: opts.heartbeatMs,
    maxBufferedBytes: opts.maxBufferedBytes,
    log,
  });

  function phase(): HubPhase {
    if (recalculating) return 'recalculating';
    if (stale) return 'stale';
    return payloads.size > 0 ? 'ready' : 'starting';
  }

  return {
    start(server) {
      // Threads load the task modules now, not when the first prices are waiting for them.
      workers.warmUp();
      sockets.attach(server);
      upstream.start();
    },
    keyFor,
    payload: (key) => payloads.get(key) ?? null,
    phase,
    snapshots: (q) => snapshots.get(q),
    health() {
      const first = payloads.values().next();
      return {
        phase: phase(),
        upstream: upstream.status(),
        lastRecalculatedAt: first.done ? null : first.value.lastRecalculatedAt,
        validUntil: first.done ? null : first.value.validUntil,
        lastRefresh,
        lastBroadcast,
        lastFanOut,
        prepared: staged ? { lastRecalculatedAt: staged.lastRecalculatedAt, built: staged.built } : null,
        sockets: sockets.count(),
        socketsByKey: sockets.countByKey(),
      };
    },
    async close() {
      closed = true;
      dropHeldStarted();
      upstream.close();
      await sockets.close();
      await refreshing?.catch(() => {});
      await staged?.build;
      await workers.close();
      await http.close();
    },
  };
}
