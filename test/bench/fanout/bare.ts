// The fan-out benchmark's baseline (issue 27): a bare `ws` server in a process of its own that broadcasts
// one frame to every socket the textbook way (ws.send per socket, no compression). What the same sockets
// cost without the shop: the storefront's fan-out is held to 1.2 times this, plus the chain before it.
// Decision: one process, all sockets: the plain broadcast anyone would write first, measured in the same run
// on the same machine as the shop's figure.
import { WebSocketServer, type WebSocket } from 'ws';
import { serve, wallNow } from './ipc.ts';

let wss: WebSocketServer | null = null;
const sockets = new Set<WebSocket>();

serve({
  async listen(req) {
    wss = new WebSocketServer({ port: req.port as number, host: '127.0.0.1', perMessageDeflate: false, clientTracking: false, maxPayload: 1024 });
    wss.on('connection', (ws) => {
      sockets.add(ws);
      ws.on('close', () => sockets.delete(ws));
      ws.on('error', () => {});
    });
    await new Promise((resolve) => wss!.once('listening', resolve));
    return true;
  },
  /** sends the frame's text to every socket; answers with the wall-clock time the loop began */
  broadcast(req) {
    const text = Buffer.from(req.frame as string);
    const t0 = wallNow();
    for (const ws of sockets) ws.send(text, { binary: false });
    return { t0, sockets: sockets.size, loopMs: wallNow() - t0 };
  },
  async close() {
    for (const ws of sockets) ws.terminate();
    sockets.clear();
    await new Promise((resolve) => (wss ? wss.close(resolve) : resolve(undefined)));
    wss = null;
    return true;
  },
});
process.send?.({ ready: true });
