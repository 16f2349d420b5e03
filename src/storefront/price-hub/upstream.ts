// The one WebSocket of a storefront process to the price service (GET {PRICE_SERVICE_URL}/ws), however
// many browsers are connected. spec 7: reconnect 10 s after an error or close. A connection that stays
// silent past two of the service's 30 s pings is dead (a half-open TCP connection sends no close):
// it is dropped and reconnected like a closed one.
//
// Several price services (issue 27, PRICE_SERVICE_URL with commas: active and standby instances): the socket
// goes to the first URL; when a connection cannot be made, is refused (a standby answers 503) or is lost, the
// next URL is tried at once, and only after every URL failed in a row does the hub wait the reconnect delay.
// A standby that stands down closes its sockets, so the hubs reach the new active instance within a round.
import Compile from 'typebox/compile';
import { WebSocket } from 'ws';
import type { FastifyBaseLogger } from 'fastify';
import { PreparedEnvelope, upstreamMaxPayload } from '../../contracts/price-upstream.ts';
import { PriceSocketMessage, type RecalculationProcessFinished, type RecalculationProcessStarted } from '../../contracts/prices.ts';

/** What the hub hears (src/contracts/price-upstream.ts); the pushed product lists are checked by the
 * workers that build the payloads from them. */
export type UpstreamMessage = RecalculationProcessStarted | PreparedEnvelope | RecalculationProcessFinished;

export type UpstreamState = 'connecting' | 'open' | 'waiting' | 'closed';

export interface UpstreamOptions {
  /** ws:// URL of the price service's socket, or several to try in turn (active and standby instances) */
  url: string | string[];
  /** spec 7: 10 s; tests shorten it */
  reconnectDelayMs: number;
  /** no frame (message or ping) for this long: the connection is dead; default 70 s (two 30 s pings + slack) */
  silenceTimeoutMs?: number;
  /** a handshake that takes longer fails; default 5 s */
  handshakeTimeoutMs?: number;
  log: FastifyBaseLogger;
  onMessage(message: UpstreamMessage): void;
  /** the connection opened (true) or was lost (false) */
  onConnection(open: boolean): void;
}

export interface UpstreamStatus {
  state: UpstreamState;
  url: string;
  /** ISO time the current connection opened, or null */
  connectedSince: string | null;
  /** connections lost since start */
  disconnects: number;
  lastMessageAt: string | null;
  lastError: string | null;
}

export interface PriceUpstream {
  start(): void;
  /** the ws:// URL of the current (or last tried) connection */
  currentUrl(): string;
  status(): UpstreamStatus;
  close(): void;
}

const checkMessage = Compile(PriceSocketMessage);
const checkPrepared = Compile(PreparedEnvelope);

export function createUpstream(opts: UpstreamOptions): PriceUpstream {
  const silenceMs = opts.silenceTimeoutMs ?? 70_000;
  const urls = Array.isArray(opts.url) ? opts.url : [opts.url];
  let current = 0;
  /** URLs that failed since the last good connection: a full round of them waits the reconnect delay */
  let failedInRow = 0;
  let socket: WebSocket | null = null;
  let state: UpstreamState = 'closed';
  let closed = false;
  let reconnectTimer: NodeJS.Timeout | null = null;
  let silenceTimer: NodeJS.Timeout | null = null;
  let connectedSince: number | null = null;
  let disconnects = 0;
  let lastMessageAt: number | null = null;
  let lastError: string | null = null;

  function armSilence(ws: WebSocket) {
    if (silenceTimer) clearTimeout(silenceTimer);
    silenceTimer = setTimeout(() => {
      opts.log.warn({ silentForMs: silenceMs }, 'price service socket silent; reconnecting');
      lastError = 'silent';
      ws.terminate();
    }, silenceMs);
    silenceTimer.unref();
  }

  function connect() {
    reconnectTimer = null;
    if (closed) return;
    state = 'connecting';
    const url = urls[current];
    const ws = new WebSocket(url, { perMessageDeflate: false, handshakeTimeout: opts.handshakeTimeoutMs ?? 5_000, maxPayload: upstreamMaxPayload });
    socket = ws;
    let wasOpen = false;
    ws.on('open', () => {
      wasOpen = true;
      state = 'open';
      connectedSince = Date.now();
      lastError = null;
      armSilence(ws);
      failedInRow = 0;
      opts.log.info({ url }, 'price service socket open');
      opts.onConnection(true);
    });
    ws.on('ping', () => armSilence(ws));
    ws.on('message', (data, isBinary) => {
      armSilence(ws);
      lastMessageAt = Date.now();
      let message: unknown;
      try {
        message = JSON.parse(isBinary ? Buffer.from(data as Buffer).toString('utf8') : data.toString());
      } catch {
        opts.log.warn('price service sent a message that is not JSON; ignored');
        return;
      }
      if (!checkMessage.Check(message) && !checkPrepared.Check(message)) {
        opts.log.warn('price service sent an unknown message; ignored');
        return;
      }
      opts.onMessage(message);
    });
    ws.on('error', (err) => {
      // 'close' follows every 'error'; the reconnect is scheduled there.
      lastError = (err as NodeJS.ErrnoException).code ?? err.message;
    });
    ws.on('close', () => {
      if (silenceTimer) clearTimeout(silenceTimer);
      silenceTimer = null;
      if (socket === ws) socket = null;
      connectedSince = null;
      if (wasOpen) {
        disconnects++;
        opts.onConnection(false);
      }
      if (closed) {
        state = 'closed';
        return;
      }
      state = 'waiting';
      failedInRow++;
      current = (current + 1) % urls.length;
      // another URL not yet tried in this round: at once; a full round failed: spec 7's delay
      const roundFailed = failedInRow >= urls.length;
      if (roundFailed) failedInRow = 0;
      const delay = roundFailed ? opts.reconnectDelayMs : 0;
      opts.log.warn({ url, reason: lastError, retryInMs: delay, next: urls[current] }, wasOpen ? 'price service socket closed' : 'price service socket could not connect');
      reconnectTimer = setTimeout(connect, delay);
      reconnectTimer.unref();
    });
  }

  return {
    start() {
      closed = false;
      if (!socket && !reconnectTimer) connect();
    },
    currentUrl: () => urls[current],
    status() {
      return {
        state,
        url: urls[current],
        connectedSince: connectedSince === null ? null : new Date(connectedSince).toISOString(),
        disconnects,
        lastMessageAt: lastMessageAt === null ? null : new Date(lastMessageAt).toISOString(),
        lastError,
      };
    },
    close() {
      closed = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      reconnectTimer = null;
      if (silenceTimer) clearTimeout(silenceTimer);
      silenceTimer = null;
      state = 'closed';
      socket?.terminate();
      socket = null;
    },
  };
}
