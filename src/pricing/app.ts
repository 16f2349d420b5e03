// The price service: spot prices from a feed, product prices recalculated every PRICE_RECALC_INTERVAL_S
// (spec 9: 180 s), chart history, and a WebSocket announcing each recalculation (spec 4 and 7).
// buildPricingApp never listens; main.ts runs it alone, src/main.ts embeds it on PORT+2.
import { createHash, timingSafeEqual } from 'node:crypto';
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { WebSocket } from 'ws';
import type { PricingAttributes } from '../contracts/pricing-attributes.ts';
import {
  maxSkusPerRequest, pricingErrorCodes, ProductPricesQuery, SnapshotsQuery,
  type MetalPricesResponse, type PriceSocketMessage, type PricingHealth, type ProductPricesQuery as ProductPricesQueryT,
  type ProductPricesResponse, type RecalculateResponse, type SnapshotsQuery as SnapshotsQueryT, type SnapshotsResponse,
} from '../contracts/prices.ts';
import { AppError, createService, isLoopback, type ErrorBody } from '../lib/service.ts';
import { createFeed } from './feed/index.ts';
import { DAY_MS, type Clock, type SpotFeed } from './feed/types.ts';
import { createSpotHistory, type SpotHistory } from './history.ts';
import { createRecalculator, type Recalculator } from './recalculation.ts';
import type { PriceBook } from './engine/price-book.ts';

export interface PricingAppOptions {
  /** the products to price, fetched at every recalculation (main.ts: product-source.ts over HTTP) */
  loadProducts: () => Promise<PricingAttributes[]>;
  /** a ready feed; default: PRICE_FEED's feed built from feedSource and seed */
  feed?: SpotFeed;
  /** 'simulated' or an http(s) URL (PRICE_FEED); default 'simulated' */
  feedSource?: string;
  /** PRICE_FEED_SEED; default 20261122 */
  seed?: number;
  /** default Date.now */
  clock?: Clock;
  /** PRICE_RECALC_INTERVAL_S; default 180 (spec 9) */
  recalcIntervalS?: number;
  /** ADMIN_TOKEN: when set, POST /admin/recalculate also accepts `Authorization: Bearer <token>` */
  adminToken?: string;
  logger?: FastifyServerOptions['logger'];
  logLevel?: string;
  /** WebSocket ping period; default 30 s */
  heartbeatMs?: number;
  /** start the recalculation cycle when the app is ready (default true); tests may drive it by hand */
  autoStart?: boolean;
  /** recalculation guard and retry (see recalculation.ts) */
  recalcTimeoutMs?: number;
  recalcRetryMs?: number;
}

export interface PricingControl {
  recalculator: Recalculator;
  history: SpotHistory;
  feed: SpotFeed;
  subscribers(): number;
}

export type PricingApp = FastifyInstance & { pricing: PricingControl };

// Clear messages per query field (the generic schema messages name anyOf branches, not the choices).
const fieldHelp: Record<string, string> = {
  country: 'country must be one of AT, CH, DE, LI, US',
  currency: 'currency must be one of EUR, CHF, USD',
  skus: `skus must be one comma-separated list of at most ${maxSkusPerRequest} skus`,
  metal: 'metal must be one of gold, silver, platinum, palladium',
  range: 'range must be one of 1w, 6m, 1y',
  type: 'type must be bid or ask',
};

function queryError(req: FastifyRequest): AppError {
  const first = (req.validationError as { validation?: { instancePath?: string; params?: { missingProperty?: string } }[] } | undefined)?.validation?.[0];
  const missing = first?.params?.missingProperty;
  const field = missing ?? first?.instancePath?.split('/')[1] ?? '';
  const help = fieldHelp[field];
  const message = missing ? `${missing} is required: ${help ?? 'see the API documentation'}.` : help ? `Invalid query: ${help}.` : 'Invalid query string.';
  return new AppError(400, pricingErrorCodes.invalidQuery, message);
}

/** Answered directly, not thrown: an expected state while the catalogue is not reachable yet, not a
 * failure worth an error line with a stack for every poll (the cycle logs the cause once per attempt). */
function notReady(reply: FastifyReply): FastifyReply {
  const body: ErrorBody = { statusCode: 503, code: pricingErrorCodes.notReady, message: 'Prices are being calculated for the first time; try again in a few seconds.' };
  return reply.status(503).header('retry-after', '5').header('cache-control', 'no-store').send(body);
}

function sha256(s: string): Buffer {
  return createHash('sha256').update(s).digest();
}

export async function buildPricingApp(opts: PricingAppOptions): Promise<PricingApp> {
  const clock = opts.clock ?? Date.now;
  const intervalMs = (opts.recalcIntervalS ?? 180) * 1000;
  const heartbeatMs = opts.heartbeatMs ?? 30_000;
  const adminTokenHash = opts.adminToken ? sha256(opts.adminToken) : null;
  const feed = opts.feed ?? createFeed(opts.feedSource ?? 'simulated', opts.seed ?? 20261122, clock);
  const history = createSpotHistory();

  const app = createService({ name: 'pricing', logger: opts.logger, logLevel: opts.logLevel }) as PricingApp;

  // ---------------------------------------------------------------- WebSocket subscribers
  const sockets = new Map<WebSocket, { alive: boolean }>();

  function send(socket: WebSocket, json: string): void {
    // A subscriber that cannot keep up with a few bytes every 180 s is gone: drop it, it reconnects.
    if (socket.bufferedAmount > 256 * 1024) {
      socket.terminate();
      return;
    }
    if (socket.readyState === socket.OPEN) socket.send(json);
  }

  function broadcast(message: PriceSocketMessage): void {
    const json = JSON.stringify(message);
    for (const socket of sockets.keys()) send(socket, json);
  }

  function finishedMessage(book: PriceBook, nextAt: number | null): PriceSocketMessage {
    return {
      type: 'RecalculationProcessFinished',
      lastRecalculatedAt: book.lastRecalculatedAt,
      nextRecalculationAt: new Date(nextAt ?? Date.parse(book.lastRecalculatedAt) + intervalMs).toISOString(),
    };
  }

  let nextRecalculationAt: number | null = null;
  const recalculator = createRecalculator({
    feed,
    history,
    loadProducts: opts.loadProducts,
    clock,
    intervalMs,
    log: app.log,
    timeoutMs: opts.recalcTimeoutMs,
    retryMs: opts.recalcRetryMs,
    onStarted: () => broadcast({ type: 'RecalculationProcessStarted' }),
    onFinished: (book, nextAt) => {
      nextRecalculationAt = nextAt;
      // Before the first good book there is nothing to refetch: subscribers wait for the next cycle.
      if (book) broadcast(finishedMessage(book, nextAt));
    },
  });

  app.decorate('pricing', { recalculator, history, feed, subscribers: () => sockets.size } satisfies PricingControl);

  await app.register(websocket, {
    options: { maxPayload: 4096 },
  });

  let heartbeat: NodeJS.Timeout | null = null;

  app.addHook('onReady', async () => {
    heartbeat = setInterval(() => {
      for (const [socket, state] of sockets) {
        if (!state.alive) {
          socket.terminate();
          continue;
        }
        state.alive = false;
        socket.ping();
      }
    }, heartbeatMs);
    heartbeat.unref();

    // A year of chart history before the first recalculation (the simulated feed computes it in well
    // under a second; an HTTP feed may have none).
    const now = clock();
    try {
      const points = await feed.history(now - 366 * DAY_MS, now);
      for (const q of points) history.record(q);
    } catch (err) {
      app.log.warn({ reason: (err as Error).message }, 'spot history backfill failed; charts fill from now on');
    }
    // The first cycle is awaited so that a ready service has prices; a failure is logged and retried.
    if (opts.autoStart !== false) await recalculator.start();
  });

  app.addHook('onClose', async () => {
    recalculator.stop();
    if (heartbeat) clearInterval(heartbeat);
    await feed.close?.();
  });

  // ---------------------------------------------------------------- routes

  app.get('/health', async (): Promise<PricingHealth> => {
    const book = recalculator.book();
    const stale = book !== null && clock() - Date.parse(book.lastRecalculatedAt) > 2 * intervalMs + 30_000;
    return {
      status: book === null ? 'starting' : recalculator.lastError() !== null || stale ? 'degraded' : 'ok',
      service: 'pricing',
      feed: feed.name,
      subscribers: sockets.size,
      recalculating: recalculator.recalculating(),
      lastRecalculatedAt: book?.lastRecalculatedAt ?? null,
      products: book?.productCount ?? 0,
      lastError: recalculator.lastError(),
    };
  });

  app.get('/ws', { websocket: true }, (socket) => {
    const state = { alive: true };
    sockets.set(socket, state);
    socket.on('pong', () => {
      state.alive = true;
    });
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => sockets.delete(socket));
    // Subscribers send nothing the service needs; anything they send is ignored.
    // The current state at once, so a (re)connecting hub knows whether to refetch or to wait.
    const book = recalculator.book();
    if (recalculator.recalculating()) send(socket, JSON.stringify({ type: 'RecalculationProcessStarted' } satisfies PriceSocketMessage));
    else if (book) send(socket, JSON.stringify(finishedMessage(book, nextRecalculationAt)));
  });

  app.get('/api/prices/metals', async (_req, reply): Promise<MetalPricesResponse | FastifyReply> => {
    const book = recalculator.book();
    if (!book) return notReady(reply);
    void reply.header('cache-control', 'no-store');
    return { serverTimestamp: new Date(clock()).toISOString(), metals: book.metals, lastRecalculatedAt: book.lastRecalculatedAt };
  });

  app.get<{ Querystring: ProductPricesQueryT }>(
    '/api/prices/products',
    { schema: { querystring: ProductPricesQuery }, attachValidation: true },
    async (req, reply) => {
      if (req.validationError) throw queryError(req);
      const { country, currency, skus } = req.query;
      let wanted: string[] | null = null;
      if (skus !== undefined) {
        wanted = [...new Set(skus.split(',').map((s) => s.trim()).filter((s) => s.length > 0))];
        if (wanted.length > maxSkusPerRequest) {
          throw new AppError(400, pricingErrorCodes.tooManySkus, `At most ${maxSkusPerRequest} skus per request (got ${wanted.length}); omit skus to get every product.`);
        }
      }
      const book = recalculator.book();
      if (!book) return notReady(reply);
      const list = book.lists.get(`${country}:${currency}`);
      if (!list) throw new AppError(400, pricingErrorCodes.invalidQuery, 'Invalid query: unknown country or currency.');
      void reply.header('cache-control', 'no-store');
      if (wanted === null) {
        // the price hub fetches everything once per recalculation and instance: serialise once
        list.allJson ??= JSON.stringify({ products: list.products, lastRecalculatedAt: book.lastRecalculatedAt } satisfies ProductPricesResponse);
        return reply.type('application/json; charset=utf-8').send(list.allJson);
      }
      const products = wanted.flatMap((sku) => list.bySku.get(sku) ?? []);
      return { products, lastRecalculatedAt: book.lastRecalculatedAt } satisfies ProductPricesResponse;
    },
  );

  app.get<{ Querystring: SnapshotsQueryT }>(
    '/prices/metals/snapshots',
    { schema: { querystring: SnapshotsQuery }, attachValidation: true },
    async (req): Promise<SnapshotsResponse> => {
      if (req.validationError) throw queryError(req);
      const { metal, currency, range } = req.query;
      const type = req.query.type ?? 'ask';
      const points = history.points({ metal, currency, type, range, now: clock(), latest: recalculator.book()?.quote ?? null });
      return { metal, currency, range, type, points };
    },
  );

  app.post('/admin/recalculate', async (req): Promise<RecalculateResponse> => {
    if (!isAdmin(req)) {
      throw new AppError(403, pricingErrorCodes.forbidden, 'Recalculation can be started from this machine or with the admin token only.');
    }
    const outcome = await recalculator.recalculateNow();
    if (!outcome.ok) throw new AppError(503, pricingErrorCodes.recalculationFailed, `Recalculation failed (${outcome.code}): ${outcome.message}`);
    return { lastRecalculatedAt: outcome.book.lastRecalculatedAt };
  });

  function isAdmin(req: FastifyRequest): boolean {
    const header = req.headers.authorization;
    if (adminTokenHash && typeof header === 'string' && header.startsWith('Bearer ')) {
      // compare digests: constant time, and equal lengths whatever was sent
      if (timingSafeEqual(sha256(header.slice(7).trim()), adminTokenHash)) return true;
    }
    return isLoopback(req.ip);
  }

  return app;
}
