// Real pieces for the price hub's tests: the real price service on the fixture catalogue, the real
// storefront (with its hub) on free ports, and browser sockets as `ws` clients with a store's Host and
// Origin headers.
import type { AddressInfo } from 'node:net';
import type { Test } from 'tap';
import { request } from 'undici';
import { WebSocket } from 'ws';
import { loadConfig } from '../../src/config.ts';
import { buildPricingApp, type PricingApp, type PricingAppOptions } from '../../src/pricing/app.ts';
import { buildStorefrontApp, type Storefront, type StorefrontOptions } from '../../src/storefront/app.ts';
import Compile from 'typebox/compile';
import { BrowserPriceMessage } from '../../src/contracts/price-stream.ts';
import { fixtureProducts } from '../pricing/fixtures.ts';

export interface RunningPricing {
  app: PricingApp;
  url: string;
  port: number;
  close(): Promise<void>;
}

/** The real price service on the fixture catalogue with the real clock. port 0: a free one. */
export async function startPricing(opts: Partial<PricingAppOptions> & { port?: number } = {}): Promise<RunningPricing> {
  const { port: wanted, ...rest } = opts;
  const app = await buildPricingApp({
    loadProducts: async () => structuredClone(fixtureProducts),
    seed: 20261122,
    logger: false,
    recalcIntervalS: 3600,
    ...rest,
  });
  await app.listen({ host: '127.0.0.1', port: wanted ?? 0 });
  const port = (app.server.address() as AddressInfo).port;
  let closed = false;
  return {
    app,
    port,
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      if (closed) return;
      closed = true;
      await app.close();
    },
  };
}

export interface RunningStorefront extends Storefront {
  port: number;
  get(host: string, path: string, headers?: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer; text: string }>;
  close(): Promise<void>;
}

export async function startStorefront(pricesUrl: string, priceHub: StorefrontOptions['priceHub'] = {}, env: Record<string, string> = {}): Promise<RunningStorefront> {
  const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', RATE_LIMITS: env?.NODE_ENV === 'production' ? 'on' : 'off', OVERLOAD_EVENT_LOOP_DELAY_MS: '0', ...env });
  const sf = await buildStorefrontApp({
    config,
    upstreams: { commerce: 'http://127.0.0.1:9', prices: pricesUrl, cms: 'http://127.0.0.1:9/v2' },
    logger: false,
    priceHub,
    // these tests need no client bundle (and another test may be rebuilding it)
    assets: { buildId: 'test', entry: '/build/entry.js', css: [], preload: [] },
  });
  await sf.app.listen({ host: '127.0.0.1', port: 0 });
  const port = (sf.app.server.address() as AddressInfo).port;
  let closed = false;
  return {
    ...sf,
    port,
    async get(host, path, headers = {}) {
      const res = await request(`http://127.0.0.1:${port}${path}`, { headers: { host: `${host}:${port}`, ...headers } });
      const body = Buffer.from(await res.body.arrayBuffer());
      return { status: res.statusCode, headers: res.headers, body, text: body.toString('utf8') };
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await sf.app.close();
    },
  };
}

const isBrowserMessage = Compile(BrowserPriceMessage);

/** A browser's price socket: messages are queued so a test can wait for the next one of a type. */
export interface BrowserSocket {
  ws: WebSocket;
  messages: BrowserPriceMessage[];
  next(type: BrowserPriceMessage['type'], timeoutMs?: number): Promise<BrowserPriceMessage>;
  closed: Promise<number>;
  close(): void;
}

export function browserSocket(port: number, opts: { host?: string; origin?: string | null; query?: string; autoPong?: boolean } = {}): Promise<BrowserSocket> {
  const host = opts.host ?? 'ch.localhost';
  const origin = opts.origin === undefined ? `http://${host}:${port}` : opts.origin;
  const headers: Record<string, string> = { host: `${host}:${port}` };
  if (origin !== null) headers.origin = origin;
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws/prices${opts.query ?? ''}`, { headers, perMessageDeflate: false, autoPong: opts.autoPong ?? true });
  const messages: BrowserPriceMessage[] = [];
  let cursor = 0;
  const waiters: (() => void)[] = [];
  ws.on('message', (data) => {
    const message: unknown = JSON.parse(data.toString());
    // every frame the hub sends is one of the contract's messages, field for field
    if (!isBrowserMessage.Check(message)) throw new Error(`the hub sent a message outside the contract: ${data.toString().slice(0, 300)}`);
    messages.push(message);
    for (const w of waiters.splice(0)) w();
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const socket: BrowserSocket = {
    ws,
    messages,
    closed,
    next(type, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${type} within ${timeoutMs} ms (got ${messages.map((m) => m.type).join(', ') || 'nothing'})`)), timeoutMs);
        const look = () => {
          while (cursor < messages.length) {
            const m = messages[cursor++];
            if (m.type === type) {
              clearTimeout(timer);
              resolve(m);
              return;
            }
          }
          waiters.push(look);
        };
        look();
      });
    },
    close: () => ws.terminate(),
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(socket));
    ws.once('unexpected-response', (_req, res) => reject(Object.assign(new Error(`handshake refused: ${res.statusCode}`), { statusCode: res.statusCode })));
    ws.once('error', reject);
  });
}

/** Waits until check() is true (polling), or fails the test with what. */
export async function eventually(t: Test, what: string, check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > until) {
      t.fail(`timed out waiting: ${what}`);
      return;
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}

export async function json<T>(url: string): Promise<T> {
  const res = await request(url);
  return (await res.body.json()) as T;
}
