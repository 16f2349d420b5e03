// The commerce test harness: one migrated, seeded database per test file (PGlite from a template, or a
// fresh database on TEST_DATABASE_URL), an app per test with its own movable clock, and the customer
// flows most tests start from (register + verify via the outbox, sign in).
import { randomBytes } from 'node:crypto';
import { testCompanyFacts } from '../company-facts.ts';
import type { Test } from 'tap';
import type { LightMyRequestResponse } from 'fastify';
import { loadConfig } from '../../src/config.ts';
import { buildCommerceApp, type CommerceApp, type CommerceConfig } from '../../src/commerce/app.ts';
import type { Db } from '../../src/commerce/db/index.ts';
import { openTestDb } from '../../src/commerce/db/testing.ts';
import type { LoginResponse, TokenResponse } from '../../src/contracts/commerce.ts';
import type { StoreKey } from '../../src/stores.ts';

export const T0 = Date.parse('2026-11-22T10:00:00.000Z');

export interface TestClock {
  (): Date;
  /** moves time forward by seconds */
  advance(seconds: number): void;
  set(ms: number): void;
}

export function testClock(start = T0): TestClock {
  let now = start;
  const clock = (() => new Date(now)) as TestClock;
  clock.advance = (s) => {
    now += s * 1000;
  };
  clock.set = (ms) => {
    now = ms;
  };
  return clock;
}

/** The service credential of the tests' parts (SERVICE_SECRET): with it a caller may forward a client address. */
export const TEST_SERVICE_SECRET = 'test-service-secret-0123456789abcdef';

/** Test configuration: per-client limits off (RATE_LIMITS), tests about them pass { RATE_LIMITS: 'on' }. */
export function testConfig(overrides: Partial<CommerceConfig> = {}): CommerceConfig {
  return { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RATE_LIMITS: 'off', SERVICE_SECRET: TEST_SERVICE_SECRET }), ...overrides };
}

export interface CallOptions {
  store?: StoreKey | string | null;
  token?: string | null;
  body?: unknown;
  headers?: Record<string, string>;
  /** the browser's address, forwarded like the storefront does (with the service credential) */
  clientIp?: string;
}

export interface Api {
  app: CommerceApp;
  db: Db;
  clock: TestClock;
  call(method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', url: string, opts?: CallOptions): Promise<LightMyRequestResponse>;
}

export interface Harness {
  db: Db;
  /** a fresh app on the file's database; closed when t ends */
  api(t: Test, opts?: { config?: Partial<CommerceConfig>; clock?: TestClock }): Promise<Api>;
}

/** Opens the file's database; closes (and on a server drops) it when the file's top-level test ends. */
export async function commerceHarness(t: Test): Promise<Harness> {
  const { db, close } = await openTestDb();
  t.teardown(close);
  return {
    db,
    async api(tt, opts = {}) {
      const clock = opts.clock ?? testClock();
      const app = await buildCommerceApp({ companyFacts: testCompanyFacts(), db, config: testConfig(opts.config), logger: false, clock });
      tt.teardown(() => app.close());
      return {
        app,
        db,
        clock,
        call(method, url, o = {}) {
          const headers: Record<string, string> = { ...(o.headers ?? {}) };
          if (o.store !== null) headers['x-store-key'] = o.store ?? 'ch';
          if (o.token) headers.authorization = `Bearer ${o.token}`;
          if (o.clientIp) Object.assign(headers, { 'x-client-ip': o.clientIp, 'x-service-token': TEST_SERVICE_SECRET }, o.headers);
          return app.inject({
            method,
            url,
            headers,
            ...(o.body !== undefined ? { payload: o.body as string | object } : {}),
          });
        },
      };
    },
  };
}

export function uniqueEmail(prefix = 'kunde'): string {
  return `${prefix}.${randomBytes(5).toString('hex')}@example.ch`;
}

export const PASSWORD = 'Goldbarren2026';

/** The newest outbox message to an address. */
export async function lastMessageTo(db: Db, to: string): Promise<{ subject: string | null; text: string; html: string | null; channel: string } | null> {
  const rows = await db.query<{ subject: string | null; text: string; html: string | null; channel: string }>(
    'select subject, text, html, channel from outbox where "to" = $1 order by id desc limit 1',
    [to],
  );
  return rows[0] ?? null;
}

export async function messageCount(db: Db, to: string): Promise<number> {
  const rows = await db.query<{ n: number }>('select count(*)::int as n from outbox where "to" = $1', [to]);
  return rows[0].n;
}

/** The token of the first link in a text (activation, reset). */
export function tokenFromText(text: string): string {
  const m = /[?&]token=([\w%-]+)/.exec(text);
  if (!m) throw new Error('no link with a token in the message');
  return decodeURIComponent(m[1]);
}

export interface Account {
  id: string;
  email: string;
  password: string;
  store: StoreKey;
}

/** Registers an account and verifies its e-mail through the activation mail, like a customer would. */
export async function registerVerified(api: Api, opts: { store?: StoreKey; email?: string; password?: string; body?: Record<string, unknown> } = {}): Promise<Account> {
  const store = opts.store ?? 'ch';
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? PASSWORD;
  const res = await api.call('POST', '/customers', {
    store,
    body: { email, password, firstName: 'Anna', lastName: 'Muster', ...(opts.body ?? {}) },
  });
  if (res.statusCode !== 201) throw new Error(`registration failed: ${res.statusCode} ${res.body}`);
  const id = (res.json() as { customer: { id: string } }).customer.id;
  const mail = await lastMessageTo(api.db, email);
  const verify = await api.call('GET', `/customers/email-verification?emailToken=${encodeURIComponent(tokenFromText(mail?.text ?? ''))}`, { store });
  if (verify.statusCode !== 200) throw new Error(`verification failed: ${verify.statusCode} ${verify.body}`);
  return { id, email, password, store };
}

export async function login(
  api: Api, account: Pick<Account, 'email' | 'password' | 'store'>, extra: Record<string, unknown> = {}, headers: Record<string, string> = {},
): Promise<LoginResponse> {
  const res = await api.call('POST', '/customers/login', { store: account.store, body: { email: account.email, password: account.password, ...extra }, headers });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json() as LoginResponse;
}

/** Issue 14: the proof of a merge, the guest's anonymous access token. */
export const proof = (anonymousToken: string): Record<string, string> => ({ 'x-anonymous-token': anonymousToken });

export async function anonymous(api: Api, store: StoreKey = 'ch'): Promise<TokenResponse> {
  const res = await api.call('GET', '/admin/customers/anonymous', { store });
  if (res.statusCode !== 200) throw new Error(`anonymous failed: ${res.statusCode}`);
  return res.json() as TokenResponse;
}

/** A valid Swiss address of the ch store. */
export function swissAddress(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    firstName: 'Anna', lastName: 'Muster', streetName: 'Bahnhofstrasse', streetNumber: '12', zipCode: '8001', city: 'Zürich',
    country: 'CH', phone: '+41 44 668 18 00', ...overrides,
  };
}
