// The one WebSocket of a storefront process to the price service (GET {PRICE_SERVICE_URL}/ws), however
// many browsers are connected. spec 7: reconnect 10 s after an error or close. A connection that stays
// silent past two of the service's 30 s pings is dead (a half-open TCP connection sends no close):
// it is dropped and reconnected like a closed one.
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
  /** ws:// URL of the price service's socket */
  url: string;
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
  status(): UpstreamStatus;
  close(): void;
}

const checkMessage = Compile(PriceSocketMessage);
const checkPrepared = Compile(PreparedEnvelope);

export function createUpstream(opts: UpstreamOptions): PriceUpstream {
  const silenceMs = opts.silenceTimeoutMs ?? 70_000;
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
    const ws = new WebSocket(opts.url, { perMessageDeflate: false, handshakeTimeout: opts.handshakeTimeoutMs ?? 5_000, maxPayload: upstreamMaxPayload });
    socket = ws;
    let wasOpen = false;
    ws.on('open', () => {
      wasOpen = true;
      state = 'open';
      connectedSince = Date.now();
      lastError = null;
      armSilence(ws);
      opts.log.info({ url: opts.url }, 'price service socket open');
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
      opts.log.warn({ reason: lastError, retryInMs: opts.reconnectDelayMs }, wasOpen ? 'price service socket closed' : 'price service socket could not connect');
      reconnectTimer = setTimeout(connect, opts.reconnectDelayMs);
      reconnectTimer.unref();
    });
  }

  return {
    start() {
      closed = false;
      if (!socket && !reconnectTimer) connect();
    },
    status() {
      return {
        state,
        url: opts.url,
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
