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
import { errorCatalogue, type ErrorCode } from '../../lib/errors.ts';

export interface Refusal {
  statusCode: number;
  code: ErrorCode;
  message: string;
}

export type Admission<K> = { ok: true; key: K } | ({ ok: false } & Refusal);

/** A handshake refusal with a catalogue code (its status; its message unless given). */
export function refusal(code: ErrorCode, message?: string): Refusal {
  return { statusCode: errorCatalogue[code].status, code, message: message ?? errorCatalogue[code].message };
}

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
  /** what was sent (RecalculationProcessStarted, ...) */
  label: string;
  sent: number;
  dropped: number;
  /** from the first to the last write, yields included */
  durationMs: number;
  /** a later broadcast took over before every socket had this one */
  superseded: boolean;
}

export interface BroadcastOptions {
  label: string;
  /** Started and Stale are superseded by whatever follows: a browser that has not heard "prices are
   * being recalculated" yet when the new prices are ready just gets the new prices. */
  supersedable: boolean;
  onDone?(result: BroadcastResult): void;
}

export interface BrowserSockets<K extends string> {
  attach(server: Server): void;
  /** sends pre-serialised text messages, each to every socket of its group (key null: every socket) */
  broadcast(messages: { key: K | null; data: Buffer }[], opts: BroadcastOptions): void;
  /** stops a Started or Stale that is still going out (the new prices are on their way) */
  supersede(): void;
  /** resolves when no broadcast is in flight */
  idle(): Promise<void>;
  count(): number;
  countByKey(): Record<string, number>;
  close(): Promise<void>;
}

const statusText: Record<number, string> = { 400: 'Bad Request', 403: 'Forbidden', 404: 'Not Found', 503: 'Service Unavailable' };

function noop() {}

function refuse(socket: Duplex, { statusCode, code, message }: Refusal) {
  // a client that hangs up first must not raise an unhandled 'error'
  socket.on('error', noop);
  const body = JSON.stringify({ statusCode, code, message } satisfies Refusal);
  if (socket.writable) {
    socket.end(
      `HTTP/1.1 ${statusCode} ${statusText[statusCode] ?? 'Error'}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

const SEND_TEXT = { binary: false } as const;

/** One unmasked, unfragmented text frame (RFC 6455 5.2): built once per broadcast, written as is to
 * every socket. */
export function textFrame(payload: Buffer): Buffer {
  const n = payload.length;
  const head = n < 126 ? 2 : n < 65536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(head + n);
  frame[0] = 0x81; // FIN, opcode text
  if (n < 126) frame[1] = n;
  else if (n < 65536) {
    frame[1] = 126;
    frame.writeUInt16BE(n, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(n), 2);
  }
  payload.copy(frame, head);
  return frame;
}

/** The TCP socket under a ws WebSocket. The broadcast writes the pre-built frame to it directly: one
 * write per browser instead of ws.send's frame building and two writes. Safe because these sockets have
 * no compression and never send fragments or Blobs, so ws's Sender never holds a message back that a
 * direct write could overtake; control frames (ping, close) are whole writes of their own. */
function rawSocket(ws: WebSocket): Duplex {
  return (ws as unknown as { _socket: Duplex })._socket;
}

/** Sockets written per turn of the event loop: about 10 ms of writes, after which the loop takes the
 * upstream's next message and HTTP requests before the broadcast goes on. */
const CHUNK = 1000;

interface Job {
  parts: { sets: Set<WebSocket>[]; frame: Buffer }[];
  opts: BroadcastOptions;
  result: BroadcastResult;
  startedAt: number;
}

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
      if (server && server.listenerCount('upgrade') === 1) refuse(socket, refusal('not_found', `No WebSocket at ${path}`));
      return;
    }
    if (closing) return refuse(socket, refusal('shutting_down'));
    const admission = opts.admit(req);
    if (!admission.ok) return refuse(socket, admission);
    if (total >= opts.maxSockets) {
      opts.log.warn({ sockets: total }, 'price socket limit reached; refusing');
      return refuse(socket, refusal('too_many_sockets'));
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

  // Broadcasts go out one after another (each browser hears them in order), CHUNK sockets per turn of
  // the event loop. Set iterators are live: sockets that close meanwhile are skipped.
  const queue: Job[] = [];
  let running: { job: Job; part: number; set: number; it: Iterator<WebSocket> | null } | null = null;
  const idleWaiters: (() => void)[] = [];

  function finish(job: Job, superseded: boolean) {
    job.result.superseded = superseded;
    job.result.durationMs = Math.round((performance.now() - job.startedAt) * 10) / 10;
    if (job.result.dropped > 0) opts.log.info({ dropped: job.result.dropped }, 'slow price sockets dropped');
    job.opts.onDone?.(job.result);
  }

  function pump() {
    let budget = CHUNK;
    while (budget > 0) {
      if (!running) {
        const job = queue.shift();
        if (!job) {
          for (const w of idleWaiters.splice(0)) w();
          return;
        }
        job.startedAt = performance.now();
        running = { job, part: 0, set: 0, it: null };
      }
      const r = running;
      // a later broadcast supersedes a Started or Stale that is still going out
      if (r.job.opts.supersedable && queue.length > 0) {
        finish(r.job, true);
        running = null;
        continue;
      }
      const part = r.job.parts[r.part];
      if (!part) {
        finish(r.job, false);
        running = null;
        continue;
      }
      const set = part.sets[r.set];
      if (!set) {
        r.part++;
        r.set = 0;
        r.it = null;
        continue;
      }
      r.it ??= set.values();
      const result = r.job.result;
      for (;;) {
        if (budget === 0) break;
        const next = r.it.next();
        if (next.done) {
          r.set++;
          r.it = null;
          break;
        }
        budget--;
        const ws = next.value;
        if (ws.readyState !== 1) continue;
        if (ws.bufferedAmount > maxBuffered) {
          ws.terminate();
          result.dropped++;
          continue;
        }
        rawSocket(ws).write(part.frame);
        result.sent++;
      }
    }
    setImmediate(pump);
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
    broadcast(messages, bopts) {
      const parts = messages.map((m) => ({
        sets: m.key === null ? [...groups.values()] : [groups.get(m.key) ?? new Set<WebSocket>()],
        frame: textFrame(m.data),
      }));
      const idle = running === null && queue.length === 0;
      queue.push({ parts, opts: bopts, result: { label: bopts.label, sent: 0, dropped: 0, durationMs: 0, superseded: false }, startedAt: 0 });
      // the first chunk goes out now; the rest follow turn by turn
      if (idle) pump();
    },
    supersede() {
      if (running?.job.opts.supersedable) {
        finish(running.job, true);
        running = null;
      }
      for (let i = queue.length - 1; i >= 0; i--) {
        if (queue[i].opts.supersedable) {
          queue[i].startedAt = performance.now();
          finish(queue[i], true);
          queue.splice(i, 1);
        }
      }
    },
    idle() {
      if (running === null && queue.length === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
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
      queue.length = 0;
      running = null;
      for (const w of idleWaiters.splice(0)) w();
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
