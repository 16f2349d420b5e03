// The recalculation cycle (spec 4): every interval, announce RecalculationProcessStarted, fetch the
// products' pricing attributes and a spot quote, price every product for every store country and
// currency, set lastRecalculatedAt, push the new prices to the hubs (onPrepared) while commerce stores
// them (handOver), and announce RecalculationProcessFinished once commerce confirmed. A failed cycle keeps
// the last good price book (prices never disappear because the catalogue or the feed hiccuped) and is
// retried sooner than a full interval.
//
// Two books: the newest computed one (handed over, possibly not confirmed yet) and the published one
// (book(): commerce confirmed it, or there is no commerce to hand over to). Only the published book is
// announced as Finished and answered over HTTP: no browser sees a price commerce does not know.
import type { FastifyBaseLogger } from 'fastify';
import type { PricingAttributes } from '../contracts/pricing-attributes.ts';
import { systemTimers, unref, type TimerHandle, type Timers } from '../lib/timers.ts';
import { DAY_MS, HOUR_MS, type Clock, type SpotFeed } from './feed/types.ts';
import type { SpotHistory } from './history.ts';
import { buildPriceBook, usableProducts, type PriceBook } from './engine/price-book.ts';

export type RecalculationOutcome = { ok: true; book: PriceBook } | { ok: false; code: string; message: string };

export interface RecalculatorOptions {
  feed: SpotFeed;
  history: SpotHistory;
  loadProducts: () => Promise<PricingAttributes[]>;
  clock: Clock;
  /** spec 9: 180 s */
  intervalMs: number;
  log: FastifyBaseLogger;
  /** the schedule's timers (tests: a fake clock's); default the system's */
  timers?: Timers;
  /** a cycle taking longer than this fails (a hanging upstream must not stop the cycle); default 30 s */
  timeoutMs?: number;
  /** first retry after a failure, doubled per failure up to intervalMs; default 5 s */
  retryMs?: number;
  /**
   * Hands the new book to the commerce service (price-handover.ts); the book is published (book(),
   * onFinished) when it resolves. A rejection is logged, the cycle announces the previous published book,
   * and the same book is retried in the background; it is published when a retry succeeds.
   */
  handOver?: (book: PriceBook, products: PricingAttributes[], validUntilMs: number) => Promise<void>;
  onStarted: () => void;
  /** a new book is computed and about to be handed over: not published yet (the hubs build their frames) */
  onPrepared?: (book: PriceBook, nextRecalculationAt: number) => void;
  /** book: the published book after the cycle (the previous one if this cycle failed or commerce has
   * not confirmed the new one; null before any) */
  onFinished: (book: PriceBook | null, nextRecalculationAt: number) => void;
  /** every cycle's outcome and how long it took, hand-over included (the metrics, issue 27) */
  onCycle?: (outcome: RecalculationOutcome, durationMs: number) => void;
}

export interface Recalculator {
  /** the published book: commerce holds it (or there is no hand-over) */
  book(): PriceBook | null;
  /** a computed book commerce has not confirmed yet (null when none waits) */
  pending(): PriceBook | null;
  recalculating(): boolean;
  lastError(): string | null;
  /** runs the first cycle and starts the schedule */
  start(): Promise<RecalculationOutcome>;
  stop(): void;
  /**
   * Runs a cycle now and resolves when it finished. If one is running, a fresh one follows it (the caller
   * usually just changed the catalogue, which the running one may have read before); concurrent callers
   * share that one follow-up. The schedule restarts from the end of the cycle.
   */
  recalculateNow(): Promise<RecalculationOutcome>;
}

/** Decision: a failed hand-over is tried again 4 times, retryMs apart, while its book is still the newest. */
const HANDOVER_ATTEMPTS = 5;

class CycleTimeout extends Error {
  readonly code = 'recalculation_timeout';
}

export function createRecalculator(opts: RecalculatorOptions): Recalculator {
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const retryBaseMs = opts.retryMs ?? 5_000;
  const timers = opts.timers ?? systemTimers;
  let book: PriceBook | null = null;
  /** the newest computed book; equal to book once published */
  let latest: PriceBook | null = null;
  let nextAt = 0;
  let running: Promise<RecalculationOutcome> | null = null;
  let queued: Promise<RecalculationOutcome> | null = null;
  let timer: TimerHandle | null = null;
  let stopped = true;
  let failures = 0;
  let lastError: string | null = null;
  let handOverRetry: TimerHandle | null = null;
  /** set by stop(): hand-over retries end with the service (they run also when the schedule never started) */
  let closed = false;

  function schedule(delayMs: number): number {
    if (timer) timers.clearTimeout(timer);
    timer = null;
    const next = opts.clock() + delayMs;
    nextAt = next;
    if (stopped) return next;
    timer = unref(timers.setTimeout(() => {
      timer = null;
      void trigger();
    }, delayMs));
    return next;
  }

  async function compute(): Promise<{ book: PriceBook; products: PricingAttributes[] }> {
    const [raw, quote] = await Promise.all([opts.loadProducts(), opts.feed.quote()]);
    const { products, skipped } = usableProducts(raw);
    if (skipped.length > 0) opts.log.warn({ skipped: skipped.slice(0, 20), skippedCount: skipped.length }, 'products without usable pricing attributes were not priced');
    // change vs 24 h ago: the hourly point nearest before, if the history reaches back that far
    const dayBefore = opts.history.at(quote.t - DAY_MS, 2 * HOUR_MS);
    const next = buildPriceBook(products, quote, dayBefore, new Date(opts.clock()).toISOString());
    opts.history.record(quote);
    return { book: next, products };
  }

  function publish(next: PriceBook) {
    book = next;
    if (lastError?.startsWith('price_handover')) lastError = null;
  }

  /** true when commerce confirmed the book (or there is no hand-over); false: retried in the background */
  async function handOver(next: PriceBook, products: PricingAttributes[], attempt = 1): Promise<boolean> {
    if (!opts.handOver) return true;
    if (handOverRetry) timers.clearTimeout(handOverRetry);
    handOverRetry = null;
    const startedAt = performance.now();
    try {
      await opts.handOver(next, products, Date.parse(next.lastRecalculatedAt) + opts.intervalMs);
      // the announcement waits for this: its duration is most of the time browsers wait for new prices
      opts.log.info({ attempt, lastRecalculatedAt: next.lastRecalculatedAt, durationMs: Math.round(performance.now() - startedAt) }, 'price set confirmed by commerce');
      return true;
    } catch (err) {
      const e = err as { code?: unknown; message?: unknown };
      const code = typeof e?.code === 'string' ? e.code : 'price_handover_failed';
      const retry = attempt < HANDOVER_ATTEMPTS && !closed;
      lastError = code;
      opts.log.warn({ code, reason: String(e?.message ?? err), attempt, retry, lastRecalculatedAt: next.lastRecalculatedAt, keptLastRecalculatedAt: book?.lastRecalculatedAt ?? null },
        'price hand-over to commerce failed; the last confirmed prices stay announced');
      if (retry) {
        handOverRetry = unref(timers.setTimeout(() => {
          handOverRetry = null;
          // a newer book replaces this one at its own hand-over
          if (latest !== next || closed) return;
          void handOver(next, products, attempt + 1).then((confirmed) => {
            if (!confirmed || latest !== next || closed) return;
            publish(next);
            // announced like a cycle's end: the hubs get the prices again (they may have dropped them)
            opts.onPrepared?.(next, nextAt);
            opts.onFinished(next, nextAt);
          });
        }, retryBaseMs));
      }
      return false;
    }
  }

  async function cycle(): Promise<RecalculationOutcome> {
    if (timer) timers.clearTimeout(timer);
    timer = null;
    const startedAt = performance.now();
    opts.onStarted();
    let outcome: RecalculationOutcome;
    let guard: TimerHandle | undefined;
    let priced: PricingAttributes[] = [];
    try {
      const { book: next, products } = await Promise.race([
        compute(),
        new Promise<never>((_, reject) => {
          guard = timers.setTimeout(() => reject(new CycleTimeout(`The recalculation took longer than ${timeoutMs} ms.`)), timeoutMs);
        }),
      ]);
      priced = products;
      latest = next;
      failures = 0;
      lastError = null;
      outcome = { ok: true, book: next };
      opts.log.info({ products: next.productCount, lastRecalculatedAt: next.lastRecalculatedAt, durationMs: Math.round(performance.now() - startedAt) }, 'prices recalculated');
    } catch (err) {
      failures++;
      const e = err as { code?: unknown; message?: unknown };
      const code = typeof e?.code === 'string' ? e.code : 'recalculation_failed';
      const message = typeof e?.message === 'string' ? e.message : String(err);
      lastError = code;
      outcome = { ok: false, code, message };
      opts.log.warn({ code, reason: message, failures, keptLastRecalculatedAt: book?.lastRecalculatedAt ?? null }, 'price recalculation failed; keeping the last good prices');
    } finally {
      if (guard) timers.clearTimeout(guard);
    }
    if (!outcome.ok) {
      const retryAt = schedule(Math.min(opts.intervalMs, retryBaseMs * 2 ** Math.min(failures - 1, 16)));
      opts.onFinished(book, retryAt);
      return outcome;
    }
    // The next cycle one interval after this one's prices (their validity, spec 9), whatever the hand-over takes.
    const next = outcome.book;
    const at = schedule(opts.intervalMs);
    // commerce holds the new set before anyone is told it is there (ARCHITECTURE: price hand-over). The
    // hand-over starts first: its set is built and serialised now, then compressed and sent while the
    // hubs get their push (the hand-over is the longer path: commerce answers after storing).
    const handing = handOver(next, priced);
    // The hubs build their browsers' frames while commerce stores the set; they show them on Finished only.
    opts.onPrepared?.(next, at);
    const confirmed = await handing;
    if (confirmed && latest === next) publish(next);
    opts.onFinished(book, at);
    if (!confirmed) return { ok: false, code: lastError ?? 'price_handover_failed', message: 'The commerce service did not take the new prices; the last confirmed prices stay until it does.' };
    return outcome;
  }

  function trigger(): Promise<RecalculationOutcome> {
    if (!running) {
      const started = performance.now();
      running = cycle().then((outcome) => {
        opts.onCycle?.(outcome, performance.now() - started);
        return outcome;
      }).finally(() => {
        running = null;
      });
      return running;
    }
    if (!queued) {
      queued = running.then(() => {
        queued = null;
        return trigger();
      });
    }
    return queued;
  }

  return {
    book: () => book,
    pending: () => (latest !== null && latest !== book ? latest : null),
    recalculating: () => running !== null,
    lastError: () => lastError,
    async start() {
      stopped = false;
      // a service that stood down (leadership.ts) and becomes active again hands over as before
      closed = false;
      return trigger();
    },
    stop() {
      stopped = true;
      closed = true;
      if (timer) timers.clearTimeout(timer);
      timer = null;
      if (handOverRetry) timers.clearTimeout(handOverRetry);
      handOverRetry = null;
    },
    recalculateNow: trigger,
  };
}
