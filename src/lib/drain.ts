// Stopping an HTTP server that holds idle connections (issue 27). Node's server.close() stops accepting and
// closes keep-alive connections that are idle at that moment, but then waits for every other one: a
// connection a load balancer or a browser opened and has not used yet (no byte sent) keeps it waiting
// until the connection's own timeout (72 s in Fastify), and one whose request was in flight stays open,
// idle, after its answer. So from the start of the close until the server is closed:
//   - idle keep-alive connections are closed at once and again every SWEEP_MS (Node's closeIdleConnections);
//   - a connection whose client never sent a byte is closed at once;
//   - requests in flight finish (upgraded sockets are their owners' to close: the price sockets get their
//     close frame from the price hub's own preClose hook);
//   - whatever is still open when the part's own budget is nearly spent is closed (forceAfterMs), so the
//     close returns and the part still closes its database before its own budget ends.
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** Decision: a part run alone (no supervisor) keeps the 15 s it always had. */
const DEFAULT_STOP_BUDGET_MS = 15_000;
const SWEEP_MS = 50;
/** of a part's budget, kept for what comes after the connections (closing the database, the last log lines) */
const AFTER_CONNECTIONS_MS = 1_000;

/** The part's own stop budget: SHOP_STOP_BUDGET_MS, set by the supervisor shorter than its own budget for
 * the part (src/supervisor.ts); else 15 s. */
export function stopBudgetMs(env: NodeJS.ProcessEnv = process.env): number {
  const v = Number(env.SHOP_STOP_BUDGET_MS);
  return Number.isInteger(v) && v > 0 ? v : DEFAULT_STOP_BUDGET_MS;
}

/** Time a closing server waits for requests in flight before it closes every connection. */
export function connectionBudgetMs(budgetMs = stopBudgetMs()): number {
  return Math.max(budgetMs - AFTER_CONNECTIONS_MS, Math.floor(budgetMs / 2));
}

export interface Drain {
  /** starts closing idle connections (call when the server stops taking requests) */
  begin(): void;
}

export function drainConnections(server: Server, forceAfterMs: number): Drain {
  const sockets = new Set<Socket>();
  let sweeper: NodeJS.Timeout | null = null;
  let force: NodeJS.Timeout | null = null;
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  const sweep = () => {
    server.closeIdleConnections();
    for (const s of sockets) if (s.bytesRead === 0) s.destroy();
  };
  server.once('close', () => {
    if (sweeper) clearInterval(sweeper);
    if (force) clearTimeout(force);
  });
  return {
    begin() {
      if (sweeper) return;
      sweep();
      sweeper = setInterval(sweep, SWEEP_MS);
      sweeper.unref();
      force = setTimeout(() => {
        server.closeAllConnections();
        for (const s of sockets) s.destroy();
      }, forceAfterMs);
      force.unref();
    },
  };
}

/** A Fastify app's server drained from its first preClose hook on (register before other preClose hooks). */
export function drainOnClose(app: FastifyInstance, forceAfterMs = connectionBudgetMs()): void {
  const drain = drainConnections(app.server, forceAfterMs);
  app.addHook('preClose', async () => drain.begin());
}
