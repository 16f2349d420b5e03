// The price socket's subscribers (GET /ws, spec 4 and 7): one JSON message per recalculation event to
// every subscriber (src/contracts/price-upstream.ts: Started, the Prepared prices, Finished), the current
// state to each new one, and a heartbeat that drops subscribers which stopped answering pings (a
// half-open connection never closes by itself).
import websocket from '@fastify/websocket';
import type { FastifyPluginAsync } from 'fastify';
import type { WebSocket } from 'ws';
import type { UpstreamPriceMessage } from '../contracts/price-upstream.ts';
import { pricingErrorCodes } from '../contracts/prices.ts';
import { AppError } from '../lib/errors.ts';
import { unref, type TimerHandle, type Timers } from '../lib/timers.ts';

export interface SubscribersOptions {
  /** ping period; a subscriber that did not answer the previous ping is dropped */
  heartbeatMs: number;
  timers: Timers;
  /** what a new subscriber hears first (the current state, in order), if anything */
  greeting(): UpstreamPriceMessage[];
  /** false: new subscribers are refused with 503 price_service_standby (a standby, leadership.ts), so a
   * storefront moves on to the next PRICE_SERVICE_URL; default always true */
  accepting?: () => boolean;
}

export interface Subscribers {
  broadcast(message: UpstreamPriceMessage): void;
  count(): number;
  /** ends every subscriber's socket (a standby's former subscribers reconnect to the active instance) */
  closeAll(): void;
  /** registers @fastify/websocket and GET /ws; the heartbeat runs while the app is ready */
  plugin: FastifyPluginAsync;
}

/** A subscriber that cannot take one price set (about 0.4 MB for the seed catalogue) every 180 s is gone:
 * drop it, it reconnects. Decision: 8 MiB unsent. */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;

function send(socket: WebSocket, json: string): void {
  if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
    socket.terminate();
    return;
  }
  if (socket.readyState === socket.OPEN) socket.send(json);
}

export function createSubscribers(opts: SubscribersOptions): Subscribers {
  const sockets = new Map<WebSocket, { alive: boolean }>();
  let heartbeat: TimerHandle | null = null;

  function beat() {
    for (const [socket, state] of sockets) {
      if (!state.alive) {
        socket.terminate();
        continue;
      }
      state.alive = false;
      socket.ping();
    }
  }

  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(websocket, { options: { maxPayload: 4096 } });
    app.addHook('onReady', async () => {
      heartbeat = unref(opts.timers.setInterval(beat, opts.heartbeatMs));
    });
    app.addHook('onClose', async () => {
      if (heartbeat) opts.timers.clearInterval(heartbeat);
      heartbeat = null;
    });
    const standby = () => new AppError(pricingErrorCodes.standby);
    app.get('/ws', { websocket: true, preValidation: async () => { if (opts.accepting && !opts.accepting()) throw standby(); } }, (socket) => {
      const state = { alive: true };
      sockets.set(socket, state);
      socket.on('pong', () => {
        state.alive = true;
      });
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => sockets.delete(socket));
      // Subscribers send nothing the service needs; anything they send is ignored.
      for (const hello of opts.greeting()) send(socket, JSON.stringify(hello));
    });
  };

  return {
    broadcast(message) {
      const json = JSON.stringify(message);
      for (const socket of sockets.keys()) send(socket, json);
    },
    count: () => sockets.size,
    closeAll() {
      // 1012 "service restart": the client reconnects (to the next price service in its list)
      for (const socket of sockets.keys()) socket.close(1012, 'standby');
      sockets.clear();
    },
    plugin,
  };
}
