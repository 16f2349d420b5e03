// Issue 14, "the database may restart": the whole shop as `npm start` runs it (one process: storefront
// with embedded commerce, prices and content; `node --import tsx src/main.ts`), its commerce database on
// the throw-away PostgreSQL server of .ci/run, while customers add to carts and place orders through the
// storefront's /api. The server is stopped (pg_ctl stop, fast and immediate in turn), stays away for a
// few seconds and starts again, CYCLES times. Asserted: every answer is 2xx or 503 database_unavailable
// with the customer's message (never a 500, never a dropped connection), the process never exits, and
// within 5 s of the server's return a cart write and an order-path call succeed again. The recovery time
// of each cycle is printed (the figures in README.md come from here).
//
// Needs (`npm run test:pg` gets them from .ci/run; otherwise the test says it was skipped):
//   TEST_DATABASE_URL     postgres://... of the server (a fresh database is made on it and dropped)
//   TEST_PG_CTL           the pg_ctl command for that server's data directory, as a shell command prefix,
//                         e.g. "runuser -u postgres -- /usr/lib/postgresql/15/bin/pg_ctl -D /tmp/pg/data"
//   TEST_PG_START_ARGS    what `pg_ctl start` needs besides -w, e.g. "-l /tmp/pg/log -o '-p 5433 ...'"
// Optional: TEST_PG_RESTART_DOWN_S (seconds the server stays away, default 5), TEST_PG_RESTART_CYCLES
// (default 6), TEST_RESTART_PORT (the shop's PORT; it takes PORT..PORT+4; default: free ports below the
// kernel's ephemeral range, test/free-ports.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import pg from 'pg';
import { request } from 'undici';
import { ensureClientBuild } from '../storefront/harness.ts';
import { freePortBlock } from '../free-ports.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
const pgCtl = process.env.TEST_PG_CTL;
const startArgs = process.env.TEST_PG_START_ARGS ?? '';
const DOWN_MS = Number(process.env.TEST_PG_RESTART_DOWN_S ?? 5) * 1000;
const CYCLES = Number(process.env.TEST_PG_RESTART_CYCLES ?? 6);
/** the promise of the issue: carts and orders work again within 5 s of the database's return */
const RECOVERY_LIMIT_MS = 5_000;
const WORKERS = 4;
const root = fileURLToPath(new URL('../../', import.meta.url));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function sh(cmd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    // the server started by pg_ctl must not hold our pipes: its output goes to pg_ctl's -l log
    const p = spawn('sh', ['-c', cmd], { stdio: 'ignore' });
    p.on('error', reject);
    p.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd.split(' ')[0]}... exited ${code}`))));
  });
}

const stopServer = (mode: 'fast' | 'immediate') => sh(`${pgCtl} -m ${mode} -w stop`);
const startServer = () => sh(`${pgCtl} -w ${startArgs} start`);

/** A customer's browser: cookies per host, the CSRF header, no keep-alive tricks (undici's default pool). */
class Customer {
  readonly jar = new Map<string, string>();
  readonly port: number;
  readonly host = 'ch.localhost';
  constructor(port: number) {
    this.port = port;
  }
  async call(method: string, path: string, body?: unknown): Promise<{ status: number; json: any; text: string }> {
    const headers: Record<string, string> = { host: `${this.host}:${this.port}`, 'x-shop-language': 'en' };
    const csrf = this.jar.get('ctCsrf');
    if (csrf && method !== 'GET') headers['x-csrf-token'] = csrf;
    if (this.jar.size) headers.cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await request(`http://127.0.0.1:${this.port}${path}`, {
      method: method as 'GET', headers, body: body === undefined ? undefined : JSON.stringify(body),
      headersTimeout: 20_000, bodyTimeout: 20_000,
    });
    const text = await res.body.text();
    const raw = res.headers['set-cookie'];
    for (const line of raw === undefined ? [] : Array.isArray(raw) ? raw : [raw]) {
      const [pair, ...attrs] = line.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i).trim();
      const value = decodeURIComponent(pair.slice(i + 1).trim());
      if (value === '' || attrs.some((a) => /^\s*max-age=0\s*$/i.test(a))) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: res.statusCode, json, text };
  }
}

const address = {
  firstName: 'Anna', lastName: 'Muster', streetName: 'Bahnhofstrasse', streetNumber: '12', zipCode: '8001', city: 'Zürich',
  country: 'CH', phone: '+41 44 000 00 00',
};

type Kind = 'page' | 'cart' | 'order';
interface Outcome { at: number; kind: Kind; step: string; status: number; code?: string; message?: string; error?: string; page?: string }

t.test('the shop survives PostgreSQL restarts under load and works again within 5 s', {
  skip: !serverUrl || !pgCtl ? 'skipped: needs TEST_DATABASE_URL and TEST_PG_CTL (+ TEST_PG_START_ARGS) to stop and start the server (.ci/run sets them)' : false,
  timeout: 300_000,
}, async (t) => {
  await ensureClientBuild();
  // a database of our own on the server, dropped at the end
  const name = `restart_test_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`create database ${name}`);
  const dbUrl = new URL(serverUrl!);
  dbUrl.pathname = `/${name}`;

  // The shop as `npm start` runs it, ready when the storefront answers and a guest can add to a cart (the first
  // price set has arrived). A start that finds a port taken after all (another test's server took it between
  // freePortBlock's look and the shop's listen) is tried again on other ports, twice at most: the test is about
  // the database, and an exit for any other cause fails it.
  // TEST_RESTART_PORT: the operator's own choice, used as it is (no second attempt elsewhere)
  const fixedPort = process.env.TEST_RESTART_PORT ? Number(process.env.TEST_RESTART_PORT) : null;
  let port = 0;
  let output = '';
  let child: ChildProcess | null = null;
  let exited: { code: number | null; signal: string | null } | null = null;
  let probe: Customer | null = null;
  let serverDown = false;
  t.teardown(async () => {
    // the server stays up for whoever comes next (test:pg runs this file last)
    if (serverDown) await startServer().catch(() => {});
    if (child && !exited) {
      child.kill('SIGTERM');
      for (let i = 0; i < 100 && !exited; i++) await sleep(100);
      if (!exited) child.kill('SIGKILL');
    }
    await admin(`drop database if exists ${name} with (force)`).catch(() => {});
  });

  for (let attempt = 1; ; attempt++) {
    port = fixedPort ?? await freePortBlock(5);
    output = '';
    exited = null;
    const started: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: dbUrl.toString(), NODE_ENV: 'test', LOG_LEVEL: 'warn',
        CMS_CACHE_TTL_S: '0', COMMERCE_API_URL: '', PRICE_SERVICE_URL: '', CMS_API_URL: '',
        // this test is about the database: four customers from one loopback address would meet the /api rate
        // limit, and a loaded CI machine the event-loop shedding; both have tests of their own (test/api/limits)
        RATE_LIMITS: 'off', OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    started.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    started.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    started.on('exit', (code, signal) => {
      if (child === started) exited = { code, signal };
    });
    const customer = new Customer(port);
    const readyBy = Date.now() + 90_000;
    let ready = false;
    while (!exited && Date.now() <= readyBy) {
      try {
        if (!customer.jar.has('ctCsrf')) await customer.call('GET', '/');
        const add = await customer.call('POST', '/api/cart/items', { transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity: 1 });
        if (add.status === 200) {
          ready = true;
          break;
        }
      } catch {
        // not listening yet
      }
      await sleep(300);
    }
    if (ready) {
      probe = customer;
      break;
    }
    if (exited && /EADDRINUSE/.test(output) && attempt < 3 && fixedPort === null) {
      t.comment(`attempt ${attempt}: a port of ${port}-${port + 4} was taken meanwhile; starting again on others`);
      continue;
    }
    if (exited) t.fail(`the shop exited at start: ${output.slice(-2000)}`);
    throw new Error(`the shop did not become ready: ${output.slice(-2000)}`);
  }

  const outcomes: Outcome[] = [];
  let running = true;

  // One customer: add a Krugerrand, give the addresses, choose shipping and payment, place the order, look
  // at the product page; a step that answers 503 is tried again (as the shop's page lets the customer do),
  // with the same Idempotency-Key for the order.
  async function customer(): Promise<void> {
    const c = new Customer(port);
    let step = 0;
    let cartId = '';
    let key = randomBytes(16).toString('hex');
    while (running) {
      const steps: [Kind, string, () => Promise<{ status: number; json: any; text: string }>][] = [
        // the first page view hands out the CSRF cookie
        ['page', 'product page', () => c.call('GET', '/en/product/krugerrand-1-oz-gold')],
        ['cart', 'add to cart', () => c.call('POST', '/api/cart/items', { transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity: 1 })],
        ['order', 'addresses', () => c.call('PUT', `/api/carts/${cartId}/addresses`, { email: 'anna.muster@example.ch', shippingAddress: address, billingAddress: address })],
        ['order', 'shipping and payment', () => c.call('PUT', `/api/carts/${cartId}`, { shippingMethodId: 'shipping', paymentMethod: 'bank-transfer' })],
        ['order', 'place order', () => c.call('POST', '/api/orders', { cartId, idempotencyKey: key })],
      ];
      const [kind, name, call] = steps[step];
      let res: { status: number; json: any; text: string };
      try {
        res = await call();
      } catch (err) {
        // a dropped connection (or a process that is gone): a failure the assertions below report
        outcomes.push({ at: Date.now(), kind, step: name, status: 0, error: (err as Error).message });
        await sleep(200);
        continue;
      }
      outcomes.push({ at: Date.now(), kind, step: name, status: res.status, code: res.json?.code, message: res.json?.message, ...(kind === 'page' ? { page: res.text } : {}) });
      if (res.status >= 200 && res.status < 300) {
        if (name === 'add to cart') cartId = res.json.cart.id;
        step = (step + 1) % steps.length;
        if (step === 0) key = randomBytes(16).toString('hex');
      } else if (kind === 'page' && res.status === 503) {
        // the error page while the database is away: the customer goes on to the cart anyway
        step = c.jar.has('ctCsrf') ? step + 1 : step;
        await sleep(50);
      } else {
        await sleep(res.status === 503 ? 50 : 200);
      }
    }
  }

  const workers = Array.from({ length: WORKERS }, () => customer());
  const cycles: { mode: string; downMs: number; cartMs: number; orderMs: number; recoveryMs: number }[] = [];
  try {
    await sleep(2_000);
    for (let i = 0; i < CYCLES; i++) {
      const mode = i % 2 === 0 ? 'fast' : 'immediate';
      const stopAt = Date.now();
      serverDown = true;
      await stopServer(mode);
      await sleep(DOWN_MS);
      await startServer();
      serverDown = false;
      // the server accepts connections again (pg_ctl -w): from here the clock of the promise runs
      const backAt = Date.now();
      const firstOk = (kind: Kind) => outcomes.find((o) => o.at >= backAt && o.kind === kind && o.status >= 200 && o.status < 300);
      while (Date.now() - backAt < RECOVERY_LIMIT_MS + 2_000 && !(firstOk('cart') && firstOk('order'))) await sleep(20);
      const cartMs = firstOk('cart') ? firstOk('cart')!.at - backAt : Infinity;
      const orderMs = firstOk('order') ? firstOk('order')!.at - backAt : Infinity;
      const recoveryMs = Math.max(cartMs, orderMs);
      cycles.push({ mode, downMs: backAt - stopAt, cartMs, orderMs, recoveryMs });
      t.comment(`cycle ${i + 1} (stop -m ${mode}, away ${backAt - stopAt} ms): first cart write ${cartMs} ms, first order-path call ${orderMs} ms after the server was back`);
      // some load on the healthy server before the next stop
      await sleep(1_500);
    }
  } finally {
    running = false;
    await Promise.all(workers);
  }

  const api = outcomes.filter((o) => o.kind !== 'page');
  const pages = outcomes.filter((o) => o.kind === 'page');
  const during = api.filter((o) => o.status === 503);
  const bad = api.filter((o) => !(o.status >= 200 && o.status < 300) && !(o.status === 503 && o.code === 'database_unavailable'));
  // pages: the page or the 503 error page, never a 500 and never a stack trace
  const badPages = pages.filter((o) => !(o.status === 200 || o.status === 503) || /\bat [\w.<>]+ \(|node:internal|\.ts:\d+/.test(o.page ?? '')).map(({ page: _, ...o }) => o);
  t.comment(`${pages.length} product pages: ${pages.filter((o) => o.status === 200).length} 200, ${pages.filter((o) => o.status === 503).length} 503`);
  t.same(badPages.slice(0, 5), [], 'pages answer 200 or a 503 error page while the database is away, never a 500 or a stack');
  t.comment(`${api.length} API answers: ${api.filter((o) => o.status >= 200 && o.status < 300).length} 2xx, ${during.length} 503 database_unavailable; recovery per cycle (ms): ${cycles.map((c) => c.recoveryMs).join(', ')}`);
  t.same(bad.slice(0, 5), [], 'every answer is 2xx or 503 database_unavailable (no 500, no dropped connection)');
  t.ok(during.length > 0, 'the outages were seen by customers (the test really stopped the server under load)');
  t.ok(during.every((o) => o.message === 'Our shop cannot process this just now. Please try again in a moment.'), 'the 503 carries the customer\'s message ("try again in a moment")');
  t.ok(outcomes.filter((o) => o.kind === 'order' && o.step === 'place order' && o.status === 201).length >= CYCLES, 'orders were placed between the outages');
  const fatal = output.split('\n').filter((l) => /"level":60|TypeError|exiting/.test(l)).slice(0, 3).map((l) => l.slice(0, 600));
  t.equal(exited, null, 'the process never exited', { exited, fatal });
  t.equal(await probe.call('GET', '/health/live').then((r) => r.status, (err: Error) => err.message), 200, 'the shop still answers');
  t.notMatch(output, /unhandled rejection|uncaught exception/, 'no unhandled rejection or uncaught exception was logged');
  t.equal(cycles.length, CYCLES);
  for (const [i, c] of cycles.entries()) t.ok(c.recoveryMs <= RECOVERY_LIMIT_MS, `cycle ${i + 1}: carts and orders work again ${c.recoveryMs} ms after the server is back (at most 5 s)`);
});
