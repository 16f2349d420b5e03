// Carts benchmark (issue 16): a price tick without a write storm.
//   npm run bench:carts            (CARTS_TABS=1000 CARTS_CLIENT_PROCS=2 CARTS_PORT=7300)
// The shop runs as `npm start` would (test/bench/shop-process.ts: production mode, its own process, embedded
// services, database in memory). CARTS_TABS shoppers each get a cart with a line through the storefront's API
// (session, add to cart) and keep a price socket open, in CARTS_CLIENT_PROCS processes of their own
// (tabs.ts). Then, twice in the same run, a recalculation is forced (POST /admin/recalculate on the price
// service, as the fan-out benchmark does) and every tab does what its client code does after
// RecalculationProcessFinished:
//   baseline: the client before issue 16, a cart recalculation (POST) per cart with lines, at once;
//   now:      views/state/cart-prices.ts, a read of the carts spread over CART_REFRESH_SPREAD_MS.
// Figures per phase: requests the tabs sent, the most of them within any one second, their answer times
// (p50, p99), and the commerce cart
// writes: the rise of the sum of every cart's stored version (each stored cart write counts it up by one;
// a read never does), read after the phase with prices=held. Goals: at most 10 writes, no 1,000 requests
// within a second. The price service's own cycle is set to an hour so that only the forced ticks happen.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { CART_REFRESH_SPREAD_MS } from '../../../views/state/cart-prices.ts';
import { caller } from '../fanout/ipc.ts';
import { startShopProcess, waitFor } from '../shop-process.ts';

const TABS = Number(process.env.CARTS_TABS ?? 1000);
const PROCS = Number(process.env.CARTS_CLIENT_PROCS ?? 2);
const PORT = Number(process.env.CARTS_PORT ?? 7300);
const SKU = 'AU-KRUG-1OZ';
const here = (f: string) => fileURLToPath(new URL(f, import.meta.url));

function child(): Promise<{ proc: ChildProcess; call: ReturnType<typeof caller> }> {
  const proc = fork(here('./tabs.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const call = caller(proc);
  return new Promise((resolve, reject) => {
    proc.once('message', () => resolve({ proc, call }));
    proc.once('exit', (code) => reject(new Error(`tabs.ts exited with ${code}`)));
  });
}

/** The most send times within any window of ms. */
function peak(times: number[], ms: number): number {
  const s = [...times].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; i < s.length; i++) {
    while (s[i] - s[j] >= ms) j++;
    best = Math.max(best, i - j + 1);
  }
  return best;
}

interface Phase {
  name: string;
  requests: number;
  failures: number;
  shed: number;
  notDone: number;
  peakPerSecond: number;
  spreadS: number;
  writes: number;
  p50: number;
  p99: number;
}

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : NaN;
}

async function main() {
  process.env.PRICE_RECALC_INTERVAL_S = '3600';
  const shop = await startShopProcess(PORT);
  const clients: { proc: ChildProcess; call: ReturnType<typeof caller> }[] = [];
  try {
    await waitFor(`http://127.0.0.1:${PORT}/api/prices/metals`, 60_000);
    for (let i = 0; i < PROCS; i++) clients.push(await child());
    const split = clients.map((_, i) => Math.floor(TABS / PROCS) + (i < TABS % PROCS ? 1 : 0));
    const t0 = Date.now();
    const made = await Promise.all(clients.map((c, i) => c.call<number>('setup', { port: PORT, n: split[i], sku: SKU })));
    console.log(`carts benchmark: ${made.reduce((a, b) => a + b, 0)} open tabs with a cart (made through the storefront's API in ${((Date.now() - t0) / 1000).toFixed(1)} s), ${PROCS} client process(es)`);

    const versions = async () => (await Promise.all(clients.map((c) => c.call<number>('versions')))).reduce((a, b) => a + b, 0);
    const phases: Phase[] = [];
    for (const [name, mode, timeoutMs] of [['baseline: recalculation per cart (old client)', 'old', 120_000], ['now: read spread over the window', 'new', CART_REFRESH_SPREAD_MS + 60_000]] as const) {
      const before = await versions();
      await Promise.all(clients.map((c) => c.call('arm', { mode })));
      const res = await fetch(`http://127.0.0.1:${PORT + 2}/admin/recalculate`, { method: 'POST' });
      if (res.status !== 200) throw new Error(`recalculate: ${res.status} ${await res.text()}`);
      const got = await Promise.all(clients.map((c) => c.call<{ sent: number[]; took: number[]; failures: number; shed: number; notDone: number }>('collect', { timeoutMs })));
      const sent = got.flatMap((g) => g.sent);
      const took = got.flatMap((g) => g.took);
      const after = await versions();
      const phase: Phase = {
        name, requests: sent.length, failures: got.reduce((a, g) => a + g.failures, 0), shed: got.reduce((a, g) => a + g.shed, 0), notDone: got.reduce((a, g) => a + g.notDone, 0),
        peakPerSecond: peak(sent, 1000), spreadS: sent.length ? (Math.max(...sent) - Math.min(...sent)) / 1000 : 0, writes: after - before,
        p50: percentile(took, 50), p99: percentile(took, 99),
      };
      phases.push(phase);
      console.log(`  ${name}: ${phase.requests} requests (${phase.failures} failed, ${phase.shed} of them shed with 503 overloaded; ${phase.notDone} tabs not done), at most ${phase.peakPerSecond} within a second, sent over ${phase.spreadS.toFixed(1)} s, answered in p50 ${phase.p50.toFixed(0)} ms p99 ${phase.p99.toFixed(0)} ms; commerce cart writes ${phase.writes}`);
    }
    console.log('\nper forced tick, same run:');
    console.table(phases.map((p) => ({
      phase: p.name, 'requests': p.requests, 'most in 1 s': p.peakPerSecond, 'sent over s': p.spreadS.toFixed(1), 'p50 ms': p.p50.toFixed(0), 'p99 ms': p.p99.toFixed(0), 'commerce cart writes': p.writes, failed: p.failures, 'shed (503)': p.shed,
    })));
    const now = phases[1];
    console.log(`goals with ${TABS} open carts: commerce writes ${now.writes} (<= 10: ${now.writes <= 10 ? 'met' : 'MISSED'}), most requests within a second ${now.peakPerSecond} (< 1000: ${now.peakPerSecond < 1000 ? 'met' : 'MISSED'}); baseline ${phases[0].writes} writes, ${phases[0].peakPerSecond} within a second`);
  } finally {
    for (const c of clients) await c.call('stop').catch(() => {});
    await shop.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
