// The browser's live-price connection (spec 4 and 7): one WebSocket to the storefront's /ws/prices per
// tab, and the price state every price component reads (refreshing, stale, validity, clock offset).
// - RecalculationProcessStarted: shown prices are cleared and shown as refreshing.
// - RecalculationProcessFinished: the metal prices come with the message; product prices are fetched again.
// - PricesStale: the shop lost the price service; prices stay, marked as possibly outdated.
// - Reconnect 10 s after an error or close (spec 7); when the tab becomes visible again the connection
//   is re-established at once if needed, and prices refresh if their time ran out (spec 4).
// App events (spec 4) are window CustomEvents, so that carts, checkout and tracking can listen without
// importing this module: see priceEvents.
// Safe to import on the server: nothing touches window until startPriceSocket() runs in the browser.
import { mutate } from 'swr';
// The messages are the hub's contract (src/contracts/price-stream.ts): types only here, so the schema
// library stays out of the bundle; the guard and constants are plain code.
import type { BrowserPriceMessage, CurrencyCode, MetalPrices, StoreMetalPricesResponse } from '../../src/contracts/price-stream.ts';
import { isBrowserPriceMessage, priceSocketPath, priceTiming } from '../../src/contracts/price-stream-constants.ts';

import {
  priceEvents, type ConnectionState, type PricesImpendingDetail, type PricesUpdatedDetail, type PricesUpdateErrorDetail, type PriceState,
} from '../../views/lib/browser-types.ts';

// the shapes views read live in views/ (the port's types); the socket sends and keeps them
export { priceEvents };
export type { ConnectionState, PricesImpendingDetail, PricesUpdatedDetail, PricesUpdateErrorDetail, PriceState };

/** SWR keys of the price hooks (strings, so one matcher finds them all). */
export const priceKeys = {
  metals: (currency: CurrencyCode) => `prices:metals:${currency}`,
  products: (currency: CurrencyCode, skus: string[]) => `prices:products:${currency}:${skus.join(',')}`,
  isMetals: (k: unknown) => typeof k === 'string' && k.startsWith('prices:metals:'),
  isProducts: (k: unknown) => typeof k === 'string' && k.startsWith('prices:products:'),
};

let state: PriceState = {
  currency: 'CHF',
  connection: 'idle',
  refreshing: false,
  stale: false,
  lastRecalculatedAt: null,
  validUntil: null,
  clockOffsetMs: 0,
  error: null,
};
let storeCurrency: CurrencyCode = 'CHF';
const listeners = new Set<() => void>();
let socket: WebSocket | null = null;
let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
let ticker: ReturnType<typeof setInterval> | null = null;
let impendingFiredFor: number | null = null;
let polledFor: number | null = null;
/** a socket that is open announces the next prices itself; give it this long past expiry */
const EXPIRED_GRACE_MS = 2_000;
let started = false;
let now = 0;
const tickListeners = new Set<() => void>();

function setState(patch: Partial<PriceState>) {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}

function emit<T>(name: string, detail: T) {
  window.dispatchEvent(new CustomEvent<T>(name, { detail }));
}

export function getPriceState(): PriceState {
  return state;
}

export function subscribePriceState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The shop's clock, whole seconds, updated every second (spec 9: countdown tick 1 s). */
export function getShopNow(): number {
  return now;
}

export function subscribeShopNow(listener: () => void): () => void {
  tickListeners.add(listener);
  return () => tickListeners.delete(listener);
}

function shopClock(): number {
  return Date.now() + state.clockOffsetMs;
}

function tick() {
  now = Math.floor(shopClock() / 1000) * 1000;
  const until = state.validUntil;
  if (until !== null && !state.refreshing && impendingFiredFor !== until) {
    const remaining = until - shopClock();
    if (remaining <= priceTiming.impendingMs && remaining > -priceTiming.validityMs) {
      impendingFiredFor = until;
      emit<PricesImpendingDetail>(priceEvents.impending, { validUntil: new Date(until).toISOString(), remainingMs: Math.max(0, remaining) });
    }
  }
  // Without a socket (the shop refused or lost it) nobody announces new prices: once the shown ones
  // expire, ask for new ones by request, once per expiry (the shop's cache has them if it is connected).
  if (until !== null && state.connection !== 'open' && !state.refreshing && shopClock() > until + EXPIRED_GRACE_MS && polledFor !== until) {
    polledFor = until;
    revalidateAll();
  }
  for (const l of tickListeners) l();
}

function noteServerTime(serverTimestamp: string | number | null | undefined) {
  const t = typeof serverTimestamp === 'number' ? serverTimestamp : serverTimestamp ? Date.parse(serverTimestamp) : NaN;
  if (!Number.isFinite(t)) return;
  const offset = t - Date.now();
  // Network latency makes each reading a little late; keep the old value unless the clock really moved.
  if (Math.abs(offset - state.clockOffsetMs) > 1000) setState({ clockOffsetMs: offset });
}

/** Called by the price hooks after every fetch: success clears the error, failure raises
 * PricesUpdateError (spec 8) once per failure streak. */
export function reportPriceFetch(ok: true, info?: { serverTime?: string | null; metals?: StoreMetalPricesResponse }): void;
export function reportPriceFetch(ok: false, info: { source: PricesUpdateErrorDetail['source']; status: number }): void;
export function reportPriceFetch(
  ok: boolean,
  info?: { serverTime?: string | null; metals?: StoreMetalPricesResponse; source?: PricesUpdateErrorDetail['source']; status?: number },
) {
  if (ok) {
    if (info?.serverTime) noteServerTime(Number(info.serverTime));
    const m = info?.metals;
    const patch: Partial<PriceState> = {};
    if (state.error) patch.error = null;
    if (m && m.lastRecalculatedAt !== state.lastRecalculatedAt && !state.refreshing) {
      patch.lastRecalculatedAt = m.lastRecalculatedAt;
      patch.validUntil = Date.parse(m.validUntil);
    }
    if (Object.keys(patch).length > 0) setState(patch);
    return;
  }
  const detail: PricesUpdateErrorDetail = { message: 'Failed metal price fetch: PricesUpdateError', source: info?.source ?? 'metals', status: info?.status ?? 0 };
  const first = state.error === null;
  setState({ error: detail });
  if (first) emit(priceEvents.updateError, detail);
}

function revalidateAll() {
  void mutate(priceKeys.isMetals);
  void mutate(priceKeys.isProducts);
}

function onMessage(message: BrowserPriceMessage) {
  switch (message.type) {
    case 'RecalculationProcessStarted': {
      if (state.refreshing) return;
      setState({ refreshing: true });
      // spec 4: prices cleared, fetching on
      void mutate(priceKeys.isProducts, undefined, { revalidate: false });
      void mutate(priceKeys.isMetals, undefined, { revalidate: false });
      emit(priceEvents.refreshing, {});
      return;
    }
    case 'RecalculationProcessFinished': {
      noteServerTime(message.serverTimestamp);
      const metals: StoreMetalPricesResponse = {
        serverTimestamp: message.serverTimestamp,
        lastRecalculatedAt: message.lastRecalculatedAt,
        validUntil: message.validUntil,
        currency: message.currency,
        metals: message.metals,
      };
      // The metal prices arrive with the message: no request for them.
      void mutate(priceKeys.metals(message.currency), metals, { revalidate: false });
      // Product prices: every mounted hook fetches again (one batched request, spec 7).
      void mutate(priceKeys.isProducts);
      const changed = message.lastRecalculatedAt !== state.lastRecalculatedAt;
      setState({ refreshing: false, stale: false, lastRecalculatedAt: message.lastRecalculatedAt, validUntil: Date.parse(message.validUntil) });
      if (changed) emit<PricesUpdatedDetail>(priceEvents.updated, { lastRecalculatedAt: message.lastRecalculatedAt, validUntil: message.validUntil });
      return;
    }
    case 'PricesStale': {
      noteServerTime(message.serverTimestamp);
      const wasRefreshing = state.refreshing;
      setState({ stale: true, refreshing: false });
      emit(priceEvents.stale, { lastRecalculatedAt: message.lastRecalculatedAt });
      // Prices cleared by a Started that will not finish: show the last good ones again.
      if (wasRefreshing) revalidateAll();
      return;
    }
  }
}

function socketUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  const q = state.currency === storeCurrency ? '' : `?currency=${state.currency}`;
  return `${scheme}://${window.location.host}${priceSocketPath}${q}`;
}

function scheduleReconnect(delayMs: number) {
  if (reconnectTimer) return;
  reconnectTimer = setTimeout(() => {
    reconnectTimer = null;
    // A hidden tab waits: it reconnects the moment it becomes visible (visibilitychange).
    if (document.visibilityState === 'hidden') return;
    connect();
  }, delayMs);
}

function connect() {
  if (socket && (socket.readyState === WebSocket.OPEN || socket.readyState === WebSocket.CONNECTING)) return;
  if (reconnectTimer) clearTimeout(reconnectTimer);
  reconnectTimer = null;
  setState({ connection: 'connecting' });
  let ws: WebSocket;
  try {
    ws = new WebSocket(socketUrl());
  } catch {
    setState({ connection: 'closed' });
    scheduleReconnect(priceTiming.reconnectMs);
    return;
  }
  socket = ws;
  ws.onopen = () => setState({ connection: 'open' });
  ws.onmessage = (ev) => {
    if (typeof ev.data !== 'string') return;
    let message: unknown;
    try {
      message = JSON.parse(ev.data);
    } catch {
      return;
    }
    if (isBrowserPriceMessage(message)) onMessage(message);
  };
  // spec 7: reconnect 10 s after an error or close ('close' follows every 'error')
  ws.onclose = () => {
    if (socket !== ws) return;
    socket = null;
    setState({ connection: 'closed' });
    scheduleReconnect(priceTiming.reconnectMs);
  };
}

function onVisibility() {
  if (document.visibilityState !== 'visible') return;
  connect();
  if (state.validUntil !== null && shopClock() > state.validUntil && !state.refreshing) revalidateAll();
}

/** Starts the connection once per page (client/entry.tsx). */
export function startPriceSocket(opts: { currency: CurrencyCode; shown?: CurrencyCode }) {
  if (started || typeof window === 'undefined') return;
  started = true;
  storeCurrency = opts.currency;
  // the visitor's currency (spec 1: switched to USD, kept in a cookie) or the store's
  state = { ...state, currency: opts.shown ?? opts.currency };
  now = Math.floor(Date.now() / 1000) * 1000;
  document.addEventListener('visibilitychange', onVisibility);
  ticker = setInterval(tick, priceTiming.tickMs);
  connect();
}

/** spec 1: a user can switch to USD (or back to the store's currency). Reconnects and refetches. */
export function setPriceCurrency(currency: CurrencyCode) {
  if (currency === state.currency) return;
  setState({ currency, lastRecalculatedAt: null, validUntil: null });
  if (socket) {
    const old = socket;
    socket = null;
    old.onclose = null;
    old.close();
  }
  if (started) connect();
}

/** For tests and the page lifecycle: closes the socket and stops the ticker. */
export function stopPriceSocket() {
  if (!started) return;
  started = false;
  document.removeEventListener('visibilitychange', onVisibility);
  if (ticker) clearInterval(ticker);
  if (reconnectTimer) clearTimeout(reconnectTimer);
  ticker = null;
  reconnectTimer = null;
  if (socket) {
    socket.onclose = null;
    socket.close();
    socket = null;
  }
  setState({ connection: 'idle' });
}

export type { MetalPrices };
