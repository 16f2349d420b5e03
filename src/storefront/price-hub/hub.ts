// The price hub (spec 4 and 7): one upstream WebSocket to the price service per storefront process, a
// cache of every store's prices, and the fan-out to the browsers' sockets.
// On RecalculationProcessStarted the browsers hear it at once. On RecalculationProcessFinished the hub
// fetches the metal prices once and every product's prices once per store country and currency, hands
// them to piscina workers that build each store's payloads once (the WebSocket message, the HTTP bodies
// with brotli and gzip copies, a JSON fragment per sku), and then sends every browser socket of a store
// the same pre-serialised message. Nothing is serialised per socket.
// Browsers never reach the price service: /api/prices/* answers from this cache (routes/prices.ts).
import type { IncomingMessage, Server } from 'node:http';
import { Agent, request } from 'undici';
import { Piscina } from 'piscina';
import type { FastifyBaseLogger } from 'fastify';
import type { CurrencyCode, MetalName, PriceSocketMessage, SnapshotRange, SnapshotsResponse } from '../../contracts/prices.ts';
import { stores, storeKeys, type StoreKey } from '../../stores.ts';
import type { EncodedBody, PayloadTask, StorePayload } from '../../../workers/price-payload.ts';
import type { DownsampleTask } from '../../../workers/downsample.ts';
import { AppError } from '../../lib/service.ts';
import { createBrowserSockets, type Admission, type BroadcastResult } from './browser-sockets.ts';
import { createUpstream, type UpstreamStatus } from './upstream.ts';
import { priceHubErrorCodes, priceSocketPath, priceTiming, type StoreSnapshotsResponse } from './contract.ts';

/** `${country}:${currency}`: prices differ by country (VAT) and currency, not by store otherwise. */
export type PayloadKey = `${string}:${CurrencyCode}`;

export type HubPhase = 'starting' | 'recalculating' | 'ready' | 'stale';

export interface PriceHubOptions {
  /** base URL of the price service (HTTP); its socket is /ws on the same host */
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
}

export interface SnapshotQuery {
  metal: MetalName;
  currency: CurrencyCode;
  range: SnapshotRange;
  /** chart width in CSS pixels: series longer than this are down-sampled to it */
  width: number;
}

export interface CachedBody {
  body: Buffer;
  etag: string;
}

export interface ReadyPayload extends Omit<StorePayload, 'metals' | 'products'> {
  metals: BufferBody;
  products: BufferBody;
  /** sku -> index into fragments */
  index: Map<string, number>;
}

export interface BufferBody {
  json: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

export interface PriceHubHealth {
  phase: HubPhase;
  upstream: UpstreamStatus;
  lastRecalculatedAt: string | null;
  validUntil: string | null;
  lastRefresh: { at: string; durationMs: number; ok: boolean; error: string | null } | null;
  lastBroadcast: ({ at: string } & BroadcastResult) | null;
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

/** Every country and currency a store shows: its own currency and USD. */
export function payloadKeys(): { key: PayloadKey; country: string; currency: CurrencyCode }[] {
  const seen = new Map<string, { key: PayloadKey; country: string; currency: CurrencyCode }>();
  for (const k of storeKeys) {
    const s = stores[k];
    for (const currency of new Set<CurrencyCode>([s.currency, 'USD'])) {
      const key = `${s.country}:${currency}` as PayloadKey;
      seen.set(key, { key, country: s.country, currency });
    }
  }
  return [...seen.values()];
}

const payloadWorker = new URL('../../../workers/price-payload.ts', import.meta.url).href;
const downsampleWorker = new URL('../../../workers/downsample.ts', import.meta.url).href;

/** Decision: refetching after Finished is retried this often, this far apart, before browsers are
 * told the prices are stale (the cache keeps the last good prices meanwhile). */
const REFRESH_ATTEMPTS = 3;
const REFRESH_RETRY_MS = 1_000;
/** Browsers told "refreshing" this long ago get the newest prices the hub has, recalculation or not. */
const STARVATION_MS = 10_000;

function toBuffer(u: Uint8Array): Buffer {
  return Buffer.from(u.buffer, u.byteOffset, u.byteLength);
}

function bufferBody(e: EncodedBody): BufferBody {
  return { json: toBuffer(e.json), br: toBuffer(e.br), gzip: toBuffer(e.gzip), etag: e.etag };
}

export function createPriceHub(opts: PriceHubOptions): PriceHub {
  const base = opts.pricesUrl.replace(/\/$/, '');
  const wsUrl = `${base.replace(/^http/, 'ws')}/ws`;
  const fetchTimeoutMs = opts.fetchTimeoutMs ?? 5_000;
  const snapshotTtlMs = opts.snapshotTtlMs ?? 60_000;
  const log = opts.log;
  const keys = payloadKeys();
  const dispatcher = new Agent({ keepAliveTimeout: 60_000, connections: 16 });
  // Threads start with the hub (start()), not with the app object: an app that is built and never
  // started must not hold worker threads.
  let pool: Piscina | null = null;
  // A fixed number of threads: a recalculation every 180 s would otherwise find them retired by the idle
  // timeout and pay their start-up (hundreds of ms under tsx) right when browsers wait for prices.
  const threads = opts.threads ?? 2;
  // execArgv []: the worker modules are plain .ts that Node 24 strips natively; inheriting the parent's
  // `--import tsx` made every thread load and run the tsx compiler first (seconds on a cold cache).
  const workers = () => (pool ??= new Piscina({ filename: payloadWorker, minThreads: threads, maxThreads: threads, execArgv: [] }));

  let payloads = new Map<PayloadKey, ReadyPayload>();
  let recalculating = false;
  let stale = false;
  let nextRecalculationAt: string | null = null;
  let refreshing: Promise<void> | null = null;
  let refreshAgain = false;
  let lastRefresh: PriceHubHealth['lastRefresh'] = null;
  let lastBroadcast: PriceHubHealth['lastBroadcast'] = null;
  let closed = false;
  let generation = 0;
  let startedAt = 0;
  const snapshotCache = new Map<string, { value: CachedBody; expires: number; generation: number }>();
  const snapshotInFlight = new Map<string, Promise<CachedBody>>();

  const startedFrame = Buffer.from(JSON.stringify({ type: 'RecalculationProcessStarted' }));

  function lastRecalculatedAt(): string | null {
    const first = payloads.values().next();
    return first.done ? null : first.value.lastRecalculatedAt;
  }

  function finishedFrame(p: ReadyPayload, now = Date.now()): Buffer {
    return Buffer.from(`${p.finishedPrefix},"serverTimestamp":"${new Date(now).toISOString()}"}`);
  }

  function staleFrame(): Buffer {
    return Buffer.from(JSON.stringify({ type: 'PricesStale', lastRecalculatedAt: lastRecalculatedAt(), serverTimestamp: new Date().toISOString() }));
  }

  function record(r: BroadcastResult) {
    lastBroadcast = { at: new Date().toISOString(), ...r };
  }

  function announceStale(reason: string) {
    if (stale || closed) return;
    stale = true;
    log.warn({ reason }, 'prices marked stale for browsers');
    sockets.broadcast([{ key: null, data: staleFrame() }], { label: 'PricesStale', supersedable: true, onDone: record });
  }

  function broadcastFinished() {
    stale = false;
    const now = Date.now();
    const messages = [...payloads].map(([key, p]) => ({ key, data: finishedFrame(p, now) }));
    sockets.broadcast(messages, { label: 'RecalculationProcessFinished', supersedable: false, onDone: record });
  }

  async function fetchText(path: string): Promise<string> {
    const res = await request(`${base}${path}`, {
      dispatcher,
      headers: { accept: 'application/json' },
      headersTimeout: fetchTimeoutMs,
      bodyTimeout: fetchTimeoutMs,
    });
    if (res.statusCode !== 200) {
      await res.body.dump();
      throw new Error(`GET ${path.split('?')[0]} answered HTTP ${res.statusCode}`);
    }
    return res.body.text();
  }

  async function fetchAndBuild(): Promise<Map<PayloadKey, ReadyPayload>> {
    const [metalsText, ...productTexts] = await Promise.all([
      fetchText('/api/prices/metals'),
      ...keys.map((k) => fetchText(`/api/prices/products?country=${k.country}&currency=${k.currency}`)),
    ]);
    const built = await Promise.all(
      keys.map((k, i) => {
        const task: PayloadTask = {
          key: k.key,
          currency: k.currency,
          metalsText,
          productsText: productTexts[i],
          nextRecalculationAt: nextRecalculationAt ?? new Date(Date.now() + priceTiming.validityMs).toISOString(),
          validityMs: priceTiming.validityMs,
        };
        return workers().run(task) as Promise<StorePayload>;
      }),
    );
    const stamps = new Set(built.map((p) => p.lastRecalculatedAt));
    if (stamps.size !== 1) throw new Error('the price lists come from different recalculations');
    const next = new Map<PayloadKey, ReadyPayload>();
    for (const p of built) {
      const index = new Map<string, number>();
      p.skus.forEach((sku, i) => index.set(sku, i));
      next.set(p.key as PayloadKey, { ...p, metals: bufferBody(p.metals), products: bufferBody(p.products), index });
    }
    return next;
  }

  async function refresh(): Promise<void> {
    const started = performance.now();
    let error: string | null = null;
    for (let attempt = 1; attempt <= REFRESH_ATTEMPTS && !closed; attempt++) {
      try {
        const next = await fetchAndBuild();
        if (closed) return;
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
    lastRefresh = { at: new Date().toISOString(), durationMs, ok: error === null, error };
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

  function onUpstreamMessage(message: PriceSocketMessage) {
    if (message.type === 'RecalculationProcessStarted') {
      if (recalculating) return;
      recalculating = true;
      startedAt = Date.now();
      sockets.broadcast([{ key: null, data: startedFrame }], { label: 'RecalculationProcessStarted', supersedable: true, onDone: record });
      return;
    }
    recalculating = false;
    nextRecalculationAt = message.nextRecalculationAt;
    // The new prices follow within milliseconds: browsers still waiting for the Started get them instead,
    // and the writes they would have cost go to fetching the prices.
    sockets.supersede();
    // A reconnect announces the recalculation the hub already holds: no refetch, but the browsers told
    // "stale" or "refreshing" meanwhile hear that the prices they have are good.
    if (message.lastRecalculatedAt === lastRecalculatedAt() && !refreshing) {
      broadcastFinished();
      return;
    }
    scheduleRefresh();
  }

  const upstream = createUpstream({
    url: wsUrl,
    reconnectDelayMs: opts.reconnectDelayMs ?? priceTiming.reconnectMs,
    silenceTimeoutMs: opts.upstreamSilenceMs,
    log,
    onMessage: onUpstreamMessage,
    onConnection(open) {
      if (!open) {
        // A recalculation the hub heard start may never be announced as finished by this connection.
        recalculating = false;
        announceStale('upstream_lost');
      }
    },
  });

  function keyFor(store: StoreKey, currency?: string): PayloadKey | null {
    const s = stores[store];
    const c = currency === undefined || currency === '' ? s.currency : currency;
    if (c !== s.currency && c !== 'USD') return null;
    return `${s.country}:${c}` as PayloadKey;
  }

  function originAllowed(origin: string | undefined): boolean {
    if (!origin) return false;
    try {
      return opts.originHosts.has(new URL(origin).hostname.toLowerCase());
    } catch {
      return false;
    }
  }

  function admit(req: IncomingMessage): Admission<PayloadKey> {
    if (!originAllowed(req.headers.origin)) {
      return { ok: false, statusCode: 403, code: 'origin_not_allowed', message: 'Live prices are served to the shop\'s own pages only.' };
    }
    const currency = new URL(req.url ?? '/', 'http://x').searchParams.get('currency') ?? undefined;
    const store = opts.storeOf(req.headers.host);
    const key = keyFor(store, currency);
    if (!key) {
      return { ok: false, statusCode: 400, code: priceHubErrorCodes.invalidQuery, message: `currency must be ${stores[store].currency} or USD.` };
    }
    return { ok: true, key };
  }

  function greeting(key: PayloadKey): Buffer | null {
    if (recalculating) return startedFrame;
    const p = payloads.get(key);
    if (stale) return staleFrame();
    return p ? finishedFrame(p) : null;
  }

  const sockets = createBrowserSockets<PayloadKey>({
    path: priceSocketPath,
    admit,
    greeting,
    maxSockets: opts.maxSockets ?? 15_000,
    heartbeatMs: opts.heartbeatMs,
    maxBufferedBytes: opts.maxBufferedBytes,
    log,
  });

  async function loadSnapshots(q: SnapshotQuery, target: number): Promise<CachedBody> {
    const qs = `metal=${q.metal}&currency=${q.currency}&range=${q.range}&type=ask`;
    let text: string;
    try {
      text = await fetchText(`/prices/metals/snapshots?${qs}`);
    } catch (err) {
      log.warn({ reason: (err as Error).message }, 'chart series fetch failed');
      throw new AppError(503, priceHubErrorCodes.unavailable, 'The price chart is not available right now; please try again shortly.');
    }
    const upstreamBody = JSON.parse(text) as SnapshotsResponse;
    let points = upstreamBody.points;
    let downsampled = false;
    if (points.length > target) {
      points = (await workers().run({ points, target } satisfies DownsampleTask, { filename: downsampleWorker })) as typeof points;
      downsampled = true;
    }
    const body: StoreSnapshotsResponse = { metal: q.metal, currency: q.currency, range: q.range, points, downsampled };
    const json = Buffer.from(JSON.stringify(body));
    return { body: json, etag: `"${generation.toString(36)}-${q.metal}-${q.currency}-${q.range}-${target}"` };
  }

  return {
    start(server) {
      // Threads load the task modules now, not when the first prices are waiting for them.
      void workers().run({ points: [], target: 3 } satisfies DownsampleTask, { filename: downsampleWorker }).catch(() => {});
      void workers().run(null).catch(() => {});
      sockets.attach(server);
      upstream.start();
    },
    keyFor,
    payload: (key) => payloads.get(key) ?? null,
    phase() {
      if (recalculating) return 'recalculating';
      if (stale) return 'stale';
      return payloads.size > 0 ? 'ready' : 'starting';
    },
    async snapshots(q) {
      // widths are bucketed to 100 px so that the cache holds a handful of entries per series
      const target = Math.max(100, Math.min(2000, Math.round(q.width / 100) * 100));
      const cacheKey = `${q.metal}:${q.currency}:${q.range}:${target}`;
      const hit = snapshotCache.get(cacheKey);
      if (hit && hit.expires > Date.now() && hit.generation === generation) return hit.value;
      let pending = snapshotInFlight.get(cacheKey);
      if (!pending) {
        const gen = generation;
        pending = loadSnapshots(q, target)
          .then((value) => {
            snapshotCache.set(cacheKey, { value, expires: Date.now() + snapshotTtlMs, generation: gen });
            return value;
          })
          .finally(() => snapshotInFlight.delete(cacheKey));
        snapshotInFlight.set(cacheKey, pending);
      }
      return pending;
    },
    health() {
      const first = payloads.values().next();
      return {
        phase: this.phase(),
        upstream: upstream.status(),
        lastRecalculatedAt: first.done ? null : first.value.lastRecalculatedAt,
        validUntil: first.done ? null : first.value.validUntil,
        lastRefresh,
        lastBroadcast,
        sockets: sockets.count(),
        socketsByKey: sockets.countByKey(),
      };
    },
    async close() {
      closed = true;
      upstream.close();
      await sockets.close();
      await refreshing?.catch(() => {});
      await pool?.destroy();
      await dispatcher.close();
    },
  };
}
