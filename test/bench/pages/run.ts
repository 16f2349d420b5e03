// Pages benchmark (issue 16, goal 4). In one run, against the whole shop started as `npm start` would
// (separate process, NODE_ENV=production, embedded services, in-memory database), with a customer who
// registered, confirmed the activation mail (caught by a small SMTP server here) and signed in through the
// shop's real API, measure over HTTP from a load generator in its own process (load.ts), CONNECTIONS at a
// time, each page read to its end as a browser asks for it (Accept-Encoding: br, gzip):
//   - the baseline: a static file of the same server (/favicon.svg), measured right before each page;
//   - the signed-in customer's public pages (home, shop, a filtered shop listing, product), which the page
//     cache serves (render/page-cache.ts), and a guest's home for comparison;
//   - the signed-in customer's pages rendered for them on every request: the account overview (its
//     commerce calls included) and the checkout steps.
// It prints pages/s, p50 and p99 beside the static file's rate, and the goals: public pages >= 0.5 x the
// static file; account overview and checkout steps >= 150 pages/s.
// Usage: npm run bench:pages [-- --seconds 8 --connections 16 --port 7400 --only account]
import { spawn } from 'node:child_process';
import { Agent, request } from 'undici';
import { startShopProcess, waitFor } from '../shop-process.ts';
import { activationToken, startSmtpSink, type SmtpSink } from '../../commerce/smtp-sink.ts';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i].replace(/^--/, ''), process.argv[i + 1]);
const SECONDS = Number(args.get('seconds') ?? 8);
const CONNECTIONS = Number(args.get('connections') ?? 16);
const PORT = Number(args.get('port') ?? 7400);
const HOST = `ch.localhost:${PORT}`;
/** measure only the pages whose name contains this (profiling one page) */
const ONLY = args.get('only') ?? '';
const PASSWORD = 'Goldbarren2026';

/** A browser's cookie jar and CSRF header, for the sign-in through the shop's API. */
class Customer {
  readonly jar = new Map<string, string>();
  private readonly agent = new Agent({ connections: 2 });

  async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; json: any }> {
    const headers: Record<string, string> = { host: HOST, accept: 'application/json', 'x-shop-language': 'de', origin: `http://${HOST}` };
    if (this.jar.size) headers.cookie = this.cookie();
    const csrf = this.jar.get('ctCsrf');
    if (method !== 'GET' && csrf) headers['x-csrf-token'] = decodeURIComponent(csrf);
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await request(`http://127.0.0.1:${PORT}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), dispatcher: this.agent });
    const raw = res.headers['set-cookie'];
    for (const line of raw === undefined ? [] : Array.isArray(raw) ? raw : [raw]) {
      const [pair, ...attrs] = line.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      if (value === '' || attrs.some((a) => /^\s*max-age=0\s*$/i.test(a))) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    const text = await res.body.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    return { status: res.statusCode, json };
  }

  cookie(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

function must(res: { status: number; json: unknown }, status: number, what: string) {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.json).slice(0, 300)}`);
}

async function signIn(smtp: SmtpSink): Promise<Customer> {
  const c = new Customer();
  must(await c.call('GET', '/api/session'), 200, 'session');
  const email = `bench.pages.${Date.now()}@example.ch`;
  must(await c.call('POST', '/api/register', { email, password: PASSWORD, passwordRepeat: PASSWORD, firstName: 'Bench', lastName: 'Kundin' }), 201, 'register');
  const token = await activationToken(smtp, email);
  must(await c.call('POST', '/api/activate', { token }), 200, 'activate');
  must(await c.call('POST', '/api/login', { email, password: PASSWORD }), 200, 'login');
  // a cart with a line, so the checkout is one a customer would see
  must(await c.call('POST', '/api/cart/items', { transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity: 1 }), 200, 'add to cart');
  return c;
}

interface Result {
  pagesPerSec: number;
  p50: number;
  p99: number;
  statuses: Record<string, number>;
  hits: number;
  errors: number;
}

/** One measurement by the load generator in its own process. */
function load(path: string, headers: Record<string, string> = {}): Promise<Result> {
  const job = { url: `http://127.0.0.1:${PORT}${path}`, host: HOST, headers, seconds: SECONDS, connections: CONNECTIONS };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', new URL('./load.ts', import.meta.url).pathname, JSON.stringify(job)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as Result) : reject(new Error(`load generator exited ${code}`))));
  });
}

const smtp = await startSmtpSink(); // the tests' SMTP sink (test/commerce/smtp-sink.ts)
console.log(`pages bench: ${CONNECTIONS} connections, ${SECONDS} s per page, shop on port ${PORT} (starting)`);
const shop = await startShopProcess(PORT, { env: { SMTP_URL: smtp.url, PRICE_RECALC_INTERVAL_S: '180' } });
try {
  await waitFor(`http://127.0.0.1:${PORT}/api/prices/metals`, 60_000);
  const customer = await signIn(smtp);
  const signedIn = { cookie: customer.cookie() };
  const pages: { name: string; path: string; headers: Record<string, string>; goal: 'ratio' | 'rate' | null }[] = [
    { name: 'guest home /', path: '/', headers: {}, goal: null },
    { name: 'signed-in home /', path: '/', headers: signedIn, goal: 'ratio' },
    { name: 'signed-in shop /shop', path: '/shop', headers: signedIn, goal: 'ratio' },
    { name: 'signed-in shop ?metal=gold&sort=price-asc', path: '/shop?metal=gold&sort=price-asc', headers: signedIn, goal: null },
    { name: 'signed-in product /produkt/kruegerrand-1-unze-gold', path: '/produkt/kruegerrand-1-unze-gold', headers: signedIn, goal: 'ratio' },
    { name: 'signed-in account overview /kundenkonto', path: '/kundenkonto', headers: signedIn, goal: 'rate' },
    { name: 'signed-in checkout data /checkout/buy?step=data', path: '/checkout/buy?step=data', headers: signedIn, goal: 'rate' },
    { name: 'signed-in checkout delivery ?step=delivery', path: '/checkout/buy?step=delivery', headers: signedIn, goal: 'rate' },
    { name: 'signed-in checkout review ?step=review', path: '/checkout/buy?step=review', headers: signedIn, goal: 'rate' },
  ];
  // The static file is measured right before each page: on a shared machine the load changes from one
  // minute to the next, so each page's ratio is taken against its neighbour, not a figure from minutes before.
  const results: { name: string; r: Result; stat: Result; goal: 'ratio' | 'rate' | null }[] = [];
  for (const p of pages.filter((x) => x.name.includes(ONLY))) {
    const stat = await load('/favicon.svg');
    results.push({ name: p.name, r: await load(p.path, p.headers), stat, goal: p.goal });
  }

  const fmt = (n: number, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : '-');
  console.log(`\n${'page'.padEnd(52)} ${'pages/s'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'static/s'.padStart(8)} ${'st. p99'.padStart(7)} ${'x static'.padStart(8)} ${'cache'.padStart(6)}  goal`);
  let failed = false;
  for (const { name, r, stat, goal } of results) {
    const ratio = r.pagesPerSec / stat.pagesPerSec;
    const bad = Object.entries(r.statuses).filter(([code]) => code !== '200');
    let verdict = '';
    if (goal === 'ratio') verdict = `>= 0.5 x static: ${ratio >= 0.5 ? 'met' : 'NOT met'}`;
    if (goal === 'rate') verdict = `>= 150 pages/s: ${r.pagesPerSec >= 150 ? 'met' : 'NOT met'}`;
    if (bad.length || r.errors) {
      verdict += ` (answers other than 200: ${JSON.stringify(Object.fromEntries(bad))}, errors ${r.errors})`;
      failed = true;
    }
    const answers = Object.values(r.statuses).reduce((a, b) => a + b, 0);
    console.log(`${name.padEnd(52)} ${fmt(r.pagesPerSec).padStart(7)} ${fmt(r.p50, 1).padStart(7)} ${fmt(r.p99, 1).padStart(7)} ${fmt(stat.pagesPerSec).padStart(8)} ${fmt(stat.p99, 1).padStart(7)} ${fmt(ratio, 2).padStart(8)} ${String(Math.round((100 * r.hits) / Math.max(1, answers))).padStart(5)}%  ${verdict}`);
  }
  console.log(`\nstatic/s, st. p99: the static file /favicon.svg measured right before the page; 'cache': answers served from the page cache`);
  if (failed) process.exitCode = 1;
} finally {
  await shop.stop();
  await smtp.close();
}
