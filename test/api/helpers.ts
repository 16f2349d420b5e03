// The real commerce service (PGlite from the test template, movable clock), a pass-through proxy that can
// inject upstream faults, the real content service and the real storefront on free ports, talking over
// HTTP; and a small browser stand-in: a cookie jar per store host that sends the CSRF header like the
// shop's script does.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { testCompanyFacts } from '../company-facts.ts';
import type { AddressInfo } from 'node:net';
import type { Test } from 'tap';
import { request } from 'undici';
import { buildCommerceApp, type CommerceApp, type CommerceConfig } from '../../src/commerce/app.ts';
import type { Db } from '../../src/commerce/db/index.ts';
import { openTestDb } from '../../src/commerce/db/testing.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { buildContentApp } from '../../src/content/app.ts';
import { buildStorefrontApp, type Storefront } from '../../src/storefront/app.ts';
import { contentRepository, ensureClientBuild, TEST_CMS_RATE_LIMIT } from '../storefront/harness.ts';
import { TEST_SERVICE_SECRET, testClock, testConfig, tokenFromText, uniqueEmail, PASSWORD, type TestClock } from '../commerce/helpers.ts';

export { uniqueEmail, PASSWORD, tokenFromText };

export interface Shop {
  port: number;
  config: Config;
  storefront: Storefront;
  commerce: CommerceApp;
  commerceUrl: string;
  db: Db;
  clock: TestClock;
  /** the pass-through between storefront and commerce service; its faults can be switched on */
  proxy: FaultProxy;
  /** calls the commerce service answered, by route (e.g. 'POST /admin/customers/refresh-token') */
  calls: Map<string, number>;
  count(route: string): number;
  browser(host?: string): Browser;
}

export interface StartOptions {
  commerceConfig?: Partial<CommerceConfig>;
  env?: Record<string, string>;
  /** routes a test adds to the storefront before it listens (e.g. a cart write for ensureSession) */
  routes?: (sf: Storefront) => void;
}

/**
 * Forwards every request to the commerce service unchanged, unless a fault is set for its path: then it
 * answers that status itself (or drops the connection for status 0), as a failing upstream would. A route
 * in `lostAnswers` is forwarded and fully served by commerce (its transaction committed), and then the
 * connection is cut before the answer goes back: a commerce that died right after its commit.
 */
export class FaultProxy {
  /** the commerce service's address (a test that restarts commerce points it at the new one) */
  target: string;
  readonly faults = new Map<string, number>();
  readonly lostAnswers = new Set<string>();
  private server: Server | null = null;
  url = '';

  constructor(target: string) {
    this.target = target;
  }

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', () => resolve()));
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0];
    const fault = this.faults.get(`${req.method} ${path}`);
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (fault !== undefined) {
      if (fault === 0) {
        req.socket.destroy();
        return;
      }
      res.writeHead(fault, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ statusCode: fault, code: 'upstream_fault', message: 'injected by the test' }));
      return;
    }
    const headers = { ...req.headers };
    delete headers.host;
    delete headers.connection;
    const up = await request(this.target + req.url, { method: req.method as 'GET', headers, body: chunks.length ? Buffer.concat(chunks) : undefined });
    const body = Buffer.from(await up.body.arrayBuffer());
    if (this.lostAnswers.has(`${req.method} ${path}`)) {
      req.socket.destroy();
      return;
    }
    const out: Record<string, string | string[]> = {};
    for (const [k, v] of Object.entries(up.headers)) if (v !== undefined && k !== 'transfer-encoding' && k !== 'connection') out[k] = v;
    res.writeHead(up.statusCode, out);
    res.end(body);
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

export async function startShop(t: Test, opts: StartOptions = {}): Promise<Shop> {
  await ensureClientBuild();
  const { db, close } = await openTestDb();
  const clock = testClock(Date.now());
  // Per-client limits are off (RATE_LIMITS) unless a test about them switches them on in env; the commerce
  // service follows the storefront's setting. Load shedding by event-loop delay is off too: a busy shared
  // test machine must not turn answers into 503s (tests about shedding set an OVERLOAD_* threshold).
  const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', CMS_CACHE_TTL_S: '0', SERVICE_SECRET: TEST_SERVICE_SECRET, RATE_LIMITS: opts.env?.NODE_ENV === 'production' ? 'on' : 'off', OVERLOAD_EVENT_LOOP_DELAY_MS: '0', ...opts.env });
  const commerce = await buildCommerceApp({ companyFacts: testCompanyFacts(), db, config: testConfig({ RATE_LIMITS: config.RATE_LIMITS, ...opts.commerceConfig }), logger: false, clock });
  const calls = new Map<string, number>();
  commerce.addHook('onResponse', async (req) => {
    const key = `${req.method} ${req.routeOptions.url ?? 'unmatched'}`;
    calls.set(key, (calls.get(key) ?? 0) + 1);
  });
  await commerce.listen({ host: '127.0.0.1', port: 0 });
  const commerceUrl = `http://127.0.0.1:${(commerce.server.address() as AddressInfo).port}`;
  const proxy = new FaultProxy(commerceUrl);
  await proxy.start();

  const content = buildContentApp({ publicToken: config.CMS_TOKEN, previewToken: config.CMS_PREVIEW_TOKEN, logLevel: 'silent', repository: contentRepository() });
  await content.listen({ host: '127.0.0.1', port: 0 });
  const cms = `http://127.0.0.1:${(content.server.address() as AddressInfo).port}/v2`;
  const storefront = await buildStorefrontApp({ config, upstreams: { commerce: proxy.url, prices: 'http://127.0.0.1:9', cms }, logger: false, cmsRateLimit: TEST_CMS_RATE_LIMIT});
  opts.routes?.(storefront);
  await storefront.app.listen({ host: '127.0.0.1', port: 0 });
  const port = (storefront.app.server.address() as AddressInfo).port;
  t.teardown(async () => {
    await storefront.app.close();
    await content.close();
    await proxy.close();
    await commerce.close();
    await close();
  });
  return {
    port, config, storefront, commerce, commerceUrl, db, clock, proxy, calls,
    count: (route) => calls.get(route) ?? 0,
    browser: (host = 'ch.localhost') => new Browser(port, host),
  };
}

export interface Res {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: any;
  /** Set-Cookie lines of this answer */
  setCookies: string[];
}

/** A browser stand-in: keeps cookies like a browser (host-only, Max-Age=0 deletes), sends the CSRF header. */
export class Browser {
  readonly port: number;
  readonly host: string;
  readonly jar = new Map<string, string>();
  language: 'de' | 'en' = 'de';

  constructor(port: number, host: string) {
    this.port = port;
    this.host = host;
  }

  cookie(name: string): string | undefined {
    return this.jar.get(name);
  }

  setCookie(name: string, value: string | undefined): void {
    if (value === undefined) this.jar.delete(name);
    else this.jar.set(name, value);
  }

  get origin(): string {
    return `http://${this.host}:${this.port}`;
  }

  async fetch(method: string, path: string, opts: { body?: unknown; headers?: Record<string, string>; raw?: string; csrf?: boolean } = {}): Promise<Res> {
    const headers: Record<string, string> = { host: `${this.host}:${this.port}`, 'x-shop-language': this.language, ...(opts.headers ?? {}) };
    const csrf = this.jar.get('ctCsrf');
    if (opts.csrf !== false && csrf && method !== 'GET') headers['x-csrf-token'] = csrf;
    if (this.jar.size) headers.cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    let body: string | undefined;
    if (opts.raw !== undefined) body = opts.raw;
    else if (opts.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(opts.body);
    }
    const res = await request(`http://127.0.0.1:${this.port}${path}`, { method: method as 'GET', headers, body });
    const text = await res.body.text();
    const raw = res.headers['set-cookie'];
    const setCookies = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
    for (const line of setCookies) {
      const [pair, ...attrs] = line.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i).trim();
      const value = decodeURIComponent(pair.slice(i + 1).trim());
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a));
      if (expired || value === '') this.jar.delete(name);
      else this.jar.set(name, value);
    }
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: res.statusCode, headers: res.headers, text, json, setCookies };
  }

  get(path: string, headers?: Record<string, string>) {
    return this.fetch('GET', path, { headers });
  }
  post(path: string, body?: unknown) {
    return this.fetch('POST', path, { body: body ?? {} });
  }
  put(path: string, body?: unknown) {
    return this.fetch('PUT', path, { body: body ?? {} });
  }
  delete(path: string, body?: unknown) {
    return this.fetch('DELETE', path, body === undefined ? {} : { body });
  }

  /** A first page view: the shop hands out its CSRF cookie. */
  async open(path = '/'): Promise<Res> {
    return this.get(path);
  }
}

/** The newest outbox message to an address. */
export async function lastMessageTo(db: Db, to: string): Promise<{ subject: string | null; text: string } | null> {
  const rows = await db.query<{ subject: string | null; text: string }>('select subject, text from outbox where "to" = $1 order by id desc limit 1', [to]);
  return rows[0] ?? null;
}

export interface Registered {
  email: string;
  password: string;
}

/** Registers through the shop's API and follows the activation link from the mail, as a customer would. */
export async function registerVerified(shop: Shop, b: Browser, extra: Record<string, unknown> = {}): Promise<Registered> {
  const email = uniqueEmail('shop');
  if (!b.cookie('ctCsrf')) await b.open();
  const reg = await b.post('/api/register', { email, password: PASSWORD, passwordRepeat: PASSWORD, firstName: 'Anna', lastName: 'Muster', ...extra });
  if (reg.status !== 201) throw new Error(`register ${reg.status} ${reg.text}`);
  const mail = await lastMessageTo(shop.db, email);
  const act = await b.post('/api/activate', { token: tokenFromText(mail?.text ?? '') });
  if (act.status !== 200) throw new Error(`activate ${act.status} ${act.text}`);
  return { email, password: PASSWORD };
}

export async function signedIn(shop: Shop, host = 'ch.localhost'): Promise<{ b: Browser; account: Registered }> {
  const b = shop.browser(host);
  await b.open();
  const account = await registerVerified(shop, b);
  const res = await b.post('/api/login', { email: account.email, password: account.password });
  if (res.status !== 200) throw new Error(`login ${res.status} ${res.text}`);
  return { b, account };
}

export function swissAddress(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    firstName: 'Anna', lastName: 'Muster', streetName: 'Bahnhofstrasse', streetNumber: '12', zipCode: '8001', city: 'Zürich',
    country: 'CH', phone: '+41 44 668 18 00', ...overrides,
  };
}
