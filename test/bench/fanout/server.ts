// The fan-out benchmark's server process (run with --expose-gc): the real storefront with its price hub,
// connected to the price service the parent runs, and a bare `ws` server for the baseline. It answers
// the parent over IPC: heap after gc, the hub's health, and the baseline's broadcast.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, WebSocket } from 'ws';
import { loadConfig } from '../../../src/config.ts';
import { buildStorefrontApp, type Storefront } from '../../../src/storefront/app.ts';
import { serve, wallNow } from './ipc.ts';

declare const gc: (() => void) | undefined;

let sf: Storefront | null = null;
let baseline: { server: Server; wss: WebSocketServer } | null = null;

function heap(): number {
  if (typeof gc !== 'function') throw new Error('run the server process with --expose-gc');
  for (let i = 0; i < 3; i++) gc();
  return process.memoryUsage().heapUsed;
}

serve({
  async start(req) {
    const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'production', PORT: '3000' });
    sf = await buildStorefrontApp({
      config,
      upstreams: { commerce: 'http://127.0.0.1:9', prices: req.pricesUrl as string, cms: 'http://127.0.0.1:9/v2' },
      logger: false,
      // the benchmark needs no client bundle
      assets: { buildId: 'bench', entry: '/build/entry.js', css: [], preload: [] },
      priceHub: { maxSockets: 20_000 },
    });
    await sf.app.listen({ host: '127.0.0.1', port: 0 });
    return { port: (sf.app.server.address() as AddressInfo).port };
  },
  heap: () => heap(),
  health: () => sf?.priceHub.health(),
  /** the message the hub sends CH browsers, for the baseline to send the same bytes */
  sample() {
    const p = sf?.priceHub.payload('CH:CHF');
    if (!p) throw new Error('no prices yet');
    return `${p.finishedPrefix},"serverTimestamp":"${new Date().toISOString()}"}`;
  },
  async baselineStart() {
    // The same ws settings as the hub: no compression, 1 KiB max payload.
    const server = createServer((_req, res) => res.end());
    const wss = new WebSocketServer({ server, perMessageDeflate: false, maxPayload: 1024 });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    baseline = { server, wss };
    return { port: (server.address() as AddressInfo).port };
  },
  baselineCount: () => baseline?.wss.clients.size ?? 0,
  baselineBroadcast(req) {
    if (!baseline) throw new Error('no baseline');
    const data = Buffer.from(req.payload as string);
    const t0 = wallNow();
    // the broadcast of the ws README
    baseline.wss.clients.forEach((client) => {
      if (client.readyState === WebSocket.OPEN) client.send(data, { binary: false });
    });
    return { t0, loopMs: wallNow() - t0, sockets: baseline.wss.clients.size };
  },
  async baselineStop() {
    if (!baseline) return;
    for (const ws of baseline.wss.clients) ws.terminate();
    baseline.wss.close();
    await new Promise((r) => baseline!.server.close(r));
    baseline = null;
  },
  async stop() {
    await sf?.app.close();
    setTimeout(() => process.exit(0), 50);
  },
});
process.send?.({ ready: true });
