// The fan-out benchmark's browser stand-ins: N `ws` clients in their own process (the server's sockets
// and these together would pass the 20,000 open files of one process). Each records the wall-clock time
// its first message of the armed type arrives; the parent collects the times.
import { WebSocket } from 'ws';
import { serve, wallNow } from './ipc.ts';

let sockets: WebSocket[] = [];
let armed: Buffer | null = null;
let times: number[] = [];
const got = new WeakSet<WebSocket>();
let waiter: (() => void) | null = null;

function onMessage(this: WebSocket, data: Buffer) {
  if (!armed || got.has(this)) return;
  // compare the prefix only: parsing 10,000 messages here would measure this process, not the server
  if (data.length < armed.length || data.compare(armed, 0, armed.length, 0, armed.length) !== 0) return;
  times.push(wallNow());
  got.add(this);
  if (waiter && times.length >= sockets.length) waiter();
}

async function open(url: string, headers: Record<string, string>): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers, perMessageDeflate: false, skipUTF8Validation: true });
    ws.on('message', onMessage);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

serve({
  async connect(req) {
    const n = req.n as number;
    const started = performance.now();
    let failed = 0;
    const concurrency = 250;
    for (let i = 0; i < n; i += concurrency) {
      const batch = await Promise.allSettled(Array.from({ length: Math.min(concurrency, n - i) }, () => open(req.url as string, req.headers as Record<string, string>)));
      for (const r of batch) {
        if (r.status === 'fulfilled') sockets.push(r.value);
        else failed++;
      }
    }
    return { open: sockets.length, failed, ms: Math.round(performance.now() - started) };
  },
  arm(req) {
    armed = Buffer.from(`{"type":"${req.type as string}"`);
    times = [];
    return sockets.length;
  },
  async collect(req) {
    if (times.length < sockets.length) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, (req.timeoutMs as number) ?? 30_000);
        waiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    waiter = null;
    armed = null;
    return times;
  },
  async close() {
    for (const ws of sockets) ws.terminate();
    sockets = [];
    return true;
  },
});
process.send?.({ ready: true });
