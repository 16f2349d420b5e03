// Browser sockets at /ws/prices, handled with `ws` in noServer mode on the HTTP server's 'upgrade'
// event. Decision: not through @fastify/websocket. A Fastify route keeps its request and reply objects
// alive for as long as the socket lives; measured on this machine that costs more heap per idle socket
// than the socket itself (test/bench/fanout: the goal is <= 5 KB per idle socket). The handshake is
// checked here instead: the Origin must be a store host (403 otherwise), the query must be valid (400),
// and the process takes no more than maxSockets (503), all before the upgrade.
// Browsers send nothing but pongs (maxPayload 1 KiB). One heartbeat timer pings every socket and drops
// those that did not answer the previous ping; a socket whose unsent data grows past maxBufferedBytes
// is too slow or dead and is dropped at the next send (the browser reconnects in 10 s, spec 7).
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { FastifyBaseLogger } from 'fastify';

export type Admission<K> = { ok: true; key: K } | { ok: false; statusCode: number; code: string; message: string };

export interface BrowserSocketsOptions<K extends string> {
  path: string;
  /** decides on the handshake request: which group the socket joins, or why it is refused */
  admit(req: IncomingMessage): Admission<K>;
  /** the first message a new socket gets (the current price state), if any */
  greeting(key: K): Buffer | null;
  maxSockets: number;
  /** default 1 KiB */
  maxPayload?: number;
  /** default 64 KiB */
  maxBufferedBytes?: number;
  /** default 30 s */
  heartbeatMs?: number;
  log: FastifyBaseLogger;
}

export interface BroadcastResult {
  sent: number;
  dropped: number;
  durationMs: number;
}

export interface BrowserSockets<K extends string> {
  attach(server: Server): void;
  /** sends one pre-serialised text message to every socket of a group (or of every group) */
  broadcast(key: K | null, data: Buffer): BroadcastResult;
  count(): number;
  countByKey(): Record<string, number>;
  close(): Promise<void>;
}

const statusText: Record<number, string> = { 400: 'Bad Request', 403: 'Forbidden', 404: 'Not Found', 503: 'Service Unavailable' };

function refuse(socket: Duplex, statusCode: number, code: string, message: string) {
  const body = JSON.stringify({ statusCode, code, message });
  if (socket.writable) {
    socket.end(
      `HTTP/1.1 ${statusCode} ${statusText[statusCode] ?? 'Error'}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

const SEND_TEXT = { binary: false } as const;

export function createBrowserSockets<K extends string>(opts: BrowserSocketsOptions<K>): BrowserSockets<K> {
  const maxBuffered = opts.maxBufferedBytes ?? 64 * 1024;
  const groups = new Map<K, Set<WebSocket>>();
  let total = 0;
  // Sockets pinged and not yet answered. A Set, not a field or closure per socket: memory per idle
  // socket is what limits how many browsers one process holds.
  let awaitingPong = new Set<WebSocket>();
  let server: Server | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  let closing = false;

  const wss = new WebSocketServer({
    noServer: true,
    perMessageDeflate: false,
    maxPayload: opts.maxPayload ?? 1024,
    clientTracking: false,
  });

  function onPong(this: WebSocket) {
    awaitingPong.delete(this);
  }
  function onError(this: WebSocket) {
    // a protocol error (e.g. a frame over maxPayload); ws closes the socket and 'close' follows
  }
  function onClose(this: WebSocket) {
    for (const set of groups.values()) {
      if (set.delete(this)) {
        total--;
        break;
      }
    }
    awaitingPong.delete(this);
  }

  function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    const url = req.url ?? '';
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    if (path !== opts.path) {
      // Another upgrade handler may own this path; with none, answer as a normal request would.
      if (server && server.listenerCount('upgrade') === 1) refuse(socket, 404, 'not_found', `No WebSocket at ${path}`);
      return;
    }
    socket.on('error', () => socket.destroy());
    if (closing) return refuse(socket, 503, 'shutting_down', 'The shop is restarting; try again in a few seconds.');
    const admission = opts.admit(req);
    if (!admission.ok) return refuse(socket, admission.statusCode, admission.code, admission.message);
    if (total >= opts.maxSockets) {
      opts.log.warn({ sockets: total }, 'price socket limit reached; refusing');
      return refuse(socket, 503, 'too_many_sockets', 'Live prices are at capacity; the page falls back to refreshing them.');
    }
    wss.handleUpgrade(req, socket, head, (ws) => join(ws, admission.key));
  }

  function join(ws: WebSocket, key: K) {
    let set = groups.get(key);
    if (!set) groups.set(key, (set = new Set()));
    set.add(ws);
    total++;
    ws.on('pong', onPong);
    ws.on('error', onError);
    ws.on('close', onClose);
    const hello = opts.greeting(key);
    if (hello) ws.send(hello, SEND_TEXT);
  }

  function sendTo(set: Set<WebSocket>, data: Buffer, result: BroadcastResult) {
    for (const ws of set) {
      if (ws.readyState !== 1) continue;
      if (ws.bufferedAmount > maxBuffered) {
        ws.terminate();
        result.dropped++;
        continue;
      }
      ws.send(data, SEND_TEXT);
      result.sent++;
    }
  }

  return {
    attach(s) {
      server = s;
      s.on('upgrade', onUpgrade);
      heartbeat = setInterval(() => {
        for (const ws of awaitingPong) ws.terminate();
        awaitingPong = new Set();
        for (const set of groups.values()) {
          for (const ws of set) {
            if (ws.readyState !== 1) continue;
            awaitingPong.add(ws);
            ws.ping();
          }
        }
      }, opts.heartbeatMs ?? 30_000);
      heartbeat.unref();
    },
    broadcast(key, data) {
      const started = performance.now();
      const result: BroadcastResult = { sent: 0, dropped: 0, durationMs: 0 };
      if (key === null) for (const set of groups.values()) sendTo(set, data, result);
      else {
        const set = groups.get(key);
        if (set) sendTo(set, data, result);
      }
      result.durationMs = Math.round((performance.now() - started) * 10) / 10;
      if (result.dropped > 0) opts.log.info({ dropped: result.dropped }, 'slow price sockets dropped');
      return result;
    },
    count: () => total,
    countByKey() {
      const out: Record<string, number> = {};
      for (const [k, set] of groups) if (set.size > 0) out[k] = set.size;
      return out;
    },
    async close() {
      closing = true;
      if (heartbeat) clearInterval(heartbeat);
      heartbeat = null;
      server?.off('upgrade', onUpgrade);
      const all = [...groups.values()].flatMap((s) => [...s]);
      // 1001 going away: browsers reconnect after their 10 s (spec 7), to this or another instance.
      for (const ws of all) ws.close(1001, 'server restarting');
      const deadline = Date.now() + 1000;
      while (total > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      for (const set of groups.values()) for (const ws of set) ws.terminate();
      groups.clear();
      total = 0;
      wss.close();
    },
  };
}
