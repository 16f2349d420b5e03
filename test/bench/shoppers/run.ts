// Shoppers benchmark (issue 9). In one run, against the whole shop started as `npm start` would (separate
// process, NODE_ENV=production, embedded services, in-memory database), SHOPPERS shoppers at once, each with
// its own cookies (a browser each: CSRF pair, anonymous session, carts), measure over HTTP:
//   - the baseline: GET /api/session, the cheapest call of the browser's API (cookies, session, no commerce
//     call), at the same concurrency;
//   - add to cart: the first one of a visit (anonymous token, cart created, line added) and one to a cart
//     that exists (read, reprice, write);
//   - a placed order: POST /api/orders of a cart that is ready (addresses, shipping, bank transfer), one
//     transaction with the exactly-once bookkeeping and the confirmation mail in the outbox.
// It prints p50/p95/p99 of each beside the baseline and the ratios. Each shopper runs ROUNDS visits: add,
// add, checkout data, order. A 'not equal' refusal (a recalculation between add and order) is counted and
// the order placed again after a recalculation of the cart, as the browser would.
// Usage: npm run bench:shoppers [-- --shoppers 20 --rounds 5 --port 3730]
import { Agent } from 'undici';
import { ShopBrowser } from '../shop-browser.ts';
import { startShopProcess, waitFor } from '../shop-process.ts';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i].replace(/^--/, ''), process.argv[i + 1]);
const SHOPPERS = Number(args.get('shoppers') ?? 20);
const ROUNDS = Number(args.get('rounds') ?? 5);
const PORT = Number(args.get('port') ?? 3730);
const HOST = `ch.localhost:${PORT}`;
/** baseline requests per shopper */
const BASELINE = Number(args.get('baseline') ?? 25);

const agent = new Agent({ connections: SHOPPERS * 2, pipelining: 1 });

const address = {
  firstName: 'Anna', lastName: 'Muster', streetName: 'Bahnhofstrasse', streetNumber: '12', zipCode: '8001', city: 'Zürich', country: 'CH', phone: '+41 44 668 18 00',
};

/** One shopper: a browser of its own (cookies, CSRF, JSON). */
class Shopper extends ShopBrowser {
  constructor() {
    super(PORT, agent, HOST);
  }
}

const samples = { baseline: [] as number[], firstAdd: [] as number[], add: [] as number[], order: [] as number[] };
let notEqual = 0;
let failures = 0;

async function timed(into: number[], run: () => Promise<{ status: number; json: any }>, expect: number): Promise<{ status: number; json: any }> {
  const t0 = performance.now();
  const res = await run();
  const ms = performance.now() - t0;
  if (res.status === expect) into.push(ms);
  return res;
}

function must(res: { status: number; json: any }, expect: number, what: string) {
  if (res.status !== expect) {
    failures++;
    throw new Error(`${what}: ${res.status} ${JSON.stringify(res.json)?.slice(0, 200)}`);
  }
  return res.json;
}

async function visit(s: Shopper, round: number): Promise<void> {
  const first = await timed(round === 0 ? samples.firstAdd : samples.add, () => s.call('POST', '/api/cart/items', { transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity: 1 }), 200);
  must(first, 200, 'add to cart');
  must(await timed(samples.add, () => s.call('POST', '/api/cart/items', { transactionType: 'buy', sku: 'AU-MAPLE-1OZ', quantity: 2 }), 200), 200, 'add to cart');
  const cartId = first.json.cart.id as string;
  must(await s.call('PUT', `/api/carts/${cartId}/addresses`, { email: 'bench@example.ch', billingAddress: address, shippingAddress: address }), 200, 'addresses');
  must(await s.call('PUT', `/api/carts/${cartId}`, { shippingMethodId: 'shipping', paymentMethod: 'bank-transfer' }), 200, 'shipping and payment');
  const body = { cartId, idempotencyKey: `bench-${cartId}`, optInTrustedShops: false };
  let placed = await timed(samples.order, () => s.call('POST', '/api/orders', body), 201);
  if (placed.status === 409 && placed.json?.code === 'price_not_equal') {
    notEqual++;
    must(await s.call('POST', `/api/carts/${cartId}/recalculate`), 200, 'recalculate');
    placed = await timed(samples.order, () => s.call('POST', '/api/orders', body), 201);
  }
  must(placed, 201, 'order');
}

function pct(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function main() {
  const shop = await startShopProcess(PORT);
  try {
    // prices are handed to commerce at the first recalculation; carts are priced from them
    await waitFor(`http://127.0.0.1:${PORT}/api/prices/metals`, 60_000);
    const shoppers = Array.from({ length: SHOPPERS }, () => new Shopper());
    // warm-up: every shopper's first page view (CSRF cookie), a few calls not counted
    await Promise.all(shoppers.map((s) => s.call('GET', '/api/session')));

    const t0 = performance.now();
    await Promise.all(shoppers.map(async (s) => {
      for (let i = 0; i < BASELINE; i++) must(await timed(samples.baseline, () => s.call('GET', '/api/session'), 200), 200, 'session');
    }));
    const baselineSeconds = (performance.now() - t0) / 1000;
    const t1 = performance.now();
    await Promise.all(shoppers.map(async (s) => {
      for (let r = 0; r < ROUNDS; r++) await visit(s, r);
    }));
    const shopSeconds = (performance.now() - t1) / 1000;

    const base = [...samples.baseline].sort((a, b) => a - b);
    const fmt = (n: number) => n.toFixed(1).padStart(9);
    console.log(`\nShoppers benchmark: ${SHOPPERS} shoppers at once, ${ROUNDS} visits each (add, add, checkout data, order), node ${process.version}, NODE_ENV=production, DATABASE_URL=memory\n`);
    console.log('case'.padEnd(52) + 'count'.padStart(7) + 'p50 ms'.padStart(9) + 'p95 ms'.padStart(9) + 'p99 ms'.padStart(9) + '  p50 / baseline p50');
    const row = (name: string, list: number[]) => {
      const s = [...list].sort((a, b) => a - b);
      const ratio = pct(s, 50) / pct(base, 50);
      console.log(name.padEnd(52) + String(s.length).padStart(7) + fmt(pct(s, 50)) + fmt(pct(s, 95)) + fmt(pct(s, 99)) + `  ${name.startsWith('baseline') ? '' : `${ratio.toFixed(1)}x`}`);
    };
    row('baseline: GET /api/session', samples.baseline);
    row('add to cart, first of a visit (session + cart)', samples.firstAdd);
    row('add to cart, to the existing cart', samples.add);
    row('placed order (POST /api/orders)', samples.order);
    console.log(`\nthroughput: ${(samples.baseline.length / baselineSeconds).toFixed(0)} baseline calls/s; ${((samples.order.length) / shopSeconds).toFixed(1)} orders/s with all of each visit's calls`);
    console.log(`'not equal' refusals (a recalculation during a visit, then placed again): ${notEqual}; failed calls: ${failures}`);
    console.log('The machine is shared and noisy: compare the ratios, and take medians of several runs.');
  } finally {
    await shop.stop();
    await agent.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
