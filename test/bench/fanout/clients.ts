// The fan-out benchmark's browser stand-ins: N `ws` clients in a process of their own, bound to their own
// loopback source address (127.0.r.2, ...; run.ts gives each connect new ones: one address has only about
// 28,000 ephemeral ports, and the
// server's sockets and these together would pass a process's 20,000 open files). Each socket records the
// wall-clock time its first Started and its first Finished arrive after the parent armed them.
import { WebSocket } from 'ws';
import { serve, wallNow } from './ipc.ts';

const STARTED = Buffer.from('{"type":"RecalculationProcessStarted"');
const FINISHED = Buffer.from('{"type":"RecalculationProcessFinished"');

let sockets: WebSocket[] = [];
let armed = false;
let started: number[] = [];
let finished: number[] = [];
let heardStarted = new WeakSet<WebSocket>();
let heardFinished = new WeakSet<WebSocket>();
let waiter: (() => void) | null = null;
/** the first Finished frame heard since arming: the bare baseline sends the same bytes */
let sample: string | null = null;

const startsWith = (data: Buffer, prefix: Buffer) => data.length >= prefix.length && data.compare(prefix, 0, prefix.length, 0, prefix.length) === 0;

function onMessage(this: WebSocket, data: Buffer) {
  if (!armed) return;
  // compare prefixes only: parsing 10,000 messages here would measure this process, not the server
  if (startsWith(data, STARTED)) {
    if (heardStarted.has(this)) return;
    heardStarted.add(this);
    started.push(wallNow());
  } else if (startsWith(data, FINISHED)) {
    if (heardFinished.has(this)) return;
    heardFinished.add(this);
    finished.push(wallNow());
    sample ??= String(data);
    if (waiter && finished.length >= sockets.length) waiter();
  }
}

function open(url: string, headers: Record<string, string>, localAddress: string | undefined): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers, perMessageDeflate: false, skipUTF8Validation: true, localAddress, handshakeTimeout: 30_000 });
    ws.on('message', onMessage);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

serve({
  /** opens n sockets, each with the headers of one of the given stores in turn */
  async connect(req) {
    const n = req.n as number;
    const hosts = req.hosts as string[];
    const port = req.port as number;
    const localAddress = req.localAddress as string | undefined;
    const path = (req.path as string | undefined) ?? '/ws/prices';
    const startedAt = performance.now();
    let failed = 0;
    let reason = '';
    const concurrency = 200;
    for (let i = 0; i < n; i += concurrency) {
      const batch = await Promise.allSettled(Array.from({ length: Math.min(concurrency, n - i) }, (_, j) => {
        const host = hosts[(i + j) % hosts.length];
        return open(`ws://127.0.0.1:${port}${path}`, { host: `${host}:${port}`, origin: `http://${host}:${port}` }, localAddress);
      }));
      for (const r of batch) {
        if (r.status === 'fulfilled') sockets.push(r.value);
        else {
          failed++;
          reason = String((r.reason as Error).message);
        }
      }
    }
    return { open: sockets.length, failed, reason, ms: Math.round(performance.now() - startedAt) };
  },
  arm() {
    armed = true;
    started = [];
    finished = [];
    heardStarted = new WeakSet();
    heardFinished = new WeakSet();
    sample = null;
    return sockets.length;
  },
  async collect(req) {
    if (finished.length < sockets.length) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, (req.timeoutMs as number) ?? 30_000);
        waiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    waiter = null;
    armed = false;
    return { started, finished, sample, open: sockets.filter((ws) => ws.readyState === WebSocket.OPEN).length };
  },
  async close() {
    for (const ws of sockets) ws.terminate();
    sockets = [];
    return true;
  },
});
process.send?.({ ready: true });
